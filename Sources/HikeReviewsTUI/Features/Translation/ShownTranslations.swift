import TranslationEngine

/// One review's translation into one target.
struct ReviewTranslation: Equatable, Sendable {
    var target: String
    var status: TranslationStatus
}

/// The inline translations the route screen shows, by review id, and how a result, a failure
/// or a remembered entry applies to them.
struct ShownTranslations: Equatable, Sendable {
    private var byReview: [String: ReviewTranslation] = [:]

    subscript(reviewID: String) -> ReviewTranslation? {
        get { byReview[reviewID] }
        set { byReview[reviewID] = newValue }
    }

    var isEmpty: Bool { byReview.isEmpty }
    var keys: Dictionary<String, ReviewTranslation>.Keys { byReview.keys }
    var values: Dictionary<String, ReviewTranslation>.Values { byReview.values }

    /// The review ids whose translation into `target` came from the memory.
    func remembered(into target: String) -> [String] {
        byReview.compactMap { id, translation in
            guard translation.target == target, case .done(let done) = translation.status, done.remembered else { return nil }
            return id
        }
    }

    /// Whether the review's translation into `target` is finished (done here or remembered).
    func isTranslated(_ reviewID: String, into target: String) -> Bool {
        guard let current = byReview[reviewID] else { return false }
        return current.target == target && current.status.isDone
    }

    /// A failure (or any status) of reviews whose task is under way.
    mutating func apply(_ status: TranslationStatus, to reviewIDs: [String]) {
        for id in reviewIDs {
            guard let current = byReview[id] else { continue }
            byReview[id] = ReviewTranslation(target: current.target, status: status)
        }
    }

    /// What the memory held, marked remembered, where the review has nothing finished in
    /// `target` (a pending one's task would bring the same text).
    mutating func apply(recalled found: [RecalledTranslation], into target: String) {
        for item in found where !isTranslated(item.reviewID, into: target) {
            let done = TranslatedText(text: item.text, route: item.route, unknownWords: item.unknownWords, engines: item.engines, remembered: true)
            byReview[item.reviewID] = ReviewTranslation(target: target, status: .done(done))
        }
    }
}

extension TranslationStatus {
    /// A finished translation, spelled out.
    static func done(text: String, route: [String], unknownWords: [String], engines: [PackEngine] = [], remembered: Bool = false) -> Self {
        .done(TranslatedText(text: text, route: route, unknownWords: unknownWords, engines: engines, remembered: remembered))
    }

    var isDone: Bool {
        if case .done = self { return true }
        return false
    }
}
