/// Counts of what a text is made of, for the recognizer's own checks.
struct TextStats {
    var letters = 0
    var kana = 0
    var hangul = 0
    var han = 0
    /// Lowercased words of letters (and apostrophes), in order.
    var words: [Substring] = []
    private var lowered: String

    init(_ text: String) {
        lowered = text.lowercased()
        for scalar in lowered.unicodeScalars where scalar.properties.isAlphabetic {
            letters += 1
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: kana += 1
            case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: hangul += 1
            case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2FFFF: han += 1
            default: break
            }
        }
        words = lowered.split { !($0.isLetter || $0 == "'" || $0 == "’" || $0 == "·") }
    }

    /// A language that the script alone gives away.
    var languageFromScript: String? {
        if kana > 0 && kana + han >= letters / 2 { return "ja" }
        if hangul > 0 && hangul >= letters / 2 { return "ko" }
        return nil
    }
}
