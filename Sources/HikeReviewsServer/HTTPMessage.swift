import Foundation

/// One HTTP request as libmicrohttpd parsed it, its body read whole (within the body limit).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query string, e.g. `/translate`.
    public var path: String
    /// The query string's arguments, decoded by libmicrohttpd, in order; values as bytes (they
    /// may not be UTF-8).
    public var query: [(name: String, value: [UInt8])]
    /// Header values by lowercased name (the last of repeated headers).
    public var headers: [String: String]
    /// The body; a form body (urlencoded or multipart) is read by `RequestParameters` with `FormBody`.
    public var body: [UInt8]
    /// The client's address (dotted IPv4), what the rate limits count by; empty when unknown.
    public var peer: String
    /// For a path whose large bodies are drained (`MicroHTTPServer.Limits.drainedPaths`), the
    /// size of a body that was over the body limit: it was read to its end and dropped, and
    /// `body` is empty. Nil for a body kept whole.
    public var droppedBodyBytes: Int?

    public init(method: String, path: String, query: [(name: String, value: [UInt8])] = [], headers: [String: String] = [:],
                body: [UInt8] = [], peer: String = "", droppedBodyBytes: Int? = nil) {
        self.peer = peer
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.droppedBodyBytes = droppedBodyBytes
    }

    /// The media type of the body without its parameters, lowercased (`application/json`).
    public var mediaType: String {
        let value = headers["content-type"] ?? ""
        return value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }
}

/// One answer: a status, a JSON (or other) body and extra headers.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: [UInt8]
    public var contentType: String
    public var headers: [String: String]

    public init(status: Int, body: [UInt8], contentType: String = "application/json", headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.headers = headers
    }

    /// `value` as compact JSON (keys sorted, slashes unescaped); `value` must be a JSON object or array.
    public static func json(_ value: Any, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return HTTPResponse(status: status, body: Array(data), headers: headers)
    }

    /// A typed answer as compact JSON, as `json(_:)` writes a dictionary (keys sorted, slashes
    /// unescaped), so an answer keeps its bytes whichever way it was built.
    static func encoded(_ value: some Encodable, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return HTTPResponse(status: status, body: Array(data), headers: headers)
    }

    /// LibreTranslate's error shape: `{"error": message}`.
    public static func error(_ status: Int, _ message: String, headers: [String: String] = [:]) -> HTTPResponse {
        encoded(LibreTranslateRoutes.Failure(error: message), status: status, headers: headers)
    }
}

extension HTTPResponse {
    /// This answer with `extra` headers added (an extra header replaces one of the same name).
    func adding(_ extra: [String: String]) -> HTTPResponse {
        var response = self
        response.headers.merge(extra) { _, new in new }
        return response
    }

    /// The whole answer as bytes on the wire, closing the connection: for the few answers the
    /// server writes to a socket itself, where libmicrohttpd gives it no way to queue one (a
    /// request line refused before MHD parses its query, a request past its deadline).
    var closingWireBytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrases[status] ?? "Error")\r\nContent-Type: \(contentType)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name.lowercased() != "connection" { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    static let reasonPhrases = [400: "Bad Request", 408: "Request Timeout", 429: "Too Many Requests", 414: "URI Too Long",
                                431: "Request Header Fields Too Large", 501: "Not Implemented"]
}
