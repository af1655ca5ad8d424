/// Counts of what a text is made of, for the recognizer's own checks.
///
/// Letters are the alphabetic scalars of the lowercased text; words are its runs of letters (and
/// apostrophes, "’" and "·"), split by characters. Texts made of the scalars `ScalarFacts`
/// knows are read in one pass over their scalars with a table lookup each; any other text
/// (combining marks, emoji, rarer scripts) is read the general way, with the same result.
struct TextStats {
    var letters = 0
    var kana = 0
    var hangul = 0
    var han = 0
    /// Lowercased words of letters (and apostrophes), in order.
    var words = WordList(bytes: [], ranges: [])

    init(_ text: String) {
        if !readPlain(text) {
            self = TextStats()
            readGeneral(text)
        }
    }

    /// The general reading alone (the tests compare the two).
    init(general text: String) {
        readGeneral(text)
    }

    private init() {}

    /// The one-pass reading; false, part-way, at the first scalar that is not plain.
    private mutating func readPlain(_ text: String) -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var ranges: [Range<Int>] = []
        var wordStart = -1
        let latin = ScalarFacts.latin
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard let facts = value < latin.count ? latin[Int(value)] : ScalarFacts.of(value) else { return false }
            if facts.isAlphabetic { count(facts.lower) }
            let position = bytes.count
            if facts.extendsPrevious {
                // Part of the character before: inside a word or not, as that one is.
            } else if facts.isWordCharacter {
                if wordStart < 0 { wordStart = position }
            } else if wordStart >= 0 {
                ranges.append(wordStart..<position)
                wordStart = -1
            }
            Self.appendUTF8(facts.lower, to: &bytes)
        }
        if wordStart >= 0 { ranges.append(wordStart..<bytes.count) }
        words = WordList(bytes: bytes, ranges: ranges)
        return true
    }

    /// The general reading: Unicode's properties for each scalar, words split by characters.
    private mutating func readGeneral(_ text: String) {
        let lowered = text.lowercased()
        for scalar in lowered.unicodeScalars where scalar.properties.isAlphabetic {
            count(scalar.value)
        }
        words = WordList(lowered.split { !($0.isLetter || $0 == "'" || $0 == "’" || $0 == "·") })
    }

    private mutating func count(_ letter: UInt32) {
        letters += 1
        switch letter {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: kana += 1
        case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: hangul += 1
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2FFFF: han += 1
        default: break
        }
    }

    private static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case ..<0x80:
            bytes.append(UInt8(value))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | (value >> 6) & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | (value >> 12) & 0x3F))
            bytes.append(UInt8(0x80 | (value >> 6) & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// A language that the script alone gives away.
    var languageFromScript: String? {
        if kana > 0 && kana + han >= letters / 2 { return "ja" }
        if hangul > 0 && hangul >= letters / 2 { return "ko" }
        return nil
    }
}
