/// Which engine runs a pack: an Apertium pair's pipelines, a neural model (CTranslate2 in
/// Argos Translate's package format) in a warm worker, or a translation server elsewhere
/// (LibreTranslate or Apertium-APy, `RemoteServers`).
public enum PackEngine: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case apertium
    case neural
    case remote
}

/// Which engines a route may use: `auto` lets the planner choose leg by leg (see
/// `RoutePlanner.route(from:to:)`), the others keep every leg on one engine.
public enum EnginePreference: String, Sendable, Equatable, Hashable, CaseIterable {
    case auto
    case neural
    case apertium
    case remote

    /// Whether a leg run by `engine` may be used.
    public func allows(_ engine: PackEngine) -> Bool {
        switch self {
        case .auto: return true
        case .neural: return engine == .neural
        case .apertium: return engine == .apertium
        case .remote: return engine == .remote
        }
    }
}
