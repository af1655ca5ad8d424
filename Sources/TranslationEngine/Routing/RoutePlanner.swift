/// Plans the chain of directions that translates one language into another.
///
/// A direct direction wins; otherwise the shortest chain of pivots, the way
/// ML Kit pivots through English. See `route(from:to:)` for the tie-breaks.
public struct RoutePlanner: Sendable {
    /// The directions available to plan with.
    public let graph: DirectionGraph

    /// Creates a planner over a graph.
    public init(graph: DirectionGraph) {
        self.graph = graph
    }

    /// Creates a planner over packs.
    public init(packs: [PackInfo]) {
        self.init(graph: DirectionGraph(packs: packs))
    }

    /// The best route from `source` to `target` (BCP 47 tags), or nil when none exists.
    ///
    /// Chains with the fewest legs win; among those, in order: starting from the
    /// source language itself rather than `hbs` for `hr`/`sr`/`bs`, ending in the
    /// target's variant mode when there is one, every pack installed, the smaller
    /// download of packs not installed, then the mode names alphabetically.
    /// A region on the source is ignored (`es-MX` reads as `es`). Translating a
    /// language into itself, or one variant into another, is unsupported.
    public func route(from source: String, to target: String) -> [Direction]? {
        let sources = LanguageTag.sourceNodes(for: source)
        let targetBase = LanguageTag.base(target)
        // Variants of one language (en -> en-US, hr -> hbs) need no translation
        // Apertium could provide, so they are unsupported rather than a no-op.
        guard !sources.contains(targetBase) else { return nil }

        let distance = legsToTarget(target)
        guard let best = sources.compactMap({ distance[$0] }).min() else { return nil }

        var candidates: [Candidate] = []
        for (rank, start) in sources.enumerated() where distance[start] == best {
            for chain in chains(from: start, legs: best, target: target, distance: distance) {
                candidates.append(candidate(chain, pivotSource: rank > 0, target: target))
            }
        }
        return candidates.min(by: Candidate.isBetter)?.legs
    }

    /// Whether a direction can be the last leg into `target`: its exact tag,
    /// or the plain language (the fallback when no variant mode exists).
    func isFinal(_ direction: Direction, into target: String) -> Bool {
        direction.target == target || direction.target == LanguageTag.base(target)
    }

    /// Whether a direction can be a middle leg: plain targets only, since a
    /// regional output is not something another mode reads as its input.
    func isPivot(_ direction: Direction) -> Bool {
        !LanguageTag.hasSubtag(direction.target)
    }
}
