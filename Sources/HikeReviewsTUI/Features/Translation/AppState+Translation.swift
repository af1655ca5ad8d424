import Foundation
import ReviewModel
import TranslationEngine

/// What starts a translation: the route screen's configuration (`T`, `L`, a filter) and the overlay's.
extension AppState {

    /// Route detail commands that translate; nil when the command is not one of them.
    mutating func runTranslationCommand(_ command: Command) -> [Effect]? {
        guard let detail else { return nil }
        switch command {
        case .translateAll:
            return translateShownAgain()
        case .translateOne:
            guard detail.visible.indices.contains(detail.selected) else { return [] }
            let review = routes[detail.routeIndex].reviews[detail.visible[detail.selected]]
            guard let source = language(of: review) else {
                modals.append(.error(ErrorDialogState(title: "Language not identified",
                                                      message: "The language of this review could not be identified. Press \(KeyBindings.name(of: .translateAll, in: .routeDetail)) to name it.", retry: nil)))
                return []
            }
            // Opening the overlay is a new configuration: its host runs it.
            modals.append(.overlay(OverlayState(reviewID: review.id, source: source, target: targetLanguage)))
            return overlayTask()
        case .toggleOriginal:
            guard detail.visible.indices.contains(detail.selected) else { return [] }
            let id = routes[detail.routeIndex].reviews[detail.visible[detail.selected]].id
            if showingOriginal.contains(id) { showingOriginal.remove(id) } else { showingOriginal.insert(id) }
            revealSelection()
            return []
        case .toggleAllOriginals:
            originalsOnly.toggle()
            showingOriginal = []
            revealSelection()
            return []
        case .pickTarget:
            // The picker opens at once, its choices to follow: keys typed ahead (another `L`,
            // the language's name) go to it, as to any open modal, and open nothing more.
            modals.append(.languagePicker(.awaitingChoices(purpose: .target)))
            return [.loadTargetChoices(purpose: .target, source: detail.query.language)]
        default:
            return nil
        }
    }

    /// The language a review is translated from: what the user named, else what was detected.
    func language(of review: Review) -> String? {
        guard let tag = languageOverrides[review.id] ?? languages[review.id], tag != "und" else { return nil }
        return tag
    }

    /// `T`: the first press creates the screen's configuration, later ones invalidate it; what
    /// is shown is translated again (the changed configuration starts the task).
    mutating func translateShownAgain() -> [Effect] {
        guard var detail else { return [] }
        if detail.configuration == nil {
            detail.configuration = TranslationSession.Configuration(sourceTag: detail.query.language, targetTag: targetLanguage)
        } else {
            detail.configuration?.invalidate()
        }
        // What is translated into the target already (this run, or remembered from another)
        // stays: `T` translates only what is missing.
        for index in detail.visible {
            let id = routes[detail.routeIndex].reviews[index].id
            if isTranslated(id, into: targetLanguage) { continue }
            translations[id] = nil
        }
        self.detail = detail
        return startRouteTask()
    }

    /// A filter was applied: the configuration follows it, and when other reviews are shown
    /// the memory is asked about them.
    mutating func filtered(shownChanged: Bool) -> [Effect] {
        reconfigure(shownChanged: shownChanged) + (shownChanged ? recallShown() : [])
    }

    /// Keeps the top route screen's configuration in step with its language filter and the
    /// target; `shownChanged` (a filter changed which reviews are shown) invalidates it. A
    /// changed configuration returns its task; a screen with none (no `T` yet) runs nothing.
    mutating func reconfigure(shownChanged: Bool) -> [Effect] {
        guard var detail, let old = detail.configuration else { return [] }
        detail.configuration?.sourceTag = detail.query.language
        detail.configuration?.targetTag = targetLanguage
        if shownChanged { detail.configuration?.invalidate() }
        self.detail = detail
        return detail.configuration == old ? [] : startRouteTask()
    }

    /// Looks in the translation memory for the shown reviews that have nothing in the target
    /// yet; the actions that may change that set return it: a route opened (or shown again),
    /// another target (`retargeted`), another filter, languages detected or named. What the
    /// memory holds is shown at once, with no `T`.
    mutating func recallShown(retargeted: Bool = false) -> [Effect] {
        guard let detail else { return [] }
        let reviews = routes[detail.routeIndex].reviews
        var jobs: [TranslationJob] = []
        var dropped = false
        var inTarget = TargetLanguageMatch(targetLanguage)
        for index in detail.visible {
            let review = reviews[index]
            if let current = translations[review.id] {
                // Into this target already (done, under way, or failed: `T` asks again).
                if current.target == targetLanguage { continue }
                // Another target's, before `L`: a screen with a configuration replaced it already.
                if retargeted && detail.configuration == nil {
                    translations[review.id] = nil
                    dropped = true
                }
            }
            guard let source = language(of: review), !inTarget.matches(source) else { continue }
            jobs.append(TranslationJob(reviewID: review.id, text: review.text, source: source))
        }
        if dropped { revealSelection() }
        return jobs.isEmpty ? [] : [.recall(RecallTask(route: detail.routeIndex, target: targetLanguage, jobs: jobs))]
    }

    /// The overlay's task, for its configuration (it was opened, or given another target).
    func overlayTask() -> [Effect] {
        guard let state = topOverlay, let detail,
              let review = routes[detail.routeIndex].reviews.first(where: { $0.id == state.reviewID }) else { return [] }
        let job = TranslationJob(reviewID: review.id, text: review.text, source: state.source)
        return [.translate(TranslationTask(purpose: .overlay(reviewID: review.id), configuration: state.configuration, jobs: [job]))]
    }

    /// The route screen's task: every review shown that has no translation into the target yet
    /// (or only a pending one, whose task the new one replaces).
    mutating func startRouteTask() -> [Effect] {
        guard let detail, let configuration = detail.configuration else { return [] }
        let target = configuration.targetTag ?? targetLanguage
        notice = nil
        var jobs: [TranslationJob] = []
        var unidentified: [String] = []
        var inTarget = TargetLanguageMatch(target)
        for index in detail.visible {
            let review = routes[detail.routeIndex].reviews[index]
            let source = language(of: review)
            // A review already in the target language is left as it is (the engine's rule:
            // case-insensitive, region and variant aside).
            if let source, inTarget.matches(source) {
                translations[review.id] = nil
                continue
            }
            if let current = translations[review.id], current.target == target {
                // Done, failed or waiting for the user's answer about its language: `T` asks again.
                if current.status != .pending || source == nil { continue }
            }
            translations[review.id] = ReviewTranslation(target: target, status: .pending)
            if let source {
                jobs.append(TranslationJob(reviewID: review.id, text: review.text, source: source))
            } else {
                unidentified.append(review.id)
            }
        }
        revealSelection()
        var effects: [Effect] = jobs.isEmpty ? [] : [.translate(TranslationTask(purpose: .route(detail.routeIndex), configuration: configuration, jobs: jobs))]
        if !unidentified.isEmpty { effects.append(.loadTargetChoices(purpose: .identify(reviewIDs: unidentified), source: nil)) }
        return effects
    }

    /// The overlay nearest the top of the modals, if one is open.
    var topOverlay: OverlayState? {
        for modal in modals.reversed() { if case .overlay(let overlay) = modal { return overlay } }
        return nil
    }
}
