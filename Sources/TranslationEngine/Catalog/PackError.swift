import TextSafety
/// Why a pack could not be listed, fetched, verified, installed or removed; each message is
/// one line and says what happened. What to do next depends on the host (a command, a screen,
/// a library call), so the host adds it from the case and its data.
public enum PackError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The repository's index.json is unusable.
    case index(String)
    /// No pack with this id in the repository (or in the store, for remove).
    case unknownPack(String)
    /// The download failed (HTTP status, connection, redirect refused).
    case download(String)
    /// The server kept the connection open but stopped sending, or sent too slowly (see
    /// `DownloadLimits`); `pack` is the pack's id (or "index"), `server` host:port.
    case timedOut(pack: String, server: String, DownloadTimeout)
    /// Downloads over the network are switched off.
    case offline(String)
    /// The file arrived but its size or SHA-256 is not the index's.
    case verification(String)
    /// The archive is corrupt, truncated or hostile.
    case archive(String)
    /// The store could not be written (disk full, permissions).
    case store(String)
    /// The user or the program cancelled.
    case cancelled
    /// Packs are needed and the user did not approve them.
    case notApproved([String])
    /// The engine's environment names no pack repository.
    case noRepository

    public var description: String {
        switch self {
        case .index(let detail): return "the pack repository's index is unusable: \(detail)"
        case .unknownPack(let id): return "no language pack \(EscapedText.singleQuoted(id))"
        case .download(let detail): return "download failed: \(detail)"
        case .timedOut(let pack, let server, let timeout):
            return "\(EscapedText.escaped(pack)): \(timeout.describe(server: EscapedText.escaped(server)))"
        case .offline(let url): return "downloads are switched off (the engine is offline); not fetching \(EscapedText.escaped(url))"
        case .verification(let detail): return "the downloaded pack is not the one the index describes (\(detail)); nothing was installed"
        case .archive(let detail): return "the pack archive was refused: \(detail); nothing was installed"
        case .store(let detail): return "cannot write the pack store: \(detail)"
        case .cancelled: return "cancelled; nothing was installed"
        case .notApproved(let ids): return "language packs needed and not approved: \(ids.joined(separator: " "))"
        case .noRepository: return "no pack repository is set"
        }
    }
}
