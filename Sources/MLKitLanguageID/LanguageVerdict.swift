import TranslationEngine

/// What ML Kit's two questions answer for one text, read from the engine's recognizer.
///
/// The recognizer's rule stands: a text it cannot back with reliability ("und": gibberish,
/// digits, emoji, a word too short to tell) is undetermined here too, and its possible languages
/// are not offered as guesses either. A reliable verdict then meets ML Kit's threshold: its
/// confidence is the share of the text CLD2 gave the language (or the short-text model's
/// probability), and a mixed text can fall below 0.5.
struct LanguageVerdict: Sendable {
    /// The candidates with ML Kit's tags, the recognizer's verdict first; empty when undetermined.
    let candidates: [(tag: String, confidence: Float)]

    /// How much of a text is looked at, as ML Kit: "Inputs longer than 200 characters are
    /// truncated to 200 characters". Characters are Swift's (grapheme clusters), so an emoji
    /// or a letter with its accents counts once and is never cut in two.
    static let maximumCharacters = 200

    /// The verdict on `text`'s first `maximumCharacters`.
    init(_ text: String, recognizer: LanguageRecognizer) {
        let guess = recognizer.recognize(String(text.prefix(Self.maximumCharacters)))
        guard guess.isReliable, !guess.isUndetermined else {
            candidates = []
            return
        }
        // Tags that ML Kit folds into one (Bokmål and Nynorsk are its "no") add up.
        var merged: [(tag: String, confidence: Double)] = []
        for hypothesis in guess.hypotheses {
            let tag = Self.mlkitTag(hypothesis.tag)
            if let index = merged.firstIndex(where: { $0.tag == tag }) {
                merged[index].confidence += hypothesis.probability
            } else {
                merged.append((tag, hypothesis.probability))
            }
        }
        let verdict = Self.mlkitTag(guess.tag)
        if let index = merged.firstIndex(where: { $0.tag == verdict }) {
            merged.insert(merged.remove(at: index), at: 0)
        } else {
            merged.insert((verdict, guess.confidence), at: 0)
        }
        candidates = merged.map { ($0.tag, Float(min($0.confidence, 1))) }
    }

    /// The main language's tag, or `IdentifiedLanguage.undetermined` when there is none or its
    /// confidence is under `threshold`.
    func mainLanguage(threshold: Float) -> String {
        guard let verdict = candidates.first, verdict.confidence >= threshold else { return IdentifiedLanguage.undetermined }
        return verdict.tag
    }

    /// The candidates with at least `threshold`, most likely first; a single undetermined
    /// language with confidence 1 when none is, as ML Kit answers.
    func possibleLanguages(threshold: Float) -> [IdentifiedLanguage] {
        let kept = candidates.filter { $0.confidence >= threshold }
        guard !kept.isEmpty else { return [IdentifiedLanguage(languageTag: IdentifiedLanguage.undetermined, confidence: 1)] }
        // A stable sort: the verdict stays ahead of a candidate as likely as it.
        return kept.enumerated()
            .sorted { $0.element.confidence != $1.element.confidence ? $0.element.confidence > $1.element.confidence : $0.offset < $1.offset }
            .map { IdentifiedLanguage(languageTag: $0.element.tag, confidence: $0.element.confidence) }
    }

    /// ML Kit's tag for one of the engine's: its model knows Norwegian as "no", Filipino as
    /// "fil" and Chinese in either script as "zh". Each is a code `TranslateLanguage(rawValue:)`
    /// reads as its language.
    static func mlkitTag(_ tag: String) -> String {
        switch tag {
        case "nb", "nn": "no"
        case "tl": "fil"
        case "zh-Hant", "zh-Hans": "zh"
        default: tag
        }
    }
}
