import TranslationEngine

/// What a dialog's key asks of the app beyond the dialogs' own change.
enum DialogOutcome: Equatable {
    case effects([Effect])
    /// The overlay's translation goes inline under its review.
    case putInline(OverlayState)
}

/// The keys of the consent, progress, error, overlay and confirmation dialogs.
extension DialogStack {
    mutating func run(_ command: Command) -> DialogOutcome {
        guard let modal = modals.last else { return .effects([]) }
        switch modal {
        case .consent(let dialog):
            return .effects(runConsent(dialog, command))
        case .confirm(let confirm):
            switch (command, confirm.purpose) {
            case (.confirm, .removePack(let id)):
                modals.removeLast()
                return .effects([.removePack(id)])
            case (.decline, _): modals.removeLast()
            default: break
            }
        case .progress:
            switch command {
            case .hide:
                modals.removeLast()
            case .cancelDownload:
                modals.removeLast()
                download = nil
                return .effects([.cancelDownloads])
            default:
                break
            }
        case .error(let error):
            switch command {
            case .retry:
                modals.removeLast()
                if let retry = error.retry {
                    startDownloads(retry)
                    return .effects([.installPacks(retry.packIDs)])
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
                guard case .done = overlay.status else { break }
                modals.removeLast()
                return .putInline(overlay)
            case .pickTarget:
                modals.append(.languagePicker(.awaitingChoices(purpose: .overlayTarget)))
                return .effects([.loadTargetChoices(purpose: .overlayTarget, source: overlay.source)])
            default:
                break
            }
        default:
            break
        }
        return .effects([])
    }

    /// The consent dialog's answer: downloads start (or texts go to a server), or not now.
    private mutating func runConsent(_ dialog: ConsentDialogState, _ command: Command) -> [Effect] {
        switch command {
        case .confirm, .chooseAlternative:
            let alternative = command == .chooseAlternative
            // `a` without a second route offered does nothing.
            if alternative && dialog.request.alternative.isEmpty { return [] }
            modals.removeLast()
            let packs = alternative ? dialog.request.alternative : dialog.request.packs
            let ids = packs.map(\.id)
            // Sending texts to a server only: nothing to download, no progress.
            if ids.isEmpty { return dialog.requestIDs.map { .answerConsent(id: $0, answer: .download) } }
            var state = DownloadState(packIDs: ids)
            for pack in packs { state.totals[pack.id] = pack.size }
            startDownloads(state)
            if dialog.requestIDs.isEmpty { return [.installPacks(ids)] }
            return dialog.requestIDs.map { .answerConsent(id: $0, answer: alternative ? .downloadAlternative : .download) }
        case .decline:
            modals.removeLast()
            return dialog.requestIDs.map { .answerConsent(id: $0, answer: .notNow) }
        default:
            return []
        }
    }
}
