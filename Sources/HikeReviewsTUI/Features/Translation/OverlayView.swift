import TranslationEngine

/// One review's original and translation, placed above or below the review so it never hides it.
enum OverlayView {
    /// Draws the overlay of the review whose text is `original`, beside where the route screen
    /// (its lines on screen, `screen`) shows it.
    static func draw(_ overlay: OverlayState, original: String, screen: RouteDetailLines, in area: Rect, into buffer: inout ScreenBuffer) {
        let width = min(area.width, RouteDetailLayout.readableTextWidth + 4)
        let inner = max(width - 4, 1)
        // The translation first: when space is short, the original (on screen anyway) is cut.
        var lines: [(text: [(text: String, style: Style)], plain: Bool)] = []
        var title = "\(LanguageNames.name(of: overlay.target)) [\(overlay.target)]"
        // Which engine translated it, when a neural model did, and whether the memory answered
        // (the inline tag's wording).
        if case .done(let done) = overlay.status, done.engines.contains(.neural) || done.remembered {
            title += " · " + RouteDetailText.routeTag(done.route, engines: done.engines, remembered: done.remembered)
        }
        lines.append(([(title, .dialogTitle)], true))
        for line in RouteDetailText.translationLines(ReviewTranslation(target: overlay.target, status: overlay.status), width: inner).dropFirst(overlay.status.isDone ? 1 : 0) {
            lines.append((line.segments, true))
        }
        lines.append(([("", .dialog)], true))
        lines.append(([("\(LanguageNames.name(of: overlay.source)) [\(overlay.source)] (original)", .dialogTitle)], true))
        for line in TerminalText.wrap(original, width: inner) { lines.append(([(line, .dim)], true)) }
        // Where the review is on screen: the overlay takes the larger space above or below it.
        let reviewRows = rowsOfSelectedReview(screen, area: area)
        let above = Rect(x: area.x, y: area.y, width: area.width, height: max(reviewRows.lowerBound - area.y, 0))
        let below = Rect(x: area.x, y: reviewRows.upperBound, width: area.width, height: max(area.y + area.height - reviewRows.upperBound, 0))
        let room = above.height >= below.height ? above : below
        let target = room.height >= 5 ? room : area
        let height = min(target.height, lines.count + 3)
        let box = Rect(x: target.x + (target.width - width) / 2, y: room == above ? target.y + target.height - height : target.y, width: width, height: height)
        buffer.fill(box, style: .dialog)
        let keys = [KeyBindings.hint(.pickTarget, "language", in: .overlay), KeyBindings.hint(.putInline, "inline", in: .overlay),
                    KeyBindings.hint(.cancel, "close", in: .overlay)]
        buffer.drawBox(box, title: (["Translation"] + keys).joined(separator: " · "), style: .dialog)
        let body = box.inset(horizontal: 2, vertical: 1)
        for (row, line) in lines.prefix(max(body.height, 0)).enumerated() {
            var x = body.x
            for segment in line.text {
                x += buffer.put(TerminalText.sanitize(segment.text), x: x, y: body.y + row, style: segment.style == .plain ? .dialog : segment.style,
                                maxWidth: body.x + body.width - x)
            }
        }
    }

    /// The screen rows the selected review occupies (clamped to the area).
    static func rowsOfSelectedReview(_ screen: RouteDetailLines, area: Rect) -> Range<Int> {
        var y = area.y - screen.detail.topOffset
        for (offset, block) in screen.blocks.enumerated() {
            if screen.detail.top + offset == screen.detail.selected + 1 {
                let top = max(y, area.y), bottom = min(y + block.count, area.y + area.height)
                return top..<max(top, bottom)
            }
            y += block.count
            if y >= area.y + area.height { break }
        }
        return area.y..<area.y
    }
}
