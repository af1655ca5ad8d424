import Foundation
import TranslationEngine

/// Where models come from and go, and how the network is read: this module's one configuration.
///
/// By default it is what the rest of HikeReviews reads from the process environment: the store
/// (HIKE_REVIEWS_STORE, else the XDG data dir), the repositories (HIKE_REVIEWS_PACKS_URL, else the
/// project's own repository and the public Argos index, HIKE_REVIEWS_PUBLIC_INDEX_URL), downloads
/// switched off (HIKE_REVIEWS_OFFLINE) and extra or Debian's pairs (HIKE_REVIEWS_PAIRS_PATH,
/// HIKE_REVIEWS_SYSTEM_PAIRS). Tests, which share one process, set theirs with
/// `ModelRegistry.use(_:)` instead of changing the process environment.
struct MLKitEnvironment: Sendable {
    var store: PackStore
    var repositoryURLs: [URL]
    /// Which of `repositoryURLs` is the public index (best effort, asked with a short deadline).
    var publicIndexURL: URL?
    var offline: Bool
    /// Where HIKE_REVIEWS_PAIRS_PATH and HIKE_REVIEWS_SYSTEM_PAIRS are read.
    var pairsEnvironment: [String: String]
    /// Whether the network is metered now (asked only before a download over the network that
    /// the conditions allow on unmetered networks only).
    var networkMetering: @Sendable () -> NetworkMetering

    /// The configuration the process environment gives.
    static func fromProcess(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> MLKitEnvironment {
        MLKitEnvironment(store: PackStore(root: PackStore.defaultRoot(environment: environment)),
                         repositoryURLs: PackRepository.defaultIndexURLs(environment: environment),
                         publicIndexURL: PackRepository.publicIndexURL(environment: environment),
                         offline: PackRepository.offlineFromEnvironment(environment),
                         pairsEnvironment: environment,
                         networkMetering: { NetworkMetering.probe(environment: environment) })
    }
}
