import Foundation

/// What a user asked to see of a route's reviews: a language, a search text and an order.
public struct ReviewQuery: Sendable, Hashable {
    /// BCP 47 tag to keep, compared without regard to case; `nil` or empty keeps every language.
    public var language: String?
    /// Text to look for in review text and author; blank matches every review.
    public var searchText: String
    /// Order of the result.
    public var sort: ReviewSort

    /// Creates a query; the defaults show every review, newest first.
    public init(language: String? = nil, searchText: String = "", sort: ReviewSort = .newest) {
        self.language = language
        self.searchText = searchText
        self.sort = sort
    }

    /// The reviews that match, in the requested order.
    ///
    /// `languages` maps review ids to detected tags. With a language set, reviews
    /// not in `languages` yet are left out, since they cannot be shown to match.
    /// Search ignores case and diacritics, so "munchen" finds "München". Ties in the
    /// sort key are broken by id, then by input order, so the result is stable.
    public func apply(to reviews: [Review], languages: [String: String]) -> [Review] {
        apply(toIndicesOf: reviews, languages: languages).map { reviews[$0] }
    }

    /// The positions in `reviews` of the reviews that match, in the requested order.
    ///
    /// Screens keep these rather than copies of the reviews.
    public func apply(toIndicesOf reviews: [Review], languages: [String: String]) -> [Int] {
        let matches = matcher(languages)
        let matching = reviews.indices.filter { matches(reviews[$0]) }
        // Positions are sorted, not copies of the reviews: on 100,000 reviews the copies cost more than the comparisons.
        return matching.sorted { precedes($0, $1, in: reviews) }
    }

    /// `shown` (positions that match, in order, as `apply` gave them) with those of
    /// `candidates` that match now, in order: what `apply` would give when only the
    /// candidates may have started to match (their language just detected).
    ///
    /// The sort merges the run it finds in `shown` with the few added, so this costs about
    /// one comparison per shown review instead of a sort of them all.
    public func adding(_ candidates: [Int], to shown: [Int], in reviews: [Review], languages: [String: String]) -> [Int] {
        let matches = matcher(languages)
        let added = candidates.filter { matches(reviews[$0]) }
        guard !added.isEmpty else { return shown }
        return (shown + added).sorted { precedes($0, $1, in: reviews) }
    }

    /// Whether a review passes the language and the search (both read once, here).
    private func matcher(_ languages: [String: String]) -> (Review) -> Bool {
        let wantedLanguage = language.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let needle = searchText.trimmingCharacters(in: .whitespacesAndNewlines)
        return { review in
            if let wantedLanguage {
                guard languages[review.id]?.lowercased() == wantedLanguage else { return false }
            }
            return needle.isEmpty || Self.contains(review.text, needle) || Self.contains(review.author, needle)
        }
    }

    private static func contains(_ haystack: String, _ needle: String) -> Bool {
        haystack.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    private func precedes(_ lhs: Int, _ rhs: Int, in reviews: [Review]) -> Bool {
        let left = reviews[lhs]
        let right = reviews[rhs]
        switch sort {
        case .newest where left.date != right.date:
            // `YYYY-MM-DD` sorts chronologically as text.
            return left.date > right.date
        case .oldest where left.date != right.date:
            return left.date < right.date
        case .bestRated where left.rating != right.rating:
            return left.rating > right.rating
        case .worstRated where left.rating != right.rating:
            return left.rating < right.rating
        default:
            break
        }
        if left.id != right.id {
            return left.id < right.id
        }
        return lhs < rhs
    }
}
