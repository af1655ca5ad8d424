import Foundation
import TestSupport
import Testing

extension PacksCommandTests {
    /// A copy of the test repository served over http, with an index whose pack URLs go through
    /// the server's fault path `fault` (`stall/N`, `trickle/MS`).
    static func serveFaulty(_ fault: String) throws -> (server: PackServer, index: String) {
        let served = Scratch.root.appendingPathComponent("faulty-repo-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: repository, toPath: served)
        let script = Paths.packageRoot.appendingPathComponent("Tests/TranslationEngineTests/Fixtures/pack_server.py").path
        let server = try PackServer(serving: served, script: script)
        let data = try Data(contentsOf: URL(fileURLWithPath: served + "/index.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        root["packs"] = (root["packs"] as? [[String: Any]] ?? []).map { entry in
            var entry = entry
            entry["url"] = server.url("\(fault)/\(entry["url"] as? String ?? "")").absoluteString
            return entry
        }
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: served + "/faulty.json"))
        return (server, server.url("files/faulty.json").absoluteString)
    }

    @Test(.timeLimit(.minutes(5)), arguments: [("stall/1000000", "download stalled: no data from"), ("trickle/50", "download too slow:")])
    func packsInstallGivesUpOnAStalledServerWithOneLine(fault: String, expected: String) throws {
        let (server, index) = try Self.serveFaulty(fault)
        defer { server.stop() }
        let store = try Self.freshStore()
        let environment = Self.environment(store: store).filter { !$0.hasPrefix("HIKE_REVIEWS_PACKS_URL=") }
            + ["HIKE_REVIEWS_PACKS_URL=\(index)", "HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS=1"]
        let result = try CommandLineTests.runBinary(["packs", "install", "eng-spa", "--yes"], environment: environment)
        #expect(result.status == 1, "\(result.error)")
        // Progress lines aside, one line, naming the pack and the server.
        let lines = result.error.split(separator: "\n").filter { !$0.hasPrefix("downloading ") }
        #expect(lines.count == 1, "\(result.error)")
        #expect(lines.first?.hasPrefix("hike-reviews: packs install: eng-spa: \(expected)") == true, "\(result.error)")
        #expect(lines.first?.contains("127.0.0.1:\(server.port)") == true, "\(result.error)")
        // Nothing of the download stays (the index the install read is kept for offline use).
        let left = Self.listing(store).filter { !$0.hasPrefix(".lock") && !$0.hasPrefix(".repository-") }
        #expect(left.isEmpty, "\(left)")
    }
}
