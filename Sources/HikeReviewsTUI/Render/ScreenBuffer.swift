/// An in-memory grid of cells that widgets draw into and a backend copies to the terminal.
///
/// Invariant: every cell with width 2 is immediately followed by a continuation cell on the
/// same row, and every continuation cell follows a width-2 cell. All mutations keep it.
struct ScreenBuffer: Equatable, Sendable {
    /// Columns; never negative.
    private(set) var width: Int
    /// Rows; never negative.
    private(set) var height: Int
    /// Row-major: the cell at (x, y) is `cells[y * width + x]`.
    private(set) var cells: [Cell]

    /// Creates a buffer of blank cells; negative sizes become 0.
    init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The whole buffer as a rect at the origin.
    var bounds: Rect {
        Rect(x: 0, y: 0, width: width, height: height)
    }

    /// The cell at column `x`, row `y`; both must be inside the buffer.
    ///
    /// Read-only so that nothing can break the wide-cell invariant; draw with `put` or `fill`.
    subscript(x: Int, y: Int) -> Cell {
        precondition(contains(x: x, y: y), "cell (\(x), \(y)) is outside a \(width)x\(height) buffer")
        return cells[y * width + x]
    }

    /// Whether (x, y) is inside the buffer.
    func contains(x: Int, y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height
    }

    /// Resets every cell to a blank, unstyled space.
    mutating func clear() {
        cells = Array(repeating: .blank, count: width * height)
    }

    /// Fills the part of `rect` inside the buffer with spaces in `style`.
    ///
    /// Wide graphemes cut by the rect's edges lose their outside half to a space too.
    mutating func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        for y in area.rows {
            for x in area.columns {
                write(.space(style), x: x, y: y)
            }
        }
    }

    /// Returns each row as text for snapshot tests: continuation cells skipped, trailing spaces trimmed.
    func lines() -> [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation {
                line += self[x, y].grapheme
            }
            while line.last == " " {
                line.removeLast()
            }
            return line
        }
    }

    /// Stores `cell` (width 1 or 2) at (x, y), turning any wide grapheme it cuts in half into a space.
    ///
    /// The caller guarantees that all columns the cell covers are inside the buffer.
    mutating func write(_ cell: Cell, x: Int, y: Int) {
        precondition(cell.width == 1 || cell.width == 2, "only whole graphemes can be written")
        let span = Int(cell.width)
        precondition(contains(x: x, y: y) && x + span <= width, "cell at (\(x), \(y)) does not fit")
        let row = y * width
        // A continuation under the first column belongs to a wide grapheme starting to the left.
        if cells[row + x].isContinuation && x > 0 {
            cells[row + x - 1] = .space(cells[row + x - 1].style)
        }
        // A wide grapheme under the last column has its continuation to the right.
        let last = x + span - 1
        if cells[row + last].width == 2 && last + 1 < width {
            cells[row + last + 1] = .space(cells[row + last + 1].style)
        }
        cells[row + x] = cell
        if span == 2 {
            cells[row + x + 1] = .continuation(cell.style)
        }
    }
}
