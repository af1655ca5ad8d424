import Foundation
import ReviewModel
import TranslationEngine

/// How translation results, failures and remembered entries apply to what is shown.
extension AppState {
    /// Applies a translation result, failure or recalled entries, and the overlay's result.
    mutating func reduceTranslationResult(_ action: Action) -> [Effect] {
        switch action {
        case .translationArrived(let task, let reviewID, let text, let route, let unknownWords, let engines, let remembered):
            guard isCurrent(task), translations[reviewID] != nil else { return [] }
            translations.apply(TranslatedText(text: text, route: route, unknownWords: unknownWords, engines: engines, remembered: remembered), to: reviewID)
            revealSelection()
        case .recalled(let route, let target, let found):
            applyRecalled(found, route: route, target: target)
        case .memoryWarning(let message):
            statusMessage = message
        case .translationFailed(let task, let reviewIDs, let failure):
            guard isCurrent(task) else { return [] }
            let status: TranslationStatus
            switch failure {
            case .noRoute(let source, let index):
                status = .noRoute(source: source, index: index)
                notice = "No offline translation from \(LanguageNames.name(of: source)) into \(LanguageNames.name(of: targetLanguage)) (\(reviewIDs.count) review\(reviewIDs.count == 1 ? "" : "s"))"
            case .needsPack(let packs): status = packStatus(packs)
            case .failed(let message): status = .failed(message)
            }
            translations.apply(status, to: reviewIDs)
            revealSelection()
        case .overlayTranslated(let task, let status):
            guard let index = modals.lastIndex(where: { if case .overlay = $0 { return true } else { return false } }),
                  case .overlay(var overlay) = modals[index], overlay.taskID == task else { return [] }
            if case .needsPack(let packs) = status { overlay.status = packStatus(packs) } else { overlay.status = status }
            modals[index] = .overlay(overlay)
        default:
            break
        }
        return []
    }

    /// Shows what the memory held, marked remembered, where the review has nothing finished in
    /// that target (a pending one's task would bring the same text).
    mutating func applyRecalled(_ found: [RecalledTranslation], route: Int, target: String) {
        guard let detail, detail.routeIndex == route, targetLanguage == target else { return }
        translations.apply(recalled: found, into: target)
        revealSelection()
    }

    /// Whether the review's translation into `target` is finished (done here or remembered).
    func isTranslated(_ reviewID: String, into target: String) -> Bool {
        translations.isTranslated(reviewID, into: target)
    }

    /// Whether a result belongs to the configuration its route screen has now.
    func isCurrent(_ task: TranslationTask.ID) -> Bool {
        let route: Int
        switch task.purpose {
        case .route(let index), .identified(let index, _): route = index
        case .overlay: return false
        }
        return screens.contains { screen in
            if case .routeDetail(let detail) = screen { return detail.routeIndex == route && detail.configuration == task.configuration }
            return false
        }
    }

    /// What a review says when its packs were not downloaded: "press T" asks again, unless their
    /// repository does not answer (then no dialog is offered; the status line said why).
    func packStatus(_ packs: [String]) -> TranslationStatus {
        guard !packs.isEmpty, packs.allSatisfy(unreachablePacks.contains) else { return .needsPack(packs) }
        return .failed("\(packs.joined(separator: ", ")) cannot be downloaded now: its repository does not answer")
    }

    /// Keeps the selected review on screen after its block changed height.
    mutating func revealSelection() {
        guard var detail else { return }
        scroll(&detail) { $0.reveal(&$1) }
        self.detail = detail
    }
}
