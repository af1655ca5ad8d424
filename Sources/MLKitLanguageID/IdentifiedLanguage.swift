/// A language that `identifyPossibleLanguages(for:completion:)` found in a text, with how sure
/// it is, as ML Kit's `IdentifiedLanguage`.
///
/// Equal when both the tag and the confidence are (as Android's `IdentifiedLanguage.equals`),
/// so two answers for one text compare equal.
public final class IdentifiedLanguage: Hashable, Sendable, CustomStringConvertible {
    /// ML Kit's tag for a text whose language could not be told: "und".
    public static let undetermined = "und"

    /// The language's BCP 47 tag, as ML Kit's model names it ("en", "no", "fil", "zh"), or
    /// `IdentifiedLanguage.undetermined`.
    public let languageTag: String
    /// How sure the identifier is, 0...1: at least the threshold of the options.
    public let confidence: Float

    init(languageTag: String, confidence: Float) {
        self.languageTag = languageTag
        self.confidence = confidence
    }

    /// "(de, 0.97)", as Google's samples print a possible language.
    public var description: String {
        "(\(languageTag), \(confidence))"
    }

    public static func == (left: IdentifiedLanguage, right: IdentifiedLanguage) -> Bool {
        (left.languageTag, left.confidence) == (right.languageTag, right.confidence)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(languageTag)
        hasher.combine(confidence)
    }
}
