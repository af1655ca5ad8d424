import Foundation
import TestSupport
import Testing

/// The small pack repository `make test` builds (scripts/fetch-test-pairs).
enum TestRepository {
    static let path = Paths.packageRoot.appendingPathComponent(".build/test-repo").path
    static var available: Bool {
        FileManager.default.fileExists(atPath: path + "/index.json")
    }
}

/// `hike-reviews packs ...` and `translate --yes` through the real binary, with the small
/// repository `make test` builds (file://), and installs killed at each step.
@Suite(.serialized, .needs(TestRepository.available, "needs make test's pack repository"))
struct PacksCommandTests {
    static let repository = TestRepository.path

    /// A fresh store and the environment that points the binary at it and the test repository.
    static func environment(store: String, index: String = repository + "/index.json") -> [String] {
        ["HIKE_REVIEWS_STORE=\(store)", "HIKE_REVIEWS_PACKS_URL=file://\(index)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_PAIRS_PATH="]
    }

    static func freshStore() throws -> String {
        let path = Scratch.root.appendingPathComponent("store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func run(_ arguments: [String], store: String, input: String = "") throws -> (status: Int32, output: String, error: String) {
        try CommandLineTests.runBinary(arguments, input: input, environment: environment(store: store))
    }

    /// Every file under a folder with its size, for "wholly there" checks.
    static func listing(_ folder: String) -> [String] {
        let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        return names.map { name in
            let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? NSNumber)?.intValue ?? -1
            return "\(name) \(size)"
        }.sorted()
    }
}

extension PacksCommandTests {
    @Test func listInstallTranslateRemove() throws {
        let store = try Self.freshStore()
        let listed = try Self.run(["packs", "list", "--json"], store: store)
        #expect(listed.status == 0, "\(listed.error)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["id"] as? String }) == ["eng-spa", "fr-es"])
        #expect(rows.allSatisfy { $0["status"] as? String == "available" && ($0["size"] as? Int ?? 0) > 0 && $0["directions"] is [[String]] })

        let refused = try Self.run(["translate", "--from", "es", "--to", "en"], store: store, input: "El perro come.\n")
        #expect(refused.status == 3)
        #expect(refused.error.contains("hike-reviews packs install eng-spa"))
        let notTerminal = try Self.run(["packs", "install", "eng-spa"], store: store)
        #expect(notTerminal.status == 3 && notTerminal.error.contains("--yes"))

        let translated = try Self.run(["translate", "--to", "en", "--yes"], store: store, input: "El perro come.\nLe chien mange.\n")
        #expect(translated.status == 0, "\(translated.error)")
        #expect(translated.output == "The dog eats.\nThe dog eats.\n")
        #expect(translated.error.contains("English - Spanish") && translated.error.contains("French - Spanish"))
        let installed = try Self.run(["packs", "list"], store: store)
        #expect(installed.output.split(separator: "\n").filter { $0.contains("installed") }.count == 2, "\(installed.output)")
        #expect(try Self.run(["availability", "fr", "en"], store: store).output == "installed\n")

        #expect(try Self.run(["packs", "remove", "fr-es"], store: store).status == 0)
        #expect(try Self.run(["availability", "fr", "en"], store: store).output == "supported\n")
        let unknown = try Self.run(["packs", "remove", "fr-es"], store: store)
        #expect(unknown.status == 1 && unknown.error.contains("no language pack 'fr-es'"))
        #expect(try Self.run(["packs", "install", "nope", "--yes"], store: store).status == 1)
        #expect(try Self.run(["packs", "frobnicate"], store: store).status == 2)
    }

    @Test func escapeSequencesInTheIndexAreShownHarmless() throws {
        let store = try Self.freshStore()
        let folder = try Self.freshStore()
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.repository + "/index.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var packs = try #require(root["packs"] as? [[String: Any]])
        packs[0]["title"] = "Evil \u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}[31mred\u{202E}"
        packs[0]["url"] = Self.repository + "/" + (packs[0]["url"] as? String ?? "")
        root["packs"] = packs
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: folder + "/index.json"))
        let result = try CommandLineTests.runBinary(["packs", "list"], environment: Self.environment(store: store, index: folder + "/index.json"))
        #expect(result.status == 0)
        #expect(!result.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(result.output.contains("Evil \\u001B]0;owned"))
    }

    @Test func twoProcessesInstallingTheSamePackAtOnce() async throws {
        let store = try Self.freshStore()
        let folder = try Self.freshStore()
        let argv = ["/usr/bin/env"] + Self.environment(store: store) + [Paths.binary.path, "packs", "install", "eng-spa", "fr-es", "--yes"]
        let first = try Subprocess.start(argv, outputPath: folder + "/out1", errorPath: folder + "/err1")
        let second = try Subprocess.start(argv, outputPath: folder + "/out2", errorPath: folder + "/err2")
        close(first.input)
        close(second.input)
        #expect(try Subprocess.wait(for: first.pid) == 0)
        #expect(try Subprocess.wait(for: second.pid) == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: store).sorted()
        #expect(names == [".lock", "eng-spa", "fr-es"], "\(names)")
        #expect(try Self.run(["translate", "--from", "fr", "--to", "en"], store: store, input: "Le chien mange.\n").output == "The dog eats.\n")
    }

    /// An install killed at each of its steps (`HIKE_REVIEWS_TEST_KILL`, a seam the engine reads
    /// only for tests): mid-download, downloaded, unpacked beside the store, renamed into place.
    /// The pack is wholly absent before the rename and wholly there after it, and the next
    /// process that takes the lock removes what the killed one left.
    @Test(arguments: [("install-downloading", false), ("install-downloaded", false), ("install-unpacked", false), ("install-renamed", true)])
    func killedInstallsLeaveThePackWhollyThereOrWhollyAbsent(step: String, there: Bool) throws {
        let store = try Self.freshStore()
        let folder = try Self.freshStore()
        defer {
            try? FileManager.default.removeItem(atPath: store)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let argv = ["/usr/bin/env"] + Self.environment(store: store) + [Paths.binary.path, "packs", "install", "eng-spa", "--yes"]
        // One whole install gives the reference listing.
        #expect(try Subprocess.run(argv, outputPath: folder + "/out", errorPath: folder + "/err") == 0)
        let pack = store + "/eng-spa"
        let reference = Self.listing(pack)
        #expect(reference.contains { $0.hasPrefix("pack.json ") } && reference.count > 10)
        try FileManager.default.removeItem(atPath: pack)

        let killed = ["/usr/bin/env", "HIKE_REVIEWS_TEST_KILL=\(step)"] + argv.dropFirst()
        #expect(try Subprocess.run(killed, outputPath: folder + "/out", errorPath: folder + "/err") == 128 + SIGKILL, "killed at \(step)")
        #expect(FileManager.default.fileExists(atPath: pack) == there, "\(step)")
        if there { #expect(Self.listing(pack) == reference, "\(step): a partial pack") }
        let left = try FileManager.default.contentsOfDirectory(atPath: store).filter { $0.hasPrefix(".download-") || $0.hasPrefix(".staging-") }
        #expect(!left.isEmpty, "\(step): the kill came before the install's own clean-up")

        // The next process that takes the lock removes what the killed one left behind.
        #expect(try Subprocess.run(argv, outputPath: folder + "/out", errorPath: folder + "/err") == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: store).sorted()
        #expect(names == [".lock", "eng-spa"], "\(names)")
        #expect(Self.listing(pack) == reference)
    }
}
