import Foundation

/// The checks a request's line and header section pass before its body is read: the server's
/// head limits and RFC 9112's framing rules. libmicrohttpd 0.9.75 takes the first of two
/// Content-Lengths, keeps whitespace before a colon in the field name (so `Content-Length : 5`
/// frames no body and the body is read as the next request), reads a Content-Length beside
/// `Transfer-Encoding: chunked`, and waits forever on a transfer coding it does not know; each
/// of these is refused here, and the connection closed, so no request can hide in a body.
struct RequestHead {
    /// What a request's head may hold; over them it is refused with 414, 431 or 400.
    struct Limits: Sendable {
        /// Bytes of request target (path and query string, as sent).
        var targetBytes = 16 * 1024
        /// Parameters in the query string.
        var queryParameters = 100
        /// Bytes of header section (names and values).
        var headerBytes = 16 * 1024
        /// Header fields.
        var headerFields = 100
    }

    /// A request refused before it is routed: its status and one-line reason.
    struct Refusal: Error, Equatable {
        let status: Int
        let reason: String
    }

    /// Refuses a request target (as sent, `/translate?q=...`) over the limits.
    static func check(target: UnsafeRawBufferPointer, limits: Limits) -> Refusal? {
        if target.count > limits.targetBytes {
            return Refusal(status: 414, reason: "the request target is \(target.count) bytes, over this server's limit of \(limits.targetBytes)")
        }
        // MHD splits the request line at its last space: a target with a space reads otherwise elsewhere.
        if target.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return Refusal(status: 400, reason: "the request target holds whitespace or a control character")
        }
        guard let mark = target.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let parameters = target[(mark + 1)...].split(separator: UInt8(ascii: "&")).count
        if parameters > limits.queryParameters {
            return Refusal(status: 400, reason: "the query string has \(parameters) parameters, over this server's limit of \(limits.queryParameters)")
        }
        return nil
    }

    /// Refuses a header section that breaks RFC 9112's framing rules or the limits; `version` is
    /// the request line's (`HTTP/1.1`).
    static func check(headers: [(name: [UInt8], value: [UInt8])], version: String, limits: Limits) -> Refusal? {
        if headers.count > limits.headerFields {
            return Refusal(status: 431, reason: "the request has \(headers.count) header fields, over this server's limit of \(limits.headerFields)")
        }
        let bytes = headers.reduce(0) { $0 + $1.name.count + $1.value.count + 4 }
        if bytes > limits.headerBytes {
            return Refusal(status: 431, reason: "the request's header section is \(bytes) bytes, over this server's limit of \(limits.headerBytes)")
        }
        if let bad = headers.first(where: { !isToken($0.name) }) {
            return Refusal(status: 400, reason: "malformed header field name '\(MicroHTTPServer.printable(String(decoding: bad.name, as: UTF8.self), limit: 40))' (whitespace before a colon is not allowed)")
        }
        // RFC 9110 5.5; MHD reads a value only up to a NUL, and keeps a bare CR in it.
        if headers.contains(where: { $0.value.contains { $0 == 0 || $0 == 0x0D || $0 == 0x0A } }) {
            return Refusal(status: 400, reason: "a header field value holds NUL, CR or LF")
        }
        func values(_ name: String) -> [String] {
            headers.filter { String(decoding: $0.name, as: UTF8.self).lowercased() == name }.map { String(decoding: $0.value, as: UTF8.self) }
        }
        let hosts = values("host")
        if hosts.count > 1 || (hosts.isEmpty && version == "HTTP/1.1") {
            return Refusal(status: 400, reason: "an HTTP/1.1 request needs exactly one Host header field")
        }
        let lengths = values("content-length")
        if lengths.count > 1 { return Refusal(status: 400, reason: "the request has more than one Content-Length") }
        let encodings = values("transfer-encoding")
        guard !encodings.isEmpty else { return nil }
        if !lengths.isEmpty { return Refusal(status: 400, reason: "the request has both Content-Length and Transfer-Encoding") }
        if version != "HTTP/1.1" { return Refusal(status: 400, reason: "Transfer-Encoding in an \(MicroHTTPServer.printable(version, limit: 20)) request") }
        let codings = encodings.joined(separator: ",").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let unknown = codings.first(where: { !knownCodings.contains($0) }) {
            return Refusal(status: 501, reason: "transfer coding '\(MicroHTTPServer.printable(unknown, limit: 40))' is not known to this server")
        }
        if codings.last != "chunked" || codings.filter({ $0 == "chunked" }).count > 1 {
            return Refusal(status: 400, reason: "a request's transfer coding must end in chunked, once")
        }
        // MHD reads a chunked body only when the one value is `chunked` exactly (any case); with
        // a space after it, it waits for ever.
        if codings.count > 1 || encodings.count > 1 || encodings[0].lowercased() != "chunked" {
            return Refusal(status: 501, reason: "this server reads only Transfer-Encoding: chunked, alone and without spaces")
        }
        return nil
    }

    /// The codings of HTTP's registry; a body in one of them but chunked is refused with 501.
    private static let knownCodings: Set = ["chunked", "gzip", "x-gzip", "deflate", "compress", "x-compress", "identity"]

    /// A field name is an RFC 9110 token: no whitespace, no separators, not empty.
    private static func isToken(_ name: [UInt8]) -> Bool {
        !name.isEmpty && name.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// The path of a request target in origin form (`/translate`) or absolute form
    /// (`http://host:5000/translate`, which a server must accept: RFC 9112 3.2.2).
    static func originPath(_ target: String) -> String {
        let lowered = target.prefix(8).lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return target }
        let afterScheme = target[target.index(target.firstIndex(of: ":")!, offsetBy: 3)...]
        guard let slash = afterScheme.firstIndex(of: "/") else { return "/" }
        return String(afterScheme[slash...])
    }
}
