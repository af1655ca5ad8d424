import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// `hike-reviews serve` over a neural pack (the echo model, installed beforehand with `packs
/// install`): LibreTranslate's API reaches the warm neural worker.
@Suite(.timeLimit(.minutes(5)),
       .needs(EchoArgosRepository.available && TestRepository.available, "needs the neural venv and make test's pack repository"))
struct ServeNeuralTests {
    @Test func libreTranslateRequestsReachTheNeuralWorker() async throws {
        let store = try PacksCommandTests.freshStore()
        defer { try? FileManager.default.removeItem(atPath: store) }
        let install = try NeuralTranslateCommandTests.run(["packs", "install", "translate-de_en", "--yes"], store: store)
        #expect(install.status == 0, "\(install.error)")
        let server = try await ServeProcess.start(environment: ["HIKE_REVIEWS_STORE=\(store)", "HIKE_REVIEWS_PAIRS_PATH="])
        let lines = ["Der Abstieg nach Caín war lang, aber wunderschön.", "Die Hütte war voll."]
        var request = URLRequest(url: URL(string: server.url + "translate")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["q": lines, "source": "de", "target": "en"])
        let (data, response) = try await URLSession.shared.data(for: request)
        let log = server.log
        let status = try await server.stop()
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["translatedText"] as? [String] == lines, "the echo model gives each line back")
        #expect(log.contains("packs (neural: translate-de_en)"), "\(log)")
        #expect(log.contains("translates de -> en"))
        #expect(status == 0)
    }
}
