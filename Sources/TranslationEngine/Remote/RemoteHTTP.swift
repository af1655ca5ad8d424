import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
import TextSafety
#endif

/// Why a remote server's request failed.
public enum RemoteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer: the connection was refused, dropped or timed out (another server is tried).
    case connection(server: String, reason: String)
    /// The server answered with an error status (5xx: another server is tried).
    case status(server: String, code: Int, message: String)
    /// The server answered something that is not its API's shape.
    case answer(server: String, reason: String)
    /// Every server for the pair is left out after failures, or none serves it.
    case noServer(pair: String)

    public var description: String {
        switch self {
        case .connection(let server, let reason): "remote server \(server) did not answer: \(reason)"
        case .status(let server, let code, let message): "remote server \(server) answered \(code)" + (message.isEmpty ? "" : ": \(message)")
        case .answer(let server, let reason): "remote server \(server) answered something unexpected: \(reason)"
        case .noServer(let pair): "no remote server for \(pair) answers now (they failed; tried again later)"
        }
    }

    /// Whether another server may do better: no connection, or a server error.
    var isRetryable: Bool {
        switch self {
        case .connection: true
        case .status(_, let code, _): code >= 500
        default: false
        }
    }
}

/// The HTTP requests of remote servers, over one URLSession without a cache.
///
/// Every request says `Connection: close`: corelibs' URLSession (libcurl under it) sends a POST
/// again when a reused keep-alive connection is reset, and that second send spun until the
/// request's timeout (30 s of CPU) instead of failing; on a fresh connection a reset fails at
/// once, so a dying server's texts go to another server without a wait (LAB-NOTES).
///
/// Each request's task has one owner: it runs in a task of its own that nothing cancels (a
/// corelibs URLSession task cancelled from two threads hangs or crashes, DECISIONS), and ends
/// by its own timeout; a caller that is cancelled stops waiting for it instead.
struct RemoteHTTP: Sendable {
    /// Larger answers are refused (a translation is a few kilobytes).
    static let maxAnswerBytes = 4 << 20

    let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 16
        session = URLSession(configuration: configuration)
    }

    /// GET `url`: the status and body.
    func get(_ url: URL, timeout: Duration) async throws(RemoteError) -> (status: Int, body: Data) {
        try await send(URLRequest(url: url), timeout: timeout)
    }

    /// POST `body` of `contentType` to `url`: the status and body.
    func post(_ url: URL, body: Data, contentType: String, timeout: Duration) async throws(RemoteError) -> (status: Int, body: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        return try await send(request, timeout: timeout)
    }

    private func send(_ request: URLRequest, timeout: Duration) async throws(RemoteError) -> (status: Int, body: Data) {
        var request = request
        request.timeoutInterval = max(0.1, timeout / .seconds(1))
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue("close", forHTTPHeaderField: "Connection")
        let server = RemoteLimits.hostAndPort(of: request.url ?? URL(fileURLWithPath: "/"))
        let session = self.session
        let frozen = request
        let result = await Task.detached { () -> Result<(Data, URLResponse), Error> in
            do { return .success(try await session.data(for: frozen)) } catch { return .failure(error) }
        }.value
        switch result {
        case .failure(let error):
            let reason = (error as? URLError).map { "\($0.code.rawValue == NSURLErrorTimedOut ? "timed out" : $0.localizedDescription)" }
            throw .connection(server: server, reason: EscapedText.escaped(reason ?? "\(error)", limit: 120))
        case .success(let (data, response)):
            guard let http = response as? HTTPURLResponse else { throw .answer(server: server, reason: "not HTTP") }
            guard data.count <= Self.maxAnswerBytes else { throw .answer(server: server, reason: "an answer of \(data.count) bytes") }
            return (http.statusCode, data)
        }
    }
}
