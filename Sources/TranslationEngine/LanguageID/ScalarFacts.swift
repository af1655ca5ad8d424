import Foundation

/// What `TextStats` needs to know of a scalar, looked up in a table instead of asked of
/// Unicode's property functions for every scalar of every text (that was most of `detect`'s time).
///
/// The table covers the blocks reviews are written in (Latin with its extensions, Greek, Cyrillic,
/// general punctuation, CJK punctuation and kana, full-width forms) and, by a rule, the common
/// Han block. Each entry is worked out once from the same operations the slow path uses
/// (`String.lowercased()`, `isAlphabetic`, `Character.isLetter`), so the two agree by
/// construction. A scalar is "plain" when the fast path may treat it as one character on its own:
/// it lowercases to one scalar, that scalar is in Unicode normalization form C, it joins no
/// neighbour into a grapheme cluster, and CLD2's interchange check accepts it (control characters
/// do not pass it). A text with any other scalar takes the slow path; a text of plain scalars only
/// is one CLD2 would accept, so CLD2 need not check it again (`TextStats.isInterchangeValid`).
struct ScalarFacts: Sendable {
    /// The lowercase scalar's value.
    let lower: UInt32
    /// Whether the lowercase scalar is alphabetic (counted as a letter).
    let isAlphabetic: Bool
    /// Whether the lowercase character belongs to a word (a letter or an apostrophe or "·").
    let isWordCharacter: Bool
    /// Whether the scalar extends the character before it (a variation selector, a skin tone,
    /// a joiner): it is then in a word exactly when that character is. Only scalars that are
    /// neither letters nor word characters themselves get this, so a text's start or a control
    /// before them (where they stand alone) gives the same answer.
    let extendsPrevious: Bool

    // The blocks worked out scalar by scalar, each on first use: Latin to Cyrillic; Latin
    // Extended Additional to Dingbats (Greek Extended, punctuation, currency, symbols);
    // CJK punctuation and kana; variation selectors; full-width forms; emoji. The symbol and
    // emoji ranges are cut at Unicode's block edges: a review's one "’" or "👍" used to work out
    // 10,176 or 2,816 scalars (62M instructions, some 20 ms, of a process's start).
    static let latin = table(0...0x52F)
    private static let latinExtendedAndGreek = table(0x1E00...0x1FFF)
    private static let punctuation = table(0x2000...0x206F)
    private static let currency = table(0x2070...0x20FF)
    private static let letterlike = table(0x2100...0x218F)
    private static let arrowsAndTechnical = table(0x2190...0x23FF)
    private static let shapes = table(0x2400...0x25FF)
    private static let dingbats = table(0x2600...0x27BF)
    private static let kana = table(0x3000...0x30FF)
    private static let selectors = table(0xFE00...0xFE0F)
    private static let fullWidth = table(0xFF00...0xFFEF)
    private static let enclosed = table(0x1F000...0x1F2FF)
    private static let pictographs = table(0x1F300...0x1F5FF)
    private static let emoticons = table(0x1F600...0x1F6FF)
    private static let moreSymbols = table(0x1F700...0x1FAFF)

    /// The Han block: each of these is a plain alphabetic word character that lowercases to
    /// itself (checked for every scalar by the tests).
    static let han: ClosedRange<UInt32> = 0x4E00...0x9FFF

    /// The facts of a plain scalar; nil when it is not plain or outside the table (then the
    /// text takes the slow path). `latin` answers the first block without this call.
    static func of(_ value: UInt32) -> ScalarFacts? {
        switch value {
        case 0...0x52F: return latin[Int(value)]
        case 0x4E00...0x9FFF: return ScalarFacts(lower: value, isAlphabetic: true, isWordCharacter: true, extendsPrevious: false)
        case 0x1E00...0x1FFF: return latinExtendedAndGreek[Int(value - 0x1E00)]
        case 0x2000...0x206F: return punctuation[Int(value - 0x2000)]
        case 0x2070...0x20FF: return currency[Int(value - 0x2070)]
        case 0x2100...0x218F: return letterlike[Int(value - 0x2100)]
        case 0x2190...0x23FF: return arrowsAndTechnical[Int(value - 0x2190)]
        case 0x2400...0x25FF: return shapes[Int(value - 0x2400)]
        case 0x2600...0x27BF: return dingbats[Int(value - 0x2600)]
        case 0x3000...0x30FF: return kana[Int(value - 0x3000)]
        case 0xFE00...0xFE0F: return selectors[Int(value - 0xFE00)]
        case 0xFF00...0xFFEF: return fullWidth[Int(value - 0xFF00)]
        case 0x1F000...0x1F2FF: return enclosed[Int(value - 0x1F000)]
        case 0x1F300...0x1F5FF: return pictographs[Int(value - 0x1F300)]
        case 0x1F600...0x1F6FF: return emoticons[Int(value - 0x1F600)]
        case 0x1F700...0x1FAFF: return moreSymbols[Int(value - 0x1F700)]
        default: return nil
        }
    }

    private static func table(_ block: ClosedRange<UInt32>) -> [ScalarFacts?] {
        block.map { value in
            Unicode.Scalar(value).flatMap { cld2Accepts($0) ? workedOut($0) : nil }
        }
    }

    /// Whether CLD2's own interchange check (`SpanInterchangeValid`) accepts the scalar alone.
    static func cld2Accepts(_ scalar: Unicode.Scalar) -> Bool {
        let alone = String(scalar)
        return CLD2Probe.interchangeValidPrefix(alone) == alone.utf8.count
    }

    /// One scalar's facts, from the operations the slow path uses; nil when it is not plain.
    static func workedOut(_ scalar: Unicode.Scalar) -> ScalarFacts? {
        // Capital sigma lowercases by its place in a word in some libraries: never guess.
        guard scalar.value != 0x3A3 else { return nil }
        let lowered = String(scalar).lowercased().unicodeScalars
        guard lowered.count == 1, let lower = lowered.first else { return nil }
        let alone = String(lower)
        guard alone.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(alone.unicodeScalars),
              lower.properties.canonicalCombiningClass == .notReordered else { return nil }
        let character = Character(lower)
        let isWordCharacter = character.isLetter || character == "'" || character == "’" || character == "·"
        // A joiner can pull a letter into an emoji's character (GB11): read such texts the slow way.
        guard lower.value != 0x200D else { return nil }
        let joinsNext = (alone + "a").count != 2
        let joinsPrevious = ("a" + alone).count != 2
        let joinsItself = (alone + alone).count != 2
        if joinsNext { return nil }
        if joinsPrevious || joinsItself {
            // Only a scalar that is nothing on its own may take its neighbour's word status.
            let withLetter = "a" + alone
            guard !isWordCharacter, !lower.properties.isAlphabetic, lower == scalar,
                  withLetter.unicodeScalars.elementsEqual(withLetter.precomposedStringWithCanonicalMapping.unicodeScalars)
            else { return nil }
        }
        return ScalarFacts(lower: lower.value, isAlphabetic: lower.properties.isAlphabetic,
                           isWordCharacter: isWordCharacter, extendsPrevious: joinsPrevious)
    }
}
