import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct WrapTests {}

extension WrapTests {
    @Test func breaksAtSpaces() {
        #expect(TerminalText.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    }

    @Test func keepsEmptyParagraphs() {
        #expect(TerminalText.wrap("a\n\nb", width: 10) == ["a", "", "b"])
        #expect(TerminalText.wrap("", width: 10) == [""])
        #expect(TerminalText.wrap("a\n", width: 10) == ["a", ""])
    }

    @Test func treatsCRLFAsParagraphBreak() {
        #expect(TerminalText.wrap("a\r\nb", width: 10) == ["a", "b"])
    }

    @Test func trimsTrailingSpaces() {
        #expect(TerminalText.wrap("abc   ", width: 10) == ["abc"])
        #expect(TerminalText.wrap("aaaa bbbb", width: 4) == ["aaaa", "bbbb"])
        #expect(TerminalText.wrap("   ", width: 10) == [""])
    }

    @Test func keepsIndentationAndInnerSpaces() {
        #expect(TerminalText.wrap("  indented  text", width: 20) == ["  indented  text"])
        #expect(TerminalText.wrap("  aaa bbb", width: 5) == ["  aaa", "bbb"])
    }

    @Test func wrapsJapaneseBetweenCharacters() {
        let paragraph = "日本語のテキストは空白なしで折り返されます。"
        let lines = TerminalText.wrap(paragraph, width: 10)
        #expect(lines.first == "日本語のテ")
        #expect(lines.count == 5)
        for line in lines {
            #expect(TerminalText.width(line) <= 10)
        }
        #expect(lines.joined() == paragraph)
    }

    @Test func breaksLongWordBetweenGraphemes() {
        let lines = TerminalText.wrap(String(repeating: "a", count: 100), width: 7)
        #expect(lines.count == 15)
        #expect(lines.dropLast().allSatisfy { $0 == "aaaaaaa" })
        #expect(lines.last == "aa")
    }

    @Test func longWordStartsOnItsOwnLine() {
        #expect(TerminalText.wrap("hi xxxxxxxxxx", width: 4) == ["hi", "xxxx", "xxxx", "xx"])
    }

    @Test func wideGraphemeNeverStraddlesTheEdge() {
        #expect(TerminalText.wrap("ab日", width: 3) == ["ab", "日"])
        #expect(TerminalText.wrap("Hello 世界", width: 8) == ["Hello 世", "界"])
    }

    @Test func wideGraphemeOnWidthOneGetsItsOwnLine() {
        #expect(TerminalText.wrap("日本", width: 1) == ["日", "本"])
        #expect(TerminalText.wrap("a日b", width: 1) == ["a", "日", "b"])
    }

    @Test func widthBelowOneActsLikeOne() {
        #expect(TerminalText.wrap("ab", width: 0) == ["a", "b"])
        #expect(TerminalText.wrap("ab", width: -5) == ["a", "b"])
    }

    @Test func neverSplitsGraphemes() {
        let e = "e\u{301}"
        #expect(TerminalText.wrap(e + e + e, width: 2) == [e + e, e])
        let family = "👨‍👩‍👧"
        #expect(TerminalText.wrap(family + family, width: 3) == [family, family])
    }

    @Test func sanitizesEachParagraph() {
        #expect(TerminalText.wrap("a\u{1B}[1mb\n\u{301}x", width: 20) == ["a\u{241B}[1mb", "\u{25CC}\u{301}x"])
    }
}
