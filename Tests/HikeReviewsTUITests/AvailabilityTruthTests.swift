import Foundation
import TestSupport
import Testing
@testable import HikeReviewsTUI
import TranslationEngine

/// A pair one download away is `supported` the first time it is asked, before this store ever
/// fetched the repository's index: `availability` and `translate` (without `--yes`) read an http
/// index they have no fresh copy of (within its download limits), and never when offline.
@Suite(.serialized, .needs(TestRepository.available, "needs make test's pack repository"))
struct AvailabilityTruthTests {
    /// The Argos-format index of make_argos_packages.py, served over http from a folder of its own.
    static func argosServer() throws -> PackServer {
        let source = try ArgosPacksCommandTests.argos.get()
        let served = try PacksCommandTests.freshStore()
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: served + "/" + name)
        }
        let script = Paths.packageRoot.appendingPathComponent("Tests/TranslationEngineTests/Fixtures/pack_server.py").path
        return try PackServer(serving: served, script: script)
    }
}

extension AvailabilityTruthTests {
    @Test func aPairOneDownloadAwayIsSupportedBeforeTheIndexWasEverFetched() throws {
        let server = try Self.argosServer()
        defer { server.stop() }
        let url = server.url("files/index.json").absoluteString
        let store = try PacksCommandTests.freshStore()
        let environment = ["HIKE_REVIEWS_STORE=\(store)", "HIKE_REVIEWS_PACKS_URL=\(url)", "HIKE_REVIEWS_SYSTEM_PAIRS=0",
                           "HIKE_REVIEWS_PAIRS_PATH=", "HIKE_REVIEWS_PUBLIC_INDEX_URL="]

        let availability = try CommandLineTests.runBinary(["availability", "de", "en"], environment: environment)
        #expect(availability.status == 0, "\(availability.error)")
        #expect(availability.output == "supported\n", "\(availability.output) \(availability.error)")

        // A new store: translate has no copy either, and says which packs to install (exit 3).
        let other = try PacksCommandTests.freshStore()
        let translate = try CommandLineTests.runBinary(["translate", "--from", "de", "--to", "en"], input: "Der Weg war steil.\n",
                                                       environment: environment.map { $0.hasPrefix("HIKE_REVIEWS_STORE=") ? "HIKE_REVIEWS_STORE=\(other)" : $0 })
        #expect(translate.status == 3, "\(translate.error)")
        #expect(translate.error.contains("hike-reviews packs install translate-de_en"), "\(translate.error)")
        #expect(!FileManager.default.fileExists(atPath: other + "/translate-de_en"), "nothing is downloaded without --yes")

        // Offline nothing is asked: the never-fetched index is not known.
        let third = try PacksCommandTests.freshStore()
        let offline = try CommandLineTests.runBinary(["availability", "de", "en"],
                                                     environment: environment.map { $0.hasPrefix("HIKE_REVIEWS_STORE=") ? "HIKE_REVIEWS_STORE=\(third)" : $0 }
                                                         + ["HIKE_REVIEWS_OFFLINE=1"])
        #expect(offline.output == "unsupported\n", "\(offline.output) \(offline.error)")
        #expect(server.requests().filter { $0.contains("index.json") }.count == 2, "\(server.requests())")
    }

    @Test func libraryAvailabilityFetchesAnIndexItHasNoCopyOf() async throws {
        let server = try Self.argosServer()
        defer { server.stop() }
        let store = PackStore(root: try PacksCommandTests.freshStore())
        let engine = Engine(environment: EngineEnvironment(store: store, repositoryURLs: [server.url("files/index.json")], includesSystemPairs: false))
        let availability = LanguageAvailability(in: engine)
        #expect(availability.catalogStatus(fromTag: "de", toTag: "en") == .unsupported, "nothing is known before a fetch")
        #expect(await availability.status(from: Locale.Language(identifier: "de"), to: Locale.Language(identifier: "en")) == .supported)
        #expect(await availability.supportedLanguages.contains(Locale.Language(identifier: "de")))
        // The session of the same engine sees it too, and names the pack it needs.
        await #expect(throws: TranslationError.notInstalled) {
            try await TranslationSession(installedSource: Locale.Language(identifier: "de"), target: Locale.Language(identifier: "en"), in: engine)
                .prepareTranslation()
        }
    }
}
