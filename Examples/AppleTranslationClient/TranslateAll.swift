// Seed 003 (a TranslationSession tutorial) as its code reads, with `import TranslationEngine`
// for `import Translation`, and its SwiftUI view ported to a `TranslationTaskHost`: the view's
// `@State var configuration` is the host's `configuration`, and `.translationTask(configuration)
// { session in ... }` is the host's action. Run by the `translateAll` scenario.
import Foundation
import TranslationEngine

struct Review: Sendable {
    let id: Int
    let name: String
    let address: String
    let description: String
    let highlights: String
    let price_range: String
    let rating: Double
}

@MainActor
final class ViewModel {
    var translateFrom = Locale.Language(identifier: "es")
    var translateTo = Locale.Language(identifier: "en")
}

extension ViewModel {
    func translateAllAtOnce(review: Review, using session: TranslationSession) async -> Review {
        let requests: [TranslationSession.Request] = [
            TranslationSession.Request(sourceText: review.description),
            TranslationSession.Request(sourceText: review.highlights),
        ]

        do {
            let responses = try await session.translations(from: requests)
            let translatedReview = Review(
                id: review.id,
                name: review.name,
                address: review.address,
                description: responses.first?.targetText ?? review.description,
                highlights: responses.last?.targetText ?? review.highlights,
                price_range: review.price_range,
                rating: review.rating
            )
            return translatedReview
        } catch {
            print("Error executing translateAllAtOnce: \(error)")
            return review
        }
    }
}

/// The seed's review detail view without SwiftUI.
@MainActor
final class ReviewDetail {
    let viewModel = ViewModel()
    var review: Review?

    /// `.translationTask(configuration) { session in ... }`, the tutorial's pattern: the action
    /// runs on the main actor, so it assigns `review` as the seed's closure does. The seed starts
    /// a `Task` inside the action; awaiting the work in the action instead lets the host cancel it
    /// and wait for it.
    lazy var host = TranslationTaskHost { [weak self] session in
        guard let self, let translatableReview = review else {
            return
        }
        review = await viewModel.translateAllAtOnce(review: translatableReview, using: session)
    }

    init(review: Review?) {
        self.review = review
    }

    func translateAll() {
        if host.configuration == nil {
            // Set the language pairing.
            host.configuration = .init(source: viewModel.translateFrom,
                                       target: viewModel.translateTo)
        } else {
            // Invalidate the previous configuration.
            host.configuration?.invalidate()
        }
    }
}

/// Translates one review, then the next with the same languages (`invalidate()`).
@MainActor
func translateAllScenario() async {
    let detail = ReviewDetail(review: Review(id: 1, name: "Ruta del Cares", address: "Asturias",
                                             description: "El perro bebe agua.", highlights: "La casa es grande.",
                                             price_range: "$", rating: 4.5))
    detail.translateAll()
    await detail.host.waitUntilIdle()
    print("1: \(detail.review?.description ?? "nil") | \(detail.review?.highlights ?? "nil")")
    detail.review = Review(id: 2, name: "Camino de Santiago", address: "Galicia",
                           description: "El gato duerme.", highlights: "El camino es largo.",
                           price_range: "$$", rating: 4.0)
    detail.translateAll()
    await detail.host.waitUntilIdle()
    print("2: \(detail.review?.description ?? "nil") | \(detail.review?.highlights ?? "nil")")
    print("version: \(detail.host.configuration?.version ?? -1)")
}
