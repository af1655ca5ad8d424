import ReviewModel
import TranslationEngine

/// The translation feature's state: the target, the inline translations shown and how they
/// are shown, the languages the user named, and the title bar's notice.
struct TranslationState: Equatable, Sendable {
    /// The language translations go into (`L` changes it; shown in the status bar).
    var target: String
    /// Inline translations, by review id.
    var shown = ShownTranslations()
    /// Reviews shown without their translation (`o`), and whether `O` hid them all.
    var showingOriginal: Set<String> = []
    var originalsOnly = false
    /// Languages the user named for reviews that could not be identified.
    var overrides: [String: String] = [:]
    /// A message for the title bar, cleared by the next translation (a language no route reaches).
    var notice: String?
}

/// What the translation reducer reads from elsewhere, read-only: the reviews of the route on
/// screen and the detected languages.
struct TranslationContext {
    var route: Int
    var reviews: [Review]
    var languages: [String: String]
    /// The route's places, whose names its reviews' translations keep.
    var places: [Place] = []
}

/// What a translation step asks of the app: effects to run, a dialog to open, and whether the
/// route screen's blocks may have changed height (the selection is revealed again).
struct TranslationOutcome: Equatable {
    var effects: [Effect] = []
    var open: Modal?
    var reveal = false

    static let none = TranslationOutcome()

    static func + (lhs: Self, rhs: Self) -> Self {
        TranslationOutcome(effects: lhs.effects + rhs.effects, open: rhs.open ?? lhs.open, reveal: lhs.reveal || rhs.reveal)
    }
}

extension TranslationState {
    /// The language a review is translated from: what the user named, else what was detected.
    func language(of review: Review, languages: [String: String]) -> String? {
        guard let tag = overrides[review.id] ?? languages[review.id], tag != "und" else { return nil }
        return tag
    }

    /// Route screen commands that translate; nil when the command is not one of them.
    mutating func run(_ command: Command, detail: inout RouteDetailState, in context: TranslationContext) -> TranslationOutcome? {
        let selected = detail.visible.indices.contains(detail.selected) ? context.reviews[detail.visible[detail.selected]] : nil
        switch command {
        case .translateAll:
            // The first press creates the screen's configuration, later ones invalidate it.
            if detail.configuration == nil {
                detail.configuration = TranslationSession.Configuration(sourceTag: detail.query.language, targetTag: target)
            } else {
                detail.configuration?.invalidate()
            }
            // What is translated into the target already (this run, or remembered from another)
            // stays: `T` translates only what is missing; the changed configuration starts the task.
            for index in detail.visible where !shown.isTranslated(context.reviews[index].id, into: target) {
                shown[context.reviews[index].id] = nil
            }
            return startRouteTask(detail, in: context)
        case .translateOne:
            guard let review = selected else { return TranslationOutcome.none }
            guard let source = language(of: review, languages: context.languages) else {
                let message = "The language of this review could not be identified. Press \(KeyBindings.name(of: .translateAll, in: .routeDetail)) to name it."
                return TranslationOutcome(open: .error(ErrorDialogState(title: "Language not identified", message: message, retry: nil)))
            }
            // Opening the overlay is a new configuration: the runner starts its task.
            let overlay = OverlayState(reviewID: review.id, source: source, target: target)
            return TranslationOutcome(effects: Self.task(of: overlay, in: context), open: .overlay(overlay))
        case .toggleOriginal:
            guard let id = selected?.id else { return TranslationOutcome.none }
            if showingOriginal.contains(id) { showingOriginal.remove(id) } else { showingOriginal.insert(id) }
            return TranslationOutcome(reveal: true)
        case .toggleAllOriginals:
            originalsOnly.toggle()
            showingOriginal = []
            return TranslationOutcome(reveal: true)
        case .pickTarget:
            // The picker opens at once, its choices to follow: keys typed ahead (another `L`,
            // the language's name) go to it, as to any open modal, and open nothing more.
            return TranslationOutcome(effects: [.loadTargetChoices(purpose: .target, source: detail.query.language)],
                                      open: .languagePicker(.awaitingChoices(purpose: .target)))
        default:
            return nil
        }
    }

    /// The overlay's task, for its configuration (it was opened, or given another target).
    static func task(of overlay: OverlayState, in context: TranslationContext) -> [Effect] {
        guard let review = context.reviews.first(where: { $0.id == overlay.reviewID }) else { return [] }
        let job = TranslationJob(reviewID: review.id, text: review.text, source: overlay.source)
        return [.translate(TranslationTask(purpose: .overlay(reviewID: review.id), configuration: overlay.configuration, jobs: [job],
                                     places: context.places))]
    }

    /// The overlay's "put inline": its finished translation becomes the review's.
    mutating func putInline(_ overlay: OverlayState) {
        shown[overlay.reviewID] = ReviewTranslation(target: overlay.target, status: overlay.status)
        showingOriginal.remove(overlay.reviewID)
    }

    /// What a review says when its packs were not downloaded: "press T" asks again, unless their
    /// repository does not answer (then no dialog is offered; the status line said why).
    static func status(needing packs: [String], unreachable: Set<String>) -> TranslationStatus {
        guard !packs.isEmpty, packs.allSatisfy(unreachable.contains) else { return .needsPack(packs) }
        return .failed("\(packs.joined(separator: ", ")) cannot be downloaded now: its repository does not answer")
    }
}
