import Foundation

/// How an engine's remote translation servers are probed, waited for and left out.
public struct RemoteLimits: Sendable, Equatable {
    /// How long the first look at a server (`/listPairs`, then `/languages`: both together) may
    /// take: a deadline, however slowly bytes come.
    public var probeTimeout: Duration
    /// How long one translation request may take before it counts as the server's failure: a
    /// deadline, however slowly bytes come.
    public var requestTimeout: Duration
    /// Failures in a row after which a server is left out...
    public var failuresToLeaveOut: Int
    /// ...for this long; then it is tried again.
    public var leaveOutFor: Duration

    /// 5 s to probe, 30 s a request, left out for 30 s after 2 failures in a row.
    public init(probeTimeout: Duration = .seconds(5), requestTimeout: Duration = .seconds(30), failuresToLeaveOut: Int = 2,
                leaveOutFor: Duration = .seconds(30)) {
        self.probeTimeout = probeTimeout
        self.requestTimeout = requestTimeout
        self.failuresToLeaveOut = failuresToLeaveOut
        self.leaveOutFor = leaveOutFor
    }

    /// What `--remote` and `HIKE_REVIEWS_REMOTE` take, in words.
    public static let urlExpectation = "an http or https URL of a LibreTranslate or Apertium-APy server"

    /// A server's base URL from what the user wrote (`http://10.0.0.5:5000`, a trailing slash
    /// dropped); nil when it is not an http or https URL with a host, or carries a query.
    public static func serverURL(_ text: String) -> URL? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, components.user == nil else { return nil }
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return URL(string: trimmed)
    }

    /// `host:port` of a server, as consent questions name it (the scheme's port when none is given).
    public static func hostAndPort(of url: URL) -> String {
        let host = url.host ?? url.absoluteString
        let shown = host.contains(":") ? "[\(host)]" : host
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(shown):\(port)"
    }
}
