/// Orders in which reviews can be listed.
public enum ReviewSort: String, Sendable, CaseIterable {
    /// Latest date first.
    case newest
    /// Earliest date first.
    case oldest
    /// Highest rating first.
    case bestRated
    /// Lowest rating first.
    case worstRated
}
