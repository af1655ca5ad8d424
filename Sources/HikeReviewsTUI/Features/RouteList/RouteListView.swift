import Foundation
import ReviewModel
import TranslationEngine

/// The route list: one row per route with its facts and the languages its reviews are in.
enum RouteListView {
    /// A column of the table; columns with a lower priority go first when the screen is narrow.
    private struct Column: Sendable {
        var title: String
        var width: Int
        var priority: Int
        var rightAligned: Bool
        var value: @Sendable (Route, [String]) -> String
    }

    private static let columns: [Column] = [
        Column(title: "Country", width: 12, priority: 3, rightAligned: false) { route, _ in route.country },
        Column(title: "Length", width: 8, priority: 4, rightAligned: true) { route, _ in RouteFacts.kilometres(route.lengthKm) },
        Column(title: "Ascent", width: 7, priority: 2, rightAligned: true) { route, _ in "\(route.ascentM) m" },
        Column(title: "Rating", width: 6, priority: 5, rightAligned: true) { route, _ in RouteFacts.rating(of: route) },
        Column(title: "Revs", width: 4, priority: 5, rightAligned: true) { route, _ in "\(route.reviews.count)" },
        Column(title: "Languages", width: 14, priority: 1, rightAligned: false) { _, tags in
            tags.isEmpty ? "…" : tags.joined(separator: " ")
        },
    ]

    /// As many tags as fit, then "+N" for the rest: "es fr en +9".
    static func fitTags(_ joined: String, width: Int) -> String {
        let tags = joined.split(separator: " ").map(String.init)
        guard TerminalText.width(joined) > width else { return joined }
        var shown: [String] = []
        for (index, tag) in tags.enumerated() {
            let rest = tags.count - index - 1
            let candidate = (shown + [tag]).joined(separator: " ") + (rest > 0 ? " +\(rest)" : "")
            guard TerminalText.width(candidate) <= width else { break }
            shown.append(tag)
        }
        let hidden = tags.count - shown.count
        return TerminalText.truncate((shown + ["+\(hidden)"]).joined(separator: " "), width: width)
    }

    /// Draws the rows of `list` from `routes`, with each route's detected `languageTags`.
    static func draw(_ list: RouteListState, routes: [Route], languageTags: [[String]], in rect: Rect, into buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        let (headerRow, rows) = rect.splitRows(top: 1)
        let nameMinimum = 16
        // Keep as many columns as fit beside a name column of at least `nameMinimum`.
        var kept = columns
        while !kept.isEmpty && kept.reduce(0, { $0 + $1.width + 1 }) + nameMinimum + 2 > rect.width {
            let lowest = kept.indices.min { kept[$0].priority < kept[$1].priority }!
            kept.remove(at: lowest)
        }
        let fixed = kept.reduce(0) { $0 + $1.width + 1 }
        var languagesExtra = 0
        let nameWidth: Int
        if rect.width - fixed - 2 > 34, kept.contains(where: { $0.title == "Languages" }) {
            nameWidth = 34
            languagesExtra = rect.width - fixed - 2 - nameWidth
        } else {
            nameWidth = max(rect.width - fixed - 2, 1)
        }

        func drawRow(y: Int, name: String, cells: [String], style: Style) {
            var x = rect.x + 1
            _ = buffer.put(TerminalText.pad(TerminalText.truncate(name, width: nameWidth), width: nameWidth), x: x, y: y, style: style)
            x += nameWidth + 1
            for (column, text) in zip(kept, cells) {
                let width = column.width + (column.title == "Languages" ? languagesExtra : 0)
                var shown = column.title == "Languages" ? fitTags(text, width: width) : TerminalText.truncate(text, width: width)
                if column.rightAligned {
                    shown = String(repeating: " ", count: width - TerminalText.width(shown)) + shown
                }
                _ = buffer.put(TerminalText.pad(shown, width: width), x: x, y: y, style: style)
                x += width + 1
            }
        }

        drawRow(y: headerRow.y, name: "Route", cells: kept.map(\.title), style: .columnHeader)
        if list.visible.isEmpty {
            let message = routes.isEmpty ? "No routes in the data." : "No route matches “\(list.searchText)”. Press \(KeyBindings.name(of: .clearFilters, in: .routeList)) to clear."
            _ = buffer.put(message, x: rows.x + 1, y: rows.y, style: .dim, maxWidth: rows.width - 2)
            return
        }
        for row in 0..<rows.height {
            let position = list.scroll + row
            guard position < list.visible.count else { break }
            let route = routes[list.visible[position]]
            let tags = languageTags[list.visible[position]]
            let style: Style = position == list.selected ? .selected : .plain
            if position == list.selected {
                buffer.fill(Rect(x: rows.x, y: rows.y + row, width: rows.width, height: 1), style: .selected)
            }
            drawRow(y: rows.y + row, name: route.name, cells: kept.map { $0.value(route, tags) }, style: style)
        }
    }
}
