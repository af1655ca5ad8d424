import TestSupport
/// Generates hostile and multilingual strings for property tests.
enum RandomText {
    /// Scalar ranges to draw single scalars from; each pick is equally likely.
    private static let scalarRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E,        // printable ASCII
        0x20...0x20,        // extra spaces so wrapping has break points
        0x00...0x1F,        // C0 controls, including TAB, LF, CR, ESC, BEL
        0x7F...0x9F,        // DEL and C1 controls
        0x0300...0x036F,    // combining diacritics
        0x0591...0x05C7,    // Hebrew points
        0x05D0...0x05EA,    // Hebrew letters
        0x0600...0x06FF,    // Arabic, including format characters and marks
        0x4E00...0x9FFF,    // CJK ideographs
        0x3040...0x30FF,    // Hiragana and Katakana, including voicing marks
        0xAC00...0xD7A3,    // Hangul
        0xFF01...0xFF60,    // fullwidth forms
        0x1F300...0x1F64F,  // emoji
        0x1F900...0x1F9FF,  // more emoji
        0x2600...0x27BF,    // text-default symbols and dingbats
        0x1F3FB...0x1F3FF,  // skin-tone modifiers
        0x1F1E6...0x1F1FF,  // regional indicators
        0xFE00...0xFE0F,    // variation selectors
        0x200B...0x200F,    // zero-width characters and directional marks
        0x2028...0x202E,    // separators and bidi embeddings/overrides
        0x2060...0x206F,    // word joiner, isolates, deprecated format characters
        0xFFF9...0xFFFD,    // interlinear annotations, object replacement, replacement character
        0xE0020...0xE007F,  // tag characters
    ]

    /// Multi-scalar snippets that single random scalars would rarely produce.
    private static let snippets: [String] = [
        "\u{1B}[31m", "\u{1B}[2J", "\u{1B}]0;evil\u{7}", "\u{1B}]8;;http://x\u{1B}\\", "\u{1B}P1$r\u{1B}\\",
        "\u{9B}1m", "\u{200D}", "\u{FE0F}", "\u{FEFF}", "\u{061C}", "\u{2066}", "\u{2069}",
        "👍🏽", "🇪🇸", "👨‍👩‍👧", "❤️", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "1️⃣", "e\u{301}", "\u{301}", "日本語", "مرحبا", "שלום",
        "می\u{200C}خواهم", "\r\n", "\n", "\t", " ", "  ", "Wanderweg", "🏳️‍🌈",
    ]

    /// Returns a random string of up to `maxPieces` scalars and snippets.
    static func string(maxPieces: Int = 40, using generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...maxPieces, using: &generator)
        var result = ""
        for _ in 0..<count {
            if Int.random(in: 0..<4, using: &generator) == 0 {
                result += snippets.randomElement(using: &generator) ?? ""
            } else {
                let range = scalarRanges.randomElement(using: &generator) ?? 0x41...0x41
                let value = UInt32.random(in: range, using: &generator)
                if let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
