import Foundation

/// What a translation needs downloaded, for the host to ask the user about.
public struct ConsentRequest: Sendable, Equatable {
    /// The translation that needs the packs, e.g. "Spanish -> English".
    public var reason: String
    /// Every missing pack of the route, in route order (each leg of a chain).
    public var packs: [PackIndex.Entry]
    /// Where they come from.
    public var repository: URL?
    /// The packs of another route that would do as well, on the other engine (an Apertium
    /// chain when `packs` is a neural model); empty when there is none. `packs` is the
    /// default choice: the neural route when there are two.
    public var alternative: [PackIndex.Entry]
    /// The remote servers (`host:port`) the translation would send texts to: when not empty,
    /// the question is whether to send them there (`download` answers yes); `packs` is empty then.
    public var remoteServers: [String] = []

    /// Whether the question is about sending texts to remote servers rather than downloading.
    public var sendsTexts: Bool {
        !remoteServers.isEmpty
    }

    /// Bytes to download in all (entries of unknown size count 0: see `sizeIsKnown`).
    public var totalSize: Int {
        packs.reduce(0) { $0 + $1.size }
    }

    /// Whether every pack's size is known before the download.
    public var sizeIsKnown: Bool {
        packs.allSatisfy(\.sizeIsKnown)
    }

    /// The engine of the default choice: neural when any of its packs is.
    public var engine: PackEngine {
        Self.engine(of: packs)
    }

    /// Bytes of the alternative.
    public var alternativeSize: Int {
        alternative.reduce(0) { $0 + $1.size }
    }

    /// The engine of the alternative.
    public var alternativeEngine: PackEngine {
        Self.engine(of: alternative)
    }

    static func engine(of packs: [PackIndex.Entry]) -> PackEngine {
        packs.contains { $0.engine == .neural } ? .neural : .apertium
    }

    public init(reason: String, packs: [PackIndex.Entry], repository: URL?, alternative: [PackIndex.Entry] = []) {
        self.reason = reason
        self.packs = packs
        self.repository = repository
        self.alternative = alternative
    }

    /// A request to send the texts of `reason` to remote servers (`host:port` each).
    public init(reason: String, remoteServers: [String]) {
        self.init(reason: reason, packs: [], repository: nil)
        self.remoteServers = remoteServers
    }
}

/// The user's answer.
public enum ConsentAnswer: Sendable, Equatable {
    /// Download `packs`.
    case download
    /// Download the `alternative` packs instead.
    case downloadAlternative
    case notNow
}

/// Supplied by the host app (a modal dialog, a y/N prompt, `--yes`): asked once for all the
/// missing packs of a route before anything is downloaded.
public protocol ConsentHandler: Sendable {
    func requestConsent(_ request: ConsentRequest) async -> ConsentAnswer
}
