import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The session over both engines, against a real HTTP server on 127.0.0.1 serving make test's
/// Apertium packs (our index) and the echo model packaged per pair (an Argos index): consent,
/// install, routes that mix engines, and the engine option.
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable && PackFixtures.available,
                             "needs the neural venv (scripts/setup-neural) and make test's pack repository"))
struct NeuralRoutingTests {
    struct Setup {
        let server: PackServer
        let store: PackStore
        let pool = PipelinePool(neuralRuntime: NeuralFixtures.runtime)

        init() throws {
            let served = try PackFixtures.repositoryCopy()
            let echo = try NeuralRoutingTests.echoRepository.get()
            for name in try FileManager.default.contentsOfDirectory(atPath: echo) {
                try FileManager.default.copyItem(atPath: echo + "/" + name, toPath: served + "/" + name)
            }
            server = try PackServer(serving: served, script: PackFixtures.serverScript)
            store = PackStore(root: try PackFixtures.folder("neural-routing-store"))
        }

        /// Argos's index first, then ours, as the defaults list them.
        func manager() -> PackManager {
            PackManager(store: store, repositoryURLs: [server.url("files/argos.json"), server.url("files/index.json")], offline: false)
        }

        func session(from source: String?, to target: String, consent: (any ConsentHandler)?,
                     engine: EnginePreference = .auto) -> TranslationSession {
            let manager = manager()
            let catalog = PackCatalog(store: store, repositoryURLs: manager.repositoryURLs, repository: nil,
                                      pairs: InstalledPairs.scan(store: store, roots: [EngineEnvironment.systemPairRoot]))
            return TranslationSession(sourceTag: source, targetTag: target, catalog: catalog, pool: pool, consent: consent,
                                      manager: manager, engine: engine)
        }

        func stop() async {
            await pool.shutdownAll()
            server.stop()
        }
    }

    /// The echo model packaged per pair, built once per test run.
    static let echoRepository = Result { try EchoArgosRepository.build() }

    static let german = [
        "Der Aufstieg zur Hütte war steil, aber die Aussicht über das Tal hat alles wettgemacht.",
        "Im Juli lag oben noch Schnee. Gute Schuhe mitnehmen!\n\nDie Markierungen waren gut zu sehen.",
    ]

    @Test func aFirstGermanTranslationAsksOnceInstallsTheModelAndComesBackThroughIt() async throws {
        let setup = try Setup()
        let consent = RecordingConsent(answer: .download)
        let session = setup.session(from: "de", to: "en", consent: consent)
        let requests = (0..<12).map { TranslationSession.Request(sourceText: Self.german[$0 % 2], clientIdentifier: "\($0)") }
        let responses = try await session.translations(from: requests)
        await setup.stop()
        #expect(responses.map(\.targetText) == requests.map(\.sourceText), "the echo model returns its input exactly")
        #expect(responses.allSatisfy { $0.route == ["de", "en"] })
        #expect(responses.allSatisfy { $0.legs == [.init(source: "de", target: "en", engine: .neural, pack: "translate-de_en")] })
        let asked = await consent.requests
        #expect(asked.count == 1, "twelve concurrent requests, one question")
        #expect(asked.first?.packs.map(\.id) == ["translate-de_en"])
        #expect(asked.first?.engine == .neural)
        #expect(asked.first?.alternative.isEmpty == true, "Apertium has no German")
        #expect(setup.store.installed().map(\.id) == ["translate-de_en"])
        #expect(setup.store.installedPack("translate-de_en")?.packEngine == .neural)
    }

    @Test func aRouteMayMixEnginesAndEachLegSaysWhichRanIt() async throws {
        let setup = try Setup()
        let consent = RecordingConsent(answer: .download)
        let session = setup.session(from: "de", to: "es", consent: consent)
        // The echo leg hands the text on unchanged, so the Apertium leg sees what English -> Spanish sees.
        let text = "The path was steep and the water of the spring was cold."
        let response = try await session.translate(text)
        let direct = try await setup.session(from: "en", to: "es", consent: nil).translate(text)
        await setup.stop()
        #expect(response.route == ["de", "en", "es"])
        #expect(response.legs.map(\.engine) == [.neural, .apertium])
        #expect(response.legs.map(\.pack) == ["translate-de_en", "eng-spa"])
        #expect(response.targetText == direct.targetText)
        #expect(response.targetText.contains("agua"), "\(response.targetText)")
        #expect(await consent.requests.map { $0.packs.map(\.id) } == [["translate-de_en", "eng-spa"]], "one question for both legs")
    }

    @Test func whenBothEnginesCanBeDownloadedTheConsentOffersBothNeuralFirst() async throws {
        let setup = try Setup()
        let choosingApertium = RecordingConsent(answer: .downloadAlternative)
        let text = "El sendero estaba muy bien señalizado y el agua de la fuente estaba fresca."
        let response = try await setup.session(from: "es", to: "en", consent: choosingApertium).translate(text)
        let request = try #require(await choosingApertium.requests.first)
        #expect(request.packs.map(\.id) == ["translate-es_en"] && request.engine == .neural, "the neural model is the default")
        #expect(request.alternative.map(\.id) == ["eng-spa"] && request.alternativeEngine == .apertium)
        #expect(request.alternativeSize > 0 && request.sizeIsKnown, "ours gives a size; the model's comes from the server before the question")
        #expect(response.legs.map(\.engine) == [.apertium])
        #expect(response.targetText.contains("water"), "\(response.targetText)")
        #expect(setup.store.installed().map(\.id) == ["eng-spa"])

        // Installed comes first: the next session translates with eng-spa without asking.
        let later = RecordingConsent(answer: .download)
        let again = try await setup.session(from: "es", to: "en", consent: later).translate(text)
        #expect(again.legs.map(\.engine) == [.apertium] && again.targetText == response.targetText)
        #expect(await later.requests.isEmpty)
        // Unless the session asks for the neural engine.
        let neural = try await setup.session(from: "es", to: "en", consent: later, engine: .neural).translate(text)
        await setup.stop()
        #expect(neural.legs.map(\.engine) == [.neural] && neural.targetText == text)
        #expect(await later.requests.map { $0.packs.map(\.id) } == [["translate-es_en"]])
        #expect(await later.requests.first?.alternative.isEmpty == true, "a session held to one engine offers no other")
    }

    @Test func theEngineOptionNarrowsRoutesAndAvailability() async throws {
        let setup = try Setup()
        let session = setup.session(from: "de", to: "en", consent: RecordingConsent(answer: .download), engine: .apertium)
        await #expect(throws: TranslationError.self) { try await session.translate(Self.german[0]) }
        let manager = setup.manager()
        _ = try await manager.availablePacks()
        let catalog = PackCatalog.load(store: setup.store, repositoryURLs: manager.repositoryURLs)
        await setup.stop()
        #expect(LanguageAvailability(catalog: catalog).catalogStatus(fromTag: "de", toTag: "en") == .supported)
        #expect(LanguageAvailability(catalog: catalog, engine: .apertium).catalogStatus(fromTag: "de", toTag: "en") == .unsupported)
        #expect(LanguageAvailability(catalog: catalog, engine: .neural).catalogStatus(fromTag: "es", toTag: "en") == .supported)
        #expect(LanguageAvailability(catalog: catalog).supportedLanguageTags.contains("ja"))
        #expect(!LanguageAvailability(catalog: catalog, engine: .apertium).supportedLanguageTags.contains("ja"))
        var configuration = TranslationSession.Configuration(sourceTag: "de", targetTag: "en")
        configuration.engine = .neural
        #expect(TranslationSession(configuration: configuration).engine == .neural, "the configuration carries the engine")
    }

    @Test func prepareTranslationStartsTheWorkerAndANeuralSessionDetectsPerRequest() async throws {
        let setup = try Setup()
        let consent = RecordingConsent(answer: .download)
        let prepared = setup.session(from: "nl", to: "en", consent: consent)
        try await prepared.prepareTranslation()
        #expect(await setup.pool.runningWorkers().count == 1, "the model is loaded before the first text")
        let detecting = setup.session(from: nil, to: "en", consent: consent)
        let texts = ["Het pad langs de rivier was prachtig, maar na de regen erg modderig en glad.",
                     "Szlak był dobrze oznakowany, a widok ze szczytu zapierał dech w piersiach.",
                     "山小屋の夕食はとてもおいしくて、朝の景色も最高でした。"]
        let responses = try await detecting.translations(from: texts.map { .init(sourceText: $0) })
        await setup.stop()
        #expect(responses.map(\.targetText) == texts)
        #expect(responses.map { $0.route.first } == ["nl", "pl", "ja"])
        #expect(responses.allSatisfy { $0.legs.map(\.engine) == [.neural] })
        #expect(Set(setup.store.installed().map(\.id)) == ["translate-nl_en", "translate-pl_en", "translate-ja_en"])
    }
}
