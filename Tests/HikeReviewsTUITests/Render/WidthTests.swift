import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct WidthTests {}

extension WidthTests {
    @Test(arguments: [
        ("abc", 3),
        ("日本語", 6),
        ("e\u{301}", 1),
        ("👍🏽", 2),
        ("🇪🇸", 2),
        ("👨‍👩‍👧", 2),
        ("🏴󠁧󠁢󠁥󠁮󠁧󠁿", 2),
        ("❤️", 2),
        ("❤", 1),
        ("1️⃣", 2),
        ("ひらがなカタカナ", 16),
        ("한국어", 6),
        ("\u{1100}", 2),
        ("Ａ", 2),
        ("ｱ", 1),
        ("、。", 4),
        ("\u{3000}", 2),
        ("مرحبا", 5),
        ("שלום", 4),
        ("…", 1),
        ("\u{2500}\u{250C}", 2),
        ("\u{FFFD}\u{25CC}\u{301}", 2),
        ("", 0),
    ])
    func stringWidth(text: String, expected: Int) {
        #expect(TerminalText.width(text) == expected)
    }

    @Test func invisibleGraphemesHaveNoWidth() {
        #expect(TerminalText.width(of: "\u{1B}") == 0)
        #expect(TerminalText.width(of: "\u{301}") == 0)
        #expect(TerminalText.width(of: "\u{200B}") == 0)
    }

    @Test func combiningMarksAddNothing() {
        #expect(TerminalText.width(of: "a\u{301}\u{323}") == 1)
        #expect(TerminalText.width(of: "日\u{301}") == 2)
    }

    @Test func textDefaultSymbolWithoutSelectorIsNarrow() {
        #expect(TerminalText.width(of: "☀") == 1)
        #expect(TerminalText.width(of: "☀\u{FE0F}") == 2)
        #expect(TerminalText.width(of: "#") == 1)
    }
}
