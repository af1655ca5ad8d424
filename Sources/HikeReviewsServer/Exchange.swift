import CMicroHTTPD
import Foundation
import Synchronization

/// A libmicrohttpd connection pointer, handed to the Swift task that answers it; only used to
/// read the request on the MHD thread and to resume the connection once.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// One request from its first byte to its answer: what libmicrohttpd's callbacks of one
/// connection share (kept in its `con_cls`, released when MHD says the request completed).
final class Exchange: Sendable {
    let method: String
    let path: String
    let started = ContinuousClock.now
    private let state = Mutex(State())

    private struct State {
        var body: [UInt8] = []
        var received = 0
        var tooLarge = false
        var dispatched = false
        var settled = false
        var response: HTTPResponse?
    }

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    /// Keeps `bytes` of the body, or drops them once it is over `limit` bytes (counting them).
    func receive(_ bytes: UnsafeRawBufferPointer, limit: Int) {
        state.withLock { state in
            state.received += bytes.count
            guard !state.tooLarge else { return }
            if state.body.count + bytes.count > limit {
                state.tooLarge = true
                state.body = []
            } else {
                state.body.append(contentsOf: bytes)
            }
        }
    }

    var isTooLarge: Bool { state.withLock { $0.tooLarge } }
    /// Bytes of body received, kept or dropped.
    var received: Int { state.withLock { $0.received } }
    var body: [UInt8] { state.withLock { $0.body } }

    /// Marks the request handed to Swift; false when it already was (MHD calls again after a resume).
    func dispatch() -> Bool {
        state.withLock { state in
            defer { state.dispatched = true }
            return !state.dispatched
        }
    }

    /// Sets the answer once; false when one was set already (a forced answer at shutdown).
    func finish(_ response: HTTPResponse) -> Bool {
        state.withLock { state in
            guard state.response == nil else { return false }
            state.response = response
            return true
        }
    }

    var response: HTTPResponse? { state.withLock { $0.response } }

    /// Marks a dispatched request done with (back with its answer, or its connection closed);
    /// true only the first time, and never for one that was not dispatched.
    func settle() -> Bool {
        state.withLock { state in
            guard state.dispatched, !state.settled else { return false }
            state.settled = true
            return true
        }
    }
}

/// Reading a request's parts through libmicrohttpd (on its thread, during the access callback).
enum ConnectionValues {
    /// The values of one kind (headers, query arguments) in order, repeated ones included, names
    /// and values as bytes with their lengths (a `%00` in a query value is kept, not a cut).
    static func all(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: [UInt8], value: [UInt8])] {
        let box = PairsBox()
        let context = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values_n(connection, kind, { context, _, key, keySize, value, valueSize in
            let box = Unmanaged<PairsBox>.fromOpaque(context!).takeUnretainedValue()
            let name = key.map { Array(UnsafeRawBufferPointer(start: $0, count: keySize)) } ?? []
            let bytes = value.map { Array(UnsafeRawBufferPointer(start: $0, count: valueSize)) } ?? []
            box.pairs.append((name, bytes))
            return .YES
        }, context)
        return box.pairs
    }

    /// Filled by a C iterator on the calling thread only.
    private final class PairsBox {
        var pairs: [(name: [UInt8], value: [UInt8])] = []
    }
}
