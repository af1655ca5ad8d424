import ApertiumCodeTable
import TranslationEngine

/// The pairs APy lists for the installed packs: one per direction a pack ships (APy lists its
/// mode files, never a route through a third language), named by APy's codes (`eng`,
/// `cat_valencia`, `por_BR`).
struct ApyPairs: Sendable {
    struct Pair: Hashable, Sendable {
        /// APy's codes: `eng`, `cat_valencia`.
        var source: String
        var target: String
        /// The engine's tags: `en`, `ca-valencia`.
        var sourceTag: String
        var targetTag: String
    }

    /// The directions packs ship, in mode order.
    let direct: [Pair]

    init(_ directions: [Direction]) {
        var seen = Set<Pair>()
        direct = directions.sorted { $0.mode < $1.mode }.compactMap { direction in
            guard let pair = Self.pair(direction), seen.insert(pair).inserted else { return nil }
            return pair
        }
    }

    /// Whether a pack ships `source` to `target` (tags) directly.
    func shipsDirectly(from source: String, to target: String) -> Bool {
        direct.contains { $0.sourceTag == source && $0.targetTag == target }
    }

    /// A direction as APy names it. An Apertium mode keeps its variant parts as the mode file
    /// spells them (`eng-cat_valencia`: `cat_valencia`), with its languages in three letters
    /// (`es-pt_BR`: `spa`, `por_BR`), as APy's `to_alpha3_code`; a code of more than one `_`
    /// (`cat_valencia_uni`) is left out, since APy's /translate refuses such a pair as invalid.
    /// Other engines' directions are named from their tags (`en-US`: `eng_US`).
    private static func pair(_ direction: Direction) -> Pair? {
        let codes: [String?]
        if direction.engine == .apertium, ApertiumCodeTable.isTranslationMode(direction.mode) {
            codes = direction.mode.split(separator: "-").map { side in
                let parts = side.split(separator: "_").map(String.init)
                guard parts.count <= 2, let tag = ApertiumCodeTable.bcp47(parts[0]),
                      let language = ApertiumCodeTable.apertiumCode(forTag: tag) else { return nil }
                return ([language] + parts.dropFirst()).joined(separator: "_")
            }
        } else {
            codes = [direction.source, direction.target].map { isPlainTag($0) ? ApertiumCodeTable.apertiumCode(forTag: $0) : nil }
        }
        guard let source = codes[0], let target = codes[1] else { return nil }
        return Pair(source: source, target: target, sourceTag: direction.source, targetTag: direction.target)
    }
}
