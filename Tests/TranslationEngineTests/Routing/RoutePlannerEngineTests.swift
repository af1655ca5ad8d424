import TestSupport
import Testing
@testable import TranslationEngine

/// Routes across engines: installed before downloadable, then a neural direct leg, an Apertium
/// direct leg, then the fewest legs with neural legs preferred.
@Suite("RoutePlanner across engines", .tags(.fast))
struct RoutePlannerEngineTests {
    static func neural(_ source: String, _ target: String, installed: Bool = false, size: Int = 0) -> PackInfo {
        let id = "translate-\(source)_\(target)"
        return PackInfo(id: id, installed: installed, downloadSize: size,
                        directions: [Direction(source: source, target: target, mode: id, pack: id, engine: .neural)])
    }

    static func apertium(_ id: String, installed: Bool = false, size: Int = 1_000, modes: [String]) -> PackInfo {
        RoutingFixtures.pack(id, installed: installed, size: size, modes: modes)
    }

    static func route(_ packs: [PackInfo], _ source: String, _ target: String, engine: EnginePreference = .auto) -> [String]? {
        RoutePlanner(packs: packs, engine: engine).route(from: source, to: target)?.map(\.pack)
    }

    @Test("A neural direct leg beats an Apertium direct leg, installed or not alike")
    func neuralDirectFirst() {
        let packs = [Self.apertium("eng-spa", size: 10, modes: ["spa-eng"]), Self.neural("es", "en", size: 90_000_000)]
        #expect(Self.route(packs, "es", "en") == ["translate-es_en"], "not the smaller download: the neural model")
        #expect(Self.route(packs, "es", "en", engine: .apertium) == ["eng-spa"])
        #expect(Self.route(packs, "es", "en", engine: .neural) == ["translate-es_en"])
    }

    @Test("Installed beats downloadable, even against a neural direct leg and fewer legs")
    func installedFirst() {
        let packs = [Self.apertium("eng-spa", installed: true, modes: ["spa-eng"]), Self.neural("es", "en")]
        #expect(Self.route(packs, "es", "en") == ["eng-spa"])
        let chain = [Self.apertium("fr-es", installed: true, modes: ["fr-es"]), Self.apertium("eng-spa", installed: true, modes: ["spa-eng"]),
                     Self.neural("fr", "en")]
        #expect(Self.route(chain, "fr", "en") == ["fr-es", "eng-spa"], "two installed legs before one to download")
        #expect(Self.route(chain, "fr", "en", engine: .neural) == ["translate-fr_en"], "the engine choice comes first")
    }

    @Test("An Apertium direct leg beats a neural chain")
    func apertiumDirectBeforeNeuralChain() {
        let packs = [Self.apertium("eng-spa", modes: ["spa-eng"]), Self.neural("es", "de"), Self.neural("de", "en")]
        #expect(Self.route(packs, "es", "en") == ["eng-spa"])
        #expect(Self.route(packs, "es", "en", engine: .neural) == ["translate-es_de", "translate-de_en"])
    }

    @Test("Among chains of equal length, more neural legs win; a route may mix engines")
    func neuralLegsPreferred() {
        let packs = [Self.neural("fr", "en"), Self.apertium("eng-spa", modes: ["eng-spa"]),
                     Self.apertium("fra-cat", size: 1, modes: ["fra-cat"]), Self.apertium("spa-cat", size: 1, modes: ["cat-spa"])]
        // Two legs either way; the mixed chain wins over the smaller all-Apertium download.
        #expect(Self.route(packs, "fr", "es") == ["translate-fr_en", "eng-spa"])
        #expect(RoutePlanner(packs: packs).route(from: "fr", to: "es")?.map(\.engine) == [.neural, .apertium])
        #expect(Self.route(packs, "fr", "es", engine: .apertium) == ["fra-cat", "spa-cat"])
        let twoNeural = packs + [Self.neural("en", "es")]
        #expect(Self.route(twoNeural, "fr", "es") == ["translate-fr_en", "translate-en_es"])
        #expect(Self.route([Self.neural("de", "en"), Self.apertium("eng-spa", modes: ["eng-spa"])], "de", "es", engine: .apertium) == nil)
    }

    @Test("A variant target keeps the variant mode per engine: the neural direct leg still wins")
    func variantPerEngine() {
        let packs = [Self.apertium("eng-spa", modes: ["spa-eng", "spa-eng_US"]), Self.neural("es", "en")]
        #expect(Self.route(packs, "es", "en-US") == ["translate-es_en"])
        let modes = RoutePlanner(packs: packs, engine: .apertium).route(from: "es", to: "en-US")?.map(\.mode)
        #expect(modes == ["spa-eng_US"])
    }

    @Test("Availability and supported languages count only the engines allowed")
    func availabilityPerEngine() {
        let packs = [Self.apertium("eng-spa", installed: true, modes: ["spa-eng"]), Self.neural("de", "en"), Self.neural("ja", "en", installed: true)]
        #expect(Availability(packs: packs).status(from: "de", to: "en") == .supported)
        #expect(Availability(packs: packs).status(from: "ja", to: "en") == .installed)
        #expect(Availability(packs: packs, engine: .apertium).status(from: "de", to: "en") == .unsupported)
        #expect(Availability(packs: packs, engine: .neural).status(from: "es", to: "en") == .unsupported)
        #expect(Availability(packs: packs).supportedLanguages == ["de", "en", "es", "ja"])
        #expect(Availability(packs: packs, engine: .apertium).supportedLanguages == ["en", "es"])
    }
}
