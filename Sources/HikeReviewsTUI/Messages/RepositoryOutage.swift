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
