import Foundation
import Synchronization
import TestSupport
import Testing
@testable import TranslationEngine

/// Argos Translate's index and packages as a repository, against a real HTTP server on
/// 127.0.0.1 serving packages zipped at test time (make_argos_packages.py).
@Suite(.serialized)
struct ArgosPackTests {
    /// A server on a fresh copy of the Argos fixtures, and an empty store.
    struct Setup {
        let server: PackServer
        let served: String
        let store: PackStore

        init() throws {
            served = try PackFixtures.folder("argos-repo")
            let source = try ArgosPackTests.packages.get()
            for name in try FileManager.default.contentsOfDirectory(atPath: source) {
                try FileManager.default.copyItem(atPath: source + "/" + name, toPath: served + "/" + name)
            }
            server = try PackServer(serving: served, script: PackFixtures.serverScript)
            store = PackStore(root: try PackFixtures.folder("argos-store"))
        }

        func manager(_ indexes: [String] = ["files/index.json"], store: PackStore? = nil) -> PackManager {
            PackManager(store: store ?? self.store, repositoryURLs: indexes.map { server.url($0) }, offline: false)
        }

        /// Writes an Argos index (a JSON array) into the served folder.
        func serve(_ entries: [Any], as name: String) throws {
            try JSONSerialization.data(withJSONObject: entries).write(to: URL(fileURLWithPath: served + "/" + name))
        }
    }

    /// The fixture packages, made once per test run.
    static let packages = Result { () throws -> String in
        let out = try PackFixtures.folder("argos-packages")
        let result = try Subprocess.output(of: ["/usr/bin/env", "python3", PackFixtures.fixtures + "/make_argos_packages.py", out], input: "")
        guard result.status == 0 else { throw Subprocess.Failure(description: "make_argos_packages.py failed: \(result.error)") }
        return out
    }

    /// An index entry in Argos's shape.
    static func entry(_ code: String, link: Any = "good.argosmodel", from: String = "de", to: String = "en",
                      fromName: String = "German") -> [String: Any] {
        ["code": code, "type": "translate", "package_version": "1.0", "argos_version": "1.9.0", "from_code": from,
         "from_name": fromName, "to_code": to, "to_name": "English", "links": [link]]
    }

    static func sha256(ofFile path: String) throws -> String {
        try #require(SHA256.ofFile(atPath: path))
    }
}

/// Progress calls, collected.
final class ProgressLog: Sendable {
    private let calls = Mutex<[(Int, Int)]>([])
    func record(_ bytes: Int, _ total: Int) { calls.withLock { $0.append((bytes, total)) } }
    var totals: [Int] { calls.withLock { $0.map(\.1) } }
    var last: Int { calls.withLock { $0.last?.0 ?? 0 } }
}

extension ArgosPackTests {
    @Test func anArgosPackageInstallsAtomicallyWithItsChecksumRecorded() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let manager = setup.manager()
        let available = try await manager.availablePacks()
        let entry = try #require(available.first { $0.id == "translate-de_en" })
        #expect(entry.engine == .neural && !entry.sizeIsKnown && !entry.hasChecksum)
        #expect(entry.directions.map { [$0.source, $0.target] } == [["de", "en"]])
        #expect(entry.url == setup.server.url("files/good.argosmodel"), "relative links resolve against the index")

        let log = ProgressLog()
        try await manager.download(["translate-de_en"]) { _, bytes, total in log.record(bytes, total) }
        let archive = setup.served + "/good.argosmodel"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: archive)[.size] as? Int)
        #expect(Set(log.totals) == [size], "the total comes from Content-Length")
        #expect(log.last == size)

        let package = try #require(setup.store.neuralPackage(of: "translate-de_en"))
        #expect(package == setup.store.folder(of: "translate-de_en"))
        for file in ["metadata.json", "model/model.bin", "model/config.json", "sentencepiece.model", "pack.json"] {
            #expect(FileManager.default.fileExists(atPath: package + "/" + file), "\(file)")
        }
        let installed = try #require(setup.store.installedPack("translate-de_en"))
        #expect(installed.packEngine == .neural && installed.size == size && installed.modes.isEmpty)
        #expect(installed.sha256 == (try Self.sha256(ofFile: archive)))
        #expect(PackFixtures.contents(of: setup.store.root).allSatisfy { $0.hasPrefix("translate-de_en") }, "no staging left")

        let (packs, problem) = await manager.listing()
        #expect(problem == nil)
        let listed = try #require(packs.first { $0.id == "translate-de_en" })
        #expect(listed.status == .installed && listed.engine == .neural && listed.sha256 == installed.sha256)
        #expect(packs.first { $0.id == "translate-de_en-bpe" }?.status == .available)
        #expect(setup.store.neuralPackage(of: "translate-de_en-bpe") == nil)
        // Routes see the installed model: German -> English on the neural engine.
        let routed = PackCatalog.load(store: setup.store, repositoryURLs: []).packInfos.first { $0.id == "translate-de_en" }
        #expect(routed?.installed == true && routed?.directions.map(\.engine) == [.neural])
    }

    /// Argos runs `sentencepiece.model` when a package has one, whatever else it holds; only a
    /// package whose tokenizer is `bpe.model` alone is refused (see the refusals below).
    @Test func aPackageWithBothTokenizersInstallsAndItsSentencePieceModelIsTheOneLoaded() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        try await setup.manager().download(["translate-de_en-bothtokenizers"])
        let package = try #require(setup.store.neuralPackage(of: "translate-de_en-bothtokenizers"))
        #expect(FileManager.default.contents(atPath: package + "/sentencepiece.model") == Data("dummy sentencepiece model".utf8))
        #expect(setup.store.installedPack("translate-de_en-bothtokenizers")?.packEngine == .neural)
    }

    @Test func withoutContentLengthTheSizeIsUnknownAndThePackageStillInstalls() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        try setup.serve([Self.entry("translate-de_en", link: setup.server.url("nolength/good.argosmodel").absoluteString)], as: "nolength.json")
        let log = ProgressLog()
        try await setup.manager(["files/nolength.json"]).download(["translate-de_en"]) { _, bytes, total in log.record(bytes, total) }
        #expect(Set(log.totals) == [0], "no total to show")
        #expect(setup.store.installedPack("translate-de_en")?.sha256 == (try Self.sha256(ofFile: setup.served + "/good.argosmodel")))
    }

    @Test func sizesTheIndexDoesNotGiveComeFromTheServerBeforeTheQuestion() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let good = setup.served + "/good.argosmodel"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: good)[.size] as? Int)
        try setup.serve([Self.entry("translate-de_en"), Self.entry("translate-nolength", link: setup.server.url("nolength/good.argosmodel").absoluteString),
                         Self.entry("translate-missing", link: "missing.argosmodel"), Self.entry("translate-local", link: "file://" + good)],
                        as: "sizes.json")
        let manager = setup.manager(["files/sizes.json"])
        let entries = try await manager.availablePacks()
        let sized = await manager.withSizes(entries)
        #expect(sized.map(\.size) == [size, 0, 0], "\(sized.map(\.size))")
        #expect(setup.server.requests().filter { $0.hasPrefix("HEAD ") }.count == 3)
        let offline = PackManager(store: setup.store, repositoryURLs: manager.repositoryURLs, offline: true)
        #expect(await offline.withSizes(entries).allSatisfy { !$0.sizeIsKnown }, "offline asks no server")
        #expect(await PackManager.probeSize(URL(fileURLWithPath: good), offline: true, timeout: .seconds(1)) == size)
        #expect(await PackManager.probeSize(URL(fileURLWithPath: "/dev/zero"), offline: true, timeout: .seconds(1)) == nil)
        // The size learnt is the size enforced: the file grows, the download is refused.
        let grown = try Data(contentsOf: URL(fileURLWithPath: good)) + Data("more".utf8)
        try grown.write(to: URL(fileURLWithPath: good))
        do {
            try await manager.download(["translate-de_en"])
            Issue.record("a file of another size than announced was installed")
        } catch {
            #expect("\(error)".contains("\(size)"), "\(error)")
        }
        #expect(setup.store.installed().isEmpty)
        // An http index may not link to file:, so that entry was left out.
        #expect(!entries.contains { $0.id == "translate-local" })
    }

    @Test(arguments: [("traversal", "'..'"), ("absolute", "absolute path"), ("symlink", "symlink leaving"),
                      ("twotop", "more than one top-level folder"), ("topfile", "more than one top-level folder"),
                      ("bomb", "unpacks to more than"), ("bigmeta", "metadata.json is"), ("nomodel", "no model/model.bin"),
                      ("bpe", "not supported"), ("wronglang", "metadata.json says"), ("tar", "as a zip")])
    func hostilePackagesAreRefusedWithOneLineAndTheStoreIsUnchanged(variant: String, expected: String) async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        var store = setup.store
        store.maxUnpackedBytes = 32 << 20
        let manager = setup.manager(store: store)
        _ = try await manager.availablePacks()
        let before = PackFixtures.contents(of: store.root)
        do {
            try await manager.download(["translate-de_en-\(variant)"])
            Issue.record("\(variant) was installed")
        } catch {
            guard case .archive(let detail) = error else {
                Issue.record("\(variant): \(error)")
                return
            }
            #expect(detail.contains(expected) && !error.description.contains("\n"), "\(variant): \(error)")
        }
        #expect(PackFixtures.contents(of: store.root) == before, "\(variant) left \(PackFixtures.contents(of: store.root))")
        #expect(store.installed().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/hike-evil-argos-absolute"))
        #expect(!FileManager.default.fileExists(atPath: "/etc/hike-evil-argos"))
        #expect(!FileManager.default.fileExists(atPath: store.root + "/../evil"))
    }

    @Test func hostileIndexEntriesAreRefusedOneByOneAndTheRestStays() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        var entries: [Any] = [Self.entry("translate-de_en")]
        entries.append(Self.entry("translate-evil", fromName: "German\u{1B}]0;pwned\u{07}\u{1B}[31m"))
        entries.append(Self.entry("translate-bidi", fromName: "German\u{202E}txt"))
        entries.append(Self.entry(String(repeating: "a", count: 1 << 20)))
        entries.append(Self.entry("translate-ftp", link: "ftp://127.0.0.1/x.argosmodel"))
        entries.append(Self.entry("translate-data", link: "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA=="))
        entries.append(Self.entry("translate-js", link: "javascript:alert(1)"))
        entries.append(Self.entry("translate-file", link: "file:///etc/passwd"))
        entries.append(Self.entry("translate-nolink", link: 42))
        entries.append(Self.entry("translate-de_en"))
        entries.append(Self.entry("translate-same", from: "en", to: "en"))
        entries.append(Self.entry("../escape"))
        entries.append(["code": "sbd-de", "type": "sbd", "package_version": "1.0", "from_code": "de", "to_code": "de"])
        entries.append(["package_version": "1.0", "from_code": "de", "from_name": "German", "to_code": "en", "to_name": "English"])
        entries.append("not an object")
        entries.append(Self.entry("translate-https", link: "https://127.0.0.1:1/x.argosmodel"))
        try setup.serve(entries, as: "hostile.json")
        let manager = setup.manager(["files/hostile.json"])
        let packs = try await manager.availablePacks()
        #expect(packs.map(\.id) == ["translate-de_en", "translate-https"])
        let refused = await manager.refusedEntries()
        #expect(refused.count == entries.count - 2, "\(refused)")
        for line in refused {
            #expect(!line.contains("\n") && line.count < 400 && !line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, "\(line)")
        }
        #expect(refused.contains { $0.hasPrefix("package 4:") && $0.contains("longer than 64") })
        #expect(refused.contains { $0.contains("translate-ftp") && $0.contains("ftp") })
        #expect(refused.contains { $0.contains("translate-de_en") && $0.contains("listed twice") })
        #expect(refused.contains { $0.contains("not a translation model") })

        // Links are never weaker than their index.
        let https = URL(string: "https://example.org/index.json")!, http = URL(string: "http://127.0.0.1/index.json")!
        let local = URL(fileURLWithPath: "/srv/index.json")
        #expect(PackIndex.acceptsLink(URL(string: "https://example.org/a.argosmodel")!, from: https))
        #expect(!PackIndex.acceptsLink(URL(string: "http://example.org/a.argosmodel")!, from: https))
        #expect(!PackIndex.acceptsLink(URL(fileURLWithPath: "/etc/passwd"), from: https))
        #expect(!PackIndex.acceptsLink(URL(fileURLWithPath: "/etc/passwd"), from: http))
        #expect(PackIndex.acceptsLink(URL(fileURLWithPath: "/srv/a.argosmodel"), from: local))
        #expect(PackIndex.acceptsLink(URL(string: "https://example.org/a.argosmodel")!, from: local))
        #expect(!PackIndex.acceptsLink(URL(string: "ftp://example.org/a.argosmodel")!, from: local))
    }

    @Test func severalRepositoriesAreListedTogetherAndTheFirstWins() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let ours: [String: Any] = ["format": 1, "packs": [[
            "id": "eng-spa", "version": "0.8.1", "title": "English - Spanish", "directions": [["en", "es"], ["es", "en"]],
            "size": 1000, "sha256": String(repeating: "ab", count: 32), "url": "eng-spa.tar.gz", "license": "GPL-2.0-only",
        ]]]
        try JSONSerialization.data(withJSONObject: ours).write(to: URL(fileURLWithPath: setup.served + "/ours.json"))
        try setup.serve([Self.entry("eng-spa", from: "en", to: "es"), Self.entry("translate-de_en")], as: "argos.json")

        let mixed = setup.manager(["files/ours.json", "files/argos.json", "status/404/index.json"])
        let (packs, problem) = await mixed.listing()
        #expect(problem?.description.contains("HTTP 404") == true, "\(String(describing: problem))")
        #expect(await mixed.unreachableRepositories().count == 1)
        #expect(packs.first { $0.id == "eng-spa" }?.engine == .apertium)
        #expect(packs.first { $0.id == "eng-spa" }?.sha256 == String(repeating: "ab", count: 32))
        #expect(packs.first { $0.id == "translate-de_en" }?.engine == .neural)
        #expect(packs.first { $0.id == "translate-de_en" }?.sha256 == nil)

        let argosFirst = setup.manager(["files/argos.json", "files/ours.json"])
        #expect(try await argosFirst.availablePacks().first { $0.id == "eng-spa" }?.engine == .neural)
        // Installing from the second repository works; an id nobody lists names the repository that failed.
        try await mixed.download(["translate-de_en"])
        #expect(setup.store.neuralPackage(of: "translate-de_en") != nil)
        await #expect(throws: PackError.download("HTTP 404 for \(setup.server.url("status/404/index.json"))")) {
            try await mixed.download(["translate-xx_en"])
        }
        // The catalog reads every repository without the network (file: directly, http from the cache).
        let catalog = PackCatalog.load(store: setup.store, repositoryURLs: mixed.repositoryURLs)
        #expect(Set(catalog.repository?.packs.map(\.id) ?? []) == ["eng-spa", "translate-de_en"])
        // A repository that goes away still counts with its last index, in its place.
        try FileManager.default.removeItem(atPath: setup.served + "/ours.json")
        let later = setup.manager(["files/ours.json", "files/argos.json"])
        let (stillListed, gone) = await later.listing()
        #expect(gone?.description.contains("HTTP 404") == true)
        #expect(stillListed.first { $0.id == "eng-spa" }?.engine == .apertium, "ours still wins from its cached index")
    }

    @Test func anHttpIndexIsFetchedAgainOnlyWhenItChanged() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let url = setup.server.url("files/index.json")
        #expect(PackRepository.indexAge(of: url, in: setup.store) == nil)
        _ = try await setup.manager().availablePacks()
        let age = try #require(PackRepository.indexAge(of: url, in: setup.store))
        #expect(age < .seconds(60))
        let again = try await setup.manager().availablePacks()
        #expect(again.contains { $0.id == "translate-de_en" })
        let requests = setup.server.requests().filter { $0.contains("/files/index.json") }
        #expect(requests.count == 2 && requests.last?.hasSuffix(" 304") == true, "\(requests)")
        try setup.serve([Self.entry("translate-changed")], as: "index.json")
        #expect(try await setup.manager().availablePacks().map(\.id) == ["translate-changed"])
        #expect(setup.server.requests().filter { $0.contains("/files/index.json") }.last?.hasSuffix(" 304") == false)
        #expect(PackRepository.describeAge(.seconds(30)) == "just now" && PackRepository.describeAge(.seconds(720)) == "12 min ago")
        #expect(PackRepository.describeAge(.seconds(3 * 3600)) == "3 h ago" && PackRepository.describeAge(.seconds(3 * 86_400)) == "3 days ago")
    }

    @Test func severalURLsComeFromTheProcessVariables() {
        let urls = EngineEnvironment.fromProcess([
            "HIKE_REVIEWS_PACKS_URL": " file:///a/index.json\thttp://127.0.0.1:1/x.json  /b%20c/index.json ftp://nope/x.json ",
        ]).repositoryURLs
        #expect(urls == [URL(string: "file:///a/index.json")!, URL(string: "http://127.0.0.1:1/x.json")!,
                         URL(fileURLWithPath: "/b c/index.json")])
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_PACKS_URL": "/one/index.json"]).repositoryURLs == [URL(fileURLWithPath: "/one/index.json")])
    }

    @Test(.needs(NeuralFixtures.venvAvailable, "needs the neural venv: run scripts/setup-neural"))
    func aRealEchoPackageInstalledFromTheIndexTranslatesThroughTheWorker() async throws {
        let models = try NeuralFixtures.models.get()
        let setup = try Setup()
        defer { setup.server.stop() }
        try FileManager.default.copyItem(atPath: models.folder + "/echo.argosmodel", toPath: setup.served + "/echo.argosmodel")
        try setup.serve([Self.entry("translate-de_en-echo", link: "echo.argosmodel")], as: "echo.json")
        try await setup.manager(["files/echo.json"]).download(["translate-de_en-echo"])
        let package = try #require(setup.store.neuralPackage(of: "translate-de_en-echo"))
        let worker = NeuralWorker(package: package, runtime: NeuralFixtures.runtime, readyTimeout: .seconds(60))
        defer { worker.shutdown() }
        let text = "Der Weg war steil, aber die Aussicht oben war wunderbar."
        #expect(try await worker.translate(text, timeout: .seconds(60)) == text)
    }
}
