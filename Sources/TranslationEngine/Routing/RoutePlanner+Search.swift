extension RoutePlanner {
    /// A complete chain with the keys it is ranked by.
    struct Candidate {
        var legs: [Direction]
        /// Legs sent to remote servers: fewer first (the text leaves the machine less often).
        var remoteLegs: Int
        /// Legs of the engine the planner's ranking prefers (neural ones by default).
        var preferredLegs: Int
        var pivotSource: Bool
        var exactSource: Bool
        var variantTarget: Bool
        var allInstalled: Bool
        var download: Int
        var modes: [String]

        /// Orders candidates as `route(from:to:)` documents; legs are equal here.
        static func isBetter(_ a: Candidate, _ b: Candidate) -> Bool {
            if a.remoteLegs != b.remoteLegs { return a.remoteLegs < b.remoteLegs }
            if a.preferredLegs != b.preferredLegs { return a.preferredLegs > b.preferredLegs }
            if a.pivotSource != b.pivotSource { return !a.pivotSource }
            if a.exactSource != b.exactSource { return a.exactSource }
            if a.variantTarget != b.variantTarget { return a.variantTarget }
            if a.allInstalled != b.allInstalled { return a.allInstalled }
            if a.download != b.download { return a.download < b.download }
            return a.modes.lexicographicallyPrecedes(b.modes)
        }
    }

    /// Ranks one chain; a pack used by two legs is downloaded once.
    func candidate(_ legs: [Direction], pivotSource: Bool, source: String, target: String) -> Candidate {
        let packs = Set(legs.map(\.pack)).compactMap { graph.packs[$0] }
        let missing = packs.filter { !$0.installed }
        return Candidate(
            legs: legs,
            remoteLegs: legs.filter { $0.engine == .remote }.count,
            preferredLegs: ranking.preferredLegs(of: legs),
            pivotSource: pivotSource,
            exactSource: legs.first?.source == source,
            variantTarget: LanguageTag.hasSubtag(target) && legs.last?.target == target,
            allInstalled: missing.isEmpty,
            download: missing.reduce(0) { $0 + $1.downloadSize },
            modes: legs.map(\.mode)
        )
    }

    /// Fewest legs from each language to `target`, by breadth-first search
    /// backwards, so the forward walk only follows edges on a shortest chain.
    func legsToTarget(_ target: String, in graph: DirectionGraph) -> [String: Int] {
        var incoming: [String: [String]] = [:]
        var distance: [String: Int] = [:]
        for direction in graph.directions {
            let from = LanguageTag.base(direction.source)
            if isFinal(direction, into: target) { distance[from] = 1 }
            if isPivot(direction) { incoming[direction.target, default: []].append(from) }
        }
        var frontier = distance.keys.sorted()
        var legs = 1
        while !frontier.isEmpty {
            legs += 1
            var next: [String] = []
            for node in frontier {
                for from in incoming[node] ?? [] where distance[from] == nil {
                    distance[from] = legs
                    next.append(from)
                }
            }
            frontier = next
        }
        return distance
    }

    /// All chains of exactly `legs` directions from `start` to `target`.
    func chains(from start: String, legs: Int, target: String, distance: [String: Int], in graph: DirectionGraph) -> [[Direction]] {
        let outgoing = graph.directions(from: start)
        if legs == 1 {
            let finals = outgoing.filter { isFinal($0, into: target) }
            // The variant mode replaces the plain one of the same engine for the same hop, so
            // the plain mode is only a fallback, never a competing candidate.
            let exactEngines = Set(finals.filter { $0.target == target }.map(\.engine))
            return finals.filter { $0.target == target || !exactEngines.contains($0.engine) }.map { [$0] }
        }
        var result: [[Direction]] = []
        for direction in outgoing where isPivot(direction) && distance[direction.target] == legs - 1 {
            for rest in chains(from: direction.target, legs: legs - 1, target: target, distance: distance, in: graph) {
                result.append([direction] + rest)
            }
        }
        return result
    }
}
