import ReviewModel
import TestSupport
import Testing

@Suite(.tags(.fast)) struct LanguageIndexTests {}

extension LanguageIndexTests {
    private static let reviews = [
        Review(id: "r1", author: "Ana", date: "2024-05-01", rating: 5, text: "Muy bonito, el camino es precioso."),
        Review(id: "r2", author: "Ola", date: "2024-06-12", rating: 4, text: "Fin tur og flott utsikt."),
        Review(id: "r3", author: "Jo", date: "2024-07-03", rating: 3, text: "Der Weg ist sehr schön."),
        Review(id: "r4", author: "Sam", date: "2024-08-20", rating: 2, text: "A great walk."),
        Review(id: "r5", author: "?", date: "2024-09-09", rating: 1, text: "!!!"),
    ]

    /// Many distinct reviews, so several chunks run in the task group.
    private static func manyReviews(_ count: Int) -> [Review] {
        (0..<count).map { index in
            let text = ["el camino \(index)", "fin tur \(index)", "der Weg \(index)", "the walk \(index)"][index % 4]
            return Review(id: "m\(index)", author: "A", date: "2024-01-01", rating: 3, text: text)
        }
    }

    @Test func detectsAndCachesASingleReview() async {
        let detector = CountingDetector()
        let index = ReviewLanguageIndex(detector: detector)
        let review = Self.reviews[0]

        #expect(await index.cached("r1") == nil)
        #expect(await index.language(of: review) == "es")
        #expect(await index.language(of: review) == "es")
        #expect(await index.cached("r1") == "es")
        #expect(detector.calls(for: review.text) == 1)
    }

    @Test func detectsAgainWhenTheTextChanges() async {
        let detector = CountingDetector()
        let index = ReviewLanguageIndex(detector: detector)
        var review = Self.reviews[0]
        #expect(await index.language(of: review) == "es")

        review.text = "The walk was great."
        #expect(await index.language(of: review) == "en")
        #expect(await index.cached("r1") == "en")
        #expect(detector.totalCalls == 2)
    }

    @Test func detectAllReturnsEveryTagAndCachesThem() async {
        let detector = CountingDetector()
        let index = ReviewLanguageIndex(detector: detector)

        let tags = await index.detectAll(Self.reviews)
        #expect(tags == ["r1": "es", "r2": "nb", "r3": "de", "r4": "en", "r5": "und"])

        #expect(await index.detectAll(Self.reviews) == tags)
        #expect(await index.language(of: Self.reviews[2]) == "de")
        #expect(await index.cached("r5") == "und")
        #expect(detector.totalCalls == Self.reviews.count)
    }

    @Test func detectAllReusesSingleDetections() async {
        let detector = CountingDetector()
        let index = ReviewLanguageIndex(detector: detector)
        _ = await index.language(of: Self.reviews[1])

        let tags = await index.detectAll(Self.reviews + Self.reviews)
        #expect(tags.count == Self.reviews.count)
        for review in Self.reviews {
            #expect(detector.calls(for: review.text) == 1)
        }
    }

    @Test func concurrentCallsDetectEachReviewOnce() async {
        let detector = CountingDetector(delayMicroseconds: 200)
        let index = ReviewLanguageIndex(detector: detector)
        let reviews = Self.manyReviews(400)

        let results = await withTaskGroup(of: [String: String].self) { group in
            for caller in 0..<8 {
                // Callers start from different ends, so their batches overlap in different orders.
                let batch = caller.isMultiple(of: 2) ? reviews : reviews.reversed()
                group.addTask { await index.detectAll(batch) }
            }
            var all: [[String: String]] = []
            for await result in group {
                all.append(result)
            }
            return all
        }

        #expect(results.count == 8)
        #expect(Set(results.map(\.count)) == [400])
        #expect(results.allSatisfy { $0 == results[0] })
        #expect(results[0]["m0"] == "es")
        #expect(results[0]["m3"] == "en")
        #expect(detector.totalCalls == 400)
        #expect(reviews.allSatisfy { detector.calls(for: $0.text) == 1 })
    }

    @MainActor
    @Test func detectsOffTheMainActor() async {
        #expect(MainQueueMarker.isOnMainQueue)
        let detector = CountingDetector()
        let index = ReviewLanguageIndex(detector: detector)

        _ = await index.language(of: Self.reviews[0])
        _ = await index.detectAll(Self.manyReviews(200))

        #expect(detector.totalCalls == 201)
        #expect(detector.mainActorCalls == 0)
    }
}
