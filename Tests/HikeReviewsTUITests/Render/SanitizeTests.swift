import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct SanitizeTests {}

extension SanitizeTests {
    @Test func plainTextIsUnchanged() {
        #expect(TerminalText.sanitize("Great hike, 10/10! (5 km)") == "Great hike, 10/10! (5 km)")
        #expect(TerminalText.sanitize("") == "")
    }

    @Test func escapeSequenceIsShownNotInterpreted() {
        #expect(TerminalText.sanitize("\u{1B}[31mred") == "\u{241B}[31mred")
    }

    @Test func oscTitleSequenceLosesEscAndBel() {
        let result = TerminalText.sanitize("\u{1B}]0;evil\u{7}")
        #expect(result == "\u{241B}]0;evil\u{2407}")
        #expect(!result.unicodeScalars.contains("\u{1B}"))
        #expect(!result.unicodeScalars.contains("\u{7}"))
    }

    @Test func tabBecomesOneSpace() {
        #expect(TerminalText.sanitize("a\tb") == "a b")
    }

    @Test func lineBreaksBecomePictures() {
        #expect(TerminalText.sanitize("a\nb\rc") == "a\u{240A}b\u{240D}c")
        #expect(TerminalText.sanitize("a\r\nb") == "a\u{240D}\u{240A}b")
    }

    @Test func nulAndDeleteBecomePictures() {
        #expect(TerminalText.sanitize("\u{0}x\u{7F}") == "\u{2400}x\u{2421}")
    }

    @Test func c1ControlsBecomePlaceholder() {
        #expect(TerminalText.sanitize("a\u{85}b\u{9B}1m") == "a\u{FFFD}b\u{FFFD}1m")
    }

    @Test(arguments: [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] as [UInt32])
    func bidiControlBecomesPlaceholder(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        var input = "abc"
        input.unicodeScalars.append(scalar)
        input += "def"
        #expect(TerminalText.sanitize(input) == "abc\u{FFFD}def")
    }

    @Test func invisibleFormatCharactersBecomePlaceholders() {
        let input = "\u{2028}\u{2029}\u{FEFF}\u{FFF9}\u{FFFA}\u{FFFB}\u{200B}\u{2060}\u{AD}\u{3164}"
        #expect(TerminalText.sanitize(input) == String(repeating: "\u{FFFD}", count: 10))
    }

    @Test func combiningMarkAtStartGetsDottedCircle() {
        let result = TerminalText.sanitize("\u{301}abc")
        #expect(result == "\u{25CC}\u{301}abc")
        #expect(result.count == 4)
    }

    @Test func combiningMarkAfterReplacedControlGetsDottedCircle() {
        let result = TerminalText.sanitize("\u{1}\u{301}")
        #expect(result == "\u{2401}\u{25CC}\u{301}")
        #expect(Array(result) == ["\u{2401}", "\u{25CC}\u{301}"])
        #expect(TerminalText.sanitize("\t\u{301}") == " \u{25CC}\u{301}")
        #expect(TerminalText.sanitize("\u{202E}\u{301}") == "\u{FFFD}\u{25CC}\u{301}")
    }

    @Test func variationSelectorWithoutBaseGetsDottedCircle() {
        #expect(TerminalText.sanitize("\u{FE0F}x") == "\u{25CC}\u{FE0F}x")
        #expect(TerminalText.sanitize("\u{200D}x") == "\u{25CC}\u{200D}x")
    }

    @Test func strayEmojiModifierBecomesPlaceholder() {
        #expect(TerminalText.sanitize("a\u{1F3FD}") == "a\u{FFFD}")
        #expect(TerminalText.sanitize("\u{1F3FD}") == "\u{FFFD}")
    }

    @Test func tagCharactersOutsideFlagBecomePlaceholders() {
        #expect(TerminalText.sanitize("a\u{E0067}") == "a\u{FFFD}")
    }

    @Test(arguments: [
        "مرحبا بالعالم، الطريق جميل",
        "שלום עולם, שביל יפה",
        "日本語のテキスト、富士山",
        "한국어 등산로",
        "Crème brûlée, São Paulo, Ærø, Øresund",
        "Cre\u{300}me e\u{301}",
        "می\u{200C}خواهم",
        "👍🏽 🇪🇸 👨‍👩‍👧 ❤️ 🏴󠁧󠁢󠁥󠁮󠁧󠁿 1️⃣ 🏳️‍🌈 ✋🏿",
        "Ｆｕｌｌｗｉｄｔｈ ｶﾀｶﾅ",
    ])
    func scriptsAndEmojiPassThrough(text: String) {
        #expect(TerminalText.sanitize(text).unicodeScalars.elementsEqual(text.unicodeScalars))
    }

    @Test(arguments: [
        "\u{1B}]0;evil\u{7}", "\u{301}\u{302}x", "\u{1}\u{301}", "a\u{1F3FD}\u{301}", "\u{202E}abc\u{202C}",
        "\u{FE0F}\u{FE0F}", "\u{1F3F4}\u{E0067}\u{E007F}\u{E0067}", "\t\u{200D}\u{1F600}", "\u{85}\u{300}",
    ])
    func sanitizeIsIdempotent(text: String) {
        let once = TerminalText.sanitize(text)
        #expect(TerminalText.sanitize(once) == once)
    }
}
