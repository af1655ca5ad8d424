import Foundation
import TranslationEngine

/// Where one review's translation stands.
enum TranslationStatus: Equatable, Sendable {
    case pending
    /// `engines` has one entry per leg of `route` (empty when not known); `remembered`: it came
    /// from the translation memory (translated in an earlier run, or earlier in this one).
    case done(text: String, route: [String], unknownWords: [String], engines: [PackEngine] = [], remembered: Bool = false)
    /// No offline route reaches the target from the review's language; `index` says why the
    /// public Argos index could not offer one, when it was down or not asked.
    case noRoute(source: String, index: PublicIndexNote? = nil)
    /// The packs were not approved ("not now"): `T` asks again.
    case needsPack([String])
    /// The user skipped naming the language of the review.
    case unidentified
    case failed(String)
}

/// One review's translation into one target.
struct ReviewTranslation: Equatable, Sendable {
    var target: String
    var status: TranslationStatus
}

/// One review sent to the engine.
struct TranslationJob: Hashable, Sendable {
    var reviewID: String
    var text: String
    /// The language of the review (detected, or named by the user).
    var source: String
}

/// The work a changed configuration starts, as Apple's `translationTask` runs its closure.
///
/// The effect runner keeps one task per `purpose`: starting one cancels the older task for the
/// same purpose. Results carry the task's `id`, and the reducer drops those whose id is no longer
/// the screen's (its configuration changed since).
struct TranslationTask: Hashable, Sendable, Identifiable {
    /// What the translation is for: the runner's key.
    enum Purpose: Hashable, Sendable {
        /// A route screen's inline translations (by route index).
        case route(Int)
        /// Reviews of a route whose language the user has just named.
        case identified(route: Int, reviewIDs: [String])
        /// The overlay on one review.
        case overlay(reviewID: String)
    }

    /// Which run a result belongs to: its purpose and the configuration it was started for.
    struct ID: Hashable, Sendable {
        var purpose: Purpose
        var configuration: TranslationSession.Configuration
    }

    var purpose: Purpose
    var configuration: TranslationSession.Configuration
    var jobs: [TranslationJob]

    var id: ID { ID(purpose: purpose, configuration: configuration) }
    /// The language translated into (the app's configurations always name it).
    var target: String { configuration.targetTag ?? "en" }
}

/// A look in the translation memory for a route screen's reviews (no pipeline, no download):
/// what it finds is shown at once, before any `T`.
struct RecallTask: Hashable, Sendable {
    var route: Int
    var target: String
    var jobs: [TranslationJob]
}

/// One review's translation found in the memory.
struct RecalledTranslation: Hashable, Sendable {
    var reviewID: String
    var text: String
    var route: [String]
    var unknownWords: [String]
    var engines: [PackEngine]
}

/// Why a group of reviews could not be translated.
enum TranslationFailure: Equatable, Sendable {
    case noRoute(source: String, index: PublicIndexNote? = nil)
    case needsPack([String])
    case failed(String)
}

/// Why the public Argos index, which lists neural models for many languages Apertium lacks
/// (German, Dutch, Japanese, ...), could not offer one for a language no offline route reaches:
/// it did not answer, or it was not asked. Without it a newcomer reads only "no offline
/// translation" and never learns that a download exists.
struct PublicIndexNote: Equatable, Sendable {
    /// Its last fetched copy lists a model from the language.
    var listsLanguage: Bool
    /// Not asked at all: HIKE_REVIEWS_OFFLINE.
    var offline: Bool

    /// "a neural model for German is listed in the Argos index, which cannot be reached now".
    func sentence(sourceName: String) -> String {
        let index = listsLanguage ? "a neural model for \(sourceName) is listed in the Argos index" : "the Argos index (neural models for more languages)"
        if offline { return index + (listsLanguage ? ", not asked" : " is not asked") + ": downloads are off (HIKE_REVIEWS_OFFLINE)" }
        return index + (listsLanguage ? ", which cannot be reached now" : " could not be reached")
    }
}

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

/// The translation overlay on one review (Apple's translationPresentation).
struct OverlayState: Equatable, Sendable {
    var reviewID: String
    /// Source and target of the overlay; a changed one translates the review again.
    var configuration: TranslationSession.Configuration
    var status: TranslationStatus = .pending

    init(reviewID: String, source: String, target: String) {
        self.reviewID = reviewID
        configuration = TranslationSession.Configuration(sourceTag: source, targetTag: target)
    }

    var source: String { configuration.sourceTag ?? "und" }
    var target: String { configuration.targetTag ?? "en" }
    /// The id the overlay's current results carry.
    var taskID: TranslationTask.ID { TranslationTask.ID(purpose: .overlay(reviewID: reviewID), configuration: configuration) }
}

/// A confirmation dialog.
struct ConfirmState: Equatable, Sendable {
    enum Purpose: Equatable, Sendable {
        case removePack(String)
    }

    var purpose: Purpose
    var question: String
}

/// One row of the packs screen.
struct PackRow: Equatable, Sendable {
    var id: String
    var title: String
    var status: PackManager.Status
    var size: Int
    var directions: [String]
    var entry: PackIndex.Entry?
    var engine: PackEngine = .apertium
    /// Available, but its repository did not answer: listed from its cached index only.
    var unreachable = false
}

/// The packs screen.
struct PacksScreenState: Equatable, Sendable {
    var rows: [PackRow] = []
    var selected = 0
    var scroll = 0
    var loading = true
    var message: String?
}

/// A repository that did not answer, as the status line says it.
struct RepositoryOutage: Equatable, Sendable {
    /// The index's URL: each repository is said once per run.
    var repository: String
    /// The public Argos index (the one repository of the default list on the internet).
    var isPublicIndex: Bool
    /// "raw.githubusercontent.com", or the path of a local index.
    var origin: String
    /// Packs that were wanted from it and cannot be fetched now.
    var packIDs: [String] = []
    /// Not asked at all: HIKE_REVIEWS_OFFLINE forbids the network.
    var offline = false

    /// The status line: "Argos index unreachable: offline packs only".
    var line: String {
        let name = isPublicIndex ? "the Argos index" : origin
        if offline { return "Offline (HIKE_REVIEWS_OFFLINE): nothing is downloaded from \(name)" }
        return isPublicIndex ? "Argos index unreachable: offline packs only" : "Pack repository \(origin) unreachable: offline packs only"
    }
}
