import Foundation

extension TranslationSession {
    /// Up to `count` other translations of `text`, best first, besides the one `translate`
    /// gives: the n-best list of a neural model (CTranslate2's hypotheses), without repeats,
    /// without empty ones and without the best one.
    ///
    /// Only a route of one neural leg has such a list. A rule-based pair (Apertium) has one
    /// output, and a route through a third language or a remote server has no list of its own:
    /// those answer an empty list, as LibreTranslate does when a translator has no alternatives.
    /// The memory is not asked: it keeps one translation per text.
    ///
    /// - Throws: as `translate` does (`unableToIdentifyLanguage`, `notInstalled`, ...).
    public func alternatives(of text: String, count: Int) async throws -> [String] {
        guard !isCancelled else { throw TranslationError.alreadyCancelled }
        guard count > 0, !text.allSatisfy(\.isWhitespace) else { return [] }
        let source = try sourceTag ?? detectedTag(of: text)
        let route = try await resolver.route(from: source, to: targetTag)
        guard route.count == 1, let leg = route.first, leg.engine == .neural else { return [] }
        let hypotheses = try await legs.hypotheses(of: text, count: count + 1, leg: leg, pairs: resolver.pairs)
        return Self.distinct(hypotheses.dropFirst(), besides: hypotheses.first ?? "").prefix(count).map { $0 }
    }

    /// `candidates` in order, each once, leaving out `best` and empty ones.
    static func distinct(_ candidates: some Sequence<String>, besides best: String) -> [String] {
        var seen: Set<String> = [best, ""]
        return candidates.filter { seen.insert($0).inserted }
    }
}
