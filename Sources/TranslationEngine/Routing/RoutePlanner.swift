/// Plans the chain of directions that translates one language into another.
///
/// A route whose packs are all on disk wins over one that also uses a remote server's pairs,
/// which wins over one that needs a download; then a direct
/// leg, a neural one first; then the shortest chain of pivots (the way ML Kit pivots through
/// English), neural legs preferred. See `route(from:to:)` for every tie-break.
public struct RoutePlanner: Sendable {
    /// The directions available to plan with.
    public let graph: DirectionGraph
    /// The directions of installed packs only, tried first.
    let installedGraph: DirectionGraph
    /// Installed packs and remote servers' pairs, tried next; nil when there is no remote pair.
    let reachableGraph: DirectionGraph?
    /// Which engine's legs win among chains of equal length (neural ones unless told otherwise).
    public let ranking: RouteRanking

    /// Creates a planner over a graph.
    public init(graph: DirectionGraph, ranking: RouteRanking = .neuralFirst) {
        self.graph = graph
        self.ranking = ranking
        let installed = graph.packs.values.filter(\.installed).sorted { $0.id < $1.id }
        installedGraph = DirectionGraph(packs: installed.filter { !$0.isRemote })
        reachableGraph = installed.contains(where: \.isRemote) ? DirectionGraph(packs: installed) : nil
    }

    /// Creates a planner over packs, keeping the directions `engine` allows.
    public init(packs: [PackInfo], engine: EnginePreference = .auto, ranking: RouteRanking = .neuralFirst) {
        self.init(graph: DirectionGraph(packs: engine == .auto ? packs : packs.map { $0.keeping(engine) }), ranking: ranking)
    }

    /// The best route from `source` to `target` (BCP 47 tags), or nil when none exists.
    ///
    /// Routes over installed packs only are tried first, then routes that also take legs of
    /// remote servers (`PackEngine.remote`), fewest remote legs first; only when none exists do packs to
    /// download count (or when the target is a variant, `ca-valencia`, that only a download
    /// reaches: the plain language on disk is not what was asked for). Then chains with the fewest legs win; among those, in order: more legs
    /// run by the neural engine (by Apertium with `ranking` `.apertiumFirst`), starting from the source language itself rather than `hbs`
    /// for `hr`/`sr`/`bs`, starting with a mode that reads exactly the source tag (`oc-aranes`
    /// takes `oc_aran-ca`, plain `oc` takes `oc-ca`), ending in the target's variant mode when there is one, every pack
    /// installed, the smaller download of packs not installed, then the mode names
    /// alphabetically. A region on the source no mode reads is ignored (`es-MX` reads as `es`).
    /// Translating a language into itself, or one variant into another, is unsupported unless
    /// one mode does exactly that (`nn` -> `nn-x-e`).
    /// Tags compare case-insensitively (`ES` is `es`).
    public func route(from source: String, to target: String) -> [Direction]? {
        let source = LanguageTag.canonical(source), target = LanguageTag.canonical(target)
        guard let installed = best(from: source, to: target, in: installedGraph)
            ?? reachableGraph.flatMap({ best(from: source, to: target, in: $0) }) else { return best(from: source, to: target, in: graph) }
        // A variant asked for (ca-valencia) is not given up for plain Catalan already on disk.
        if LanguageTag.hasSubtag(target), installed.last?.target != target,
           let everything = best(from: source, to: target, in: graph), everything.last?.target == target {
            return everything
        }
        return installed
    }

    /// The best route within one graph, ranked as `route(from:to:)` says after "installed first".
    func best(from source: String, to target: String, in graph: DirectionGraph) -> [Direction]? {
        let sources = LanguageTag.sourceNodes(for: source)
        let targetBase = LanguageTag.base(target)
        // Variants of one language (en -> en-US, hr -> hbs) need no translation
        // an engine could provide, so they are unsupported rather than a no-op; unless a
        // mode converts exactly that source into exactly that target (nno-nno_e writes
        // Nynorsk's e-infinitive standard, nn -> nn-x-e).
        guard !sources.contains(targetBase) else {
            return graph.directions(from: LanguageTag.base(source)).first { $0.source == source && $0.target == target }.map { [$0] }
        }

        let distance = legsToTarget(target, in: graph)
        guard let best = sources.compactMap({ distance[$0] }).min() else { return nil }

        var candidates: [Candidate] = []
        for (rank, start) in sources.enumerated() where distance[start] == best {
            for chain in chains(from: start, legs: best, target: target, distance: distance, in: graph) {
                candidates.append(candidate(chain, pivotSource: rank > 0, source: source, target: target))
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
