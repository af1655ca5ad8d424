import Foundation

extension PackCatalog {
    /// The catalog of a store and repositories, with the data roots that `environment` names
    /// (HIKE_REVIEWS_PAIRS_PATH, HIKE_REVIEWS_SYSTEM_PAIRS) rather than the process's.
    public static func load(store: PackStore, repositoryURLs: [URL], environment: [String: String]) -> PackCatalog {
        PackCatalog(store: store, repositoryURLs: repositoryURLs, repository: PackRepository.localIndex(repositoryURLs, store: store),
                    pairs: InstalledPairs.scan(store: store, environment: environment))
    }

    /// The planner that sessions and `LanguageAvailability` route with over this catalog: the
    /// packs on disk (`PackInfo.installed`), then the repositories' others.
    public func routePlanner(engine: EnginePreference = .auto) -> RoutePlanner {
        RoutePlanner(packs: packInfos, engine: engine)
    }
}
