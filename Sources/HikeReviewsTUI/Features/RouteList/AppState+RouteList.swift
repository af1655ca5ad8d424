/// The route list's keys: `RouteListState` moves and searches; opening a route and the search
/// field are the app's.
extension AppState {
    mutating func runRouteList(_ command: Command) -> [Effect] {
        if routeList.move(command, rows: routeListRows) { return [] }
        switch command {
        case .open:
            guard let route = routeList.selectedRoute else { return [] }
            openRoute(route)
            // What the memory holds for the route shows at once.
            return recallShown()
        case .search:
            modals.append(.textInput(TextInputState(purpose: .searchRoutes, text: routeList.searchText)))
        case .clearFilters:
            routeList.search("", in: routes)
        default:
            break
        }
        return []
    }

    /// Rows the route list has for routes (below its column header).
    var routeListRows: Int { max(1, bodyHeight - 1) }
}
