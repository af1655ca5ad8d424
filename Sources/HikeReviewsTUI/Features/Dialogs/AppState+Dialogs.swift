import Foundation
import TranslationEngine

/// The consent, progress, error and confirmation dialogs, and the downloads they follow.
extension AppState {
    /// Applies a consent request and the progress, end or failure of a download.
    mutating func reduceDownload(_ action: Action) -> [Effect] {
        switch action {
        case .consentRequested(let id, let request):
            if let index = modals.lastIndex(where: { if case .consent(let open) = $0 { return !open.requestIDs.isEmpty } else { return false } }),
               case .consent(var open) = modals[index] {
                open.merge(id: id, request)
                modals[index] = .consent(open)
            } else {
                modals.append(.consent(ConsentDialogState(requestID: id, request: request)))
            }
        case .downloadProgressed(let packID, let bytes, let total, let time):
            var state = download ?? DownloadState(packIDs: [packID])
            state.progressed(packID, bytes: bytes, total: total, time: time)
            download = state
        case .downloadStalled(let packID, let seconds):
            download?.stalled(packID, seconds: seconds)
        case .downloadFinished(let packID):
            guard var state = download else { return [] }
            state.finished(packID)
            download = state.packIDs.isEmpty ? nil : state
            if download == nil {
                modals.removeAll { $0 == .progress }
                if let route = state.translateRoute, detail?.routeIndex == route { return translateShownAgain() }
            }
            if case .packs = screens.last { return [.loadPacks] }
        case .downloadFailed(let packID, let message):
            // Retry fetches the failed pack and those that were to follow it, without asking again.
            var retry = DownloadState.retry(of: download, failed: packID)
            retry.translateRoute = detail?.routeIndex
            download = nil
            modals.removeAll { $0 == .progress }
            let shown = message.hasPrefix(packID + ":") ? message : "\(packID): \(message)"
            modals.append(.error(ErrorDialogState(title: "Download failed", message: shown, retry: retry)))
        default:
            break
        }
        return []
    }

    /// Keys of the consent, progress, error, overlay and confirmation dialogs.
    mutating func runDialog(_ command: Command) -> [Effect] {
        guard let modal = modals.last else { return [] }
        switch modal {
        case .consent(let dialog):
            modals.removeLast()
            switch command {
            case .confirm, .chooseAlternative:
                let alternative = command == .chooseAlternative
                // `a` without a second route offered does nothing.
                if alternative && dialog.request.alternative.isEmpty {
                    modals.append(modal)
                    return []
                }
                let packs = alternative ? dialog.request.alternative : dialog.request.packs
                let ids = packs.map(\.id)
                // Sending texts to a server only: nothing to download, no progress.
                if ids.isEmpty { return dialog.requestIDs.map { .answerConsent(id: $0, answer: .download) } }
                var state = DownloadState(packIDs: ids)
                for pack in packs { state.totals[pack.id] = pack.size }
                download = state
                modals.append(.progress)
                if dialog.requestIDs.isEmpty { return [.installPacks(ids)] }
                return dialog.requestIDs.map { .answerConsent(id: $0, answer: alternative ? .downloadAlternative : .download) }
            case .decline:
                return dialog.requestIDs.map { .answerConsent(id: $0, answer: .notNow) }
            default:
                modals.append(modal)
            }
        case .confirm(let confirm):
            modals.removeLast()
            switch (command, confirm.purpose) {
            case (.confirm, .removePack(let id)): return [.removePack(id)]
            case (.decline, _): break
            default: modals.append(modal)
            }
        case .progress:
            switch command {
            case .hide:
                modals.removeLast()
            case .cancelDownload:
                modals.removeLast()
                download = nil
                return [.cancelDownloads]
            default:
                break
            }
        case .error(let error):
            switch command {
            case .retry:
                modals.removeLast()
                if let retry = error.retry {
                    download = retry
                    modals.append(.progress)
                    return [.installPacks(retry.packIDs)]
                }
            case .cancel:
                modals.removeLast()
            default:
                break
            }
        case .overlay(let overlay):
            switch command {
            case .cancel:
                modals.removeLast()
            case .putInline:
                guard case .done = overlay.status else { return [] }
                modals.removeLast()
                translations[overlay.reviewID] = ReviewTranslation(target: overlay.target, status: overlay.status)
                showingOriginal.remove(overlay.reviewID)
                revealSelection()
            case .pickTarget:
                modals.append(.languagePicker(.awaitingChoices(purpose: .overlayTarget)))
                return [.loadTargetChoices(purpose: .overlayTarget, source: overlay.source)]
            default:
                break
            }
        default:
            break
        }
        return []
    }
}
