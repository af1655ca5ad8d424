import Foundation
import ReviewModel

/// Selection, scroll and search of the route list.
struct RouteListState: Hashable, Sendable {
    /// Indices into the app's routes that pass the search, in display order.
    var visible: [Int] = []
    var selected = 0
    var scroll = 0
    var searchText = ""

    /// The route under the selection, if any passes the search.
    var selectedRoute: Int? { visible.indices.contains(selected) ? visible[selected] : nil }

    /// Moves the selection for a move command, `rows` routes on screen; false when `command`
    /// is not a move.
    mutating func move(_ command: Command, rows: Int) -> Bool {
        guard let moved = Command.move(command, from: selected, last: visible.count - 1, page: max(1, rows - 1)) else { return false }
        selected = moved
        clamp(rows: rows)
        return true
    }

    /// Keeps the selection among the routes and on screen.
    mutating func clamp(rows: Int) {
        let count = visible.count
        selected = min(max(selected, 0), max(count - 1, 0))
        if selected < scroll {
            scroll = selected
        } else if selected >= scroll + rows {
            scroll = selected - rows + 1
        }
        scroll = min(max(scroll, 0), max(count - rows, 0))
    }

    /// Shows the routes whose name, country, region or id contains `text`.
    mutating func search(_ text: String, in routes: [Route]) {
        searchText = text
        let needle = text.trimmingCharacters(in: .whitespaces)
        visible = routes.indices.filter { index in
            guard !needle.isEmpty else { return true }
            let route = routes[index]
            return [route.name, route.country, route.region, route.id].contains {
                $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
        selected = 0
        scroll = 0
    }
}
