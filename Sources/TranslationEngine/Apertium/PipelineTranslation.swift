/// What a pipeline made of one text.
public struct PipelineTranslation: Sendable, Hashable {
    /// The translation, without unknown-word marks.
    public var text: String
    /// Words the engine did not know (marked `*`, `#` or `@` by the generator), in order of
    /// appearance, each once.
    public var unknownWords: [String]
    /// The generator's mark of each unknown word it did not mark `*`: `#` for a word it could
    /// not inflect, `@` for one the bilingual dictionary lacks. A word missing here was `*`.
    public var marks: [String: Character]

    public init(text: String, unknownWords: [String], marks: [String: Character] = [:]) {
        self.text = text
        self.unknownWords = unknownWords
        self.marks = marks
    }

    /// Whether a character belongs to a word, for finding the words in `unknownWords`.
    ///
    /// A generator's mark covers the letters, digits, combining marks and the joiners
    /// `-'’·_` after it ("*l’eau" is one unknown word). Whoever shows the words in the text
    /// (underlining them, say) splits it with this same rule, so every reported word can be
    /// found again.
    ///
    /// An ASCII character is answered from its byte: this runs on every character of every
    /// answer `serve` marks for APy, and Unicode's property tables cost far more per character
    /// (the same answers: `ApyMarkingTests`).
    public static func isWordCharacter(_ character: Character) -> Bool {
        if let byte = character.asciiValue {
            return (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x27 || byte == 0x5F
        }
        return character.isLetter || character.isNumber || "-'’·_".contains(character)
            || character.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }
}
