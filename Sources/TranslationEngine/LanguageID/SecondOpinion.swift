import Foundation

/// A second language identifier for short texts, where CLD2's answer rests on a few words.
///
/// A byte n-gram naive Bayes model (langid.py's kind, py3langid's trained data, converted by
/// `scripts/setup-langid`) scores the text; its word is taken only where it backs CLD2 up or is
/// clearly sure, and it can overrule a confident CLD2 answer only into "und":
/// - CLD2 confident, the model clearly sure of another language (`vetoMargin`): "und".
/// - CLD2 undecided, its best-effort hint within `tieMargin` of the model's best: the hint.
/// - CLD2 undecided, the model's best ahead of its runner-up by `sureMargin`: the model's best.
/// - anything else: CLD2's own answer, unchanged.
/// Margins are in natural-log units of the model's likelihood. The model knows some 140 languages and
/// dialects the app will never see reviews in ("ext", "lij", "bcl") and confuses short texts
/// with them, so languages outside Europe start `outsidePenalty` behind: they can still win,
/// but only by a wide margin.
public struct SecondOpinion: Sendable {
    let model: NaiveBayesModel
    /// The BCP 47 tags of the model's classes, each once ("no" is "nb").
    private let tags: [String]
    /// For each column of the model: its index in `tags`, and whether it is in `regional`.
    private let columns: [(tag: Int, isRegional: Bool)]

    /// How far ahead of CLD2's confident answer the model's best must be to make the text "und".
    public var vetoMargin: Float = 6
    /// How close to the model's best CLD2's best-effort hint must be to count as agreement.
    public var tieMargin: Float = 0.5
    /// How far ahead of its runner-up the model's best must be to be taken on its own.
    public var sureMargin: Float = 4
    /// The handicap of languages outside `regional`, in the same units.
    public var outsidePenalty: Float = 8

    /// Languages of Europe (model codes) that CLD2 also identifies, plus Esperanto.
    static let regional: Set<String> = [
        "be", "bg", "br", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "eo", "es", "et", "eu",
        "fi", "fo", "fr", "fy", "ga", "gd", "gl", "hr", "hu", "is", "it", "lb", "lt", "lv", "mk",
        "mt", "nl", "nn", "no", "oc", "pl", "pt", "ro", "ru", "sk", "sl", "sq", "sr", "sv", "tr", "uk",
    ]

    /// Loads the model file `scripts/setup-langid` writes.
    public init(contentsOf url: URL) throws {
        model = try NaiveBayesModel(contentsOf: url)
        var tags: [String] = []
        var index: [String: Int] = [:]
        columns = model.classes.map { code in
            let tag = code == "no" ? "nb" : code
            if index[tag] == nil {
                index[tag] = tags.count
                tags.append(tag)
            }
            return (index[tag]!, Self.regional.contains(code))
        }
        self.tags = tags
    }

    /// The model at `SecondOpinion.defaultModelURL()`, or nil when there is none or it does not
    /// load: language ID then works on CLD2 alone, without a word to the user.
    public static let shared: SecondOpinion? = defaultModelURL().flatMap { try? SecondOpinion(contentsOf: $0) }

    /// One candidate of the model, with its log score after the handicap.
    struct Candidate: Equatable {
        var tag: String
        var score: Float
    }

    /// The model's candidates as BCP 47 tags, best first, one per tag (the best of a code's columns).
    func ranking(for text: String, constraints: Set<String>? = nil) -> [Candidate] {
        var best = [Float](repeating: -.infinity, count: tags.count)
        for (column, raw) in zip(columns, model.scores(for: text)) {
            best[column.tag] = max(best[column.tag], column.isRegional ? raw : raw - outsidePenalty)
        }
        return zip(tags, best)
            .filter { tag, _ in constraints?.contains(tag) ?? true }
            .map { Candidate(tag: $0, score: $1) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.tag < $1.tag }
    }

    /// CLD2's guess for a short text, reviewed by the model.
    func review(_ first: LanguageGuess, text: String, constraints: Set<String>?) -> LanguageGuess {
        let ranking = ranking(for: text, constraints: constraints)
        guard let best = ranking.first else { return first }
        func score(of tag: String) -> Float? { ranking.first { $0.tag == tag }?.score }

        if first.isReliable {
            // A language the model does not know is not the model's to doubt.
            guard let own = score(of: first.tag), best.score - own >= vetoMargin else { return first }
            return .undetermined(first.hypotheses)
        }
        if let hint = first.hypotheses.first, let own = score(of: hint.tag), best.score - own <= tieMargin {
            return answer(hint.tag, ranking: ranking)
        }
        let runnerUp = ranking.dropFirst().first?.score ?? -.infinity
        if best.score - runnerUp >= sureMargin {
            return answer(best.tag, ranking: ranking)
        }
        if CloseLanguages.markerAgreement(of: best.tag, words: TextStats(text).words) == .supports {
            return answer(best.tag, ranking: ranking)
        }
        return first
    }

    /// A reliable guess of `tag`, with the model's top three as probabilities (a softmax of its
    /// scores), `tag` first.
    private func answer(_ tag: String, ranking: [Candidate]) -> LanguageGuess {
        guard let top = ranking.first?.score else { return .undetermined() }
        let weights = ranking.map { exp(Double($0.score - top)) }
        let total = weights.reduce(0, +)
        var hypotheses = zip(ranking, weights).prefix(3).map { LanguageHypothesis(tag: $0.tag, probability: $1 / total) }
        if let index = hypotheses.firstIndex(where: { $0.tag == tag }) {
            hypotheses.insert(hypotheses.remove(at: index), at: 0)
        } else {
            hypotheses.insert(LanguageHypothesis(tag: tag, probability: 0), at: 0)
            hypotheses.removeLast()
        }
        // Near-ties can put the answer behind another by a hair; keep the list ranked.
        let probabilities = hypotheses.map(\.probability).sorted(by: >)
        for index in hypotheses.indices { hypotheses[index].probability = probabilities[index] }
        return LanguageGuess(tag: tag, confidence: hypotheses[0].probability, isReliable: true, hypotheses: hypotheses)
    }
}
