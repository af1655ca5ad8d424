import Dispatch
import Foundation

extension ApertiumPipeline {
    /// Runs blocking work on the request queue (a Dispatch thread, not the cooperative pool).
    func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// One request with one restart-and-retry, on the request queue.
    func translateNow(_ text: String, timeout: Duration) throws -> String {
        var lastError = PipelineError.stageDied
        for _ in 0..<2 {
            let child = try currentChild()
            let nonce = nextNonce()
            do {
                let bytes = try child.exchange(StreamFormat.frame(text, nonce: nonce), nonce: nonce,
                                               deadline: Self.deadline(after: timeout))
                return StreamFormat.unescape(String(decoding: bytes, as: UTF8.self))
            } catch let error as PipelineError where error.isRecoverable {
                lastError = error
                discard(child)
            }
        }
        throw lastError
    }

    /// The running child, spawning one if needed; spawning under the lock keeps `shutdown()`
    /// from missing a child that is being born.
    func currentChild() throws -> ChildPipeline {
        try state.withLock { state in
            if state.isShutDown { throw PipelineError.shutDown }
            if let child = state.child { return child }
            let child = try ChildPipeline.spawn(mode.stages)
            state.child = child
            return child
        }
    }

    private func discard(_ child: ChildPipeline) {
        state.withLock { state in
            if state.child === child { state.child = nil }
        }
        child.terminate()
    }

    /// A digits-only marker: numbers pass through every stage unchanged, and the counter
    /// keeps it unique even if randomness repeats.
    private func nextNonce() -> String {
        let count = state.withLock { state in
            state.requests &+= 1
            return state.requests
        }
        return "\(UInt32.random(in: 100_000_000...999_999_999))\(count)"
    }

    private static func deadline(after timeout: Duration) -> DispatchTime {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        return .now() + .nanoseconds(Int(clamping: min(nanoseconds, Int64(Int32.max) * 1_000_000_000)))
    }
}
