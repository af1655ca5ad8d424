extension Rect {
    /// Returns the rect shrunk by `amount` on every side, never below zero size.
    func inset(by amount: Int) -> Rect {
        inset(horizontal: amount, vertical: amount)
    }

    /// Returns the rect shrunk by `horizontal` on the left and right and `vertical` on top and bottom.
    func inset(horizontal: Int, vertical: Int) -> Rect {
        // Keep the origin inside the parent even when the inset eats the whole rect.
        let dx = min(horizontal, width / 2)
        let dy = min(vertical, height / 2)
        return Rect(x: x + dx, y: y + dy, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// Returns the first `top` rows and the rest; `top` is clamped to the rect.
    func splitRows(top: Int) -> (top: Rect, bottom: Rect) {
        let count = min(max(top, 0), height)
        return (
            Rect(x: x, y: y, width: width, height: count),
            Rect(x: x, y: y + count, width: width, height: height - count)
        )
    }

    /// Returns the rest and the last `bottom` rows; `bottom` is clamped to the rect.
    func splitRowsBottom(_ bottom: Int) -> (top: Rect, bottom: Rect) {
        splitRows(top: height - min(max(bottom, 0), height))
    }

    /// Returns the first `left` columns and the rest; `left` is clamped to the rect.
    func splitColumns(left: Int) -> (left: Rect, right: Rect) {
        let count = min(max(left, 0), width)
        return (
            Rect(x: x, y: y, width: count, height: height),
            Rect(x: x + count, y: y, width: width - count, height: height)
        )
    }

    /// Returns a rect of the given size centered in this one, clamped to fit inside it.
    ///
    /// When the leftover space is odd the extra column or row goes to the right or bottom.
    func centered(width: Int, height: Int) -> Rect {
        let w = min(max(width, 0), self.width)
        let h = min(max(height, 0), self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }

    /// Returns the cells this rect shares with `other`; empty (at this rect's origin) when none.
    func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else {
            return Rect(x: x, y: y, width: 0, height: 0)
        }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
