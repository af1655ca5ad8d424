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

    /// Moves `detail`'s selection or viewport with `move`, keeping the blocks it lays out.
    func scroll(_ detail: inout RouteDetailState, _ move: (inout DetailScroller, inout RouteDetailState) -> Void) {
        var scroller = DetailScroller(layout: layout(detail), viewHeight: bodyHeight, blocks: blocks)
        move(&scroller, &detail)
    }

    /// Keeps the selected review on screen (after a block changed height, or the screen's size).
    func reveal(_ detail: inout RouteDetailState) {
        scroll(&detail) { $0.reveal(&$1) }
    }

    /// The blocks of `detail` on screen where it stands, from its top block down as far as the
    /// screen reaches, each taken from `blocks`. On the way out of `reduce` this lays out what
    /// changed; in `AppView.render`, after that `reduce`, every block is a memo hit.
    func layOutViewport(_ detail: RouteDetailState) -> RouteDetailLines {
        viewport(of: detail, layout(detail))
    }

    /// Lays out the blocks of `detail` that are on screen into `blocks`, where the renderer
    /// takes them; `revealing` (a step changed heights) scrolls the selection into view first,
    /// measuring with the same blocks. The scroller is given the viewport's own layout
    /// (revealing moves the selection and the top, which the layout does not depend on), not
    /// made again through `reveal`.
    func layOutViewport(_ detail: inout RouteDetailState, revealing: Bool = false) {
        let layout = layout(detail)
        if revealing {
            var scroller = DetailScroller(layout: layout, viewHeight: bodyHeight, blocks: blocks)
            scroller.reveal(&detail)
        }
        _ = viewport(of: detail, layout)
    }

    /// Which blocks of `layout` are on screen for `detail`, and their lines through the cache.
    private func viewport(of detail: RouteDetailState, _ layout: RouteDetailLayout) -> RouteDetailLines {
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
