/// Selection, scroll and search of the route list.
struct RouteListState: Hashable, Sendable {
    /// Indices into `AppState.routes` that pass the search, in display order.
    var visible: [Int] = []
    var selected = 0
    var scroll = 0
    var searchText = ""
}
