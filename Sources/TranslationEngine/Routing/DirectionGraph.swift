/// The directions of a set of packs, indexed by source language for routing.
public struct DirectionGraph: Sendable {
    /// Packs by id.
    public let packs: [String: PackInfo]
    /// Directions leaving each source language (base subtag), sorted by mode
    /// so every walk over the graph is deterministic.
    let outgoing: [String: [Direction]]

    /// Builds the graph; a later pack with an id already seen replaces the earlier one.
    public init(packs: [PackInfo]) {
        var byID: [String: PackInfo] = [:]
        for pack in packs { byID[pack.id] = pack }
        var outgoing: [String: [Direction]] = [:]
        for pack in byID.values {
            for direction in pack.directions {
                outgoing[LanguageTag.base(direction.source), default: []].append(direction)
            }
        }
        self.packs = byID
        self.outgoing = outgoing.mapValues { $0.sorted { ($0.mode, $0.pack) < ($1.mode, $1.pack) } }
    }

    /// Every direction in the graph, sorted by mode.
    public var directions: [Direction] {
        outgoing.values.flatMap { $0 }.sorted { ($0.mode, $0.pack) < ($1.mode, $1.pack) }
    }

    /// Directions leaving a source language (base subtag).
    func directions(from language: String) -> [Direction] {
        outgoing[language] ?? []
    }
}
