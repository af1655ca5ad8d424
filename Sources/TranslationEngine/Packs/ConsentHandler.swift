import Foundation

/// What a translation needs downloaded, for the host to ask the user about.
public struct ConsentRequest: Sendable, Equatable {
    /// The translation that needs the packs, e.g. "Spanish -> English".
    public var reason: String
    /// Every missing pack of the route, in route order (each leg of a chain).
    public var packs: [PackIndex.Entry]
    /// Where they come from.
    public var repository: URL?

    /// Bytes to download in all.
    public var totalSize: Int {
        packs.reduce(0) { $0 + $1.size }
    }

    public init(reason: String, packs: [PackIndex.Entry], repository: URL?) {
        self.reason = reason
        self.packs = packs
        self.repository = repository
    }
}

/// The user's answer.
public enum ConsentAnswer: Sendable, Equatable {
    case download
    case notNow
}

/// Supplied by the host app (a modal dialog, a y/N prompt, `--yes`): asked once for all the
/// missing packs of a route before anything is downloaded.
public protocol ConsentHandler: Sendable {
    func requestConsent(_ request: ConsentRequest) async -> ConsentAnswer
}
