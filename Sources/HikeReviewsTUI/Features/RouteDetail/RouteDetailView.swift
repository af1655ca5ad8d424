/// The route detail: the route's header and description, then its reviews, from the scroll position down.
enum RouteDetailView {
    /// Draws the laid-out `lines` from `detail`'s scroll position, marking the selected review.
    static func draw(_ lines: RouteDetailLines, _ detail: RouteDetailState, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        var y = rect.y
        var block = detail.top
        var skip = detail.topOffset
        while y < rect.y + rect.height && block < lines.blockCount {
            let selected = block == detail.selected + 1 && !detail.visible.isEmpty
            for line in lines.lines(ofBlock: block).dropFirst(skip) {
                guard y < rect.y + rect.height else { break }
                if selected && !line.segments.allSatisfy({ $0.text.isEmpty }) {
                    _ = buffer.put("▌", x: rect.x, y: y, style: .marker)
                }
                var x = rect.x + 1
                for segment in line.segments {
                    x += buffer.put(segment.text, x: x, y: y, style: segment.style, maxWidth: rect.x + rect.width - x)
                }
                y += 1
            }
            skip = 0
            block += 1
        }
    }
}
