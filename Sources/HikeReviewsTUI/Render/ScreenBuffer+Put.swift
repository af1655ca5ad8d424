extension ScreenBuffer {
    /// Draws `text` on row `y` starting at column `x` and returns the number of columns written.
    ///
    /// The text is sanitized first. It is clipped to the buffer and to `maxWidth` columns
    /// from `x`. A wide grapheme that would cross the limit is replaced by a space in the
    /// one column left, so the background style still reaches the edge. Overwriting half of
    /// a wide grapheme already on screen replaces its other half with a space.
    @discardableResult
    mutating func put(_ text: String, x: Int, y: Int, style: Style, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else {
            return 0
        }
        let limit = min(width, maxWidth.map { x + max($0, 0) } ?? width)
        var column = x
        var written = 0
        for grapheme in TerminalText.sanitize(text) {
            guard column < limit else {
                break
            }
            let graphemeWidth = TerminalText.width(of: grapheme)
            guard graphemeWidth > 0 else {
                continue
            }
            if column < 0 {
                // Clipped on the left; a wide grapheme straddling column 0 leaves a space.
                if column + graphemeWidth > 0 && limit > 0 {
                    write(.space(style), x: 0, y: y)
                    written += 1
                }
                column += graphemeWidth
                continue
            }
            if column + graphemeWidth > limit {
                write(.space(style), x: column, y: y)
                written += 1
                break
            }
            write(Cell(grapheme: String(grapheme), width: UInt8(graphemeWidth), style: style), x: column, y: y)
            column += graphemeWidth
            written += graphemeWidth
        }
        return written
    }
}
