import TestSupport
import Testing
@testable import HikeReviewsTUI

/// The fast path of `sanitize` must agree with the full pass wherever it is taken.
@Suite(.tags(.fast)) struct SanitizeFastPathTests {}

extension SanitizeFastPathTests {
    @Test func everyPlainScalarAloneIsLeftAsIs() {
        var checked = 0
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), TerminalText.isPlainlyDrawable(scalar) else { continue }
            let text = String(Character(scalar))
            #expect(TerminalText.sanitizeScalars(text) == text, "U+\(String(value, radix: 16)) is changed by the full pass")
            checked += 1
        }
        #expect(checked > 20_000)
    }

    @Test func randomPlainTextIsLeftAsIsByTheFullPass() {
        var generator = SplitMix64(seed: 0x5A17)
        let plain = (UInt32(0)...0xFFFF).compactMap { Unicode.Scalar($0) }.filter(TerminalText.isPlainlyDrawable)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                text.append(plain.randomElement(using: &generator)!)
            }
            let string = String(text)
            #expect(TerminalText.sanitizeScalars(string) == string)
            #expect(TerminalText.sanitize(string) == string)
        }
    }

    @Test func textOutsideTheFastPathStillGetsTheFullPass() {
        #expect(TerminalText.sanitize("ok\u{1B}[31m") == "ok␛[31m")
        #expect(TerminalText.sanitize("\u{301}é") == "\u{25CC}\u{301}é")
    }
}
