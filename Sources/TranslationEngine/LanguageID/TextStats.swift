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
    /// True when the one-pass reading read the whole text: every scalar was one of the table's,
    /// each of which CLD2's interchange check accepts, so CLD2 need not scan the text for it
    /// again. False says nothing (the general reading does not look).
    var isInterchangeValid = false

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
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { readPlain(utf8: $0) } ?? false
    }

    /// The same over a string's UTF-8 (valid, as every String's is), decoded here.
    ///
    /// This runs over every byte of every line `detect` reads, so it keeps to locals and
    /// unchecked table reads, and gives ASCII (most of a review) a path of its own.
    private mutating func readPlain(utf8 input: UnsafeBufferPointer<UInt8>) -> Bool {
        var plain = true
        var counts = LetterCounts()
        var ranges: [Range<Int>] = []
        var bytesWritten = 0
        // A plain scalar's lowercase takes at most half as many bytes again (Ⱥ: 2 -> 3).
        let bytes = [UInt8](unsafeUninitializedCapacity: input.count + input.count / 2 + 4) { out, written in
            // Words are separated by at least one scalar: at most one in two bytes, plus the one
            // slot the ASCII path writes past the last word. Written in place (no copy of a
            // temporary buffer); the spare capacity lives as long as the line's reading.
            ranges = [Range<Int>](unsafeUninitializedCapacity: input.count / 2 + 2) { found, foundCount in
            ScalarFacts.latin.withUnsafeBufferPointer { latin in
            Self.ascii.withUnsafeBufferPointer { ascii in
                var count = 0
                // Whether the scalar before was in a word (0 or 1), and where that word started.
                var inWord = 0
                var wordStart = 0
                var index = 0
                var position = 0
                while index < input.count {
                    let lead = UInt32(input[index])
                    if lead < 0x80 {
                        // ASCII: no decoding, one small table, its lowercase is ASCII too, and
                        // no branch on letters or word ends (mispredicted at every word's edge,
                        // they were most of this loop's time): a word's range is written at
                        // every non-word byte and kept only where a word ended. The adds wrap
                        // and the range is made unchecked: every count here is below the input's
                        // length and wordStart <= position, so their checks were branches never
                        // taken (11% of this reading's instructions on review lines).
                        let facts = ascii[Int(lead)]
                        guard facts & Self.asciiNotPlain == 0 else {
                            plain = false
                            break
                        }
                        index &+= 1
                        counts.letters &+= Int(facts >> Self.asciiAlphabeticShift & 1)
                        let isWord = Int(facts >> Self.asciiWordCharacterShift & 1)
                        wordStart = isWord > inWord ? position : wordStart
                        found.initializeElement(at: count, to: Range(uncheckedBounds: (wordStart, position)))
                        count &+= inWord & (isWord ^ 1)
                        inWord = isWord
                        out[position] = UInt8(truncatingIfNeeded: facts)
                        position &+= 1
                        continue
                    }
                    let value: UInt32
                    switch lead {
                    case ..<0xE0:
                        value = (lead & 0x1F) << 6 | UInt32(input[index + 1] & 0x3F)
                        index += 2
                    case ..<0xF0:
                        value = (lead & 0x0F) << 12 | UInt32(input[index + 1] & 0x3F) << 6 | UInt32(input[index + 2] & 0x3F)
                        index += 3
                    default:
                        value = (lead & 0x07) << 18 | UInt32(input[index + 1] & 0x3F) << 12
                            | UInt32(input[index + 2] & 0x3F) << 6 | UInt32(input[index + 3] & 0x3F)
                        index += 4
                    }
                    guard let facts = value < latin.count ? latin[Int(value)] : ScalarFacts.of(value) else {
                        plain = false
                        break
                    }
                    if facts.isAlphabetic { counts.count(facts.lower) }
                    if facts.extendsPrevious {
                        // Part of the character before: inside a word or not, as that one is.
                    } else if facts.isWordCharacter {
                        if inWord == 0 {
                            wordStart = position
                            inWord = 1
                        }
                    } else if inWord == 1 {
                        found.initializeElement(at: count, to: wordStart..<position)
                        count += 1
                        inWord = 0
                    }
                    position = Self.write(facts.lower, to: out, at: position)
                }
                if plain && inWord == 1 {
                    found.initializeElement(at: count, to: wordStart..<position)
                    count += 1
                }
                bytesWritten = position
                // Only the words before `count` are kept (the slot past them was written, not kept).
                foundCount = plain ? count : 0
            }
            }
            }
            written = bytesWritten
        }
        guard plain else { return false }
        take(counts)
        words = WordList(bytes: bytes, ranges: ranges)
        isInterchangeValid = true
        return true
    }

    /// `ScalarFacts` of ASCII packed in 16 bits: the lowercase byte, then the flags below.
    /// An ASCII scalar that extends the one before (none does) goes the general way in `readPlain`.
    private static let ascii: [UInt16] = (0..<128).map { value in
        guard let facts = ScalarFacts.latin[value], facts.lower < 0x80, !facts.extendsPrevious else { return asciiNotPlain }
        return UInt16(facts.lower)
            | (facts.isAlphabetic ? 1 << asciiAlphabeticShift : 0)
            | (facts.isWordCharacter ? 1 << asciiWordCharacterShift : 0)
    }
    private static let asciiAlphabeticShift: UInt16 = 8
    private static let asciiWordCharacterShift: UInt16 = 9
    private static let asciiNotPlain: UInt16 = 0x800

    /// The general reading: Unicode's properties for each scalar, words split by characters.
    private mutating func readGeneral(_ text: String) {
        let lowered = text.lowercased()
        var counts = LetterCounts()
        for scalar in lowered.unicodeScalars where scalar.properties.isAlphabetic {
            counts.count(scalar.value)
        }
        take(counts)
        words = WordList(lowered.split { !($0.isLetter || $0 == "'" || $0 == "’" || $0 == "·") })
    }

    /// Letters and the letters of the scripts that name a language, counted in locals (the
    /// reading loops keep their counts out of `self`).
    private struct LetterCounts {
        var letters = 0, kana = 0, hangul = 0, han = 0

        @inline(__always)
        mutating func count(_ letter: UInt32) {
            letters += 1
            switch TextStats.script(of: letter) {
            case .kana: kana += 1
            case .hangul: hangul += 1
            case .han: han += 1
            case .other: break
            }
        }
    }

    private mutating func take(_ counts: LetterCounts) {
        letters = counts.letters
        kana = counts.kana
        hangul = counts.hangul
        han = counts.han
    }

    private enum Script {
        case kana, hangul, han, other
    }

    /// The scripts that name a language or weigh with kana, by block.
    @inline(__always)
    private static func script(of letter: UInt32) -> Script {
        // Below U+1100 no letter is any of them: most letters stop here.
        guard letter >= 0x1100 else { return .other }
        switch letter {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .kana
        case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: return .hangul
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2FFFF: return .han
        default: return .other
        }
    }

    /// Writes a scalar as UTF-8 at `position`; returns the position after it.
    @inline(__always)
    private static func write(_ value: UInt32, to out: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        switch value {
        case ..<0x80:
            out[position] = UInt8(value)
            return position + 1
        case ..<0x800:
            out[position] = UInt8(0xC0 | value >> 6)
            out[position + 1] = UInt8(0x80 | value & 0x3F)
            return position + 2
        case ..<0x10000:
            out[position] = UInt8(0xE0 | value >> 12)
            out[position + 1] = UInt8(0x80 | (value >> 6) & 0x3F)
            out[position + 2] = UInt8(0x80 | value & 0x3F)
            return position + 3
        default:
            out[position] = UInt8(0xF0 | value >> 18)
            out[position + 1] = UInt8(0x80 | (value >> 12) & 0x3F)
            out[position + 2] = UInt8(0x80 | (value >> 6) & 0x3F)
            out[position + 3] = UInt8(0x80 | value & 0x3F)
            return position + 4
        }
    }

    /// A language that the script alone gives away.
    var languageFromScript: String? {
        if kana > 0 && kana + han >= letters / 2 { return "ja" }
        if hangul > 0 && hangul >= letters / 2 { return "ko" }
        return nil
    }
}
