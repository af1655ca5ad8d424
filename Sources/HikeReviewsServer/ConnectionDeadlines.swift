import Dispatch
import Foundation
import Synchronization

/// Deadlines for whole requests, which libmicrohttpd lacks (its timeout is an idle timer that
/// every byte resets, so a client sending a header line every 10 s holds its connection for
/// ever). A request's head must be in within `head` of its connection opening or of the
/// previous answer, and its body within `body` of its head; while Swift answers and while MHD
/// writes the answer there is none. Once a second a timer shuts the sockets of the requests
/// past their deadline (with a 408 when the client had begun one), and MHD closes them.
final class ConnectionDeadlines: Sendable {
    private struct Entry {
        let socket: Int32
        var deadline: ContinuousClock.Instant?
        /// Whether the client had sent a request line (then it hears a 408, else just a close).
        var begun = false
    }

    private let head: Duration
    private let body: Duration
    private let timeoutAnswer: [UInt8]
    /// By connection (its MHD pointer's bits). A connection leaves before MHD closes its socket
    /// (MHD's closed notice comes first), so a socket in here is never another one's.
    private let entries = Mutex<[UInt: Entry]>([:])
    private let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    init(head: Duration, body: Duration, timeoutAnswer: HTTPResponse) {
        self.head = head
        self.body = body
        self.timeoutAnswer = timeoutAnswer.closingWireBytes
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

    func opened(_ connection: UInt, socket: Int32) {
        entries.withLock { $0[connection] = Entry(socket: socket, deadline: .now + head) }
    }

    func closed(_ connection: UInt) {
        _ = entries.withLock { $0.removeValue(forKey: connection) }
    }

    /// A request line is in: the client has begun a request (its head's deadline stands).
    func requestBegan(_ connection: UInt) {
        entries.withLock { $0[connection]?.begun = true }
    }

    /// The head is in: the body's deadline starts.
    func headArrived(_ connection: UInt) {
        entries.withLock { $0[connection]?.deadline = .now + body }
    }

    /// The body is in: no deadline while the request is answered.
    func bodyArrived(_ connection: UInt) {
        entries.withLock { $0[connection]?.deadline = nil }
    }

    /// The answer is sent: the next request's head has its deadline.
    func answered(_ connection: UInt) {
        entries.withLock { entries in
            entries[connection]?.deadline = .now + head
            entries[connection]?.begun = false
        }
    }

    private func reap() {
        let now = ContinuousClock.now
        entries.withLock { entries in
            for (connection, entry) in entries {
                guard let deadline = entry.deadline, deadline < now else { continue }
                if entry.begun {
                    _ = timeoutAnswer.withUnsafeBytes { send(entry.socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                }
                // MHD then reads an end of stream and closes the connection on its own thread.
                shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[connection]?.deadline = nil
            }
        }
    }
}
