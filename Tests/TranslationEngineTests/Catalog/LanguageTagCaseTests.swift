import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// BCP 47 tags compare case-insensitively: `ES` is `es` wherever the library is given a tag,
/// and what it hands back is in the canonical case (`availability ES EN` once said
/// `unsupported` where `es en` was `installed`).
@Suite(.tags(.fast)) struct LanguageTagCaseTests {}

extension LanguageTagCaseTests {
    @Test(arguments: [
        ("ES", "es"), ("es", "es"), ("PT-br", "pt-BR"), ("pt-br", "pt-BR"), ("ZH-HANT", "zh-Hant"), ("zh-hant-tw", "zh-Hant-TW"),
        ("CA-Valencia", "ca-valencia"), ("nn-X-E", "nn-x-e"), ("ca-X-IEC2017", "ca-x-iec2017"), ("es-419", "es-419"), ("EN-us", "en-US"),
        ("SR-latn", "sr-Latn"), ("oc-ARANES", "oc-aranes"), ("HBS", "hbs"), ("de-CH-1996", "de-CH-1996"),
    ])
    func canonicalCase(given: String, canonical: String) {
        #expect(LanguageTag.canonical(given) == canonical)
    }

    @Test func thePlannerAndAvailabilityAnswerTheSameInAnyCase() {
        let availability = RoutingFixtures.availability
        for (source, target) in [("es", "en"), ("en", "ca-valencia"), ("es-MX", "en-US"), ("de", "en"), ("hr", "en")] {
            let lower = availability.status(from: source, to: target)
            #expect(availability.status(from: source.uppercased(), to: target.uppercased()) == lower, "\(source) \(target)")
            #expect(RoutingFixtures.availability.planner.route(from: source.uppercased(), to: target.uppercased())
                == RoutingFixtures.availability.planner.route(from: source, to: target))
        }
        #expect(availability.planner.route(from: "ES", to: "EN-us")?.last?.target == "en-US", "the route's tags are canonical")
        #expect(Direction(source: "PT", target: "ES", mode: "pt-es", pack: "pt-es").source == "pt", "an index's tags too")
    }

    @Test func sessionsConfigurationsAndBatchesKeepCanonicalTags() {
        let engine = Engine(environment: EngineEnvironment(store: PackStore(root: "/nonexistent"), includesSystemPairs: false))
        let session = TranslationSession(sourceTag: "ES", targetTag: "PT-br", in: engine)
        #expect(session.sourceTag == "es" && session.targetTag == "pt-BR")
        let configuration = TranslationSession.Configuration(sourceTag: "ZH-hant", targetTag: "CA-VALENCIA")
        #expect(configuration.sourceTag == "zh-Hant" && configuration.targetTag == "ca-valencia")
        let batch = BatchTranslator(to: "EN", from: "ES", in: engine)
        #expect(batch.targetTag == "en" && batch.sourceTag == "es")
        #expect(BatchTranslator.Text("hola", source: "ES").source == "es")
    }
}
