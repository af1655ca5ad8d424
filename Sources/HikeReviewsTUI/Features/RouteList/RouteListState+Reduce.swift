import ReviewModel

/// What a route list key asks of the app beyond the list's own change.
enum RouteListOutcome: Equatable {
    case none
    /// Open the route with this index.
    case open(Int)
    case openSearch(TextInputState)
}

/// The route list's reducer: `rows` routes on screen, searched in `routes`.
extension RouteListState {
    mutating func run(_ command: Command, routes: [Route], rows: Int) -> RouteListOutcome {
        if move(command, rows: rows) { return .none }
        switch command {
        case .open:
            return selectedRoute.map { .open($0) } ?? .none
        case .search:
            return .openSearch(TextInputState(purpose: .searchRoutes, text: searchText))
        case .clearFilters:
            search("", in: routes)
        default:
            break
        }
        return .none
    }
}
