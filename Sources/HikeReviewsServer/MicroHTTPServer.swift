import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: epoll in a small pool of MHD threads that only read
/// and write; each request, once its body is in, is answered by a Swift task while its
/// connection is suspended (so a slow translation holds no MHD thread, and idle connections
/// cost a socket, not a thread).
public final class MicroHTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse
    /// The answer to a request refused before it reaches the handler, in the shape of the API
    /// its path and query parameter names belong to.
    public typealias Refusal = @Sendable (_ status: Int, _ reason: String, _ path: String, _ queryNames: [String]) -> HTTPResponse

    public struct Limits: Sendable {
        /// Bytes of body at most (413 beyond).
        public var bodyBytes = 1 << 20
        /// Paths whose body over `bodyBytes` is still read to its end, without being kept, and
        /// handed on with `HTTPRequest.droppedBodyBytes` so the route answers it in its own
        /// words (APy's /translateDoc takes files of 32 MB: a client uploading one must hear
        /// the route's refusal, not a reset in the middle of its upload).
        public var drainedPaths: Set<String> = []
        /// A Content-Length over this on a `drainedPaths` path is refused before it is read.
        public var drainedBodyBytes = 34_000_000
        /// Open connections at most: a newer one closes the oldest connection not being
        /// answered of the address holding the most (ConnectionWatch); MHD refuses beyond
        /// `connections + connectionsPerAddress` while those close.
        public var connections = 1000
        /// Open connections from one client address at most, so one address cannot take the
        /// others' share of `connections`: a newer one closes that address's oldest connection
        /// not being answered (ConnectionWatch).
        public var connectionsPerAddress = 64
        /// Seconds a connection may stay silent (idle keep-alive or a stalled upload).
        public var idleTimeoutSeconds = 30
        /// Seconds a request's head (request line and header section) may take to come in,
        /// from its connection opening or the previous answer; then 408 and close.
        public var headDeadlineSeconds = 30
        /// Seconds a request's body may take to come in once its head is in; then 408 and close.
        public var bodyDeadlineSeconds = 60
        /// The request line's and header section's limits (414, 431, 400 beyond).
        var head = RequestHead.Limits()
        /// MHD threads reading and writing.
        public var threads = 2

        public init() {}
    }

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    private let handler: Handler
    private let refusal: Refusal
    private let limits: Limits
    private let watch: ConnectionWatch
    private let log: @Sendable (String) -> Void
    private let daemon = Mutex<ConnectionHandle?>(nil)
    /// Set by `stopAccepting`: requests that arrive on open connections are refused.
    private let draining = Atomic(false)
    /// Requests handed to Swift whose connection has not come back with the answer (or
    /// closed): MHD must not be stopped while a connection is suspended.
    private let outstanding = IdleSignal()
    /// Requests handed to Swift and not answered yet, by exchange.
    private let pending = Mutex<[ObjectIdentifier: (Exchange, ConnectionHandle)]>([:])

    /// `log` hears one access line per request: method, path, status, bytes, milliseconds;
    /// `refusal` shapes the answers to requests refused before `handler` sees them.
    public init(limits: Limits = Limits(), log: @escaping @Sendable (String) -> Void,
                refusal: @escaping Refusal = { status, reason, _, _ in .error(status, reason) }, handler: @escaping Handler) {
        self.limits = limits
        self.log = log
        self.refusal = refusal
        self.handler = handler
        let late = "the request did not come in within this server's deadline (its head within \(limits.headDeadlineSeconds) s, its body within \(limits.bodyDeadlineSeconds) s)"
        watch = ConnectionWatch(.init(head: .seconds(limits.headDeadlineSeconds), body: .seconds(limits.bodyDeadlineSeconds),
                                      perAddress: limits.connectionsPerAddress, total: limits.connections), timeoutAnswer: { refusal(408, late, $0, $1) }, log: log)
    }

    /// Starts listening on `host` (an IPv4 address) and `port` (0: any free one); returns the port.
    public func start(host: String, port: UInt16) throws(StartError) -> UInt16 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw StartError(description: "'\(host)' is not an IPv4 address") }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = hike_mhd_start(&address, UInt32(limits.threads), UInt32(limits.connections + limits.connectionsPerAddress),
                                     UInt32(limits.idleTimeoutSeconds),
                                     Self.connectionMemory, Self.access, Self.completed, Self.requestLine, Self.connectionNotice, context)
        guard let started else { throw StartError(description: "cannot listen on \(host):\(port) (in use, or not an address of this machine)") }
        daemon.withLock { $0 = ConnectionHandle(pointer: started) }
        watch.start()
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
        watch.stop()
        MHD_stop_daemon(daemon.pointer)
    }

    // MARK: libmicrohttpd's callbacks

    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, version, upload, uploadSize, slot in
        let server = Unmanaged<MicroHTTPServer>.fromOpaque(context!).takeUnretainedValue()
        return server.handle(connection!, url: url, method: method, version: version, upload: upload, uploadSize: uploadSize!, slot: slot!)
    }

    /// A connection's pool (MHD's default is 32 KB): the request line, the header section and
    /// MHD's read buffer share it, so the head limits must fit in it with room to spare. Beyond
    /// it MHD answers 414 or 431 itself.
    static let connectionMemory = 64 * 1024

    private static let completed: MHD_RequestCompletedCallback = { context, connection, slot, _ in
        let server = Unmanaged<MicroHTTPServer>.fromOpaque(context!).takeUnretainedValue()
        if let connection { server.watch.answered(UInt(bitPattern: connection)) }
        guard let slot, let opaque = slot.pointee, opaque != MicroHTTPServer.refusedMark else { return }
        let exchange = Unmanaged<Exchange>.fromOpaque(opaque)
        // A connection closed before it came back for its answer.
        if exchange.takeUnretainedValue().settle() { server.outstanding.remove() }
        exchange.release()
        slot.pointee = nil
    }

    /// MHD's notice of a connection opened or closed: its address's share and its deadlines.
    private static let connectionNotice: MHD_NotifyConnectionCallback = { context, connection, _, code in
        guard let connection else { return }
        let server = Unmanaged<MicroHTTPServer>.fromOpaque(context!).takeUnretainedValue()
        if code.rawValue == 0 { // MHD_CONNECTION_NOTIFY_STARTED
            server.watch.opened(UInt(bitPattern: connection), socket: hike_mhd_socket(connection), address: hike_mhd_client_ipv4(connection))
        } else {
            server.watch.closed(UInt(bitPattern: connection))
        }
    }

    /// A request line is in, before MHD splits its query (which it cannot do for a thousand
    /// parameters in its memory pool, and then never answers): a target over the limits is
    /// answered here, on the socket, and the connection closed.
    private static let requestLine: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { context, uri, connection in
        guard let uri, let connection else { return nil }
        let server = Unmanaged<MicroHTTPServer>.fromOpaque(context!).takeUnretainedValue()
        let target = UnsafeRawBufferPointer(start: uri, count: strlen(uri))
        let text = String(decoding: target.prefix(server.limits.head.targetBytes), as: UTF8.self)
        let (path, query) = MicroHTTPServer.split(RequestHead.originPath(text))
        server.watch.requestBegan(UInt(bitPattern: connection), path: printable(path), queryNames: query)
        guard let refused = RequestHead.check(target: target, limits: server.limits.head) else { return nil }
        let response = server.refusal(refused.status, refused.reason, path, query)
        let socket = hike_mhd_socket(connection)
        _ = response.closingWireBytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        // MHD reads on until the client closes; the access handler ends the connection if called.
        shutdown(socket, Int32(SHUT_WR))
        server.log("- \(MicroHTTPServer.printable(path)) \(response.status) \(response.body.count) 0ms")
        return MicroHTTPServer.refusedMark
    }

    /// The context of a request answered from `requestLine` (never dereferenced).
    private static var refusedMark: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

    /// A target's path and its query parameters' names (as sent).
    private static func split(_ target: String) -> (String, [String]) {
        guard let mark = target.firstIndex(of: "?") else { return (target, []) }
        let names = target[target.index(after: mark)...].split(separator: "&").map { String($0.prefix { $0 != "=" }) }
        return (String(target[..<mark]), names)
    }

    private func handle(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
                        version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                        slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let opaque = slot.pointee else {
            // The headers are in: a context for the request, and a head that breaks the framing
            // rules or the limits, or a body announced too large, is refused before it is read.
            let path = RequestHead.originPath(url.map { String(cString: $0) } ?? "/")
            let exchange = Exchange(method: method.map { String(cString: $0) } ?? "", path: path)
            watch.headArrived(UInt(bitPattern: connection), method: Self.printable(exchange.method, limit: 20))
            slot.pointee = Unmanaged.passRetained(exchange).toOpaque()
            let headers = ConnectionValues.all(connection, kind: .HEADER_KIND)
            var refused = RequestHead.check(headers: headers, version: version.map { String(cString: $0) } ?? "", limits: limits.head)
            let ceiling = limits.drainedPaths.contains(path) ? max(limits.bodyBytes, limits.drainedBodyBytes) : limits.bodyBytes
            if refused == nil, let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length").flatMap({ Int(String(cString: $0)) }),
               length > ceiling {
                refused = RequestHead.Refusal(status: 413, reason: Self.tooLargeReason(ceiling))
            }
            guard let refused else { return .YES }
            let names = ConnectionValues.all(connection, kind: .GET_ARGUMENT_KIND).map { String(decoding: $0.name, as: UTF8.self) }
            return queue(refusal(refused.status, refused.reason, path, names), for: exchange, on: connection, closing: true)
        }
        // A request answered when its line came in.
        guard opaque != Self.refusedMark else { return .NO }
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
        if exchange.isTooLarge, !limits.drainedPaths.contains(exchange.path) {
            return queue(refusal(413, Self.tooLargeReason(limits.bodyBytes), exchange.path, []), for: exchange, on: connection, closing: true)
        }
        // Refused before it is dispatched, so it never counts as outstanding.
        if draining.load(ordering: .sequentiallyConsistent) {
            return queue(.error(503, Self.shuttingDown, headers: ["Connection": "close"]), for: exchange, on: connection)
        }
        guard exchange.dispatch() else { return .YES }
        watch.bodyArrived(UInt(bitPattern: connection))
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
            headers[String(decoding: name, as: UTF8.self).lowercased()] = String(decoding: value, as: UTF8.self)
        }
        let query = ConnectionValues.all(connection, kind: .GET_ARGUMENT_KIND).map { (name: String(decoding: $0.name, as: UTF8.self), value: $0.value) }
        // A form body is read by RequestParameters (FormBody), off MHD's thread.
        return HTTPRequest(method: exchange.method, path: exchange.path, query: query, headers: headers, body: exchange.body,
                           peer: Self.dotted(hike_mhd_client_ipv4(connection)), droppedBodyBytes: exchange.isTooLarge ? exchange.received : nil)
    }

    /// An IPv4 address in network order as `127.0.0.1`.
    static func dotted(_ address: UInt32) -> String {
        withUnsafeBytes(of: address) { $0.map(String.init).joined(separator: ".") }
    }

    /// Queues `response`; `closing` closes the connection after it (a request whose framing
    /// cannot be trusted: what follows its head is not read as another request).
    private func queue(_ response: HTTPResponse, for exchange: Exchange, on connection: OpaquePointer, closing: Bool = false) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        _ = MHD_add_response_header(made, "Content-Type", response.contentType)
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { _ = MHD_add_response_header(made, name, value) }
        if closing, response.headers["Connection"] == nil { _ = MHD_add_response_header(made, "Connection", "close") }
        let result = MHD_queue_response(connection, UInt32(response.status), made)
        let elapsed = Int((ContinuousClock.now - exchange.started) / .milliseconds(1))
        log("\(Self.printable(exchange.method, limit: 20)) \(Self.printable(exchange.path)) \(response.status) \(response.body.count) \(elapsed)ms")
        return result
    }

    /// A field as the access log (or an error message) shows it: at most `limit` characters
    /// (`...` marks a cut), nothing but printable ASCII (`?` for the rest), never empty (`-`).
    static func printable(_ text: String, limit: Int = 200) -> String {
        let scalars = text.unicodeScalars
        let shown = String(String.UnicodeScalarView(scalars.prefix(limit).map { $0.isASCII && $0.value >= 0x21 && $0.value < 0x7F ? $0 : "?" }))
        if shown.isEmpty { return "-" }
        return scalars.count > limit ? shown + "..." : shown
    }

    public static let shuttingDown = "the server is shutting down"

    static func tooLargeReason(_ limit: Int) -> String {
        "the request body is over the limit of \(limit) bytes"
    }
}
