/// A rectangle of screen cells, given to a widget to draw into.
///
/// Widgets draw into the rect they are given and never ask the terminal for its size,
/// which keeps them testable against a `ScreenBuffer` of any size.
struct Rect: Hashable, Sendable {
    var x: Int
    var y: Int
    /// Never negative.
    var width: Int
    /// Never negative.
    var height: Int

    /// Creates a rect; negative sizes become 0 so layout arithmetic can never produce nonsense.
    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// Whether the rect covers no cell.
    var isEmpty: Bool {
        width == 0 || height == 0
    }

    /// The column just past the right edge.
    var maxX: Int {
        x + width
    }

    /// The row just past the bottom edge.
    var maxY: Int {
        y + height
    }

    /// The row indices the rect covers, for `for y in rect.rows`.
    var rows: Range<Int> {
        y..<maxY
    }

    /// The column indices the rect covers.
    var columns: Range<Int> {
        x..<maxX
    }
}
