import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct RectTests {}

extension RectTests {
    private var parent: Rect { Rect(x: 0, y: 0, width: 10, height: 5) }

    @Test func negativeSizesBecomeEmpty() {
        let rect = Rect(x: 3, y: 4, width: -2, height: -1)
        #expect(rect.width == 0 && rect.height == 0)
        #expect(rect.isEmpty)
        #expect(!parent.isEmpty)
    }

    @Test func rowsAndColumns() {
        let rect = Rect(x: 1, y: 2, width: 3, height: 3)
        #expect(rect.rows == 2..<5)
        #expect(rect.columns == 1..<4)
        #expect(rect.maxX == 4 && rect.maxY == 5)
    }

    @Test func insetShrinksEverySide() {
        #expect(parent.inset(by: 1) == Rect(x: 1, y: 1, width: 8, height: 3))
        #expect(parent.inset(by: 3).isEmpty)
        #expect(parent.inset(horizontal: 2, vertical: 0) == Rect(x: 2, y: 0, width: 6, height: 5))
    }

    @Test func splitRowsFromTop() {
        let (top, bottom) = parent.splitRows(top: 2)
        #expect(top == Rect(x: 0, y: 0, width: 10, height: 2))
        #expect(bottom == Rect(x: 0, y: 2, width: 10, height: 3))
        let (all, none) = parent.splitRows(top: 99)
        #expect(all == parent && none.isEmpty)
        #expect(parent.splitRows(top: -1).top.isEmpty)
    }

    @Test func splitRowsFromBottom() {
        let (top, bottom) = parent.splitRowsBottom(1)
        #expect(top == Rect(x: 0, y: 0, width: 10, height: 4))
        #expect(bottom == Rect(x: 0, y: 4, width: 10, height: 1))
        #expect(parent.splitRowsBottom(99).bottom == parent)
    }

    @Test func splitColumnsFromLeft() {
        let (left, right) = parent.splitColumns(left: 3)
        #expect(left == Rect(x: 0, y: 0, width: 3, height: 5))
        #expect(right == Rect(x: 3, y: 0, width: 7, height: 5))
        #expect(parent.splitColumns(left: 20).right.isEmpty)
    }

    @Test func centeredIsClampedToParent() {
        #expect(parent.centered(width: 4, height: 2) == Rect(x: 3, y: 1, width: 4, height: 2))
        #expect(parent.centered(width: 30, height: 30) == parent)
        let offset = Rect(x: 10, y: 10, width: 5, height: 5)
        #expect(offset.centered(width: 3, height: 1) == Rect(x: 11, y: 12, width: 3, height: 1))
    }

    @Test func intersection() {
        let other = Rect(x: 8, y: 3, width: 5, height: 5)
        #expect(parent.intersection(other) == Rect(x: 8, y: 3, width: 2, height: 2))
        #expect(parent.intersection(Rect(x: 20, y: 0, width: 1, height: 1)).isEmpty)
    }
}
