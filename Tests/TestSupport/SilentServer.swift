import Foundation
import Synchronization

/// A TCP server on 127.0.0.1 that accepts every connection and never sends a byte: a host
/// that answers the handshake and then nothing, the way a black-holed proxy or a hung server
/// looks to a client. It counts the connections it accepted and holds them open until `stop()`.
public final class SilentServer: Sendable {
    public let port: Int
    private let listener: Int32
    private let accepted = Mutex<[Int32]>([])
    private let stopped = Atomic<Bool>(false)

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Subprocess.Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw Subprocess.Failure(description: "bind/listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:PORT/` + path.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// Connections accepted so far.
    public var connections: Int { accepted.withLock { $0.count } }

    /// Closes the listener and every connection it holds.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        accepted.withLock { fds in
            fds.forEach { close($0) }
        }
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            accepted.withLock { $0.append(connection) }
        }
    }
}
