/// Whether a language pair can be translated, from a set of packs at one moment: the one
/// availability of the engine. `LanguageAvailability` (Apple's API) answers with it, over the
/// packs as they are when asked, and its `Status` is this one.
public struct Availability: Sendable {
    /// The answer for one pair (`LanguageAvailability.Status`).
    public enum Status: String, Equatable, Sendable {
        /// Every pack on the planned route is on disk.
        case installed
        /// A route exists but needs at least one pack downloaded.
        case supported
        /// No route exists.
        case unsupported
    }

    /// The planner that decides routes.
    public let planner: RoutePlanner

    /// Creates an availability check over packs, with the directions `engine` allows, planned
    /// as `ranking` says.
    public init(packs: [PackInfo], engine: EnginePreference = .auto, ranking: RouteRanking = .neuralFirst) {
        planner = RoutePlanner(packs: packs, engine: engine, ranking: ranking)
    }

    /// The status of translating `source` into `target` (BCP 47 tags).
    public func status(from source: String, to target: String) -> Status {
        guard let route = planner.route(from: source, to: target) else { return .unsupported }
        let installed = route.allSatisfy { planner.graph.packs[$0.pack]?.installed == true }
        return installed ? .installed : .supported
    }

    /// Every tag some direction reads or writes, sorted; `hbs` as a source
    /// adds `hr`, `sr` and `bs`, which it accepts as input.
    public var supportedLanguages: [String] {
        var tags: Set<String> = []
        for direction in planner.graph.directions {
            tags.insert(LanguageTag.base(direction.source))
            tags.insert(direction.target)
            if LanguageTag.base(direction.source) == "hbs" {
                tags.formUnion(LanguageTag.serboCroatianMembers)
            }
        }
        return tags.sorted()
    }
}
