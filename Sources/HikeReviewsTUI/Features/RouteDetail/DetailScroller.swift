/// Moves the route detail's selection and viewport, one review block at a time or line by line.
///
/// It measures only the blocks between the viewport and the selection, so a key costs the same
/// on a route with ten reviews or ten thousand. A block's height is the count of its lines in
/// `blocks`, which lays it out there once, so the viewport and the renderer take those lines
/// without laying them out again.
struct DetailScroller {
    var layout: RouteDetailLayout
    var viewHeight: Int
    var blocks: LaidOutBlocks

    private var lastBlock: Int { layout.blockCount - 1 }

    /// Lines from the viewport's top down to the end of `block` (inclusive).
    private func linesFromTop(through block: Int, in detail: RouteDetailState) -> Int {
        guard block >= detail.top else { return 0 }
        var total = -detail.topOffset
        for b in detail.top...block {
            total += blocks.lines(ofBlock: b, of: layout).count
        }
        return total
    }

    /// Scrolls so the selected review is on screen: its start if it is above, its end if below.
    func reveal(_ detail: inout RouteDetailState) {
        clampSelection(&detail)
        let block = detail.visible.isEmpty ? 0 : detail.selected + 1
        if detail.selected == 0 && !detail.visible.isEmpty && detail.top <= 1 {
            // The first review keeps the route header in view when both fit.
            let header = blocks.lines(ofBlock: 0, of: layout), first = blocks.lines(ofBlock: min(1, lastBlock), of: layout)
            let headerAndFirst = header.count + first.count
            if headerAndFirst <= viewHeight {
                detail.top = 0
                detail.topOffset = 0
                return
            }
        }
        if block < detail.top || (block == detail.top && detail.topOffset > 0 && blocks.lines(ofBlock: block, of: layout).count <= viewHeight) {
            detail.top = block
            detail.topOffset = 0
            return
        }
        if block == detail.top { return }
        let needed = linesFromTop(through: block, in: detail)
        if needed > viewHeight {
            let height = blocks.lines(ofBlock: block, of: layout).count
            if height >= viewHeight {
                detail.top = block
                detail.topOffset = 0
            } else {
                advance(&detail, by: needed - viewHeight)
            }
        }
        clampToEnd(&detail)
    }

    /// j: scroll a long review line by line, else select the next review.
    func moveDown(_ detail: inout RouteDetailState) {
        guard !detail.visible.isEmpty else { return }
        let block = detail.selected + 1
        if linesFromTop(through: block - 1, in: detail) >= viewHeight {
            // The selected review starts below the screen (a tall header above it): bring it up first.
            reveal(&detail)
            return
        }
        if block >= detail.top && linesFromTop(through: block, in: detail) > viewHeight {
            advance(&detail, by: 1)
            clampToEnd(&detail)
            return
        }
        if detail.selected < detail.visible.count - 1 {
            detail.selected += 1
            reveal(&detail)
        }
    }

    /// k: scroll back up inside a long review, else select the previous review.
    func moveUp(_ detail: inout RouteDetailState) {
        guard !detail.visible.isEmpty else { return }
        let block = detail.selected + 1
        if block == detail.top && detail.topOffset > 0 {
            detail.topOffset -= 1
            return
        }
        if detail.selected > 0 {
            detail.selected -= 1
            reveal(&detail)
        } else if detail.top > 0 || detail.topOffset > 0 {
            detail.top = 0
            detail.topOffset = 0
        }
    }

    /// PgDn / PgUp: move the viewport by `lines`, then select the first review that starts on screen.
    func page(_ detail: inout RouteDetailState, by lines: Int) {
        guard lines != 0 else { return }
        if lines > 0 {
            advance(&detail, by: lines)
            clampToEnd(&detail)
        } else {
            retreat(&detail, by: -lines)
        }
        guard !detail.visible.isEmpty else { return }
        var candidate = detail.topOffset == 0 ? detail.top : detail.top + 1
        if candidate == 0 { candidate = 1 }
        let startsOnScreen = candidate <= lastBlock && linesFromTop(through: candidate - 1, in: detail) < viewHeight
        detail.selected = startsOnScreen ? candidate - 1 : max(detail.top - 1, 0)
        clampSelection(&detail)
    }

    /// G: the last lines of the last review at the bottom of the screen.
    func scrollToEnd(_ detail: inout RouteDetailState) {
        detail.top = lastBlock
        detail.topOffset = 0
        let lastHeight = blocks.lines(ofBlock: lastBlock, of: layout).count
        if lastHeight > viewHeight {
            detail.topOffset = lastHeight - viewHeight
            return
        }
        retreat(&detail, by: viewHeight - lastHeight)
    }

    private func clampSelection(_ detail: inout RouteDetailState) {
        detail.selected = min(max(detail.selected, 0), max(detail.visible.count - 1, 0))
        detail.top = min(max(detail.top, 0), lastBlock)
    }

    private func advance(_ detail: inout RouteDetailState, by lines: Int) {
        var remaining = lines
        while remaining > 0 {
            let height = blocks.lines(ofBlock: detail.top, of: layout).count
            let left = height - detail.topOffset
            if remaining < left {
                detail.topOffset += remaining
                return
            }
            if detail.top == lastBlock {
                detail.topOffset = max(height - 1, 0)
                return
            }
            remaining -= left
            detail.top += 1
            detail.topOffset = 0
        }
    }

    private func retreat(_ detail: inout RouteDetailState, by lines: Int) {
        var remaining = lines
        while remaining > 0 {
            if remaining <= detail.topOffset {
                detail.topOffset -= remaining
                return
            }
            remaining -= detail.topOffset
            detail.topOffset = 0
            if detail.top == 0 { return }
            detail.top -= 1
            detail.topOffset = blocks.lines(ofBlock: detail.top, of: layout).count
        }
    }

    /// Keeps the end of the content from rising above the bottom of the screen.
    private func clampToEnd(_ detail: inout RouteDetailState) {
        var below = -detail.topOffset
        var block = detail.top
        while block <= lastBlock && below < viewHeight {
            below += blocks.lines(ofBlock: block, of: layout).count
            block += 1
        }
        if below < viewHeight {
            retreat(&detail, by: viewHeight - below)
        }
    }
}
