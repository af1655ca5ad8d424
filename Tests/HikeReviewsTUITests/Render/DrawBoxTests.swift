import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct DrawBoxTests {}

extension DrawBoxTests {
    @Test func drawsBorderWithoutTitle() {
        var buffer = ScreenBuffer(width: 6, height: 3)
        buffer.drawBox(buffer.bounds, title: nil, style: .plain)
        #expect(buffer.lines() == ["┌────┐", "│    │", "└────┘"])
    }

    @Test func drawsTitleInTopBorder() {
        var buffer = ScreenBuffer(width: 12, height: 3)
        buffer.drawBox(buffer.bounds, title: "Trails", style: .plain)
        #expect(buffer.lines() == ["┌ Trails ──┐", "│          │", "└──────────┘"])
        #expect(buffer[2, 0].style.bold)
        #expect(!buffer[0, 0].style.bold)
    }

    @Test func truncatesLongTitle() {
        var buffer = ScreenBuffer(width: 10, height: 3)
        buffer.drawBox(buffer.bounds, title: "Mountain Trails", style: .plain)
        #expect(buffer.lines()[0] == "┌ Mount… ┐")
    }

    @Test func truncatesWideTitleWithoutBreakingTheBorder() {
        var buffer = ScreenBuffer(width: 10, height: 3)
        buffer.drawBox(buffer.bounds, title: "日本語の山", style: .plain)
        #expect(buffer.lines()[0] == "┌ 日本… ─┐")
    }

    @Test func sanitizesTitle() {
        var buffer = ScreenBuffer(width: 12, height: 2)
        buffer.drawBox(buffer.bounds, title: "\u{1B}[2J", style: .plain, titleStyle: .accent)
        #expect(buffer.lines()[0] == "┌ \u{241B}[2J ────┐")
        #expect(buffer[2, 0].style == .accent)
    }

    @Test func drawsInsideAnOffsetRectAndClips() {
        var buffer = ScreenBuffer(width: 6, height: 4)
        buffer.drawBox(Rect(x: 2, y: 1, width: 10, height: 2), title: nil, style: .dim)
        #expect(buffer.lines() == ["", "  ┌───", "  └───", ""])
        #expect(buffer[2, 1].style == .dim)
    }

    @Test func tooSmallRectDrawsNothing() {
        var buffer = ScreenBuffer(width: 4, height: 4)
        buffer.drawBox(Rect(x: 0, y: 0, width: 1, height: 4), title: "x", style: .plain)
        buffer.drawBox(Rect(x: 0, y: 0, width: 4, height: 1), title: "x", style: .plain)
        #expect(buffer == ScreenBuffer(width: 4, height: 4))
    }
}
