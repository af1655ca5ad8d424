import Foundation
import TestSupport
import Testing
@testable import HikeReviewsTUI
import TranslationEngine

/// `hike-reviews packs` with two repositories at once: make test's (ours) and an Argos package
/// index of packages zipped at test time (make_argos_packages.py), both as file:.
@Suite(.serialized, .needs(TestRepository.available, "needs make test's pack repository"))
struct ArgosPacksCommandTests {
    static let argos = Result { () throws -> String in
        let out = Scratch.root.appendingPathComponent("argos-cli-\(UUID().uuidString)").path
        let script = Paths.packageRoot.appendingPathComponent("Tests/TranslationEngineTests/Fixtures/make_argos_packages.py").path
        let result = try Subprocess.output(of: ["/usr/bin/env", "python3", script, out], input: "")
        guard result.status == 0 else { throw Subprocess.Failure(description: "make_argos_packages.py failed: \(result.error)") }
        return out
    }

    static func rows(_ output: String) throws -> [String: [String: Any]] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] as? String ?? "", $0) })
    }
}

extension ArgosPacksCommandTests {
    @Test func twoRepositoriesListBothEnginesAndAnArgosPackageInstalls() throws {
        let folder = try Self.argos.get()
        let store = try PacksCommandTests.freshStore()
        let urls = ["--packs-url", "file://" + TestRepository.path + "/index.json", "--packs-url", folder + "/index.json"]
        let listed = try PacksCommandTests.run(["packs", "list", "--json"] + urls, store: store)
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.error.isEmpty, "\(listed.error)")
        var rows = try Self.rows(listed.output)
        #expect(rows["eng-spa"]?["engine"] as? String == "apertium")
        #expect((rows["eng-spa"]?["sha256"] as? String)?.count == 64, "ours publishes checksums")
        #expect(rows["translate-de_en"]?["engine"] as? String == "neural")
        #expect(rows["translate-de_en"]?["sha256"] is NSNull, "Argos's index publishes none")
        #expect(rows["translate-de_en"]?["size"] as? Int == 0)
        #expect(rows["translate-de_en"]?["directions"] as? [[String]] == [["de", "en"]])

        let installed = try PacksCommandTests.run(["packs", "install", "translate-de_en", "--yes"] + urls, store: store)
        #expect(installed.status == 0, "\(installed.error)")
        #expect(installed.error.contains("installed translate-de_en 1.0"), "\(installed.error)")
        rows = try Self.rows(try PacksCommandTests.run(["packs", "list", "--json"] + urls, store: store).output)
        let digest = try Subprocess.output(of: ["/usr/bin/sha256sum", folder + "/good.argosmodel"], input: "").output.prefix(64)
        #expect(rows["translate-de_en"]?["status"] as? String == "installed")
        #expect(rows["translate-de_en"]?["sha256"] as? String == String(digest))
        #expect(FileManager.default.fileExists(atPath: store + "/translate-de_en/model/model.bin"))

        let table = try PacksCommandTests.run(["packs", "list"] + urls, store: store).output
        #expect(table.split(separator: "\n").first?.contains("ENGINE") == true)
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("translate-de_en ") && $0.contains("neural") }, "\(table)")

        let hostile = try PacksCommandTests.run(["packs", "install", "translate-de_en-bpe", "--yes"] + urls, store: store)
        #expect(hostile.status == 1 && hostile.error.contains("not supported"), "\(hostile.error)")
        #expect(hostile.error.split(separator: "\n").filter { $0.hasPrefix("hike-reviews:") }.count == 1, "\(hostile.error)")
        #expect(!FileManager.default.fileExists(atPath: store + "/translate-de_en-bpe"))

        let usage = try PacksCommandTests.run(["packs", "list", "--packs-url", "ftp://127.0.0.1/index.json"], store: store)
        #expect(usage.status == 2)
    }

    @Test func anUnreachableRepositoryIsNamedWithTheAgeOfItsLastIndex() throws {
        let source = try Self.argos.get()
        let served = try PacksCommandTests.freshStore()
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: served + "/" + name)
        }
        let script = Paths.packageRoot.appendingPathComponent("Tests/TranslationEngineTests/Fixtures/pack_server.py").path
        let server = try PackServer(serving: served, script: script)
        defer { server.stop() }
        let store = try PacksCommandTests.freshStore()
        let urls = ["--packs-url", "file://" + TestRepository.path + "/index.json", "--packs-url", server.url("files/index.json").absoluteString]
        #expect(try PacksCommandTests.run(["packs", "list", "--json"] + urls, store: store).status == 0)
        try FileManager.default.removeItem(atPath: served + "/index.json")
        let later = try PacksCommandTests.run(["packs", "list", "--json"] + urls, store: store)
        #expect(later.error.contains("HTTP 404") && later.error.contains("using its index of just now"), "\(later.error)")
        #expect(later.error.split(separator: "\n").count == 1, "\(later.error)")
        #expect(try Self.rows(later.output)["translate-de_en"]?["engine"] as? String == "neural", "still listed from the cached index")
    }

    @Test func theConsentTextSaysSizeUnknownAndThatNoChecksumIsPublished() throws {
        let argos = PackIndex.Entry(id: "translate-de_en", version: "1.0", title: "German - English",
                                    directions: [Direction(source: "de", target: "en", mode: "translate-de_en", pack: "translate-de_en")],
                                    size: 0, sha256: "", url: URL(string: "https://example.org/de_en.argosmodel")!, license: "unknown",
                                    source: "Argos Translate package index", engine: .neural)
        let text = PacksCommand.describe(ConsentRequest(reason: "German -> English", packs: [argos], repository: nil))
        #expect(text.contains("neural") && text.contains("size unknown") && text.contains("the repository publishes no checksum"), "\(text)")
        #expect(text.contains("https://example.org/de_en.argosmodel"), "\(text)")
    }
}
