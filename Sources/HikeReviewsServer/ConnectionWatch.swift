import Dispatch
import Foundation
import Synchronization

/// What libmicrohttpd does not do for fairness: a share of connections per client address, and
/// deadlines for whole requests (MHD's timeout is an idle timer that every byte resets, so a
/// client sending a header line every 10 s held its connection for ever).
///
/// A request's head must be in within `head` of its connection opening or of the previous
/// answer, and its body within `body` of its head; while Swift answers and while MHD writes the
/// answer there is none. Once a second a timer shuts the sockets of the requests past their
/// deadline (with a 408 when the client had begun one); MHD then reads an end of stream and
/// closes them. An address at its share that opens another connection loses its own oldest
/// one that is not being answered (idle first, then one still sending), so its idle or slow
/// connections never lock it out and never touch another address's; when all of them are
/// being answered, the new one is closed. At the limit of all connections, a newer one closes
/// such a connection of the address holding the most, so many addresses together cannot
/// lock a new one out either.
final class ConnectionWatch: Sendable {
    struct Settings: Sendable {
        var head: Duration
        var body: Duration
        var perAddress: Int
        /// Connections of all addresses at most (MHD's own limit is set above it, so that a
        /// newer connection reaches `opened` while older ones are being closed).
        var total: Int
    }

    private struct Entry {
        let socket: Int32
        let address: UInt32
        let opened = ContinuousClock.now
        var deadline: ContinuousClock.Instant?
        /// The request line's method and path as the access log shows them, once it is in (the
        /// client then hears a 408, else just a close), and when it came.
        var begun: (method: String, path: String, queryNames: [String], at: ContinuousClock.Instant)?
        /// Whether its request is with Swift or its answer being written.
        var answering = false
        /// Whether its socket was shut (by a deadline or for a newer connection).
        var shut = false
    }

    private let settings: Settings
    private let timeoutAnswer: @Sendable (_ path: String, _ queryNames: [String]) -> HTTPResponse
    private let log: @Sendable (String) -> Void
    /// By connection (its MHD pointer's bits). A connection leaves before MHD closes its socket
    /// (MHD's closed notice comes first), so a socket in here is never another one's: every
    /// `shutdown` happens under this lock.
    private let entries = Mutex<[UInt: Entry]>([:])
    private let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    /// `timeoutAnswer` is the 408 for a request (by its path and query names: its API's shape);
    /// `log` hears an access line for each request ended by its deadline.
    init(_ settings: Settings, timeoutAnswer: @escaping @Sendable (_ path: String, _ queryNames: [String]) -> HTTPResponse,
         log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.timeoutAnswer = timeoutAnswer
        self.log = log
    }

    func start() {
        timer.withLock { timer in
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(200))
            source.setEventHandler { [weak self] in self?.reap() }
            source.resume()
            timer = source
        }
    }

    func stop() {
        timer.withLock { $0?.cancel(); $0 = nil }
    }

    func opened(_ connection: UInt, socket: Int32, address: UInt32) {
        entries.withLock { entries in
            entries[connection] = Entry(socket: socket, address: address, deadline: .now + settings.head)
            let open = entries.filter { $0.key != connection && !$0.value.shut }
            let mine = open.filter { $0.value.address == address }
            if mine.count >= settings.perAddress {
                Self.shut(&entries, Self.yielding(mine) ?? connection)
            } else if open.count >= settings.total {
                // The address holding the most, among those with a connection that can yield.
                let counts = Dictionary(grouping: open.values, by: \.address).mapValues(\.count)
                let candidates = open.filter { !$0.value.answering }
                let busiest = candidates.values.map(\.address).max { counts[$0, default: 0] < counts[$1, default: 0] }
                Self.shut(&entries, busiest.flatMap { busiest in Self.yielding(candidates.filter { $0.value.address == busiest }) } ?? connection)
            }
        }
    }

    /// The connection of `entries` to close for a newer one: not being answered, idle before
    /// one still sending, the oldest first.
    private static func yielding(_ entries: [UInt: Entry]) -> UInt? {
        entries.filter { !$0.value.answering }
            .min { ($0.value.begun == nil ? 0 : 1, $0.value.opened) < ($1.value.begun == nil ? 0 : 1, $1.value.opened) }?.key
    }

    func closed(_ connection: UInt) {
        _ = entries.withLock { $0.removeValue(forKey: connection) }
    }

    /// A request line is in: the client has begun a request (its head's deadline stands).
    /// `path` as the access log shows it.
    func requestBegan(_ connection: UInt, path: String, queryNames: [String]) {
        entries.withLock { $0[connection]?.begun = ("-", path, queryNames, .now) }
    }

    /// The head is in: the body's deadline starts.
    func headArrived(_ connection: UInt, method: String) {
        entries.withLock { entries in
            entries[connection]?.deadline = .now + settings.body
            entries[connection]?.begun?.method = method
        }
    }

    /// The body is in: no deadline while the request is answered.
    func bodyArrived(_ connection: UInt) {
        entries.withLock { entries in
            entries[connection]?.deadline = nil
            entries[connection]?.answering = true
        }
    }

    /// The answer is sent: the next request's head has its deadline.
    func answered(_ connection: UInt) {
        entries.withLock { entries in
            guard entries[connection]?.shut == false else { return }
            entries[connection]?.deadline = .now + settings.head
            entries[connection]?.begun = nil
            entries[connection]?.answering = false
        }
    }

    private func reap() {
        let now = ContinuousClock.now
        let lines = entries.withLock { entries in
            var lines: [String] = []
            for (connection, entry) in entries {
                guard let deadline = entry.deadline, deadline < now, !entry.shut else { continue }
                if let begun = entry.begun {
                    let answer = timeoutAnswer(begun.path, begun.queryNames)
                    _ = answer.closingWireBytes.withUnsafeBytes { send(entry.socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                    let elapsed = Int((now - begun.at) / .milliseconds(1))
                    lines.append("\(begun.method) \(begun.path) \(answer.status) \(answer.body.count) \(elapsed)ms")
                }
                Self.shut(&entries, connection)
            }
            return lines
        }
        lines.forEach(log)
    }

    /// Shuts a connection's socket both ways; MHD then reads an end of stream and closes it.
    private static func shut(_ entries: inout [UInt: Entry], _ connection: UInt) {
        guard let entry = entries[connection], !entry.shut else { return }
        shutdown(entry.socket, Int32(SHUT_RDWR))
        entries[connection]?.shut = true
        entries[connection]?.deadline = nil
    }
}
