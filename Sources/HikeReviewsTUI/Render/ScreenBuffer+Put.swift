extension ScreenBuffer {
    /// Draws `text` on row `y` starting at column `x` and returns the number of columns written.
    ///
    /// The text is sanitized first, and each grapheme is written as its glyphs
    /// (`TerminalText.glyphs(of:)`): never a part of one. It is clipped to the buffer and to
    /// `maxWidth` columns from `x`. A grapheme that would cross the limit is replaced by spaces
    /// in the columns left, so the background style still reaches the edge. Overwriting half of
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
            // One scalar is one glyph (but for a lone regional indicator): skip the array.
            let scalars = grapheme.unicodeScalars
            let single = scalars.index(after: scalars.startIndex) == scalars.endIndex
                && !TerminalText.isRegionalIndicator(scalars[scalars.startIndex])
            let glyphs = single ? [] : TerminalText.glyphs(of: grapheme)
            let graphemeWidth = single ? TerminalText.scalarWidth(scalars[scalars.startIndex]) : glyphs.reduce(0) { $0 + $1.width }
            guard graphemeWidth > 0 else {
                continue
            }
            if column < 0 || column + graphemeWidth > limit {
                // Clipped on the left or the right: the columns it would cover on screen get
                // spaces, so no part of a grapheme is ever drawn and the style reaches the edge.
                var blank = max(column, 0)
                while blank < min(column + graphemeWidth, limit) {
                    write(.space(style), x: blank, y: y)
                    written += 1
                    blank += 1
                }
                column += graphemeWidth
                if column > limit {
                    break
                }
                continue
            }
            if single {
                write(Cell(grapheme: String(grapheme), width: UInt8(graphemeWidth), style: style), x: column, y: y)
                column += graphemeWidth
            }
            for glyph in glyphs {
                write(Cell(grapheme: glyph.text, width: UInt8(glyph.width), style: style), x: column, y: y)
                column += glyph.width
            }
            written += graphemeWidth
        }
        return written
    }
}
