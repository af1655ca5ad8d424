import Foundation

/// The route list: selection, scroll and search.
extension AppState {

    // MARK: Route list

    mutating func runRouteList(_ command: Command) -> [Effect] {
        let count = routeList.visible.count
        if let moved = Command.move(command, from: routeList.selected, last: count - 1, page: max(1, routeListRows - 1)) {
            routeList.selected = moved
            clampRouteList()
            return []
        }
        switch command {
        case .open:
            guard count > 0 else { return [] }
            openRoute(routeList.visible[routeList.selected])
            // What the memory holds for the route shows at once.
            return recallShown()
        case .search:
            modals.append(.textInput(TextInputState(purpose: .searchRoutes, text: routeList.searchText)))
        case .clearFilters:
            applyRouteSearch("")
        default:
            break
        }
        return []
    }

    /// Rows the route list has for routes (below its column header).
    var routeListRows: Int { max(1, bodyHeight - 1) }

    mutating func clampRouteList() {
        let count = routeList.visible.count
        routeList.selected = min(max(routeList.selected, 0), max(count - 1, 0))
        let rows = routeListRows
        if routeList.selected < routeList.scroll {
            routeList.scroll = routeList.selected
        } else if routeList.selected >= routeList.scroll + rows {
            routeList.scroll = routeList.selected - rows + 1
        }
        routeList.scroll = min(max(routeList.scroll, 0), max(count - rows, 0))
    }

    mutating func applyRouteSearch(_ text: String) {
        routeList.searchText = text
        let needle = text.trimmingCharacters(in: .whitespaces)
        routeList.visible = routes.indices.filter { index in
            guard !needle.isEmpty else { return true }
            let route = routes[index]
            return [route.name, route.country, route.region, route.id].contains {
                $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
        routeList.selected = 0
        routeList.scroll = 0
    }
}
