import Foundation
import TranslationEngine

/// How the app routes actions to its features and applies what they decide: a feature changes
/// its own state from a read-only context and returns an outcome; the app opens the dialogs,
/// pushes or pops the screens and returns the effects that outcome names.
///
/// What scrolls the route screen is given `blocks`, the layout cache of the `reduce` under
/// way, to measure with: nothing here lays out without being handed where to keep it.
extension AppState {
    // MARK: Keys

    mutating func runRouteList(_ command: Command, measuring blocks: LaidOutBlocks) -> [Effect] {
        switch routeList.run(command, routes: routes, rows: routeListRows) {
        case .none: break
        case .open(let route): return openRoute(route, measuring: blocks)
        case .openSearch(let input): dialogs.open(.textInput(input))
        }
        return []
    }

    mutating func runRouteDetail(_ command: Command, measuring blocks: LaidOutBlocks) -> [Effect] {
        guard var detail else { return [] }
        let outcome = detail.run(command, in: routeContext(measuring: blocks))
        self.detail = detail
        switch outcome {
        case .none: break
        case .back:
            screens.removeLast()
            blocks.removeAll()
            // Leaving the screen stops its translations (approved downloads go on).
            return [.cancelTranslations]
        case .openPicker(let picker): dialogs.open(.languagePicker(picker))
        case .openSearch(let input): dialogs.open(.textInput(input))
        case .filtered(let shownChanged): return filtered(shownChanged: shownChanged)
        }
        return []
    }

    mutating func openPacks() -> [Effect] {
        screens.append(.packs(PacksScreenState()))
        return [.loadPacks]
    }

    mutating func runPacks(_ command: Command) -> [Effect] {
        let rows = max(1, bodyHeight - 3)
        guard let outcome = onPacksScreen({ $0.run(command, rows: rows) }) else { return [] }
        switch outcome {
        case .none: break
        case .back:
            screens.removeLast()
            // A route screen shown again looks in the memory again (packs may have changed).
            return recallShown()
        case .effects(let effects): return effects
        case .open(let modal): dialogs.open(modal)
        }
        return []
    }

    mutating func runDialog(_ command: Command) -> [Effect] {
        switch dialogs.run(command) {
        case .effects(let effects):
            return effects
        case .putInline(let overlay):
            translation.putInline(overlay)
            revealsSelection = true
            return []
        }
    }

    /// What a picker or the search field decided.
    mutating func decided(_ outcome: PickerOutcome?, measuring blocks: LaidOutBlocks) -> [Effect] {
        switch outcome {
        case nil: return []
        case .filter(let tag): return changeQuery(fromTop: true, measuring: blocks) { $0.language = tag }
        case .search(.searchRoutes, let text):
            routeList.search(text, in: routes)
            return []
        case .search(.searchReviews, let text): return changeQuery(measuring: blocks) { $0.searchText = text }
        case .chose(let purpose, let tag): return applyPicker(purpose, tag: tag)
        }
    }

    /// A target, overlay or identify picker was applied (or, with nil, cancelled).
    private mutating func applyPicker(_ purpose: PickerPurpose, tag: String?) -> [Effect] {
        switch purpose {
        case .filter:
            return []
        case .target:
            // `L` sets the configuration's target: a changed one translates again.
            guard let tag else { return [] }
            return translating { $0.retarget(tag, &$1, in: $2) } ?? []
        case .overlayTarget:
            guard let tag, let overlay = dialogs.retargetOverlay(tag), let detail else { return [] }
            return TranslationState.task(of: overlay, in: translationContext(detail))
        case .identify(let ids):
            let finished = detection.isFinished
            return translating { $0.identified(ids, as: tag, detail: $1, in: $2, detectionFinished: finished) } ?? []
        }
    }

    // MARK: Background work

    /// Applies recalled entries, a translation failure, and the overlay's result (a result is
    /// `reduce`'s own case).
    mutating func reduceTranslationResult(_ action: Action) -> [Effect] {
        switch action {
        case .recalled(let route, let target, let found):
            guard detail?.routeIndex == route, translation.recalled(found, into: target) else { return [] }
            revealsSelection = true
        case .memoryWarning(let message):
            statusMessage = message
        case .translationFailed(let task, let reviewIDs, let failure):
            guard isCurrent(task) else { return [] }
            translation.failed(reviewIDs, failure, unreachable: unreachablePacks)
            revealsSelection = true
        case .overlayTranslated(let task, let status):
            guard let top = dialogs.topOverlay, top.overlay.taskID == task else { return [] }
            var overlay = top.overlay
            if case .needsPack(let packs) = status {
                overlay.status = TranslationState.status(needing: packs, unreachable: unreachablePacks)
            } else {
                overlay.status = status
            }
            dialogs.modals[top.index] = .overlay(overlay)
        default:
            break
        }
        return []
    }

    /// Applies a consent request and the progress, end or failure of a download.
    mutating func reduceDownload(_ action: Action) -> [Effect] {
        switch action {
        case .consentRequested(let id, let request):
            dialogs.consentRequested(id: id, request)
        case .downloadProgressed(let packID, let bytes, let total, let time):
            dialogs.downloadProgressed(packID, bytes: bytes, total: total, time: time)
        case .downloadStalled(let packID, let seconds):
            dialogs.download?.stalled(packID, seconds: seconds)
        case .downloadFinished(let packID):
            guard dialogs.download != nil else { return [] }
            if let finished = dialogs.downloadFinished(packID), let route = finished.translateRoute, detail?.routeIndex == route {
                return translateShownAgain()
            }
            if case .packs = screens.last { return [.loadPacks] }
        case .downloadFailed(let packID, let message):
            // Retry fetches the failed pack and those that were to follow it, without asking again.
            dialogs.downloadFailed(packID, message: message, route: detail?.routeIndex)
        default:
            break
        }
        return []
    }

    /// Applies the packs screen's listings and a repository that does not answer.
    mutating func reducePacks(_ action: Action) -> [Effect] {
        switch action {
        case .packsChanged(let message):
            return onPacksScreen { $0.changed(message: message) } ?? []
        case .installQuestionReady(let request):
            guard case .packs = screens.last else { return [] }
            dialogs.open(.consent(ConsentDialogState(requestID: nil, request: request)))
        case .repositoryUnreachable(let outage):
            unreachablePacks.formUnion(outage.packIDs)
            if announcedOutages.insert(outage.repository).inserted { statusMessage = outage.line }
        case .packsLoaded(let rows, let message):
            onPacksScreen { $0.listed(rows, message: message) }
        default:
            break
        }
        return []
    }

    /// Runs `body` on the packs screen when it is on top and stores it back; nil when it is not.
    @discardableResult
    private mutating func onPacksScreen<Result>(_ body: (inout PacksScreenState) -> Result) -> Result? {
        guard case .packs(var packs) = screens.last else { return nil }
        let result = body(&packs)
        screens[screens.count - 1] = .packs(packs)
        return result
    }
}
