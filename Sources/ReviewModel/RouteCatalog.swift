/// All routes of a `routes.json` file, in file order.
public struct RouteCatalog: Codable, Sendable, Hashable {
    /// The routes; their ids are unique when the catalog comes from `CatalogLoader`.
    public var routes: [Route]

    /// Creates a catalog from routes without validating them.
    public init(routes: [Route]) {
        self.routes = routes
    }
}
