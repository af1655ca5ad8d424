/// The route detail: the route's header and description, then its reviews, from the scroll position down.
enum RouteDetailView {
    /// Draws the blocks `lines` holds (those on screen) from the scroll position, marking the selected review.
    static func draw(_ lines: RouteDetailLines, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        let detail = lines.detail
        var y = rect.y
        var skip = detail.topOffset
        for (offset, block) in lines.blocks.enumerated() where y < rect.y + rect.height {
            let selected = detail.top + offset == detail.selected + 1 && !detail.visible.isEmpty
            for line in block.dropFirst(skip) {
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
        }
    }
}
