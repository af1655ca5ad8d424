import ReviewModel
import TranslationEngine

/// What starts a translation: the route screen's configuration (`T`, `L`, a filter) and a look
/// in the memory, returned as effects by the actions that need them.
extension TranslationState {
    /// A filter was applied: the configuration follows it, and when other reviews are shown
    /// the memory is asked about them.
    mutating func filtered(_ detail: inout RouteDetailState, shownChanged: Bool, in context: TranslationContext) -> TranslationOutcome {
        reconfigure(&detail, shownChanged: shownChanged, in: context) + (shownChanged ? recall(detail, in: context) : .none)
    }

    /// `L` chose `tag`: a changed target translates again; nil when it is the same.
    mutating func retarget(_ tag: String, _ detail: inout RouteDetailState?, in context: TranslationContext?) -> TranslationOutcome? {
        guard tag != target else { return nil }
        target = tag
        guard var screen = detail, let context else { return TranslationOutcome.none }
        defer { detail = screen }
        return reconfigure(&screen, shownChanged: false, in: context) + recall(screen, retargeted: true, in: context)
    }

    /// Keeps the route screen's configuration in step with its language filter and the target;
    /// `shownChanged` (a filter changed which reviews are shown) invalidates it. A changed
    /// configuration returns its task; a screen with none (no `T` yet) runs nothing.
    mutating func reconfigure(_ detail: inout RouteDetailState, shownChanged: Bool, in context: TranslationContext) -> TranslationOutcome {
        guard let old = detail.configuration else { return .none }
        detail.configuration?.sourceTag = detail.query.language
        detail.configuration?.targetTag = target
        if shownChanged { detail.configuration?.invalidate() }
        return detail.configuration == old ? .none : startRouteTask(detail, in: context)
    }

    /// Looks in the translation memory for the shown reviews that have nothing in the target
    /// yet; the actions that may change that set return it: a route opened (or shown again),
    /// another target (`retargeted`), another filter, languages detected or named. What the
    /// memory holds is shown at once, with no `T`.
    mutating func recall(_ detail: RouteDetailState, retargeted: Bool = false, in context: TranslationContext) -> TranslationOutcome {
        var jobs: [TranslationJob] = []
        var dropped = false
        var inTarget = TargetLanguageMatch(target)
        for index in detail.visible {
            let review = context.reviews[index]
            if let current = shown[review.id] {
                // Into this target already (done, under way, or failed: `T` asks again).
                if current.target == target { continue }
                // Another target's, before `L`: a screen with a configuration replaced it already.
                if retargeted && detail.configuration == nil {
                    shown[review.id] = nil
                    dropped = true
                }
            }
            guard let source = language(of: review, languages: context.languages), !inTarget.matches(source) else { continue }
            jobs.append(TranslationJob(reviewID: review.id, text: review.text, source: source))
        }
        let effects: [Effect] = jobs.isEmpty ? [] : [.recall(RecallTask(route: detail.routeIndex, target: target, jobs: jobs, places: context.places))]
        return TranslationOutcome(effects: effects, reveal: dropped)
    }

    /// The route screen's task: every review shown that has no translation into the target yet
    /// (or only a pending one, whose task the new one replaces).
    mutating func startRouteTask(_ detail: RouteDetailState, in context: TranslationContext) -> TranslationOutcome {
        guard let configuration = detail.configuration else { return .none }
        let target = configuration.targetTag ?? self.target
        notice = nil
        var jobs: [TranslationJob] = []
        var unidentified: [String] = []
        var inTarget = TargetLanguageMatch(target)
        for index in detail.visible {
            let review = context.reviews[index]
            let source = language(of: review, languages: context.languages)
            // A review already in the target language is left as it is (the engine's rule:
            // case-insensitive, region and variant aside).
            if let source, inTarget.matches(source) {
                shown[review.id] = nil
                continue
            }
            if let current = shown[review.id], current.target == target {
                // Done, failed or waiting for the user's answer about its language: `T` asks again.
                if current.status != .pending || source == nil { continue }
            }
            shown[review.id] = ReviewTranslation(target: target, status: .pending)
            if let source {
                jobs.append(TranslationJob(reviewID: review.id, text: review.text, source: source))
            } else {
                unidentified.append(review.id)
            }
        }
        var effects: [Effect] = jobs.isEmpty ? [] : [.translate(TranslationTask(purpose: .route(detail.routeIndex), configuration: configuration, jobs: jobs,
                                                                                         places: context.places))]
        if !unidentified.isEmpty { effects.append(.loadTargetChoices(purpose: .identify(reviewIDs: unidentified), source: nil)) }
        return TranslationOutcome(effects: effects, reveal: true)
    }

    /// The user named the language of reviews `ids` (nil: they did not): those are translated
    /// from it; `learned` (detection is over) lets the memory answer for more reviews.
    mutating func identified(_ ids: [String], as tag: String?, detail: RouteDetailState?, in context: TranslationContext?,
                             detectionFinished: Bool) -> TranslationOutcome {
        guard let tag, let detail, let context else {
            for id in ids { shown[id] = shown[id].map { ReviewTranslation(target: $0.target, status: .unidentified) } }
            return TranslationOutcome(reveal: true)
        }
        var jobs: [TranslationJob] = []
        // Languages named for the first time may let the memory answer for more reviews.
        let learned = detectionFinished && ids.contains { overrides[$0] == nil }
        for id in ids {
            overrides[id] = tag
            if let review = context.reviews.first(where: { $0.id == id }) {
                jobs.append(TranslationJob(reviewID: id, text: review.text, source: tag))
            }
        }
        let configuration = detail.configuration ?? TranslationSession.Configuration(sourceTag: nil, targetTag: target)
        let task: [Effect] = jobs.isEmpty ? [] : [.translate(TranslationTask(purpose: .identified(route: detail.routeIndex, reviewIDs: ids),
                                                                              configuration: configuration, jobs: jobs,
                                                                              places: context.places))]
        return TranslationOutcome(effects: task) + (learned ? recall(detail, in: context) : .none)
    }
}
