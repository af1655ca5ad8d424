import Foundation

/// One candidate language with its probability.
public struct LanguageHypothesis: Sendable, Hashable {
    /// A BCP 47 tag such as "es", "nb" or "hr".
    public var tag: String
    /// 0...1; the hypotheses of one guess add up to at most 1.
    public var probability: Double

    public init(tag: String, probability: Double) {
        self.tag = tag
        self.probability = probability
    }

    public var language: Locale.Language { Locale.Language(identifier: tag) }
}

/// What `LanguageRecognizer` concluded about a text.
public struct LanguageGuess: Sendable, Hashable {
    /// The dominant language's BCP 47 tag, or "und" when the text is too short or ambiguous to tell.
    public var tag: String
    /// The probability of `tag` (0 for "und").
    public var confidence: Double
    /// Whether the guess can be trusted: never true for "und".
    public var isReliable: Bool
    /// Candidates, most likely first, even when `tag` is "und".
    public var hypotheses: [LanguageHypothesis]

    public init(tag: String, confidence: Double, isReliable: Bool, hypotheses: [LanguageHypothesis]) {
        self.tag = tag
        self.confidence = confidence
        self.isReliable = isReliable
        self.hypotheses = hypotheses
    }

    /// The undetermined answer.
    public static func undetermined(_ hypotheses: [LanguageHypothesis] = []) -> LanguageGuess {
        LanguageGuess(tag: "und", confidence: 0, isReliable: false, hypotheses: hypotheses)
    }

    public var isUndetermined: Bool { tag == "und" }

    /// The language when the recognizer backs it with reliability, else nil: what Apple's API
    /// translates from, which throws `unableToIdentifyLanguage` rather than act on a hint
    /// (gibberish, digits, emoji, a word too short to tell).
    public var reliableTag: String? {
        isReliable && !isUndetermined ? tag : nil
    }

    /// The dominant language, or nil when undetermined.
    public var language: Locale.Language? {
        isUndetermined ? nil : Locale.Language(identifier: tag)
    }
}
