import Foundation

/// When a download that still has its connection is given up: a server that went quiet, or one
/// that sends too slowly to ever finish.
///
/// URLSession's request timeout does not end a transfer whose server keeps the connection open
/// and sends nothing (or a byte now and then), so the downloader watches the bytes itself:
/// - **idle**: no byte for `idleTimeout` (default 30 s) ends the attempt. One such stall is
///   retried once, resuming where it stopped (a connection that died silently comes back); a
///   second stall ends the download.
/// - **too slow**: fewer than `minimumRate × rateWindow` bytes in the last `rateWindow`
///   (default 1,000 bytes/s over 60 s, twice the idle timeout) ends the download at once,
///   without a retry: a server that slow stays that slow. A `minimumRate` of 0 turns it off.
/// - after `stallNotice` without a byte (default 3 s, at most half the idle timeout)
///   listeners hear that the download is stalled, once a second, until bytes flow again.
public struct DownloadLimits: Sendable, Equatable {
    /// The shortest idle timeout the initializer keeps (a shorter one is raised to it): below
    /// it no real connection could deliver its first byte in time.
    public static let minimumIdleTimeout = Duration.milliseconds(500)

    public var idleTimeout: Duration
    /// Bytes per second, averaged over `rateWindow`; 0: no minimum.
    public var minimumRate: Int
    public var rateWindow: Duration
    public var stallNotice: Duration

    public init(idleTimeout: Duration = .seconds(30), minimumRate: Int = 1000, rateWindow: Duration? = nil,
                stallNotice: Duration = .seconds(3)) {
        let idleTimeout = max(idleTimeout, Self.minimumIdleTimeout)
        self.idleTimeout = idleTimeout
        self.minimumRate = max(0, minimumRate)
        self.rateWindow = rateWindow ?? idleTimeout * 2
        self.stallNotice = min(stallNotice, idleTimeout / 2)
    }
}

/// Why a download was given up while its connection was still open.
public enum DownloadTimeout: Sendable, Equatable {
    /// No byte for this long.
    case noData(Duration)
    /// Only `bytes` in the last `window`, under `minimumRate` bytes per second.
    case tooSlow(bytes: Int, window: Duration, minimumRate: Int)
    /// The whole download (connection included) did not end within this long: the short
    /// timeout of the public Argos index.
    case deadline(Duration)

    /// "download stalled: no data from HOST:PORT for 30 s".
    func describe(server: String) -> String {
        switch self {
        case .noData(let idle): return "download stalled: no data from \(server) for \(Self.seconds(idle))"
        case .tooSlow(let bytes, let window, let rate):
            return "download too slow: \(bytes) bytes from \(server) in \(Self.seconds(window)) (at least \(rate) bytes/s needed)"
        case .deadline(let limit): return "no complete answer from \(server) within \(Self.seconds(limit))"
        }
    }

    /// "30 s", "1.5 s".
    static func seconds(_ duration: Duration) -> String {
        let value = duration / .seconds(1)
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
