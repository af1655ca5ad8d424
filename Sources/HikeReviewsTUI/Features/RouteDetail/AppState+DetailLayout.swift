import Foundation

/// The route screen's measurement: its layout and the blocks laid out for it.
extension AppState {

    /// Lays out the route screen's blocks that are on screen, so the renderer draws kept lines:
    /// whatever an action changed (a translation arriving, the languages detected, a resize) is
    /// laid out here once, and not again while it is drawn.
    func layOutViewport() {
        guard let detail, !isTooSmall else { return }
        let layout = detailLayout(detail)
        var y = -detail.topOffset
        var block = detail.top
        while y < bodyHeight && block < layout.blockCount {
            y += layout.height(ofBlock: block, keepingIn: laidOut)
            block += 1
        }
    }

    /// Columns the route detail gives to text: the screen, but no wider than is comfortable to read.
    var detailTextWidth: Int { min(max(1, size.width - 2), Self.readableTextWidth) }

    /// Lines longer than this are hard to follow on a wide terminal.
    static let readableTextWidth = 100

    func detailLayout(_ detail: RouteDetailState) -> RouteDetailLayout {
        RouteDetailLayout(route: routes[detail.routeIndex], routeIndex: detail.routeIndex, visible: detail.visible, query: detail.query,
                          languages: languages, width: detailTextWidth, translations: translations,
                          showingOriginal: showingOriginal, originalsOnly: originalsOnly, overrides: languageOverrides)
    }

    /// What the route screen's view draws: its layout and the lines kept for it in `blocks`.
    func detailLines(_ detail: RouteDetailState, from blocks: LaidOutBlocks = LaidOutBlocks()) -> RouteDetailLines {
        RouteDetailLines(layout: detailLayout(detail), blocks: blocks)
    }

    /// The cache the `reduce` under way measures with (a throwaway one outside `reduce`).
    var laidOut: LaidOutBlocks { LaidOutBlocks.current ?? LaidOutBlocks() }

    /// Moves `detail`'s selection or viewport with `move`, keeping the blocks it lays out.
    func scroll(_ detail: inout RouteDetailState, _ move: (inout DetailScroller, inout RouteDetailState) -> Void) {
        var scroller = DetailScroller(layout: detailLayout(detail), viewHeight: bodyHeight, blocks: laidOut)
        move(&scroller, &detail)
    }
}
