import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The engine is configured by the value it is given: two engines with two stores and two
/// repositories work side by side in one process, and nothing in the libraries reads the
/// process environment but `EngineEnvironment.fromProcess()`.
@Suite(.needs(PackFixtures.available, "needs make test's pack repository (scripts/fetch-test-pairs)"))
struct EngineEnvironmentTests {
    /// One engine over a store of its own and a server that lists only `pack`.
    struct Side {
        let server: PackServer
        let store: PackStore
        let engine: Engine

        init(serving pack: String) throws {
            let served = try PackFixtures.repositoryCopy()
            let entry = try #require(try PackFixtures.indexEntries().first { $0["id"] as? String == pack })
            try PackFixtures.writeIndex([entry], in: served, name: "only.json")
            server = try PackServer(serving: served, script: PackFixtures.serverScript)
            store = PackStore(root: try PackFixtures.folder("engine-\(pack)"))
            let environment = EngineEnvironment(store: store, repositoryURLs: [server.url("files/only.json")], includesSystemPairs: false)
            engine = Engine(environment: environment, consentHandler: RecordingConsent(answer: .download))
        }
    }
}

extension EngineEnvironmentTests {
    @Test func twoEnginesWithTheirOwnStoresAndRepositoriesWorkAtTheSameTime() async throws {
        let spanish = try Side(serving: "eng-spa")
        let french = try Side(serving: "fr-es")
        defer { spanish.server.stop(); french.server.stop() }

        // Each engine reaches only its own repository's pack, before anything is installed.
        #expect(await LanguageAvailability(in: spanish.engine).status(fromTag: "es", toTag: "en") == .supported)
        #expect(await LanguageAvailability(in: french.engine).status(fromTag: "es", toTag: "en") == .unsupported)
        #expect(await LanguageAvailability(in: french.engine).status(fromTag: "fr", toTag: "es") == .supported)
        #expect(await LanguageAvailability(in: spanish.engine).status(fromTag: "fr", toTag: "es") == .unsupported)

        // Both translate at once, each downloading into its own store from its own server.
        async let english = TranslationSession(sourceTag: "es", targetTag: "en", in: spanish.engine).translate("El perro bebe agua.")
        async let castilian = TranslationSession(sourceTag: "fr", targetTag: "es", in: french.engine).translate("Le chien boit de l'eau.")
        let (toEnglish, toSpanish) = try await (english, castilian)
        #expect(toEnglish.targetText == "The dog drinks water.")
        #expect(toSpanish.targetText.hasPrefix("El perro"), "\(toSpanish.targetText)")

        #expect(spanish.store.installed().map(\.id) == ["eng-spa"])
        #expect(french.store.installed().map(\.id) == ["fr-es"])
        #expect(spanish.server.requests().allSatisfy { !$0.contains("fr-es") })
        #expect(french.server.requests().allSatisfy { !$0.contains("eng-spa") })
        #expect(await LanguageAvailability(in: spanish.engine).status(fromTag: "es", toTag: "en") == .installed)
        #expect(await LanguageAvailability(in: french.engine).status(fromTag: "es", toTag: "en") == .unsupported)
        // Each engine's pipelines are its own.
        #expect(await spanish.engine.pool.running().map(\.location.modeFile).allSatisfy { $0.hasPrefix(spanish.store.root) })
        #expect(await french.engine.pool.running().map(\.location.modeFile).allSatisfy { $0.hasPrefix(french.store.root) })
        await spanish.engine.shutdown()
        await french.engine.shutdown()
    }

    @Test func theProcessVariablesGiveTheEnvironment() {
        let environment = EngineEnvironment.fromProcess([
            "HOME": "/h", "HIKE_REVIEWS_STORE": "/s", "HIKE_REVIEWS_PACKS_URL": "/r/index.json", "HIKE_REVIEWS_OFFLINE": "1",
            "HIKE_REVIEWS_PAIRS_PATH": "/a:/b", "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PIPELINE_MEMORY_MB": "100",
            "HIKE_REVIEWS_PIPELINE_IDLE_SECONDS": "2.5", "HIKE_REVIEWS_LANGID_MODEL": "/m.bin", "LANG": "pt_BR.UTF-8", "PATH": "/p:/q",
        ])
        #expect(environment.store.root == "/s")
        #expect(environment.repositoryURLs == [URL(fileURLWithPath: "/r/index.json")])
        #expect(environment.offline)
        #expect(environment.pairDataRoots == ["/a", "/b"])
        #expect(environment.pipelines.memoryBudget == 100 << 20 && environment.pipelines.idleTimeout == .milliseconds(2500))
        #expect(environment.languageIDModel?.path == "/m.bin")
        #expect(environment.preferredLanguage == "pt-BR")
        #expect(environment.searchPath == "/p:/q")
        #expect(environment.memory == nil, "a library remembers nothing unless its host says so")

        let defaults = EngineEnvironment.fromProcess(["HOME": "/h"])
        #expect(defaults.store.root == "/h/.local/share/hike-reviews/packs")
        #expect(defaults.pairDataRoots == [EngineEnvironment.systemPairRoot])
        #expect(defaults.preferredLanguage == "en" && defaults.searchPath == EngineEnvironment.systemPath)
        #expect(defaults.neuralRuntime == nil && defaults.languageIDModel == nil)
    }

    /// `fromProcess()` is the only place the libraries read the process environment, and the
    /// command line no longer passes its flags through it.
    @Test func onlyFromProcessReadsTheProcessEnvironment() throws {
        let root = LanguageRecognizerTests.root.path
        var readers: [String] = []
        for folder in ["Sources/TranslationEngine", "Sources/MLKitTranslate"] {
            let files = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: root + "/" + folder + "/" + file, encoding: .utf8)
                for needle in ["ProcessInfo.processInfo.environment", "getenv(", "setenv("] where text.contains(needle) {
                    readers.append("\(folder)/\(file): \(needle)")
                }
            }
        }
        #expect(readers == ["Sources/TranslationEngine/Engine/EngineEnvironment+Process.swift: ProcessInfo.processInfo.environment"])
        let cli = try String(contentsOfFile: root + "/Sources/HikeReviewsTUI/HikeReviews.swift", encoding: .utf8)
        #expect(!cli.contains("setenv("))
    }
}
