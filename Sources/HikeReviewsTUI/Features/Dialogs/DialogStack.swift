import TranslationEngine

/// The dialogs over the screens (the top one gets keys first) and the downloads the progress
/// dialog follows: the dialogs feature's state.
struct DialogStack: Equatable, Sendable {
    var modals: [Modal] = []
    /// Downloads under way (the progress dialog, or the status bar when it is hidden).
    var download: DownloadState?

    /// Opens a dialog on top.
    mutating func open(_ modal: Modal) {
        modals.append(modal)
    }

    /// The overlay nearest the top, if one is open, and where it is.
    var topOverlay: (index: Int, overlay: OverlayState)? {
        for index in modals.indices.reversed() {
            if case .overlay(let overlay) = modals[index] { return (index, overlay) }
        }
        return nil
    }

    /// The engine asks about packs: a consent dialog still waiting for its answer takes the
    /// request in, else a new one opens.
    mutating func consentRequested(id: Int, _ request: ConsentRequest) {
        if let index = modals.lastIndex(where: { if case .consent(let open) = $0 { return !open.requestIDs.isEmpty } else { return false } }),
           case .consent(var open) = modals[index] {
            open.merge(id: id, request)
            modals[index] = .consent(open)
        } else {
            modals.append(.consent(ConsentDialogState(requestID: id, request: request)))
        }
    }

    mutating func downloadProgressed(_ packID: String, bytes: Int, total: Int, time: Double) {
        var state = download ?? DownloadState(packIDs: [packID])
        state.progressed(packID, bytes: bytes, total: total, time: time)
        download = state
    }

    /// A pack arrived; returns the downloads when it was the last of them (the progress dialog closes).
    mutating func downloadFinished(_ packID: String) -> DownloadState? {
        guard var state = download else { return nil }
        state.finished(packID)
        download = state.packIDs.isEmpty ? nil : state
        guard download == nil else { return nil }
        modals.removeAll { $0 == .progress }
        return state
    }

    /// A pack failed: the error dialog offers to fetch it and those that were to follow it
    /// again, without asking again, and to translate route `route` when they are in.
    mutating func downloadFailed(_ packID: String, message: String, route: Int?) {
        var retry = DownloadState.retry(of: download, failed: packID)
        retry.translateRoute = route
        download = nil
        modals.removeAll { $0 == .progress }
        let shown = message.hasPrefix(packID + ":") ? message : "\(packID): \(message)"
        modals.append(.error(ErrorDialogState(title: "Download failed", message: shown, retry: retry)))
    }

    /// Downloads start: the progress dialog follows them.
    mutating func startDownloads(_ state: DownloadState) {
        download = state
        modals.append(.progress)
    }
}
