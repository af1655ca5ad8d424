import ReviewModel
import TestSupport
import Testing

@Suite(.tags(.fast)) struct ReviewQueryTests {}

extension ReviewQueryTests {
    private static let reviews = [
        Review(id: "b", author: "Ana García", date: "2024-05-01", rating: 5, text: "Precioso camino por el desfiladero."),
        Review(id: "a", author: "Ola Nordmann", date: "2024-06-12", rating: 4, text: "Fin tur, men mye folk i München-ferien."),
        Review(id: "d", author: "Jürgen", date: "2024-05-01", rating: 4, text: "Sehr schön, aber steil."),
        Review(id: "c", author: "Chloé", date: "2023-09-30", rating: 2, text: "Trop de monde, CAFÉ fermé."),
        Review(id: "e", author: "Sam", date: "2024-06-12", rating: 5, text: "Great views."),
    ]

    private static let languages = ["b": "es", "a": "nb", "d": "de", "c": "fr"]

    private func ids(_ query: ReviewQuery) -> [String] {
        query.apply(to: Self.reviews, languages: Self.languages).map(\.id)
    }

    @Test func defaultQueryShowsEverythingNewestFirst() {
        #expect(ids(ReviewQuery()) == ["a", "e", "b", "d", "c"])
    }

    @Test func filtersByLanguageAndSkipsUndetectedReviews() {
        #expect(ids(ReviewQuery(language: "nb")) == ["a"])
        #expect(ids(ReviewQuery(language: "DE")) == ["d"])
        // "e" has no detected language yet, so no language filter can match it.
        #expect(ids(ReviewQuery(language: "en")) == [])
        #expect(ids(ReviewQuery(language: "")) == ["a", "e", "b", "d", "c"])
    }

    @Test func searchIgnoresCaseAndDiacritics() {
        #expect(ids(ReviewQuery(searchText: "munchen")) == ["a"])
        #expect(ids(ReviewQuery(searchText: "cafe")) == ["c"])
        #expect(ids(ReviewQuery(searchText: "SCHON")) == ["d"])
        #expect(ids(ReviewQuery(searchText: "  desfiladero ")) == ["b"])
    }

    @Test func searchLooksAtTheAuthorToo() {
        #expect(ids(ReviewQuery(searchText: "garcia")) == ["b"])
        #expect(ids(ReviewQuery(searchText: "chloe")) == ["c"])
        #expect(ids(ReviewQuery(searchText: "nobody")) == [])
    }

    @Test func combinesLanguageAndSearch() {
        #expect(ids(ReviewQuery(language: "es", searchText: "precioso")) == ["b"])
        #expect(ids(ReviewQuery(language: "nb", searchText: "precioso")) == [])
    }

    @Test(arguments: [
        (ReviewSort.newest, ["a", "e", "b", "d", "c"]),
        (ReviewSort.oldest, ["c", "b", "d", "a", "e"]),
        (ReviewSort.bestRated, ["b", "e", "a", "d", "c"]),
        (ReviewSort.worstRated, ["c", "a", "d", "b", "e"]),
    ])
    func sortsWithIDAsTieBreaker(_ sort: ReviewSort, _ expected: [String]) {
        #expect(ids(ReviewQuery(sort: sort)) == expected)
    }

    @Test func sortIsStableForEqualIDs() {
        let twins = [
            Review(id: "x", author: "first", date: "2024-01-01", rating: 3, text: ""),
            Review(id: "x", author: "second", date: "2024-01-01", rating: 3, text: ""),
        ]
        for sort in ReviewSort.allCases {
            let authors = ReviewQuery(sort: sort).apply(to: twins, languages: [:]).map(\.author)
            #expect(authors == ["first", "second"])
        }
    }

    @Test func countsLanguagesMostCommonFirst() {
        let languages = ["b": "es", "a": "nb", "d": "es", "c": "de", "e": "nb", "zz": "fr"]
        let counts = languageCounts(of: Self.reviews, languages: languages)
        #expect(counts.map(\.tag) == ["es", "nb", "de"])
        #expect(counts.map(\.count) == [2, 2, 1])
    }

    @Test func languageCountsSkipUndetectedReviews() {
        let counts = languageCounts(of: Self.reviews, languages: ["e": "und"])
        #expect(counts.count == 1)
        #expect(counts.first?.tag == "und")
        #expect(counts.first?.count == 1)
    }
}

extension ReviewQueryTests {
    /// Adding the reviews whose language was just detected gives what a fresh `apply` gives,
    /// for every split of what was known before into what is learned after.
    @Test func addingNewlyDetectedReviewsMatchesAFreshApply() {
        let more = ["e": "en", "x": "es"]
        let all = Self.languages.merging(more) { $1 }
        for query in [ReviewQuery(language: "es"), ReviewQuery(language: "en", sort: .bestRated), ReviewQuery(language: "es", searchText: "camino")] {
            for known in [[String: String](), Self.languages] {
                let shown = query.apply(toIndicesOf: Self.reviews, languages: known)
                let candidates = Self.reviews.indices.filter { known[Self.reviews[$0].id] == nil }
                #expect(query.adding(candidates, to: shown, in: Self.reviews, languages: all)
                    == query.apply(toIndicesOf: Self.reviews, languages: all))
            }
        }
    }
}
