import Foundation

extension PackCatalog {
    /// The planner that sessions and `LanguageAvailability` route with over this catalog: the
    /// packs on disk (`PackInfo.installed`), then the repositories' others.
    public func routePlanner(engine: EnginePreference = .auto, ranking: RouteRanking = .neuralFirst) -> RoutePlanner {
        RoutePlanner(packs: packInfos, engine: engine, ranking: ranking)
    }

    /// Every direction of the packs on disk (store, data roots, Debian's): what a server that
    /// never downloads can translate, leg by leg.
    public var installedDirections: [Direction] {
        pairs.packs.flatMap(\.directions)
    }
}
