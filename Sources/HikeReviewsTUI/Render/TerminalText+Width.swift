extension TerminalText {
    /// Returns the number of terminal columns one grapheme occupies on our screen.
    ///
    /// It is the sum of the widths of the glyphs it is drawn as (`glyphs(of:)`):
    /// - 0: the grapheme starts with a control, format character or combining mark
    ///   (cannot happen for sanitized text).
    /// - 2: East Asian Wide or Fullwidth characters, and emoji in emoji presentation
    ///   (default emoji presentation, VS16, flags, skin tones, ZWJ sequences).
    /// - 1: everything else, including East Asian Ambiguous characters, because the app
    ///   targets terminals in non-CJK locales where those are narrow.
    /// - More for a grapheme of several spacing scalars (a Devanagari consonant with a
    ///   spacing vowel sign is 2), since terminals give each its own column.
    static func width(of c: Character) -> Int {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else {
            return 0
        }
        if scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return isRegionalIndicator(first) ? 1 : scalarWidth(first)
        }
        return glyphs(of: c).reduce(0) { $0 + $1.width }
    }

    /// Returns the number of terminal columns `s` occupies, summed over its graphemes.
    static func width(_ s: String) -> Int {
        s.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one scalar advances the cursor by, as the C library's `wcwidth` counts
    /// them in a UTF-8 locale (and so as curses and tmux do): 0, 1 or 2.
    ///
    /// Marks, format characters (ZWJ, variation selectors, tags) and Hangul medial vowels and
    /// final consonants take no column of their own; wide and emoji-presentation scalars two.
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x200B:
            return 0
        default:
            break
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark:
            return 0
        default:
            break
        }
        if isRegionalIndicator(scalar) {
            // Emoji_Presentation in Unicode's data, but one column to wcwidth and tmux.
            return 1
        }
        return scalar.properties.isEmojiPresentation || isWide(scalar) ? 2 : 1
    }

    /// Whether `scalar` is one of the 26 regional indicators that pair up into flags.
    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Whether `scalar` is East Asian Wide or Fullwidth.
    ///
    /// The ranges cover the blocks that matter in practice rather than mirroring
    /// EastAsianWidth.txt line by line; emoji are decided by their own property.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F,    // Hangul Jamo initial consonants
             0x2329...0x232A,    // angle brackets
             0x2E80...0x303E,    // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
             0x3041...0x33FF,    // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, enclosed CJK
             0x3400...0x4DBF,    // CJK Extension A
             0x4DC0...0x4DFF,    // Yijing hexagram symbols (wide to wcwidth)
             0x4E00...0x9FFF,    // CJK Unified Ideographs
             0xA000...0xA4CF,    // Yi
             0xA960...0xA97F,    // Hangul Jamo Extended-A
             0xAC00...0xD7A3,    // Hangul Syllables
             0xF900...0xFAFF,    // CJK Compatibility Ideographs
             0xFE10...0xFE19,    // vertical forms
             0xFE30...0xFE6F,    // CJK compatibility forms, small form variants
             0xFF00...0xFF60,    // fullwidth ASCII variants
             0xFFE0...0xFFE6,    // fullwidth signs
             0x16FE0...0x16FE4,  // ideographic symbols and punctuation
             0x16FF0...0x16FF1,
             0x17000...0x18CFF,  // Tangut, Khitan
             0x18D00...0x18D08,
             0x1AFF0...0x1B2FF,  // Kana extensions, Nushu
             0x1F200...0x1F2FF,  // enclosed ideographic supplement
             0x20000...0x2FFFD,  // CJK Extensions B-F and supplement
             0x30000...0x3FFFD:  // CJK Extension G onwards
            return true
        default:
            return false
        }
    }
}
