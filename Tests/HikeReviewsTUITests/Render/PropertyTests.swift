import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct PropertyTests {}

extension PropertyTests {
    /// Scalars that must never survive sanitizing: they control the terminal or reorder text.
    private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F:
            return true
        default:
            return TerminalText.isBidiControl(scalar)
        }
    }

    /// Paragraphs exactly as `wrap` sees them, so losses can be checked per paragraph.
    private func paragraphs(of text: String) -> [String] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
    }

    private func nonSpaceScalars(_ text: String) -> [Unicode.Scalar] {
        Array(String(text.filter { $0 != " " }).unicodeScalars)
    }

    @Test func randomStringsSanitizeWrapAndDrawSafely() {
        var generator = SplitMix64(seed: 0x5EED_2024)
        for _ in 0..<2_000 {
            let text = RandomText.string(using: &generator)
            let clean = TerminalText.sanitize(text)

            #expect(!clean.unicodeScalars.contains(where: isForbidden), "forbidden scalar in \(clean.debugDescription)")
            #expect(TerminalText.sanitize(clean) == clean, "not idempotent for \(text.debugDescription)")
            #expect(clean.allSatisfy { TerminalText.width(of: $0) > 0 }, "invisible grapheme in \(clean.debugDescription)")

            let width = Int.random(in: 1...60, using: &generator)
            var wrapped: [String] = []
            for paragraph in paragraphs(of: text) {
                let lines = TerminalText.wrap(paragraph, width: width)
                for line in lines {
                    let lineWidth = TerminalText.width(line)
                    #expect(lineWidth <= max(width, 2), "line \(line.debugDescription) too wide for \(width)")
                    #expect(lineWidth == line.reduce(0) { $0 + TerminalText.width(of: $1) })
                    #expect(line.last != " ")
                    #expect(!line.unicodeScalars.contains(where: isForbidden))

                    var buffer = ScreenBuffer(width: max(width, 2), height: 1)
                    #expect(buffer.put(line, x: 0, y: 0, style: .plain) == lineWidth)
                }
                #expect(nonSpaceScalars(lines.joined()) == nonSpaceScalars(TerminalText.sanitize(paragraph)),
                        "wrap lost text of \(paragraph.debugDescription) at width \(width)")
                wrapped += lines
            }
            #expect(wrapped == TerminalText.wrap(text, width: width))

            let truncateWidth = Int.random(in: 0...30, using: &generator)
            #expect(TerminalText.width(TerminalText.truncate(text, width: truncateWidth)) <= truncateWidth)
            #expect(TerminalText.width(TerminalText.pad(text, width: truncateWidth)) == truncateWidth)
        }
    }
}
