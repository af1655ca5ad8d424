@testable import TranslationEngine

/// A realistic set of packs: Apertium mode names as Debian ships them, a mix of
/// installed and not, sizes chosen so each tie-break has something to decide.
enum RoutingFixtures {
    static func pack(_ id: String, installed: Bool, size: Int, modes: [String]) -> PackInfo {
        PackInfo(
            id: id,
            installed: installed,
            downloadSize: size,
            directions: ApertiumCode.directions(fromModeFiles: modes.map { $0 + ".mode" }, pack: id)
        )
    }

    static let packs: [PackInfo] = [
        pack("eng-spa", installed: true, size: 10_000, modes: ["eng-spa", "spa-eng", "spa-eng_US", "eng-spa-tagger"]),
        pack("eng-cat", installed: false, size: 12_000, modes: ["eng-cat", "cat-eng", "eng-cat_valencia"]),
        pack("fr-es", installed: true, size: 8_000, modes: ["fr-es", "es-fr"]),
        pack("fra-cat", installed: false, size: 9_000, modes: ["fra-cat", "cat-fra"]),
        pack("es-pt", installed: false, size: 7_000, modes: ["es-pt", "pt-es", "es-pt_BR"]),
        pack("hbs-eng", installed: false, size: 15_000, modes: ["hbs-eng", "eng-hbs"]),
        pack("hbs-slv", installed: false, size: 6_000, modes: ["slv-hbs"]),
        pack("mkd-eng", installed: true, size: 5_000, modes: ["mkd-eng"]),
        pack("mkd-bul", installed: false, size: 4_000, modes: ["bul-mkd"]),
        pack("spa-cat", installed: true, size: 9_000, modes: ["spa-cat", "cat-spa"]),
        pack("es-gl", installed: false, size: 3_000, modes: ["es-gl", "gl-es"]),
        pack("en-gl", installed: false, size: 2_000, modes: ["gl-en", "en-gl"]),
        pack("nno-nob", installed: true, size: 3_000, modes: ["nno-nob", "nob-nno"]),
    ]

    static let planner = RoutePlanner(packs: packs)
    static let availability = Availability(packs: packs)

    /// The mode names of a route, the shortest way to state what a test expects.
    static func modes(_ source: String, _ target: String) -> [String]? {
        planner.route(from: source, to: target)?.map(\.mode)
    }
}
