import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct TruncateTests {}

extension TruncateTests {
    @Test func fittingTextIsUnchanged() {
        #expect(TerminalText.truncate("hello", width: 5) == "hello")
    }

    @Test func cutTextEndsInEllipsis() {
        #expect(TerminalText.truncate("hello world", width: 8) == "hello w…")
        #expect(TerminalText.truncate("hello world", width: 7) == "hello…")
        #expect(TerminalText.truncate("hello", width: 1) == "…")
        #expect(TerminalText.truncate("hello", width: 0) == "")
        #expect(TerminalText.truncate("hello", width: -3) == "")
    }

    @Test func wideGraphemesAreDroppedWhole() {
        #expect(TerminalText.truncate("日本語", width: 5) == "日本…")
        #expect(TerminalText.truncate("日本語", width: 4) == "日…")
        #expect(TerminalText.truncate("日本語", width: 6) == "日本語")
    }

    @Test func neverCutsMidGrapheme() {
        let e = "e\u{301}"
        #expect(TerminalText.truncate(e + e + e, width: 2) == e + "…")
        #expect(TerminalText.truncate("👨‍👩‍👧👨‍👩‍👧", width: 3) == "👨‍👩‍👧…")
    }

    @Test func neverExceedsWidth() {
        let samples = ["日本語のテキスト", "a日b本c", "👍🏽🇪🇸x", "plain words here", "e\u{301}\u{1B}[1m"]
        for sample in samples {
            for width in 0...12 {
                #expect(TerminalText.width(TerminalText.truncate(sample, width: width)) <= width)
            }
        }
    }

    @Test func sanitizesInput() {
        #expect(TerminalText.truncate("\u{1B}[2J", width: 10) == "\u{241B}[2J")
    }

    @Test func padFillsToExactWidth() {
        #expect(TerminalText.pad("ab", width: 5) == "ab   ")
        #expect(TerminalText.pad("日本", width: 5) == "日本 ")
        #expect(TerminalText.pad("hello world", width: 8) == "hello w…")
        #expect(TerminalText.pad("日本語", width: 5) == "日本…")
        #expect(TerminalText.pad("日本語", width: 4) == "日… ")
        #expect(TerminalText.pad("x", width: 0) == "")
        for width in 0...10 {
            #expect(TerminalText.width(TerminalText.pad("a日本語b", width: width)) == width)
        }
    }
}
