/// Which engine runs a pack: an Apertium pair's pipelines, or a neural model (CTranslate2 in
/// Argos Translate's package format) in a warm worker.
public enum PackEngine: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case apertium
    case neural
}
