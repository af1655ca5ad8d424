import Foundation
import ReviewModel
import TranslationEngine

/// Where one review's translation stands.
enum TranslationStatus: Equatable, Sendable {
    case pending
    case done(TranslatedText)
    /// No offline route reaches the target from the review's language; `index` says why the
    /// public Argos index could not offer one, when it was down or not asked.
    case noRoute(source: String, index: PublicIndexNote? = nil)
    /// The packs were not approved ("not now"): `T` asks again.
    case needsPack([String])
    /// The user skipped naming the language of the review.
    case unidentified
    case failed(String)
}

/// A finished translation: what `.done` carries, for a review inline or in the overlay.
struct TranslatedText: Equatable, Sendable {
    var text: String
    var route: [String]
    var unknownWords: [String]
    /// One entry per leg of `route` (empty when not known).
    var engines: [PackEngine] = []
    /// It came from the translation memory (translated in an earlier run, or earlier in this one).
    var remembered = false
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
    /// The route's places, whose names the translation keeps (`Glossary(keeping:)`).
    var places: [Place] = []

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
    /// The route's places: the memory is asked with the names kept, as they were translated.
    var places: [Place] = []
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
