import TranslationEngine

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
