import Foundation

/// Terms a translation keeps as written, or translates one fixed way into a given language.
///
/// Matched whole-word (a match neither starts nor ends inside a word, words as
/// `PipelineTranslation.isWordCharacter` reads them) and case-sensitively, the longest term
/// first at each place, left to right; terms never overlap. A term with a translation into the
/// target's language (its base language: `es` serves `es-MX`) becomes that translation as a
/// kept span, any other match is kept as it is. The file format is `Glossary(contentsOf:)`'s.
public struct Glossary: Sendable, Hashable {
    /// One term and its forced translations, by language tag (canonical).
    public struct Term: Sendable, Hashable {
        public var text: String
        public var translations: [String: String]

        public init(_ text: String, translations: [String: String] = [:]) {
            self.text = text
            self.translations = Dictionary(translations.map { (LanguageTag.canonical($0.key), $0.value) }) { _, last in last }
        }
    }

    /// The terms, longest first.
    public let terms: [Term]
    /// Terms by their first character, longest first: the candidates at a place in a text.
    private let byFirst: [Character: [Term]]

    /// `terms`, the translations of one term text merged (a later one wins for a language).
    public init(terms: [Term]) {
        var merged: [String: Term] = [:]
        var order: [String] = []
        for term in terms where !term.text.isEmpty {
            if merged[term.text] == nil {
                order.append(term.text)
                merged[term.text] = term
            } else {
                merged[term.text]?.translations.merge(term.translations) { _, last in last }
            }
        }
        // Longest first; equal lengths in file order, so a run is reproducible.
        let sorted = order.enumerated().sorted { first, second in
            let (a, b) = (first.element.count, second.element.count)
            return a != b ? a > b : first.offset < second.offset
        }.compactMap { merged[$0.element] }
        self.terms = sorted
        self.byFirst = Dictionary(grouping: sorted) { $0.text.first! }
    }

    /// Whether the glossary has no term.
    public var isEmpty: Bool { terms.isEmpty }

    /// This glossary's terms and `other`'s, as one (for a term in both, `other`'s translation
    /// wins for a language both give): how a host adds its own kept names, a route's places,
    /// to the user's glossary.
    public func merged(with other: Glossary) -> Glossary {
        Glossary(terms: terms + other.terms)
    }

    /// `text` with every match in its text segments made a kept span: the term as written, or
    /// its translation into `target`'s language. Kept spans already there are left alone.
    public func marking(_ text: SpannedText, into target: String) -> SpannedText {
        guard !terms.isEmpty else { return text }
        let language = LanguageTag.base(LanguageTag.canonical(target))
        var segments: [SpannedText.Segment] = []
        for segment in text.segments {
            guard case .text(let string) = segment else {
                segments.append(segment)
                continue
            }
            segments += marking(string, language: language, target: LanguageTag.canonical(target))
        }
        return SpannedText(segments)
    }

    private func marking(_ string: String, language: String, target: String) -> [SpannedText.Segment] {
        var segments: [SpannedText.Segment] = []
        var textStart = string.startIndex
        var index = string.startIndex
        var previous: Character?
        while index < string.endIndex {
            let character = string[index]
            let startsWord = previous.map { !PipelineTranslation.isWordCharacter($0) } ?? true
            if startsWord, let candidates = byFirst[character],
               let (term, end) = candidates.lazy.compactMap({ term in Self.match(term, in: string, at: index).map { (term, $0) } }).first {
                segments.append(.text(String(string[textStart..<index])))
                let forced = term.translations[target] ?? term.translations[language]
                segments.append(.kept(forced ?? term.text))
                previous = string[string.index(before: end)]
                index = end
                textStart = end
                continue
            }
            previous = character
            index = string.index(after: index)
        }
        segments.append(.text(String(string[textStart...])))
        return segments
    }

    /// Where `term` ends when it stands at `index` as a whole word.
    private static func match(_ term: Term, in string: String, at index: String.Index) -> String.Index? {
        guard string[index...].hasPrefix(term.text) else { return nil }
        let end = string.index(index, offsetBy: term.text.count)
        if end < string.endIndex, PipelineTranslation.isWordCharacter(string[end]), let last = term.text.last,
           PipelineTranslation.isWordCharacter(last) {
            return nil
        }
        return end
    }
}
