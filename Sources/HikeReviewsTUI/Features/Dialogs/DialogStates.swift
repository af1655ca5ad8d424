import TranslationEngine

/// A pack download under way, as the progress dialog and the status bar show it.
struct DownloadState: Equatable, Sendable {
    var packIDs: [String]
    var bytes: [String: Int] = [:]
    var totals: [String: Int] = [:]
    /// Packs that have had no byte for a while, with the seconds since the last one.
    var stalled: [String: Int] = [:]
    /// A retried download started from a route screen translates that route again when it ends.
    var translateRoute: Int?
    /// When the first byte arrived (seconds on the app's clock), for the speed.
    var startedAt: Double?
    var now: Double = 0

    var doneBytes: Int { bytes.values.reduce(0, +) }
    /// The longest stall under way, in seconds, or nil while bytes flow.
    var stalledSeconds: Int? { stalled.values.max() }
    var totalBytes: Int { max(packIDs.reduce(0) { $0 + (totals[$1] ?? 0) }, doneBytes) }

    /// Bytes of `packID` arrived at `time` (seconds on the app's clock): it is not stalled.
    mutating func progressed(_ packID: String, bytes: Int, total: Int, time: Double) {
        if !packIDs.contains(packID) { packIDs.append(packID) }
        self.bytes[packID] = bytes
        totals[packID] = total
        stalled[packID] = nil
        if startedAt == nil { startedAt = time }
        now = time
    }

    /// No byte of `packID` for `seconds` (a pack not under way is ignored).
    mutating func stalled(_ packID: String, seconds: Int) {
        guard packIDs.contains(packID) else { return }
        stalled[packID] = seconds
    }

    /// `packID` is installed: it leaves the list, counted whole.
    mutating func finished(_ packID: String) {
        bytes[packID] = totals[packID] ?? bytes[packID]
        stalled[packID] = nil
        packIDs.removeAll { $0 == packID }
    }

    /// What Retry downloads after `packID` failed: it and the packs that were to follow it,
    /// with their sizes, without asking again.
    static func retry(of download: DownloadState?, failed packID: String) -> DownloadState {
        var retry = DownloadState(packIDs: download?.packIDs ?? [])
        if !retry.packIDs.contains(packID) { retry.packIDs.insert(packID, at: 0) }
        retry.totals = download?.totals ?? [:]
        return retry
    }

    /// Bytes per second since the first byte, or nil before there is one.
    var speed: Double? {
        guard let startedAt, now > startedAt + 0.05 else { return nil }
        return Double(doneBytes) / (now - startedAt)
    }
}

/// The consent dialog: a request from the engine, answered with Download or Not now.
///
/// Requests that arrive while it is open (other languages of the same batch) join it, so the
/// user answers once for every pack the batch needs.
struct ConsentDialogState: Equatable, Sendable {
    /// Ties the answer to the engine's waiting requests; empty when the packs screen asked.
    var requestIDs: [Int]
    var request: ConsentRequest

    init(requestID: Int?, request: ConsentRequest) {
        requestIDs = requestID.map { [$0] } ?? []
        self.request = request
    }

    /// Adds another request's packs (each once) and reason.
    mutating func merge(id: Int, _ other: ConsentRequest) {
        requestIDs.append(id)
        // Once either offers another engine, the alternative covers every request: for one
        // without an alternative, its own packs (the session downloads those when told "instead").
        if !request.alternative.isEmpty || !other.alternative.isEmpty {
            if request.alternative.isEmpty { request.alternative = request.packs }
            for pack in other.alternative.isEmpty ? other.packs : other.alternative where !request.alternative.contains(where: { $0.id == pack.id }) {
                request.alternative.append(pack)
            }
        }
        for pack in other.packs where !request.packs.contains(where: { $0.id == pack.id }) { request.packs.append(pack) }
        request.reason = Self.merged(request.reason, other.reason)
        if request.repository == nil { request.repository = other.repository }
        for server in other.remoteServers where !request.remoteServers.contains(server) { request.remoteServers.append(server) }
    }

    /// "Catalan -> English" and "Basque -> English" make "Catalan, Basque -> English".
    static func merged(_ first: String, _ second: String) -> String {
        let a = first.components(separatedBy: " -> "), b = second.components(separatedBy: " -> ")
        if a.count == 2, b.count == 2, a[1] == b[1] { return a[0] + ", " + b[0] + " -> " + a[1] }
        return first + "; " + second
    }
}

/// The error dialog, with what Retry would do.
struct ErrorDialogState: Equatable, Sendable {
    var title: String
    var message: String
    /// What `r` / Enter downloads again (packs the user approved already), with its progress
    /// as it starts; nil: no retry.
    var retry: DownloadState?

    var canRetry: Bool { retry != nil }
}

/// A confirmation dialog.
struct ConfirmState: Equatable, Sendable {
    enum Purpose: Equatable, Sendable {
        case removePack(String)
    }

    var purpose: Purpose
    var question: String
}
