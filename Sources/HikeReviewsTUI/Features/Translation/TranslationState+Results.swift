import TranslationEngine

/// How translation results, failures and remembered entries apply to what is shown. The app
/// checks first that a result belongs to the configuration its route screen has now.
extension TranslationState {
    /// One review's result arrived; false when the review has nothing to take it (left since).
    mutating func arrived(_ result: TranslatedText, for reviewID: String) -> Bool {
        guard let current = shown[reviewID] else { return false }
        shown[reviewID] = ReviewTranslation(target: current.target, status: .done(result))
        return true
    }

    /// A group of reviews could not be translated; `unreachable` are the packs whose
    /// repository does not answer.
    mutating func failed(_ reviewIDs: [String], _ failure: TranslationFailure, unreachable: Set<String>) {
        let status: TranslationStatus
        switch failure {
        case .noRoute(let source, let index):
            status = .noRoute(source: source, index: index)
            let count = "\(reviewIDs.count) review\(reviewIDs.count == 1 ? "" : "s")"
            notice = "No offline translation from \(LanguageNames.name(of: source)) into \(LanguageNames.name(of: target)) (\(count))"
        case .needsPack(let packs): status = Self.status(needing: packs, unreachable: unreachable)
        case .failed(let message): status = .failed(message)
        }
        shown.apply(status, to: reviewIDs)
    }

    /// Shows what the memory held for `target`, marked remembered, where the review has nothing
    /// finished in it; false when the target has changed since it was asked.
    mutating func recalled(_ found: [RecalledTranslation], into target: String) -> Bool {
        guard self.target == target else { return false }
        shown.apply(recalled: found, into: target)
        return true
    }
}
