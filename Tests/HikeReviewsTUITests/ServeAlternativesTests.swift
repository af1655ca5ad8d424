import Foundation
import Testing
import TestSupport

/// LibreTranslate's `alternatives` on `hike-reviews serve`'s `/translate`, on the real binary
/// serving a neural pack (the echo model, de->en, installed beforehand) beside Apertium's test
/// pairs (es->en): the neural pair's n-best list through the worker, the Apertium pair's empty
/// list, arrays, JSON and form values read as Python's `int` reads them, and the refusals in
/// LibreTranslate's words (lt_alternatives.py); then the same requests against stock
/// LibreTranslate 1.9.6 serving the same model.
@Suite(.timeLimit(.minutes(8)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"),
       .needs(EchoArgosRepository.available && TestRepository.available, "needs the neural venv and make test's pack repository"))
struct ServeAlternativesTests {
    /// The server over the test pairs and the echo model installed into a fresh store.
    static func startServer() async throws -> (server: ServeProcess, store: String) {
        let store = try PacksCommandTests.freshStore()
        let install = try NeuralTranslateCommandTests.run(["packs", "install", "translate-de_en", "--yes"], store: store)
        #expect(install.status == 0, "\(install.error)")
        return (try await ServeProcess.start(environment: ["HIKE_REVIEWS_STORE=\(store)"]), store)
    }

    @Test func neuralPairsGiveTheirNextBestApertiumPairsNone() async throws {
        let (server, store) = try await Self.startServer()
        defer { try? FileManager.default.removeItem(atPath: store) }
        let result = try await ServeProcess.runScript("lt_alternatives.py", [server.url])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(log.contains("packs (neural: translate-de_en)"), "\(log)")
        #expect(log.contains("POST /translate 400 "))
        #expect(status == 0)
    }

    @Test(.needs(FileManager.default.isExecutableFile(atPath: RemoteLibreTranslateTests.python), "needs scripts/setup-libretranslate"))
    func fieldsListsAndRefusalsAreStockLibreTranslates() async throws {
        let stock = try RemoteLibreTranslateTests.start(environment: ["LT_ALTERNATIVES_LIMIT=3"])
        defer { stock.stop() }
        let (server, store) = try await Self.startServer()
        defer { try? FileManager.default.removeItem(atPath: store) }
        let result = try await ServeProcess.runScript("lt_alternatives.py", [server.url, stock.url])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output) \(stock.errors.suffix(1500))")
        #expect(status == 0)
    }
}
