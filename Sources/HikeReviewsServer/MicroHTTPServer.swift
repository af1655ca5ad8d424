import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: epoll in a small pool of MHD threads that only read
/// and write; each request, once its body is in, is answered by a Swift task while its
/// connection is suspended (so a slow translation holds no MHD thread, and idle connections
/// cost a socket, not a thread).
public final class MicroHTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    public struct Limits: Sendable {
        /// Bytes of body at most (413 beyond).
        public var bodyBytes = 1 << 20
        /// Open connections at most; MHD refuses more.
        public var connections = 1000
        /// Seconds a connection may stay silent (idle keep-alive or a stalled upload).
        public var idleTimeoutSeconds = 30
        /// MHD threads reading and writing.
        public var threads = 2

        public init() {}
    }

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    private let handler: Handler
    private let limits: Limits
    private let log: @Sendable (String) -> Void
    private let daemon = Mutex<ConnectionHandle?>(nil)
    /// Set by `stopAccepting`: requests that arrive on open connections are refused.
    private let draining = Atomic(false)
    /// Requests handed to Swift whose connection has not come back with the answer (or
    /// closed): MHD must not be stopped while a connection is suspended.
    private let outstanding = IdleSignal()
    /// Requests handed to Swift and not answered yet, by exchange.
    private let pending = Mutex<[ObjectIdentifier: (Exchange, ConnectionHandle)]>([:])

    /// `log` hears one access line per request: method, path, status, bytes, milliseconds.
    public init(limits: Limits = Limits(), log: @escaping @Sendable (String) -> Void, handler: @escaping Handler) {
        self.limits = limits
        self.log = log
        self.handler = handler
    }

    /// Starts listening on `host` (an IPv4 address) and `port` (0: any free one); returns the port.
    public func start(host: String, port: UInt16) throws(StartError) -> UInt16 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw StartError(description: "'\(host)' is not an IPv4 address") }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = hike_mhd_start(&address, UInt32(limits.threads), UInt32(limits.connections), UInt32(limits.idleTimeoutSeconds),
                                     64 * 1024, Self.access, context, Self.completed, context)
        guard let started else { throw StartError(description: "cannot listen on \(host):\(port) (in use, or not an address of this machine)") }
        daemon.withLock { $0 = ConnectionHandle(pointer: started) }
        return hike_mhd_port(started)
    }

    /// Stops accepting connections (the listening socket is closed); a request arriving on an
    /// open one is answered 503 and its connection closed, so keep-alive clients cannot hold
    /// the drain open.
    public func stopAccepting() {
        draining.store(true, ordering: .sequentiallyConsistent)
        guard let daemon = daemon.withLock({ $0 }) else { return }
        let socket = MHD_quiesce_daemon(daemon.pointer)
        if socket >= 0 { close(socket) }
    }

    /// Requests handed to Swift and not answered yet.
    public var inFlight: Int { outstanding.count }

    /// Returns when every request handed to Swift is answered (or its connection gone), or
    /// after `limit`.
    public func waitUntilAnswered(atMost limit: Duration) async {
        await outstanding.wait(atMost: limit)
    }

    /// Answers every request still in flight with `response` (their tasks' answers are dropped).
    public func answerPending(with response: HTTPResponse) {
        let left = pending.withLock { pending in
            defer { pending.removeAll() }
            return Array(pending.values)
        }
        for (exchange, connection) in left where exchange.finish(response) { MHD_resume_connection(connection.pointer) }
    }

    /// Closes every connection and stops MHD's threads. Call after `answerPending` and
    /// `waitUntilAnswered` (MHD aborts when stopped with a connection suspended).
    public func stop() {
        guard let daemon = daemon.withLock({ state in defer { state = nil }; return state }) else { return }
        MHD_stop_daemon(daemon.pointer)
    }

    // MARK: libmicrohttpd's callbacks

    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, slot in
        let server = Unmanaged<MicroHTTPServer>.fromOpaque(context!).takeUnretainedValue()
        return server.handle(connection!, url: url, method: method, upload: upload, uploadSize: uploadSize!, slot: slot!)
    }

    private static let completed: MHD_RequestCompletedCallback = { context, _, slot, _ in
        guard let slot, let opaque = slot.pointee else { return }
        let exchange = Unmanaged<Exchange>.fromOpaque(opaque)
        // A connection closed before it came back for its answer.
        if exchange.takeUnretainedValue().settle() {
            Unmanaged<MicroHTTPServer>.fromOpaque(context!).takeUnretainedValue().outstanding.remove()
        }
        exchange.release()
        slot.pointee = nil
    }

    private func handle(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
                        upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                        slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let opaque = slot.pointee else {
            // The headers are in: a context for the request, and a body announced too large is
            // refused before it is read.
            let exchange = Exchange(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/")
            slot.pointee = Unmanaged.passRetained(exchange).toOpaque()
            if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length").flatMap({ Int(String(cString: $0)) }),
               length > limits.bodyBytes {
                return queue(Self.tooLarge(limits.bodyBytes), for: exchange, on: connection)
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(opaque).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            exchange.receive(UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee), limit: limits.bodyBytes)
            uploadSize.pointee = 0
            return .YES
        }
        if let response = exchange.response {
            if exchange.settle() { outstanding.remove() }
            return queue(response, for: exchange, on: connection)
        }
        if exchange.isTooLarge { return queue(Self.tooLarge(limits.bodyBytes), for: exchange, on: connection) }
        // Refused before it is dispatched, so it never counts as outstanding.
        if draining.load(ordering: .sequentiallyConsistent) {
            return queue(.error(503, Self.shuttingDown, headers: ["Connection": "close"]), for: exchange, on: connection)
        }
        guard exchange.dispatch() else { return .YES }
        let request = makeRequest(exchange, connection)
        let handle = ConnectionHandle(pointer: connection)
        pending.withLock { $0[ObjectIdentifier(exchange)] = (exchange, handle) }
        outstanding.add()
        MHD_suspend_connection(connection)
        let handler = handler
        Task {
            let response = await handler(request)
            let mine = self.pending.withLock { $0.removeValue(forKey: ObjectIdentifier(exchange)) != nil }
            if mine, exchange.finish(response) { MHD_resume_connection(handle.pointer) }
        }
        return .YES
    }

    private func makeRequest(_ exchange: Exchange, _ connection: OpaquePointer) -> HTTPRequest {
        var headers: [String: String] = [:]
        for (name, value) in ConnectionValues.all(connection, kind: .HEADER_KIND) {
            headers[name.lowercased()] = String(decoding: value, as: UTF8.self)
        }
        let body = exchange.body
        var request = HTTPRequest(method: exchange.method, path: exchange.path, query: ConnectionValues.all(connection, kind: .GET_ARGUMENT_KIND),
                                  headers: headers, body: body)
        let type = request.mediaType
        if type == "application/x-www-form-urlencoded" || type == "multipart/form-data" {
            request.form = ConnectionValues.form(connection, body: body) ?? []
        }
        return request
    }

    private func queue(_ response: HTTPResponse, for exchange: Exchange, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        _ = MHD_add_response_header(made, "Content-Type", response.contentType)
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { _ = MHD_add_response_header(made, name, value) }
        let result = MHD_queue_response(connection, UInt32(response.status), made)
        let elapsed = Int((ContinuousClock.now - exchange.started) / .milliseconds(1))
        log("\(exchange.method) \(Self.printable(exchange.path)) \(response.status) \(response.body.count) \(elapsed)ms")
        return result
    }

    /// A path as the access log shows it: at most 200 characters, nothing but printable ASCII.
    static func printable(_ path: String) -> String {
        String(String.UnicodeScalarView(path.unicodeScalars.prefix(200).map { $0.isASCII && $0.value >= 0x21 && $0.value < 0x7F ? $0 : "?" }))
    }

    public static let shuttingDown = "the server is shutting down"

    static func tooLarge(_ limit: Int) -> HTTPResponse {
        .error(413, "the request body is over the limit of \(limit) bytes")
    }
}
