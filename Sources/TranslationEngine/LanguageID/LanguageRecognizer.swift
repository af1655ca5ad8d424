import CCLD2
import Foundation

/// Identifies the language of a text: the role of Apple's `NLLanguageRecognizer`, on CLD2's full tables.
///
/// It answers with CLD2's verdict for the whole text when CLD2 calls it reliable, and adds:
/// - scripts that name their language outright (kana for Japanese, Hangul for Korean);
/// - a tie-breaker among close languages (es/gl/pt/ca/oc/fr/it, nb/nn/da/sv, hr/sr/bs/sl,
///   mk/bg/sr/ru) that scores each candidate by words and spellings only it uses;
/// - a short-text rule: under `minimumLetters` letters the answer is "und", and under
///   `shortTextLetters` a neighbour with as much marker evidence makes it "und";
/// - when CLD2 declines, its best-effort hint becomes the answer only if the text holds
///   marker words of that language alone ("Muy bonito");
/// - under `shortTextLetters` letters, a `SecondOpinion` (a byte n-gram model) where one is
///   installed: it answers where CLD2 declines only when it agrees with CLD2's hint or is clearly
///   sure, and turns a confident CLD2 answer it clearly disbelieves into "und".
/// Anything it cannot back this way is "und", never an unreliable guess.
public struct LanguageRecognizer: Sendable {
    /// When set, only these tags may be returned (Apple's `languageConstraints`).
    public var languageConstraints: Set<String>?
    /// Fewer letters than this is always "und".
    public var minimumLetters = 6
    /// Below this many letters, marker words that contradict CLD2 make the answer "und".
    public var shortTextLetters = 40
    /// The second opinion on short texts; nil means CLD2 and the checks above alone.
    public var secondOpinion: SecondOpinion?

    /// A recognizer with this second opinion (nil: CLD2 and the checks above alone).
    public init(secondOpinion: SecondOpinion?) {
        self.secondOpinion = secondOpinion
    }

    /// The dominant language of `text`, or nil when it cannot be determined.
    public static func dominantLanguage(for text: String) -> Locale.Language? {
        LanguageRecognizer().recognize(text).language
    }

    /// The most likely languages of `text` with their probabilities, at most `maximum` of them.
    public func languageHypotheses(for text: String, withMaximum maximum: Int) -> [LanguageHypothesis] {
        Array(recognize(text).hypotheses.prefix(max(maximum, 0)))
    }

    /// Readies the process for recognizing many texts one after another, as `hike-reviews detect`
    /// does: freed memory is kept for the next text. Each text's recognition allocates and frees
    /// tens of KB (CLD2's scan buffers among them), and glibc gave the top of the heap back to
    /// the kernel and took it again 3,544 times in 100,000 lines (a brk each, and its pages
    /// faulted in anew). Process-wide, so it is the command's call, not the library's.
    public static func prepareForManyTexts() {
        hr_keep_freed_heap()
    }

    /// How much of a text is looked at: its first 64 KB, cut at a space (some tens of
    /// thousands of words decide a language; reading a 50 MB line whole took minutes).
    public static let sampleBytes = 64 * 1024

    /// Identifies the language of `text` (of its first `sampleBytes`).
    public func recognize(_ text: String) -> LanguageGuess {
        let text = Self.sample(of: text)
        let stats = TextStats(text)
        if let byScript = stats.languageFromScript, allowed(byScript) {
            let hypothesis = LanguageHypothesis(tag: byScript, probability: 0.99)
            return stats.letters >= 2
                ? LanguageGuess(tag: byScript, confidence: hypothesis.probability, isReliable: true, hypotheses: [hypothesis])
                : .undetermined([hypothesis])
        }
        guard stats.letters >= 1 else { return .undetermined() }
        let first = cld2Guess(text, stats: stats)
        guard let secondOpinion, stats.letters >= minimumLetters, stats.letters < shortTextLetters else { return first }
        return secondOpinion.review(first, text: text, words: stats.words, constraints: languageConstraints)
    }

    /// CLD2's verdict with the script, close-language and short-text checks.
    private func cld2Guess(_ text: String, stats: TextStats) -> LanguageGuess {
        // Under `minimumLetters` only the best-effort hint counts: CLD2 runs once, not twice.
        guard stats.letters >= minimumLetters else { return bestEffortGuess(text, stats: stats) }
        let probe = CLD2Probe.detect(text, bestEffort: false, knownInterchangeValid: stats.isInterchangeValid)
        guard probe.isReliable, let verdict = probe.summaryTag else {
            return bestEffortGuess(text, stats: stats)
        }
        var hypotheses = Self.hypotheses(from: probe)
        // CLD2's verdict for the whole text leads, even when another language covers more bytes.
        if let index = hypotheses.firstIndex(where: { $0.tag == verdict }) {
            hypotheses.insert(hypotheses.remove(at: index), at: 0)
        } else {
            hypotheses.insert(LanguageHypothesis(tag: verdict, probability: hypotheses.first?.probability ?? 0.5), at: 0)
        }
        // Marker evidence is worked out once, and only when a close language asks for it.
        var evidence: MarkerEvidence?
        func markerEvidence() -> MarkerEvidence {
            if let evidence { return evidence }
            let found = MarkerEvidence(stats.words)
            evidence = found
            return found
        }
        hypotheses = constrained(CloseLanguages.rerank(hypotheses, words: stats.words, evidence: markerEvidence))
        guard let top = hypotheses.first else { return .undetermined() }
        // On a few words, marker words that point to a neighbour of CLD2's pick make it a toss-up.
        if stats.letters < shortTextLetters, CloseLanguages.isInCloseGroup(top.tag),
           CloseLanguages.markerAgreement(of: top.tag, evidence: markerEvidence()) == .contradicts {
            return .undetermined(hypotheses)
        }
        return LanguageGuess(tag: top.tag, confidence: top.probability, isReliable: true, hypotheses: hypotheses)
    }

    /// When CLD2 declines (a few words), its best-effort answer is only a hint; it becomes the
    /// answer only for a language of a close group whose own marker words the text uses and
    /// its neighbours' it does not ("Muy bonito", "Molt bonic").
    private func bestEffortGuess(_ text: String, stats: TextStats) -> LanguageGuess {
        let hints = constrained(Self.hypotheses(from: CLD2Probe.detect(text, bestEffort: true, knownInterchangeValid: stats.isInterchangeValid)))
        let halved = hints.map { LanguageHypothesis(tag: $0.tag, probability: $0.probability * 0.5) }
        guard stats.letters >= minimumLetters, let hint = halved.first,
              CloseLanguages.isInCloseGroup(hint.tag),
              CloseLanguages.markerAgreement(of: hint.tag, evidence: MarkerEvidence(stats.words)) == .supports else {
            return .undetermined(halved)
        }
        return LanguageGuess(tag: hint.tag, confidence: hint.probability, isReliable: true, hypotheses: halved)
    }

    private func constrained(_ hypotheses: [LanguageHypothesis]) -> [LanguageHypothesis] {
        guard let constraints = languageConstraints else { return hypotheses }
        return hypotheses.filter { constraints.contains($0.tag) }
    }

    private func allowed(_ tag: String) -> Bool {
        languageConstraints?.contains(tag) ?? true
    }

    /// CLD2's top three as tagged probabilities (percent of the text, scaled to 0...1).
    static func hypotheses(from probe: CLD2Probe) -> [LanguageHypothesis] {
        // One array, merged and sorted in place (the same stable sort as `sorted`).
        var merged: [LanguageHypothesis] = []
        merged.reserveCapacity(probe.hypotheses.count)
        for hypothesis in probe.hypotheses where hypothesis.percent > 0 {
            guard let tag = hypothesis.tag else { continue }
            let probability = Double(hypothesis.percent) / 100
            if let index = merged.firstIndex(where: { $0.tag == tag }) {
                merged[index].probability += probability
            } else {
                merged.append(LanguageHypothesis(tag: tag, probability: probability))
            }
        }
        merged.sort { $0.probability > $1.probability }
        return merged
    }

    /// Maps CLD2's codes to BCP 47: "no" is Bokmål, "iw" Hebrew, unknowns are nil.
    static func bcp47(fromCLD2 code: String) -> String? {
        switch code {
        case "un", "", "xxx": return nil
        case "no": return "nb"
        case "iw": return "he"
        case "jw": return "jv"
        case "in": return "id"
        case "zh-Hant": return "zh-Hant"
        default:
            if code.hasPrefix("xx-") { return nil }
            // CLD2 marks Montenegrin Serbian as "sr-ME"; the language is Serbian.
            if code.hasPrefix("sr-") { return "sr" }
            return code
        }
    }

    /// The text's first `sampleBytes` bytes, ending at the last whitespace before the cut (or at
    /// a character boundary when there is none).
    static func sample(of text: String) -> String {
        let utf8 = text.utf8
        guard utf8.count > sampleBytes else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: sampleBytes)
        while end > utf8.startIndex && UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        let head = text[..<end]
        if let space = head.lastIndex(where: \.isWhitespace) { return String(head[..<space]) }
        return String(head)
    }
}
