extension ScreenBuffer {
    /// Draws a single-line Unicode box around the edge of `rect`, with an optional title.
    ///
    /// The title sits in the top border after the corner, padded by a space on each side,
    /// and is truncated to fit between the corners. The interior is left untouched so a
    /// widget can fill it first or draw over it. Rects smaller than 2x2 draw nothing
    /// because there is no room for two corners.
    mutating func drawBox(_ rect: Rect, title: String? = nil, style: Style = .plain, titleStyle: Style? = nil) {
        guard rect.width >= 2, rect.height >= 2 else {
            return
        }
        let inner = rect.width - 2
        let horizontal = String(repeating: "\u{2500}", count: inner)
        put("\u{250C}" + horizontal + "\u{2510}", x: rect.x, y: rect.y, style: style)
        for y in rect.y + 1..<rect.maxY - 1 {
            put("\u{2502}", x: rect.x, y: y, style: style)
            put("\u{2502}", x: rect.maxX - 1, y: y, style: style)
        }
        put("\u{2514}" + horizontal + "\u{2518}", x: rect.x, y: rect.maxY - 1, style: style)

        // Below 3 inner columns the padding would leave no room for even an ellipsis.
        guard let title, !title.isEmpty, inner >= 3 else {
            return
        }
        let text = " " + TerminalText.truncate(title, width: inner - 2) + " "
        var emphasized = style
        emphasized.bold = true
        put(text, x: rect.x + 1, y: rect.y, style: titleStyle ?? emphasized, maxWidth: inner)
    }
}
