import CCurl
import Foundation
import Synchronization
import TextSafety

/// Why a remote server's request failed.
public enum RemoteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer: the connection was refused, dropped or timed out (another server is tried).
    case connection(server: String, reason: String)
    /// The server answered with an error status (5xx: another server is tried).
    case status(server: String, code: Int, message: String)
    /// The server answered something that is not its API's shape, or that is refused (too big,
    /// a redirect, compressed): another server is tried.
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

    /// Whether another server may do better: no connection, a server error, or an answer that
    /// was refused. A 4xx is the text's or the request's: another replica would say the same.
    var isRetryable: Bool {
        switch self {
        case .connection, .answer: true
        case .status(_, let code, _): code >= 500
        case .noServer: false
        }
    }
}

/// The HTTP requests of remote servers, with libcurl's easy interface: one blocking transfer per
/// request on a thread of its own (never on the cooperative pool, two threads here).
///
/// Each request ends by a deadline, not an idle timer: curl's whole-transfer timeout is the time
/// left, however slowly bytes come, and curl waits in poll(2) with that timeout, so a silent
/// server costs no CPU. An answer is read into memory only up to `maxAnswerBytes` (headers
/// `maxHeaderBytes`): the transfer is aborted at the cap, not checked after buffering. No
/// compression is asked for, and a compressed answer is refused (a 2 MB gzip inflates to
/// gigabytes). A redirect is refused, never followed (to another host, port or scheme, an
/// answer that is not the server's would become the translation). Only http and https.
///
/// Every request says `Connection: close` and opens its own connection: corelibs' URLSession
/// sent a POST again on a reused connection that was reset and spun until its timeout
/// (LAB-NOTES); a fresh connection fails at once, and a dying server's texts go elsewhere.
///
/// A cancelled caller aborts its transfer at curl's next callback (at least once a second).
struct RemoteHTTP: Sendable {
    /// Larger answers are refused (a translation is a few kilobytes).
    static let maxAnswerBytes = 4 << 20
    /// Larger response headers (every response's of one request, 1xx included) are refused.
    static let maxHeaderBytes = 64 << 10

    /// A response: its status and body.
    struct Answer: Sendable {
        var status: Int
        var body: Data
    }

    /// GET `url`, ended by `deadline`.
    func get(_ url: URL, until deadline: ContinuousClock.Instant) async throws(RemoteError) -> Answer {
        try await send(url, body: nil, contentType: nil, until: deadline)
    }

    /// POST `body` of `contentType` to `url`, ended by `deadline`.
    func post(_ url: URL, body: Data, contentType: String, until deadline: ContinuousClock.Instant) async throws(RemoteError) -> Answer {
        try await send(url, body: body, contentType: contentType, until: deadline)
    }

    private func send(_ url: URL, body: Data?, contentType: String?, until deadline: ContinuousClock.Instant) async throws(RemoteError) -> Answer {
        let server = RemoteLimits.hostAndPort(of: url)
        let left = deadline - .now
        guard left > .zero else { throw .connection(server: server, reason: CurlTransfer.timedOut) }
        let cancelled = CancelFlag()
        let result: Result<Answer, RemoteError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    let request = CurlTransfer.Request(url: url, server: server, body: body, contentType: contentType, timeLeft: left)
                    continuation.resume(returning: CurlTransfer(request, cancelled: cancelled).perform())
                }
            }
        } onCancel: {
            cancelled.flag.store(true, ordering: .relaxed)
        }
        return try result.get()
    }
}

/// Set when a request's caller is cancelled; read by the transfer's callbacks.
private final class CancelFlag: Sendable {
    let flag = Atomic<Bool>(false)
}

/// One curl transfer, on the thread that performs it: the buffers its callbacks fill and what
/// they refused.
private final class CurlTransfer {
    struct Request: Sendable {
        var url: URL
        var server: String
        var body: Data?
        var contentType: String?
        var timeLeft: Duration
    }

    static let timedOut = "no whole answer before the deadline"

    /// curl_global_init, once, before the first transfer (it is not safe to race).
    private static let curlReady: Bool = hike_curl_global_init() == CURLE_OK

    let request: Request
    let cancelled: CancelFlag
    var body = Data()
    var headerBytes = 0
    /// The current response's status, Content-Encoding and Location (reset by each status line).
    var status = 0
    var encoding: String?
    var location: String?
    /// Whether the final response's headers were all read.
    var headersEnded = false
    /// Why a callback aborted the transfer.
    var refusal: String?

    init(_ request: Request, cancelled: CancelFlag) {
        self.request = request
        self.cancelled = cancelled
    }

    func perform() -> Result<RemoteHTTP.Answer, RemoteError> {
        let server = request.server
        guard Self.curlReady, let curl = curl_easy_init() else {
            return .failure(.connection(server: server, reason: "libcurl could not start"))
        }
        defer { curl_easy_cleanup(curl) }
        var headers: UnsafeMutablePointer<curl_slist>?
        // No `Expect: 100-continue` wait for a POST body; no keep-alive (see RemoteHTTP).
        for line in ["Connection: close", "Expect:", "Accept: application/json"] + (request.contentType.map { ["Content-Type: \($0)"] } ?? []) {
            headers = curl_slist_append(headers, line)
        }
        defer { curl_slist_free_all(headers) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let milliseconds = max(1, Int(request.timeLeft / .milliseconds(1)))
        let context = Unmanaged.passUnretained(self).toOpaque()
        let code: CURLcode = request.url.absoluteString.withCString { url in
            let postBody = request.body ?? Data()
            return postBody.withUnsafeBytes { post in
                errorBuffer.withUnsafeMutableBufferPointer { errors in
                    // A POST's body pointer must not be NULL, even for zero bytes.
                    let postPointer = request.body == nil ? nil : (post.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer(errors.baseAddress!))
                    let configured = hike_curl_configure(curl, url, headers, postPointer, curl_off_t(post.count), milliseconds,
                                                         curl_off_t(RemoteHTTP.maxAnswerBytes),
                                                         { buffer, size, count, context in
                                                             let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
                                                             return CurlTransfer.of(context).take(body: bytes) ? size * count : 0
                                                         },
                                                         { buffer, size, count, context in
                                                             let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
                                                             return CurlTransfer.of(context).take(header: bytes) ? size * count : 0
                                                         },
                                                         // At least once a second while curl waits: non-zero aborts a cancelled transfer.
                                                         { context, _, _, _, _ in CurlTransfer.of(context).cancelled.flag.load(ordering: .relaxed) ? 1 : 0 },
                                                         context, errors.baseAddress)
                    guard configured == CURLE_OK else { return configured }
                    return curl_easy_perform(curl)
                }
            }
        }
        if let refusal { return .failure(.answer(server: server, reason: refusal)) }
        switch code {
        case CURLE_OK:
            return .success(RemoteHTTP.Answer(status: hike_curl_status(curl), body: body))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(.connection(server: server, reason: Self.timedOut))
        case CURLE_FILESIZE_EXCEEDED:
            return .failure(.answer(server: server, reason: Self.overCap))
        case CURLE_OUT_OF_MEMORY where !headersEnded:
            // What curl says of one header line over its own limit (100 KB), before our callback sees it.
            return .failure(.answer(server: server, reason: Self.headersOverCap))
        case CURLE_ABORTED_BY_CALLBACK where cancelled.flag.load(ordering: .relaxed):
            return .failure(.connection(server: server, reason: "cancelled"))
        default:
            let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            return .failure(.connection(server: server, reason: EscapedText.escaped(reason, limit: 120)))
        }
    }

    static let overCap = "an answer over \(RemoteHTTP.maxAnswerBytes) bytes (the cap), not read further"
    static let headersOverCap = "headers over \(RemoteHTTP.maxHeaderBytes) bytes (the cap), not read further"

    /// A piece of the body: kept, or the transfer aborted (0) when it would pass the cap.
    func take(body bytes: UnsafeRawBufferPointer) -> Bool {
        guard !cancelled.flag.load(ordering: .relaxed) else { return false }
        guard body.count + bytes.count <= RemoteHTTP.maxAnswerBytes else {
            refusal = Self.overCap
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// One header line (a status line starts each response, 1xx included; an empty line ends its
    /// headers): counted against the cap, a redirect or a compressed answer refused at its end.
    func take(header bytes: UnsafeRawBufferPointer) -> Bool {
        headerBytes += bytes.count
        guard headerBytes <= RemoteHTTP.maxHeaderBytes else {
            refusal = Self.headersOverCap
            return false
        }
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            encoding = nil
            location = nil
        } else if line.isEmpty {
            if (300..<400).contains(status) {
                refusal = "a redirect (\(status)) to \(EscapedText.escaped(location ?? "nowhere", limit: 120)), not followed"
                return false
            }
            if let encoding, encoding.lowercased() != "identity" {
                refusal = "a compressed answer (Content-Encoding \(EscapedText.escaped(encoding, limit: 40))), which was not asked for"
                return false
            }
            headersEnded = !(100..<200).contains(status)
        } else if let colon = line.firstIndex(of: ":") {
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch line[..<colon].lowercased() {
            case "content-encoding": encoding = value
            case "location": location = value
            default: break
            }
        }
        return true
    }

    /// The transfer a callback's context points to (alive for the whole `perform`).
    static func of(_ context: UnsafeMutableRawPointer?) -> CurlTransfer {
        Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
    }
}
