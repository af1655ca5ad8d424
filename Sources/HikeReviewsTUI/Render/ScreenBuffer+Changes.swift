extension ScreenBuffer {
    /// A run of consecutive changed cells on one row, for a backend to write in one go.
    ///
    /// A run never starts with a continuation cell and never ends with the first half of a
    /// wide grapheme, so a backend can write the graphemes in order (skipping continuations)
    /// and the cursor lands where it expects.
    struct Change: Equatable, Sendable {
        var y: Int
        var x: Int
        var cells: [Cell]
    }

    /// Returns the runs of cells that differ from `old`, top to bottom and left to right.
    ///
    /// If the sizes differ the terminal was resized and nothing on it can be trusted,
    /// so every row is returned whole.
    func changes(from old: ScreenBuffer) -> [Change] {
        guard old.width == width, old.height == height else {
            return (0..<height).map { y in
                Change(y: y, x: 0, cells: Array(cells[y * width..<(y + 1) * width]))
            }
        }
        var changes: [Change] = []
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width {
                guard cells[row + x] != old.cells[row + x] else {
                    x += 1
                    continue
                }
                var start = x
                // Both halves of a wide grapheme go together; the invariant makes this rare.
                if cells[row + start].isContinuation && start > 0 {
                    start -= 1
                }
                var end = x + 1
                while end < width && cells[row + end] != old.cells[row + end] {
                    end += 1
                }
                if cells[row + end - 1].width == 2 && end < width {
                    end += 1
                }
                changes.append(Change(y: y, x: start, cells: Array(cells[row + start..<row + end])))
                x = end
            }
        }
        return changes
    }
}
