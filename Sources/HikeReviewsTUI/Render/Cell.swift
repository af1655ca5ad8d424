/// One column of the screen.
///
/// A cell holds one glyph (`TerminalText.glyphs(of:)`): a whole grapheme, or one part of a
/// grapheme that terminals draw in several columns, or a placeholder for one curses cannot
/// hold. A wide glyph is stored in its first cell with `width` 2 and is followed by a
/// continuation cell (`width` 0, empty grapheme) so that column arithmetic stays simple.
struct Cell: Hashable, Sendable {
    /// One glyph of sanitized text, or "" for a continuation cell.
    var grapheme: String
    /// Columns taken by `grapheme`: 1, 2, or 0 for a continuation cell.
    var width: UInt8
    var style: Style

    /// An unstyled space, what a cleared screen is made of.
    static let blank = Cell(grapheme: " ", width: 1, style: .plain)

    /// Returns a space cell in `style`.
    static func space(_ style: Style) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// Returns the second half of a wide grapheme drawn in `style`.
    static func continuation(_ style: Style) -> Cell {
        Cell(grapheme: "", width: 0, style: style)
    }

    /// Whether this cell is the second half of a wide grapheme.
    var isContinuation: Bool {
        width == 0
    }
}
