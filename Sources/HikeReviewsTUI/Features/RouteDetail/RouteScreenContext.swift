import ReviewModel

/// What the route screen's reducer reads from the rest of the app, read-only: the routes and
/// their detected languages, what is shown of the translations (block heights depend on it),
/// the text's width and the screen's height, and the runner's layout cache it measures with.
///
/// The app builds one per action (its `routeContext`); nothing in it is written back.
struct RouteScreenContext {
    var routes: [Route]
    var languages: [String: String]
    var languageCounts: RouteLanguageCounts
    /// Languages the user named for reviews that could not be identified.
    var overrides: [String: String] = [:]
    var translations = ShownTranslations()
    var showingOriginal: Set<String> = []
    var originalsOnly = false
    /// Columns the text gets, and rows between the title bar and the status bar.
    var textWidth: Int
    var bodyHeight: Int
    /// The layout cache to measure with and keep lines in: the one `reduce` was given.
    var blocks: LaidOutBlocks

    func reviews(of detail: RouteDetailState) -> [Review] { routes[detail.routeIndex].reviews }

    /// The screen's layout for `detail`: what its blocks are made of.
    func layout(_ detail: RouteDetailState) -> RouteDetailLayout {
        RouteDetailLayout(route: routes[detail.routeIndex], routeIndex: detail.routeIndex, visible: detail.visible, query: detail.query,
                          languages: languages, width: textWidth, translations: translations,
                          showingOriginal: showingOriginal, originalsOnly: originalsOnly, overrides: overrides)
    }

    /// The scroller that moves `detail`'s selection and viewport (and keeps the selection on
    /// screen after a block changed height): it measures with the screen's layout and the cache
    /// it is given, and keeps the blocks it lays out there.
    func scroller(for detail: RouteDetailState) -> DetailScroller {
        DetailScroller(layout: layout(detail), viewHeight: bodyHeight, blocks: blocks)
    }

    /// The blocks of `detail` on screen where it stands, from its top block down as far as the
    /// screen reaches, each taken from `blocks`. On the way out of `reduce` this lays out what
    /// changed; in `AppView.render`, after that `reduce`, every block is a memo hit.
    func layOutViewport(_ detail: RouteDetailState) -> RouteDetailLines {
        let layout = layout(detail)
        var viewport = RouteDetailLines(detail: detail)
        var y = -detail.topOffset
        var block = detail.top
        while y < bodyHeight && block < layout.blockCount {
            viewport.blocks.append(blocks.lines(ofBlock: block, of: layout))
            y += viewport.blocks[viewport.blocks.count - 1].count
            block += 1
        }
        return viewport
    }
}
