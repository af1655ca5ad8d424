import Foundation

/// A second language identifier for short texts, where CLD2's answer rests on a few words.
///
/// A byte n-gram naive Bayes model (langid.py's kind, py3langid's trained data, converted by
/// `scripts/setup-langid`) scores the text; its word is taken only where it backs CLD2 up or is
/// clearly sure, and it can overrule a confident CLD2 answer only into "und":
/// - CLD2 confident, the model's best ahead of CLD2's language by `vetoMargin` (or, for a
///   language the model lacks, ahead of its own runner-up by as much): "und".
/// - CLD2 undecided, its best-effort hint within `tieMargin` of the model's best: the hint.
/// - CLD2 undecided, the model's best ahead of its runner-up by `sureMargin`, or backed by the
///   project's marker words (`CloseLanguages`): the model's best.
/// - either answer only if the model puts it `neighbourMargin` ahead of each language of its
///   close group, since two identifiers can share a confusion (Catalan read as Occitan).
/// - anything else: CLD2's own answer, unchanged.
/// Margins are in natural-log units of the model's likelihood. The model knows some 140 languages
/// and dialects, many the app will never see reviews in ("ext", "lij", "bcl"), and confuses short
/// texts with them, so languages outside Europe start `outsidePenalty` behind: they can still
/// win, but only by a wide margin.
public struct SecondOpinion: Sendable {
    let model: NaiveBayesModel
    /// The BCP 47 tags of the model's classes, each once ("no" is "nb").
    let tags: [String]
    /// For each column of the model: its index in `tags`, and whether it is in `regional`.
    private let columns: [(tag: Int, isRegional: Bool)]
    /// Each tag's index in `tags`.
    private let indexOfTag: [String: Int]
    /// Each tag's place among `tags` sorted (by index in `tags`): ties of score are broken by it,
    /// as `precedes` breaks them by the tag, without comparing strings.
    private let tagRanks: [Int]

    /// How far ahead of CLD2's confident answer the model's best must be to make the text "und".
    public var vetoMargin: Float = 6
    /// How close to the model's best CLD2's best-effort hint must be to count as agreement.
    public var tieMargin: Float = 0.5
    /// How far ahead of its runner-up the model's best must be to be taken on its own.
    public var sureMargin: Float = 4
    /// How far ahead of each close neighbour (`CloseLanguages.groups`) the model must put an answer.
    public var neighbourMargin: Float = 0.5
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
        indexOfTag = index
        var ranks = [Int](repeating: 0, count: tags.count)
        for (rank, index) in tags.indices.sorted(by: { tags[$0] < tags[$1] }).enumerated() { ranks[index] = rank }
        tagRanks = ranks
    }

    /// One candidate of the model, with its log score after the handicap.
    struct Candidate: Equatable {
        var tag: String
        var score: Float
    }

    /// The model's candidates as BCP 47 tags, best first, one per tag (the best of a code's columns).
    func ranking(for text: String) -> [Candidate] {
        Self.ranked(tags: tags, best: bestScores(for: text))
    }

    /// The best score of each tag (by its index in `tags`): the best of its columns, after the handicap.
    func bestScores(for text: String) -> [Float] {
        var best = [Float](repeating: -.infinity, count: tags.count)
        for (column, raw) in zip(columns, model.scores(for: text)) {
            best[column.tag] = max(best[column.tag], column.isRegional ? raw : raw - outsidePenalty)
        }
        return best
    }

    static func ranked(tags: [String], best: [Float]) -> [Candidate] {
        zip(tags, best)
            .map { Candidate(tag: $0, score: $1) }
            .sorted(by: precedes)
    }

    /// The ranking's order: the higher score first, then the first tag (`review` finds its first by it too).
    private static func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
        a.score != b.score ? a.score > b.score : a.tag < b.tag
    }

    /// CLD2's guess for a short text, reviewed by the model. Constraints limit the answer, not
    /// the evidence: the model weighs every language it knows.
    ///
    /// Only the best candidate, the runner-up's score and a few tags' scores decide; the whole
    /// ranking is sorted only for an answer of the model's own.
    func review(_ first: LanguageGuess, text: String, words: WordList, constraints: Set<String>?) -> LanguageGuess {
        // Byte n-grams of two scripts add up to nonsense: on "Thumbs up … नमस्ते" the model was
        // sure of Sanskrit. Mixed-script text keeps CLD2's answer.
        guard !Self.mixesScripts(text) else { return first }
        let scores = bestScores(for: text)
        guard !scores.isEmpty else { return first }
        // The ranking's first, and the best score of the rest (its second's).
        func candidate(_ index: Int) -> Candidate { Candidate(tag: tags[index], score: scores[index]) }
        // `precedes` by index: the tags' ranks stand for the tags, no string is compared.
        var bestIndex = 0
        for index in scores.indices.dropFirst()
        where scores[index] != scores[bestIndex] ? scores[index] > scores[bestIndex] : tagRanks[index] < tagRanks[bestIndex] {
            bestIndex = index
        }
        let best = candidate(bestIndex)
        var runnerUp = -Float.infinity
        for index in scores.indices where index != bestIndex { runnerUp = max(runnerUp, scores[index]) }
        func score(of tag: String) -> Float? { indexOfTag[tag].map { scores[$0] } }

        if first.isReliable {
            // The model doubts CLD2 when it is clearly sure of another language: one it ranks far
            // above CLD2's, or, for a language it does not know (Romansh), any language far ahead
            // of the rest.
            let lead = score(of: first.tag).map { best.score - $0 } ?? (best.score - runnerUp)
            guard lead >= vetoMargin else { return first }
            return .undetermined(first.hypotheses)
        }
        let candidate: String
        if let hint = first.hypotheses.first, let own = score(of: hint.tag), best.score - own <= tieMargin {
            candidate = hint.tag
        } else if best.score - runnerUp >= sureMargin
                    || CloseLanguages.markerAgreement(of: best.tag, evidence: MarkerEvidence(words)) == .supports {
            candidate = best.tag
        } else {
            return first
        }
        guard constraints?.contains(candidate) ?? true else { return first }
        // Two identifiers can share a confusion (Catalan read as Occitan): among close languages
        // the model must itself set the answer apart from its neighbours.
        if let own = score(of: candidate),
           CloseLanguages.neighbours(of: candidate).contains(where: { score(of: $0).map { own - $0 < neighbourMargin } ?? false }) {
            return first
        }
        return answer(candidate, scores: scores, constraints: constraints)
    }

    /// The indices of `tags` in the ranking's order (`precedes`): scores and tie-breaking ranks
    /// packed into integers and sorted as such. Sorting the candidates themselves, comparing
    /// their tags and copying their strings, was a tenth of `detect`'s time on short lines.
    func rankedIndices(_ scores: [Float]) -> [Int] {
        // NaN (a damaged model) orders nothing: the candidates' own sort, whatever it makes of it.
        if scores.contains(where: \.isNaN) {
            return Self.ranked(tags: tags, best: scores).map { indexOfTag[$0.tag]! }
        }
        // `tags` has at most 4096 entries (the model's class count): index and rank fit 16 bits.
        var keys = scores.indices.map { index -> UInt64 in
            // -0 and 0 are the same score to `precedes`.
            let bits = (scores[index] == 0 ? 0 : scores[index]).bitPattern
            // The float's order as an unsigned one: negatives' bits flipped, positives' sign set;
            // then inverted, so the higher score sorts first.
            let ordered = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
            return UInt64(~ordered) << 32 | UInt64(tagRanks[index]) << 16 | UInt64(index)
        }
        keys.sort()
        return keys.map { Int($0 & 0xFFFF) }
    }

    /// A reliable guess of `tag`, with the model's top three allowed languages as probabilities
    /// (a softmax of its scores), `tag` first.
    private func answer(_ tag: String, scores: [Float], constraints: Set<String>?) -> LanguageGuess {
        let order = rankedIndices(scores)
        guard let first = order.first else { return .undetermined() }
        let top = scores[first]
        // Summed in the ranking's order, as ever: the same total to the last bit.
        var total = 0.0
        for index in order { total += exp(Double(scores[index] - top)) }
        // The answer first, then the best two of the rest that are allowed: three in all.
        var own: [LanguageHypothesis] = []
        var others: [LanguageHypothesis] = []
        for index in order where constraints?.contains(tags[index]) ?? true {
            let isAnswer = tags[index] == tag
            guard isAnswer || others.count < 2 else { continue }
            let hypothesis = LanguageHypothesis(tag: tags[index], probability: exp(Double(scores[index] - top)) / total)
            if isAnswer { own.append(hypothesis) } else { others.append(hypothesis) }
            if !own.isEmpty && others.count == 2 { break }
        }
        var hypotheses = own + others
        // Near-ties can put the answer behind another by a hair; keep the list ranked.
        let probabilities = hypotheses.map(\.probability).sorted(by: >)
        for index in hypotheses.indices { hypotheses[index].probability = probabilities[index] }
        return LanguageGuess(tag: tag, confidence: hypotheses[0].probability, isReliable: true, hypotheses: hypotheses)
    }

    /// Whether the text has letters of two scripts, at least two of each (scripts told apart by
    /// their Unicode blocks, coarsely: Latin with its extensions, Greek, Cyrillic, and each
    /// 128-scalar block beyond).
    static func mixesScripts(_ text: String) -> Bool {
        // Below U+0340 (lead bytes under 0xCD) every letter is of the first script: no mix.
        if text.utf8.allSatisfy({ $0 < 0xCD }) { return false }
        var counts: [UInt32: Int] = [:]
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            let value = scalar.value
            let script: UInt32
            switch value {
            case 0..<0x370, 0x1E00..<0x1F00, 0x2C60..<0x2C80, 0xA720..<0xA800: script = 0
            case 0x370..<0x400, 0x1F00..<0x2000: script = 1
            case 0x400..<0x530, 0x2DE0..<0x2E00, 0xA640..<0xA6A0: script = 2
            case 0x3040..<0x3100, 0x3400..<0xA000, 0xF900..<0xFB00: script = 3  // kana and Han: Japanese mixes them
            default: script = value >> 7
            }
            counts[script, default: 0] += 1
        }
        return counts.values.filter { $0 >= 2 }.count >= 2
    }
}
