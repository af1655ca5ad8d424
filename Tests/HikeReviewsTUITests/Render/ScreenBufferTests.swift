import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct ScreenBufferTests {}

extension ScreenBufferTests {
    @Test func startsBlank() {
        let buffer = ScreenBuffer(width: 4, height: 2)
        #expect(buffer.lines() == ["", ""])
        #expect(buffer[3, 1] == .blank)
        #expect(ScreenBuffer(width: -1, height: 3).lines() == ["", "", ""])
    }

    @Test func putWritesTextAndReturnsColumns() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        #expect(buffer.put("hike", x: 1, y: 1, style: .title) == 4)
        #expect(buffer.lines() == ["", " hike"])
        #expect(buffer[1, 1] == Cell(grapheme: "h", width: 1, style: .title))
    }

    @Test func putClipsAtTheRightEdge() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        #expect(buffer.put("hello world", x: 2, y: 0, style: .plain) == 3)
        #expect(buffer.lines() == ["  hel"])
    }

    @Test func putHonoursMaxWidth() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        #expect(buffer.put("hello", x: 0, y: 0, style: .plain, maxWidth: 3) == 3)
        #expect(buffer.lines() == ["hel"])
        #expect(buffer.put("zzz", x: 0, y: 0, style: .plain, maxWidth: 0) == 0)
    }

    @Test func putClipsOnTheLeft() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        #expect(buffer.put("abc", x: -1, y: 0, style: .plain) == 2)
        #expect(buffer.lines() == ["bc"])
        buffer.clear()
        #expect(buffer.put("日x", x: -1, y: 0, style: .plain) == 2)
        #expect(buffer.lines() == [" x"])
    }

    @Test func putOutsideRowsWritesNothing() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        #expect(buffer.put("abc", x: 0, y: 1, style: .plain) == 0)
        #expect(buffer.put("abc", x: 0, y: -1, style: .plain) == 0)
        #expect(buffer.put("abc", x: 7, y: 0, style: .plain) == 0)
        #expect(buffer == ScreenBuffer(width: 5, height: 1))
    }

    @Test func wideGraphemeTakesTwoCells() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        #expect(buffer.put("日本", x: 0, y: 0, style: .plain) == 4)
        #expect(buffer[0, 0] == Cell(grapheme: "日", width: 2, style: .plain))
        #expect(buffer[1, 0] == .continuation(.plain))
        #expect(buffer[2, 0].grapheme == "本")
        #expect(buffer.lines() == ["日本"])
    }

    @Test func wideGraphemeAtLastColumnBecomesSpace() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        #expect(buffer.put("日", x: 3, y: 0, style: .selected) == 1)
        #expect(buffer[3, 0] == .space(.selected))
        #expect(buffer.put("abc日", x: 0, y: 0, style: .plain) == 4)
        #expect(buffer.lines() == ["abc"])
        #expect(buffer[3, 0] == .space(.plain))
    }

    @Test func wideGraphemeAtMaxWidthEdgeBecomesSpace() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        #expect(buffer.put("a日", x: 0, y: 0, style: .plain, maxWidth: 2) == 2)
        #expect(buffer.lines() == ["a"])
        #expect(buffer[2, 0] == .blank)
    }

    @Test func overwritingHalfAWideGraphemeRepairsTheOtherHalf() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("日本", x: 0, y: 0, style: .accent)
        buffer.put("x", x: 1, y: 0, style: .plain)
        #expect(buffer[0, 0] == .space(.accent))
        #expect(buffer.lines() == [" x本"])
        buffer.put("y", x: 2, y: 0, style: .plain)
        #expect(buffer[3, 0] == .space(.accent))
        #expect(buffer.lines() == [" xy"])
    }

    @Test func wideOverWideAtAnOffset() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("日本語", x: 0, y: 0, style: .plain)
        buffer.put("山", x: 1, y: 0, style: .plain)
        #expect(buffer.lines() == [" 山 語"])
        #expect(buffer[2, 0].isContinuation)
    }

    @Test func putSanitizes() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        #expect(buffer.put("\u{1B}[31mx\ny", x: 0, y: 0, style: .plain) == 8)
        #expect(buffer.lines() == ["\u{241B}[31mx\u{240A}y"])
    }

    @Test func fillPaintsRectAndClips() {
        var buffer = ScreenBuffer(width: 4, height: 3)
        buffer.put("abcd", x: 0, y: 1, style: .plain)
        buffer.fill(Rect(x: 1, y: 1, width: 10, height: 10), style: .selected)
        #expect(buffer.lines() == ["", "a", ""])
        #expect(buffer[0, 1].style == .plain)
        #expect(buffer[3, 2] == .space(.selected))
        #expect(buffer[3, 0] == .blank)
    }

    @Test func fillRepairsWideGraphemesAtItsEdges() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("日本語", x: 0, y: 0, style: .plain)
        buffer.fill(Rect(x: 1, y: 0, width: 2, height: 1), style: .selected)
        #expect(buffer.lines() == ["    語"])
        #expect(buffer[0, 0] == .space(.plain))
        #expect(buffer[3, 0] == .space(.plain))
    }

    @Test func clearResetsEveryCell() {
        var buffer = ScreenBuffer(width: 3, height: 2)
        buffer.put("日x", x: 0, y: 0, style: .error)
        buffer.clear()
        #expect(buffer == ScreenBuffer(width: 3, height: 2))
    }

    @Test func linesTrimTrailingSpacesOnly() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        buffer.put(" a  b  ", x: 0, y: 0, style: .plain)
        #expect(buffer.lines() == [" a  b"])
    }
}
