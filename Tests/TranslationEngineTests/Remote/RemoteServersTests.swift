import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// `RemoteServers` over stand-in servers on 127.0.0.1: a failing server is retried on another
/// and left out after failures in a row; a server that is not there has no pairs.
@Suite(.timeLimit(.minutes(5)))
struct RemoteServersTests {
    static let standIn = PackagePaths.fixtures.appendingPathComponent("remote_standin.py").path

    static func start(_ kind: String, _ name: String) throws -> LoopbackServer {
        try LoopbackServer(["/usr/bin/python3", standIn, kind, name])
    }

    static func count(_ server: LoopbackServer) throws -> Int {
        try #require(Int(String(decoding: try Data(contentsOf: URL(string: server.url + "/count")!), as: UTF8.self)))
    }

    @Test func aFailingServerIsRetriedOnAnotherThenLeftOut() async throws {
        let dropper = try Self.start("drop-libretranslate", "D")
        defer { dropper.stop() }
        let good = try Self.start("libretranslate", "G")
        defer { good.stop() }
        let servers = RemoteServers(urls: [URL(string: dropper.url)!, URL(string: good.url)!],
                                    limits: RemoteLimits(probeTimeout: .seconds(120), requestTimeout: .seconds(240),
                                                         failuresToLeaveOut: 2, leaveOutFor: .seconds(3600)))
        // Generous limits: a dropped request fails at once, and a loaded machine must not turn a
        // slow answer of the good server into a third failure.
        let packs = await servers.packs()
        #expect(packs.map(\.id) == ["remote \(dropper.url)", "remote \(good.url)"])
        // The planner may pick either server's pack: the leg goes to the least busy of the API's.
        let leg = try #require(packs.first?.directions.first)
        #expect(servers.hosts(for: [leg]) == ["127.0.0.1:\(dropper.port)", "127.0.0.1:\(good.port)"])
        for number in 1...6 {
            // One at a time: with none outstanding the first server in order is asked first.
            let output = try await servers.translate("texto \(number)", leg: leg)
            #expect(output.text == "G: texto \(number)")
        }
        // Two failures in a row, each retried on the good server, then it was left out.
        #expect(try Self.count(dropper) == 2)
        #expect(try Self.count(good) == 6)
    }

    @Test func aServerThatIsNotThereHasNoPairs() async throws {
        // A port bound without listening, held for the test: connections are refused, and no
        // other test's server can take it (a stopped server's port could be, under load).
        let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(held >= 0)
        defer { close(held) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(held, $0, length) == 0 && getsockname(held, $0, &length) == 0 }
        }
        try #require(bound)
        let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/")!
        let servers = RemoteServers(urls: [url], limits: RemoteLimits())
        #expect(await servers.packs().isEmpty)
        let summary = await servers.summary()
        #expect(summary.first?.api == nil)
        #expect(summary.first?.problem?.contains("127.0.0.1:\(url.port ?? 0)") == true)
        let leg = Direction(source: "es", target: "en", mode: "es|en", pack: RemoteServers.packID(of: url), engine: .remote)
        await #expect(throws: RemoteError.noServer(pair: "es|en")) { try await servers.translate("hola", leg: leg) }
    }
}
