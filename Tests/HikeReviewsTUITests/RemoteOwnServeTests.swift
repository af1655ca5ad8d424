import Foundation
import TestSupport
import Testing

/// `--remote` against our own `hike-reviews serve` on 127.0.0.1: one machine's CLI translating
/// through another's server. The server answers both APIs; the probe takes it as APy (it answers
/// `/listPairs`), so the text goes as `langpair=spa|eng`, its marks asked for and taken out.
@Suite(.needs(ServeProcess.hasTestPairs, "needs make test's pair data"), .timeLimit(.minutes(5)))
struct RemoteOwnServeTests {
    @Test func theCLITranslatesThroughOurServerAsThroughItsOwnPipelines() async throws {
        let server = try await ServeProcess.start()
        let input = RemoteEngineTests.reviews.joined(separator: "\n") + "\n"
        let local = try RemoteEngineTests.run(["translate", "--from", "es", "--to", "en"], input: input, localPairs: true)
        #expect(local.status == 0, "\(local.error)")

        let remote = try RemoteEngineTests.run(["translate", "--remote", server.url, "--from", "es", "--to", "en", "--yes", "--json"],
                                               input: input)
        #expect(remote.status == 0, "\(remote.error)\n\(server.log)")
        #expect(try RemoteEngineTests.engines(remote.output) == Array(repeating: ["remote"], count: RemoteEngineTests.reviews.count))
        let plain = try RemoteEngineTests.run(["translate", "--remote", server.url, "--from", "es", "--to", "en", "--yes"], input: input)
        #expect(plain.output == local.output)
        #expect(plain.error.contains("send texts to 127.0.0.1:\(server.port) to translate"), "\(plain.error)")
        // The server logged the requests, never their texts.
        #expect(server.log.contains("GET /translate") || server.log.contains("POST /translate"), "\(server.log)")
        #expect(!server.log.contains("señalizado"))
        #expect(try await server.stop() == 0)
    }

    @Test func aServerThatIsGoneLeavesItsLinesToTheOther() async throws {
        let gone = try await ServeProcess.start()
        let alive = try await ServeProcess.start()
        // Both are probed and listed first; then one is killed before any text is sent.
        let listed = try RemoteEngineTests.run(["availability", "es", "en", "--remote", gone.url, "--remote", alive.url], input: "")
        #expect(listed.output.hasPrefix("remote http://127.0.0.1:"), "\(listed.output) \(listed.error)")
        kill(gone.pid, SIGKILL)
        _ = try await Subprocess.waitOffPool(for: gone.pid)
        try? FileManager.default.removeItem(atPath: gone.folder)

        let lines = (1...40).map { "Reseña \($0): el camino estaba muy bien señalizado." }
        let local = try RemoteEngineTests.run(["translate", "--from", "es", "--to", "en"], input: lines.joined(separator: "\n") + "\n",
                                              localPairs: true)
        let result = try RemoteEngineTests.run(["translate", "--remote", gone.url, "--remote", alive.url, "--from", "es", "--to", "en", "--yes"],
                                               input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == local.output)
        #expect(try await alive.stop() == 0)
    }
}
