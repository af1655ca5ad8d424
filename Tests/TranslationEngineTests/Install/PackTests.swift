import Foundation
import Synchronization
import TestSupport
import Testing
@testable import TranslationEngine
import TextSafety

/// Downloads, verification and installs against a real HTTP server on 127.0.0.1, with the
/// packs `make test` builds from Debian's pairs, and the hostile cases the store must refuse.
@Suite(.serialized, .needs(PackFixtures.available, "needs make test's pack repository (scripts/fetch-test-pairs)"))
struct PackTests {
    /// A server on a copy of the test repository, and an empty store.
    struct Setup {
        let server: PackServer
        let served: String
        let store: PackStore

        init() throws {
            served = try PackFixtures.repositoryCopy()
            server = try PackServer(serving: served, script: PackFixtures.serverScript)
            store = PackStore(root: try PackFixtures.folder("store"))
        }

        func manager(index: String = "index.json", prefix: String = "files", offline: Bool = false,
                     limits: DownloadLimits = DownloadLimits()) -> PackManager {
            PackManager(store: store, repositoryURL: server.url("\(prefix)/\(index)"), offline: offline, limits: limits)
        }

        /// Serves `entries` as `name` (pack URLs relative to it).
        func serve(_ entries: [[String: Any]], as name: String) throws {
            try PackFixtures.writeIndex(entries, in: served, name: name)
        }
    }

    static func englishSpanish() throws -> [String: Any] {
        try #require(try PackFixtures.indexEntries().first { $0["id"] as? String == "eng-spa" })
    }

    /// Serves eng-spa's archive through one of the server's fault paths (`drop/N`, `slow`, ...)
    /// under an index of its own; returns that index's name.
    static func serveEnglishSpanish(via path: String, in setup: Setup) throws -> String {
        var entry = try englishSpanish()
        let file = try #require(entry["url"] as? String)
        entry["url"] = setup.server.url("\(path)/\(file)").absoluteString
        let name = path.replacingOccurrences(of: "/", with: "-") + ".json"
        try setup.serve([entry], as: name)
        return name
    }
}

extension PackTests {
    @Test func aFirstSpanishTranslationDownloadsExactlyItsPackAfterOneConsent() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let manager = setup.manager()
        let events = manager.events()
        let consent = RecordingConsent(answer: .download)
        let catalog = PackCatalog(store: setup.store, repositoryURL: manager.repositoryURL, repository: nil, pairs: InstalledPairs.scan(store: setup.store, roots: [EngineEnvironment.systemPairRoot]))
        let session = TranslationSession(sourceTag: nil, targetTag: "en", catalog: catalog, pool: PipelinePool(), consent: consent, manager: manager)
        let texts = ["El sendero estaba muy bien señalizado y el agua de la fuente estaba fresca.",
                     "Subimos al refugio en tres horas y la bajada fue mucho más dura de lo esperado."]
        let responses = try await session.translations(from: texts.map { .init(sourceText: $0) })
        #expect(responses.map(\.route) == [["es", "en"], ["es", "en"]])
        #expect(responses[0].targetText.contains("water"), "\(responses[0].targetText)")
        let requests = await consent.requests
        #expect(requests.count == 1)
        #expect(requests.first?.packs.map(\.id) == ["eng-spa"])
        #expect(requests.first?.reason == "Spanish -> English")
        #expect(setup.store.installed().map(\.id) == ["eng-spa"])
        #expect(setup.server.requests().filter { $0.contains(".tar.gz") }.count == 1, "one archive downloaded")
        var sawProgress = false
        var sawSuccess = false
        for await event in events {
            if case .progress = event { sawProgress = true }
            if case .succeeded(let id) = event, id == "eng-spa" { sawSuccess = true; break }
        }
        #expect(sawProgress && sawSuccess)
    }

    @Test func aChainAsksOnceForAllItsPacksAndNotNowIsRemembered() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let refusing = RecordingConsent(answer: .notNow)
        let catalog = PackCatalog.load(store: setup.store, repositoryURL: setup.manager().repositoryURL)
        let declined = TranslationSession(sourceTag: "fr", targetTag: "en", catalog: catalog, pool: PipelinePool(), consent: refusing, manager: setup.manager())
        for _ in 0..<3 {
            let error = await #expect(throws: TranslationError.notInstalled) {
                try await declined.translate("Le sentier est long.")
            }
            #expect(error?.packs == ["fr-es", "eng-spa"])
        }
        #expect(await refusing.requests.count == 1, "not asked again in the same session")
        #expect(await refusing.requests.first?.packs.map(\.id) == ["fr-es", "eng-spa"])
        #expect(setup.store.installed().isEmpty)

        let approving = RecordingConsent(answer: .download)
        let session = TranslationSession(sourceTag: "fr", targetTag: "en", catalog: catalog, pool: PipelinePool(), consent: approving, manager: setup.manager())
        let responses = try await session.translations(from: (0..<12).map { .init(sourceText: "Le refuge numéro \($0) était plein.") })
        #expect(responses.allSatisfy { $0.route == ["fr", "es", "en"] })
        #expect(await approving.requests.count == 1, "twelve concurrent requests, one question")
        #expect(Set(setup.store.installed().map(\.id)) == ["fr-es", "eng-spa"])
    }

    @Test func withoutAConsentHandlerMissingPacksNameThem() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        try PackFixtures.writeIndex(try PackFixtures.indexEntries(), in: setup.served)
        let catalog = PackCatalog.load(store: setup.store, repositoryURL: URL(fileURLWithPath: setup.served + "/index.json"))
        let session = TranslationSession(sourceTag: "es", targetTag: "en", catalog: catalog, pool: PipelinePool(), consent: nil, manager: nil)
        let error = await #expect(throws: TranslationError.notInstalled) { try await session.translate("Hola.") }
        #expect(error?.packs == ["eng-spa"])
        #expect(TranslationError.notInstalled(packs: ["eng-spa"]).description == "language packs needed and not installed: eng-spa")
        #expect(LanguageAvailability(catalog: catalog).catalogStatus(fromTag: "es", toTag: "en") == .supported)
        #expect(LanguageAvailability(catalog: catalog).catalogStatus(fromTag: "de", toTag: "en") == .unsupported)
    }

    @Test(arguments: ["truncated", "traversal", "absolute", "symlink", "hardlink", "device", "bomb", "entries"])
    func hostileArchivesAreRefusedAndTheStoreIsUnchanged(variant: String) async throws {
        let (folder, variants) = try PackFixtures.hostileArchives()
        let setup = try Setup()
        defer { setup.server.stop() }
        var entry = try #require(variants[variant])
        try FileManager.default.copyItem(atPath: folder + "/\(variant).tar.gz", toPath: setup.served + "/\(variant).tar.gz")
        entry["version"] = "1"
        try setup.serve([entry], as: "index.json")
        var store = setup.store
        store.maxUnpackedBytes = 32 << 20
        store.maxEntries = 20_000
        let manager = PackManager(store: store, repositoryURL: setup.server.url("files/index.json"), offline: false)
        let before = PackFixtures.contents(of: store.root)
        do {
            try await manager.download(["eng-spa"])
            Issue.record("\(variant) was installed")
        } catch {
            guard case .archive(let detail) = error else {
                Issue.record("\(variant): \(error)")
                return
            }
            #expect(!detail.isEmpty && !error.description.contains("\n"))
        }
        #expect(PackFixtures.contents(of: store.root) == before, "\(variant) left \(PackFixtures.contents(of: store.root))")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/hike-evil-absolute"))
        #expect(!FileManager.default.fileExists(atPath: "/etc/hike-evil"))
        #expect(!FileManager.default.fileExists(atPath: store.root + "/evil") && !FileManager.default.fileExists(atPath: store.root + "/../evil"))
    }

    @Test func sizeAndChecksumMismatchesAreRefused() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        var wrongSize = try Self.englishSpanish()
        wrongSize["size"] = (wrongSize["size"] as? Int ?? 0) + 1
        try setup.serve([wrongSize], as: "size.json")
        await #expect(throws: PackError.self) { try await setup.manager(index: "size.json").download(["eng-spa"]) }
        var wrongSum = try Self.englishSpanish()
        wrongSum["sha256"] = String(repeating: "0", count: 64)
        try setup.serve([wrongSum], as: "sum.json")
        do {
            try await setup.manager(index: "sum.json").download(["eng-spa"])
            Issue.record("installed with a wrong checksum")
        } catch {
            #expect(error.description.contains("SHA-256"), "\(error)")
        }
        #expect(setup.store.installed().isEmpty)
        #expect(PackFixtures.contents(of: setup.store.root).filter { !$0.hasPrefix(".repository") }.isEmpty)
    }

    @Test func badIndexesAreRefusedWithOneLine() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        try Data("{\"format\":1,\"packs\":[{\"id\":".utf8).write(to: URL(fileURLWithPath: setup.served + "/broken.json"))
        try Data(String(repeating: "[", count: 10_000).utf8).write(to: URL(fileURLWithPath: setup.served + "/deep.json"))
        var huge = Data("{\"format\":1,\"packs\":[],\"pad\":\"".utf8)
        huge.append(Data(repeating: UInt8(ascii: "x"), count: 50 << 20))
        huge.append(Data("\"}".utf8))
        try huge.write(to: URL(fileURLWithPath: setup.served + "/huge.json"))
        for (name, expected) in [("broken.json", "not valid JSON"), ("deep.json", "nested deeper"), ("huge.json", "larger than")] {
            do {
                _ = try await setup.manager(index: name).availablePacks()
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.description.contains(expected) && !error.description.contains("\n"), "\(name): \(error)")
            }
        }
        do {
            _ = try await PackManager(store: setup.store, repositoryURL: setup.server.url("endless"), offline: false).availablePacks()
            Issue.record("an endless index was accepted")
        } catch {
            #expect(error.description.contains("larger than"), "\(error)")
        }
        // Escape sequences in strings are kept as data and shown harmless.
        var hostile = try Self.englishSpanish()
        hostile["title"] = "Evil \u{1B}]0;pwned\u{07}\u{1B}[31m red \u{202E}txt"
        try setup.serve([hostile], as: "escapes.json")
        let entries = try await setup.manager(index: "escapes.json").availablePacks()
        let shown = EscapedText.escaped(try #require(entries.first).title)
        #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, "\(shown)")
    }

    @Test func httpErrorsAndRefusedRedirectsFailCleanly() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        // A redirect to file: is never followed (Foundation turns it into a request to the same
        // server, which has no such file); the scheme rule itself is checked below.
        for (url, expected) in [("status/404/x", "HTTP 404"), ("status/500/x", "HTTP 500"),
                                ("redirect/" + "file:///etc/passwd".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, "download failed")] {
            var entry = try Self.englishSpanish()
            entry["url"] = setup.server.url(url).absoluteString
            try setup.serve([entry], as: "errors.json")
            do {
                try await setup.manager(index: "errors.json").download(["eng-spa"])
                Issue.record("\(url) installed")
            } catch {
                let description = error.description
                if !description.contains(expected) || description.contains("\n") { Issue.record("\(url): \(description)") }
            }
        }
        let https = URL(string: "https://example.org/a")!, http = URL(string: "http://example.org/a")!
        #expect(!PackDownloader.allowsRedirect(from: https, to: http))
        #expect(!PackDownloader.allowsRedirect(from: http, to: https))
        #expect(!PackDownloader.allowsRedirect(from: http, to: URL(fileURLWithPath: "/etc/passwd")))
        #expect(PackDownloader.allowsRedirect(from: https, to: URL(string: "https://mirror.example.org/b")!))
        #expect(setup.store.installed().isEmpty)
        // A redirect within http is followed.
        var entry = try Self.englishSpanish()
        let file = try #require(entry["url"] as? String)
        entry["url"] = setup.server.url("redirect/" + "/files/\(file)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).absoluteString
        try setup.serve([entry], as: "redirect.json")
        try await setup.manager(index: "redirect.json").download(["eng-spa"])
        #expect(setup.store.installed().map(\.id) == ["eng-spa"])
    }

    @Test func aDroppedConnectionResumesWithRange() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        try await setup.manager(index: try Self.serveEnglishSpanish(via: "drop/1000000", in: setup)).download(["eng-spa"])
        #expect(setup.store.installed().map(\.id) == ["eng-spa"])
        let archiveRequests = setup.server.requests().filter { $0.contains("drop/") }
        #expect(archiveRequests.count == 2, "\(archiveRequests)")
        #expect(archiveRequests.last?.hasSuffix("bytes=1000000-") == true, "\(archiveRequests)")
    }

    @Test func aServerThatIgnoresRangeIsReadFromTheStart() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        try await setup.manager(index: try Self.serveEnglishSpanish(via: "dropnorange/1000000", in: setup)).download(["eng-spa"])
        #expect(setup.store.installed().map(\.id) == ["eng-spa"], "the SHA-256 matched, so the file was not spliced")
    }

    @Test func offlineRefusesTheNetworkButNotLocalFiles() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        do {
            try await setup.manager(offline: true).download(["eng-spa"])
            Issue.record("downloaded while offline")
        } catch {
            guard case .offline = error else { Issue.record("\(error)"); return }
        }
        let local = PackManager(store: setup.store, repositoryURL: URL(fileURLWithPath: setup.served + "/index.json"), offline: true)
        try await local.download(["eng-spa"])
        #expect(setup.store.installed().map(\.id) == ["eng-spa"])
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_OFFLINE": "yes please"]).offline)
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_OFFLINE": "1"]).offline)
        #expect(!EngineEnvironment.fromProcess(["HIKE_REVIEWS_OFFLINE": "0"]).offline)
        #expect(!EngineEnvironment.fromProcess([:]).offline)
    }

    @Test func removingDeletesAPackWholly() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let manager = setup.manager()
        try await manager.download(["eng-spa", "fr-es"])
        try await manager.remove(["eng-spa"])
        #expect(setup.store.installed().map(\.id) == ["fr-es"])
        #expect(!FileManager.default.fileExists(atPath: setup.store.folder(of: "eng-spa")))
        #expect(!PackFixtures.contents(of: setup.store.root).contains { $0.hasPrefix(".trash") })
        await #expect(throws: PackError.unknownPack("eng-spa")) { try await manager.remove(["eng-spa"]) }
    }

    /// An install holds the store's lock across awaits that resume on the manager's actor: a
    /// removal waiting for the lock must leave the actor free, or that install never releases it.
    @Test(.timeLimit(.minutes(3)))
    func aRemovalWaitingForTheStoresLockLeavesTheManagerFree() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let manager = setup.manager()
        try await manager.download(["eng-spa"])
        // The lock held as an install in progress holds it (here, by the test's own descriptor).
        let held = try setup.store.lock()
        let removal = Task { try await manager.remove(["eng-spa"]) }
        try await Task.sleep(for: .seconds(1))
        let answered = Mutex<PackManager.Status?>(nil)
        let question = Task { let status = await manager.status(of: "eng-spa"); answered.withLock { $0 = status } }
        let deadline = ContinuousClock.now + .seconds(30)
        while answered.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let status = answered.withLock { $0 }
        PackStore.unlock(held)
        await question.value
        try await removal.value
        #expect(status == .installed, "the manager answered while the removal waited for the lock")
        #expect(setup.store.installedPack("eng-spa") == nil, "and the removal ended once the lock was free")
    }

    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func aFullDiskIsReportedAndLeavesNothing() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let mountPoint = try PackFixtures.folder("full-disk")
        let mounted = try Subprocess.output(of: ["/bin/mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", mountPoint], input: "")
        try #require(mounted.status == 0, "mount failed: \(mounted.error)")
        defer { TemporaryMount.unmount(mountPoint) }
        let store = PackStore(root: mountPoint + "/store")
        let manager = PackManager(store: store, repositoryURL: setup.server.url("files/index.json"), offline: false)
        do {
            try await manager.download(["eng-spa"])
            Issue.record("installed onto a full disk")
        } catch {
            #expect(error.description.lowercased().contains("space"), "\(error)")
        }
        #expect(store.installed().isEmpty)
        #expect(PackFixtures.contents(of: store.root).filter { !$0.hasPrefix(".repository") }.isEmpty, "\(PackFixtures.contents(of: store.root))")
    }
}

extension PackTests {
    /// The archive comes through a server that sends 100 KB and then holds the connection open,
    /// and the cancel is issued once those bytes have arrived: the download is provably in
    /// flight and can only end by the cancel. (A cancel after a 300 ms sleep could land before
    /// the request was even sent on a busy machine, and the test passed without that path.)
    @Test(.timeLimit(.minutes(5)))
    func aDownloadCanBeCancelledAndLeavesNothing() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let manager = setup.manager(index: try Self.serveEnglishSpanish(via: "stall/100000", in: setup))
        #expect(await manager.status(of: "eng-spa") == .unknown, "the index is not known before it is fetched")
        _ = try await manager.availablePacks()
        #expect(await manager.status(of: "eng-spa") == .available)
        let (arrived, bytes) = AsyncStream<Int>.makeStream()
        let download = Task {
            defer { bytes.finish() }  // a download that ends before any byte ends the wait too
            try await manager.download(["eng-spa"]) { _, received, _ in if received > 0 { bytes.yield(received) } }
        }
        var iterator = arrived.makeAsyncIterator()
        #expect((await iterator.next() ?? 0) > 0, "bytes arrived before the cancel")
        download.cancel()
        do {
            try await download.value
            Issue.record("the download finished despite the cancel")
        } catch {
            #expect(error as? PackError == .cancelled, "\(error)")
        }
        #expect(setup.store.installed().isEmpty)
        #expect(PackFixtures.contents(of: setup.store.root).isEmpty, "\(PackFixtures.contents(of: setup.store.root))")
        #expect(await manager.status(of: "eng-spa") == .available)
    }
}
