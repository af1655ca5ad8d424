import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The one batch translator every host uses, on real pipelines and a real pack server: one
/// consent for a batch of several languages, detection once, one same-language rule, memory
/// first, results in input order.
@Suite(.serialized, .needs(PackFixtures.available, "needs make test's pack repository (scripts/fetch-test-pairs)"))
struct BatchTranslatorTests {
    /// An engine over an empty store and a server on make test's repository (eng-spa, fr-es).
    struct Setup {
        let server: PackServer
        let store: PackStore
        let engine: Engine
        let consent = RecordingConsent(answer: .download)

        init(memory: TranslationMemory.Settings? = nil) throws {
            let served = try PackFixtures.repositoryCopy()
            server = try PackServer(serving: served, script: PackFixtures.serverScript)
            store = PackStore(root: try PackFixtures.folder("batch-store"))
            engine = Engine(environment: EngineEnvironment(store: store, repositoryURLs: [server.url("files/index.json")],
                                                           includesSystemPairs: false, memory: memory))
            engine.consentHandler = consent
        }
    }

    static let spanish = "El sendero estaba muy bien señalizado y el agua de la fuente estaba fresca."
    static let french = "Le sentier était très bien balisé et l'eau de la source était fraîche."
}

extension BatchTranslatorTests {
    @Test func aBatchOfTwoLanguagesAsksOnceForEveryPackAndAnswersInInputOrder() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let translator = BatchTranslator(to: "en", in: setup.engine)
        let texts: [BatchTranslator.Text] = [
            .init(Self.spanish, id: "es"), .init("   ", id: "blank"), .init(Self.french, id: "fr"),
            .init("The path was steep but the view from the ridge made up for every step of it.", id: "en"), .init("ok", id: "short"),
        ]
        let results = await translator.translations(of: texts)
        #expect(results.map(\.index) == [0, 1, 2, 3, 4])
        #expect(results.map(\.text.id) == ["es", "blank", "fr", "en", "short"])
        guard case .translated(let spanish) = results[0].outcome, case .translated(let french) = results[2].outcome else {
            Issue.record("\(results.map(\.outcome))")
            return
        }
        #expect(spanish.route == ["es", "en"] && spanish.targetText.contains("water"), "\(spanish.targetText)")
        #expect(french.route == ["fr", "es", "en"] && french.targetText.contains("water"), "\(french.targetText)")
        guard case .unchanged(nil) = results[1].outcome else { Issue.record("blank: \(results[1].outcome)"); return }
        guard case .unchanged("en") = results[3].outcome else { Issue.record("english: \(results[3].outcome)"); return }
        guard case .failed(let error) = results[4].outcome, error == .unableToIdentifyLanguage else {
            Issue.record("short: \(results[4].outcome)")
            return
        }
        // One question for both languages, with every pack of both routes, each once.
        let requests = await setup.consent.requests
        #expect(requests.count == 1, "\(requests.map(\.reason))")
        #expect(Set(requests.first?.packs.map(\.id) ?? []) == ["eng-spa", "fr-es"])
        #expect(Set(setup.store.installed().map(\.id)) == ["eng-spa", "fr-es"])
        await setup.engine.shutdown()
    }

    @Test func theSameLanguageRuleIgnoresCaseRegionAndVariant() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        for (source, target) in [("en", "EN"), ("en-GB", "en-US"), ("EN", "en-x-test"), ("ca-valencia", "ca"), ("es-MX", "ES")] {
            let translator = BatchTranslator(to: target, from: source, in: setup.engine, consent: nil, memory: nil)
            guard case .unchanged(let language) = await translator.translate("Whatever the words are.") else {
                Issue.record("\(source) -> \(target) was not passed through")
                continue
            }
            // Given in any case, the language comes back in canonical case.
            #expect(language == LanguageTag.canonical(source))
        }
        #expect(await setup.consent.requests.isEmpty)
    }

    @Test func theMemoryAnswersFirstWithoutAPipelineOrAQuestion() async throws {
        let folder = try PackFixtures.folder("batch-memory")
        let setup = try Setup(memory: TranslationMemory.Settings(path: folder + "/memory.sqlite"))
        defer { setup.server.stop() }
        let first = await BatchTranslator(to: "en", in: setup.engine).translations(of: [.init(Self.spanish)])
        guard case .translated(let fresh) = first.first?.outcome else { Issue.record("\(first)"); return }
        #expect(!fresh.isRemembered)
        await setup.engine.shutdown()

        // A second engine over the same store and memory file (another process, as it were):
        // its pool starts empty and must stay so.
        let later = Engine(environment: setup.engine.environment)
        later.consentHandler = setup.consent
        let translator = BatchTranslator(to: "en", in: later)
        let remembered = await translator.remembered([.init(Self.spanish, id: "a"), .init(Self.french, id: "b")])
        #expect(remembered.map(\.text.id) == ["a"], "read only: only what the memory holds")
        let again = await translator.translations(of: [.init(Self.spanish)])
        guard case .translated(let recalled) = again.first?.outcome else { Issue.record("\(again)"); return }
        #expect(recalled.isRemembered && recalled.targetText == fresh.targetText)
        #expect(await later.pool.running().isEmpty, "no pipeline started for a remembered text")
        #expect(await setup.consent.requests.count == 1, "asked once, for the first translation")
    }

    @Test func withoutConsentAMissingPackFailsEveryTextOfItsLanguageNamingIt() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        let translator = BatchTranslator(to: "en", in: setup.engine, consent: nil, memory: nil)
        let results = await translator.translations(of: [.init(Self.spanish), .init(Self.spanish + " Otra vez.")])
        for result in results {
            guard case .failed(let error) = result.outcome else { Issue.record("\(result.outcome)"); continue }
            #expect(error == .notInstalled && error.packs == ["eng-spa"])
        }
        #expect(setup.store.installed().isEmpty)
    }
}
