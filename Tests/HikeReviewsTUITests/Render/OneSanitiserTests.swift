import TestSupport
import Testing
@testable import ReviewModel
import TextSafety
import TranslationEngine
@testable import HikeReviewsTUI

/// The libraries' escaping and the screen's sanitising share one rule of what is harmful.
@Suite(.tags(.fast)) struct OneSanitiserTests {}

extension OneSanitiserTests {
    static let hostile = "Evil \u{1B}]0;pwned\u{07}\u{1B}[31m\r\n red \u{202E}txt\u{2066} \u{9B}\u{2028}\u{E000}"

    @Test func theEngineAndTheReviewModelEscapeAlike() {
        let engine = EscapedText.escaped(Self.hostile)
        #expect(engine == DiagnosticText.sanitized(Self.hostile))
        #expect(engine == #"Evil \u001B]0;pwned\u0007\u001B[31m\r\n red \u202Etxt\u2066 \u009B\u2028\uE000"#)
        #expect(!engine.unicodeScalars.contains(where: EscapedText.isHarmful))
        #expect(DiagnosticText.quoted("a\"b\\c") == #""a\"b\\c""#)
    }

    @Test func whatEitherEscapesNeverReachesACellRaw() {
        let cell = TerminalText.sanitize(Self.hostile)
        for scalar in Self.hostile.unicodeScalars where TerminalText.isBidiControl(scalar) || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            #expect(!cell.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) reached a cell")
        }
    }
}
