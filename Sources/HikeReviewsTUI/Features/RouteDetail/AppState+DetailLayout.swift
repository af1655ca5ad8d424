import Foundation

/// The route screen's measurement: its layout and the blocks laid out for it.
extension AppState {

    /// Lays out the route screen's blocks that are on screen, so the renderer draws kept lines:
    /// whatever an action changed (a translation arriving, the languages detected, a resize) is
    /// laid out here once, and not again while it is drawn.
    mutating func layOutViewport() {
        guard let detail, !isTooSmall else { return }
        let layout = detailLayout(detail)
        var y = -detail.topOffset
        var block = detail.top
        while y < bodyHeight && block < layout.blockCount {
            y += layout.height(ofBlock: block, keepingIn: &detailBlocks)
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

    /// What the route screen's view draws: its layout and the lines kept for it.
    func detailLines(_ detail: RouteDetailState) -> RouteDetailLines {
        RouteDetailLines(layout: detailLayout(detail), blocks: detailBlocks)
    }

    /// Moves `detail`'s selection or viewport with `move`, keeping the blocks it lays out.
    mutating func scroll(_ detail: inout RouteDetailState, _ move: (inout DetailScroller, inout RouteDetailState) -> Void) {
        var scroller = DetailScroller(layout: detailLayout(detail), viewHeight: bodyHeight, blocks: detailBlocks)
        // The scroller holds the only copy while it works, so keeping a block copies no others.
        detailBlocks = LaidOutBlocks()
        move(&scroller, &detail)
        detailBlocks = scroller.blocks
    }
}
