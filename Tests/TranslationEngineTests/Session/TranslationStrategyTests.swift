import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Apple's iOS 26.4 strategies with Apple's signatures and defaults, and what each chooses over
/// real packs: make test's Apertium pairs and the echo model packaged per pair, served on
/// 127.0.0.1 (see `NeuralRoutingTests`).
@Suite struct TranslationStrategyTests {
    static let spanish = Locale.Language(identifier: "es")
    static let english = Locale.Language(identifier: "en")
    /// An engine with nothing installed: enough to make sessions and read what they were made with.
    static let emptyEngine = Engine(environment: EngineEnvironment(store: PackStore(root: "/nonexistent"), includesSystemPairs: false))
}

extension TranslationStrategyTests {
    @Test func configurationsSessionsAndAvailabilityCarryTheStrategyTheyAreGiven() {
        // Apple, Configuration.init(source:target:preferredStrategy:): "Creates a configuration
        // from a source and target language." (source and target default to nil; the strategy has no default)
        let plain = TranslationSession.Configuration(source: Self.spanish, target: Self.english)
        var fast = TranslationSession.Configuration(source: Self.spanish, target: Self.english, preferredStrategy: .lowLatency)
        #expect(fast.preferredStrategy == .lowLatency && fast.source == Self.spanish && fast.target == Self.english)
        #expect(TranslationSession.Configuration(preferredStrategy: .lowLatency).source == nil)
        // Apple, Configuration.preferredStrategy: "The translation approach for this configuration." (settable)
        #expect(fast != plain, "a changed strategy is a changed configuration: a translation task runs again")
        fast.preferredStrategy = .highFidelity
        #expect(fast == plain, "init(source:target:) gives high fidelity, the default of apps built with the iOS 26.4 SDK")

        // Apple, TranslationSession.preferredStrategy: "The preferred translation strategy configured for the session."
        let configured = TranslationSession(configuration: .init(source: Self.spanish, target: Self.english, preferredStrategy: .lowLatency),
                                            in: Self.emptyEngine)
        #expect(configured.preferredStrategy == .lowLatency)
        #expect(TranslationSession(configuration: plain, in: Self.emptyEngine).preferredStrategy == .highFidelity)
        // Apple, init(installedSource:target:preferredStrategy:): "Creates a translation session to
        // translate between a given source and target language already installed on device."
        let installed = TranslationSession(installedSource: Self.spanish, target: Self.english, preferredStrategy: .lowLatency, in: Self.emptyEngine)
        #expect(installed.preferredStrategy == .lowLatency && !installed.canRequestDownloads)
        #expect(installed.sourceTag == "es" && installed.targetTag == "en")

        // Apple, LanguageAvailability.preferredStrategy: "The preferred strategy of translation to check availability for."
        #expect(LanguageAvailability(in: Self.emptyEngine, preferredStrategy: .lowLatency).preferredStrategy == .lowLatency)
        #expect(LanguageAvailability(in: Self.emptyEngine).preferredStrategy == .highFidelity)
    }

    @Test func theCommandLineAndTheServerNameTheStrategiesOneWay() throws {
        #expect(TranslationSession.Strategy(name: "low-latency") == .lowLatency)
        #expect(TranslationSession.Strategy(name: "High-Fidelity") == .highFidelity)
        #expect(TranslationSession.Strategy(name: "lowLatency") == .lowLatency, "Apple's spelling too")
        #expect(TranslationSession.Strategy(name: "fast") == nil)
        #expect(TranslationSession.Strategy.lowLatency.description == "low-latency")
        #expect(TranslationSession.Strategy.highFidelity.description == "high-fidelity")
        // The parser both use: one refusal, the name escaped, the choices listed.
        #expect(try TranslationSession.Strategy(parsing: "LOW-LATENCY") == .lowLatency)
        #expect(throws: TranslationSession.Strategy.UnknownName.self) { try TranslationSession.Strategy(parsing: "") }
        let refusal = #expect(throws: TranslationSession.Strategy.UnknownName.self) { try TranslationSession.Strategy(parsing: "fast\u{1B}[2J") }
        #expect(refusal?.description == "'fast\\u001B[2J' is not a strategy (low-latency or high-fidelity)")
    }
}

/// The strategies over both engines' real packs.
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable && PackFixtures.available,
                             "needs the neural venv (scripts/setup-neural) and make test's pack repository"))
struct TranslationStrategyRoutingTests {
    /// A Spanish -> English session of `setup`'s store with `strategy`.
    static func session(_ setup: NeuralRoutingTests.Setup, _ strategy: TranslationSession.Strategy, consent: (any ConsentHandler)?,
                        engine: EnginePreference = .auto) -> TranslationSession {
        let manager = setup.manager()
        let catalog = PackCatalog(store: setup.store, repositoryURLs: manager.repositoryURLs, repository: nil,
                                  pairs: InstalledPairs.scan(store: setup.store, roots: [EngineEnvironment.systemPairRoot]))
        var context = TranslationSession.Context(catalog: catalog, pool: setup.pool, consent: consent, manager: manager, engine: engine,
                                                 recognizer: LanguageRecognizer(secondOpinion: nil), preferredLanguage: "en")
        context.strategy = strategy
        return TranslationSession(sourceTag: "es", targetTag: "en", context: context)
    }

    static let text = "El sendero estaba muy bien señalizado y el agua de la fuente estaba fresca."
}

extension TranslationStrategyRoutingTests {
    @Test func lowLatencyOffersAndTakesApertiumAndHighFidelityTheNeuralModel() async throws {
        let setup = try NeuralRoutingTests.Setup()
        // Apple, lowLatency: "A translation strategy that provides fast translations using traditional models."
        let asked = RecordingConsent(answer: .download)
        let fast = try await Self.session(setup, .lowLatency, consent: asked).translate(Self.text)
        let request = try #require(await asked.requests.first)
        #expect(request.packs.map(\.id) == ["eng-spa"] && request.engine == .apertium, "Apertium's pair is offered first")
        #expect(request.alternative.map(\.id) == ["translate-es_en"], "the neural model is the alternative")
        #expect(fast.legs.map(\.engine) == [.apertium])
        #expect(fast.targetText.contains("water"), "\(fast.targetText)")

        // The neural model on disk too (a session held to that engine downloads it).
        _ = try await Self.session(setup, .highFidelity, consent: RecordingConsent(answer: .download), engine: .neural).translate(Self.text)
        #expect(Set(setup.store.installed().map(\.id)) == ["eng-spa", "translate-es_en"])
        // Apple, highFidelity: "A translation strategy that provides more fluent translations using Apple Intelligence."
        let fluent = try await Self.session(setup, .highFidelity, consent: nil).translate(Self.text)
        let again = try await Self.session(setup, .lowLatency, consent: nil).translate(Self.text)
        await setup.stop()
        #expect(fluent.legs.map(\.engine) == [.neural] && fluent.targetText == Self.text, "the echo model returns its input")
        #expect(again.legs.map(\.engine) == [.apertium] && again.targetText == fast.targetText)
    }
}
