import TranslationEngine

/// The translation overlay on one review (Apple's translationPresentation).
struct OverlayState: Equatable, Sendable {
    var reviewID: String
    /// Source and target of the overlay; a changed one translates the review again.
    var configuration: TranslationSession.Configuration
    var status: TranslationStatus = .pending

    init(reviewID: String, source: String, target: String) {
        self.reviewID = reviewID
        configuration = TranslationSession.Configuration(sourceTag: source, targetTag: target)
    }

    var source: String { configuration.sourceTag ?? "und" }
    var target: String { configuration.targetTag ?? "en" }
    /// The id the overlay's current results carry.
    var taskID: TranslationTask.ID { TranslationTask.ID(purpose: .overlay(reviewID: reviewID), configuration: configuration) }
}
