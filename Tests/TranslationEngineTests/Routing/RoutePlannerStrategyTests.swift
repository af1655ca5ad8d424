import TestSupport
import Testing
@testable import TranslationEngine

/// The planner under Apple's two strategies (`RouteRanking`): which engine's legs win among routes
/// of equal rank, and that neither strategy shuts out a route of the other engine.
@Suite("RoutePlanner strategies", .tags(.fast))
struct RoutePlannerStrategyTests {
    static func route(_ packs: [PackInfo], _ source: String, _ target: String, ranking: RouteRanking) -> [String]? {
        RoutePlanner(packs: packs, ranking: ranking).route(from: source, to: target)?.map(\.pack)
    }

    static func neural(_ source: String, _ target: String, _ installed: Bool, _ size: Int) -> PackInfo {
        RoutePlannerEngineTests.neural(source, target, installed: installed, size: size)
    }

    static func apertium(_ id: String, _ installed: Bool, _ size: Int, _ modes: [String]) -> PackInfo {
        RoutePlannerEngineTests.apertium(id, installed: installed, size: size, modes: modes)
    }
}

extension RoutePlannerStrategyTests {
    @Test("Low latency takes the Apertium direct leg, high fidelity the neural one")
    func directLegPerStrategy() {
        let packs = [Self.apertium("eng-spa", false, 10, ["spa-eng"]), Self.neural("es", "en", false, 90_000_000)]
        #expect(Self.route(packs, "es", "en", ranking: .apertiumFirst) == ["eng-spa"])
        #expect(Self.route(packs, "es", "en", ranking: .neuralFirst) == ["translate-es_en"])
        #expect(RoutePlanner(packs: packs).ranking == .neuralFirst, "the planner's default is high fidelity's")
    }

    @Test("Among chains of equal length low latency takes more Apertium legs")
    func chainsPerStrategy() {
        let packs = [Self.neural("fr", "en", false, 0), Self.apertium("eng-spa", false, 1_000, ["eng-spa"]),
                     Self.apertium("fra-cat", false, 1, ["fra-cat"]), Self.apertium("spa-cat", false, 1, ["cat-spa"])]
        #expect(Self.route(packs, "fr", "es", ranking: .apertiumFirst) == ["fra-cat", "spa-cat"])
        #expect(Self.route(packs, "fr", "es", ranking: .neuralFirst) == ["translate-fr_en", "eng-spa"])
    }

    @Test("Either strategy falls back to the other engine, and installed packs still come first")
    func fallbackAndInstalledFirst() {
        // Apple, lowLatency: "Compared to highFidelity, this strategy is faster and uses less
        // power"; highFidelity: "On devices without Apple Intelligence, it falls back to the
        // traditional models used by lowLatency."
        let onlyNeural = [Self.neural("de", "en", false, 0)]
        #expect(Self.route(onlyNeural, "de", "en", ranking: .apertiumFirst) == ["translate-de_en"])
        let onlyApertium = [Self.apertium("eng-spa", false, 10, ["spa-eng"])]
        #expect(Self.route(onlyApertium, "es", "en", ranking: .neuralFirst) == ["eng-spa"])
        let neuralOnDisk = [Self.apertium("eng-spa", false, 10, ["spa-eng"]), Self.neural("es", "en", true, 0)]
        #expect(Self.route(neuralOnDisk, "es", "en", ranking: .apertiumFirst) == ["translate-es_en"], "no download when a route is on disk")
    }

    @Test("Availability plans with the strategy it is given")
    func availabilityPerStrategy() {
        let packs = [Self.apertium("eng-spa", true, 10, ["spa-eng"]), Self.neural("es", "en", false, 0)]
        #expect(Availability(packs: packs, ranking: .apertiumFirst).planner.route(from: "es", to: "en")?.map(\.engine) == [.apertium])
        #expect(Availability(packs: packs, ranking: .apertiumFirst).status(from: "es", to: "en") == .installed)
        #expect(Availability(packs: packs, ranking: .neuralFirst).status(from: "es", to: "en") == .installed)
    }
}
