import Synchronization

/// Lets requests share a worker, or one request have it alone.
///
/// A batching worker that crashes or hangs cannot say which request did it, so every request
/// in flight is a suspect and is retried alone: an innocent one then succeeds, and the one at
/// fault fails again with nobody else on board, and only then is it failed. Shared entries wait
/// while a request is alone or waiting to be (so a stream of new requests cannot starve it).
final class IsolationGate: Sendable {
    private struct State {
        var shared = 0
        var aloneActive = false
        var aloneQueue: [CheckedContinuation<Void, Never>] = []
        var sharedQueue: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Enters alongside other shared requests.
    func enterShared() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                guard !state.aloneActive && state.aloneQueue.isEmpty else {
                    state.sharedQueue.append(continuation)
                    return false
                }
                state.shared += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Enters once nobody else is inside.
    func enterAlone() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                guard state.shared == 0 && !state.aloneActive else {
                    state.aloneQueue.append(continuation)
                    return false
                }
                state.aloneActive = true
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Leaves; `alone` says how the caller entered.
    func leave(alone: Bool) {
        let next = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if alone { state.aloneActive = false } else { state.shared -= 1 }
            guard state.shared == 0 && !state.aloneActive else { return [] }
            if !state.aloneQueue.isEmpty {
                state.aloneActive = true
                return [state.aloneQueue.removeFirst()]
            }
            state.shared += state.sharedQueue.count
            defer { state.sharedQueue.removeAll() }
            return state.sharedQueue
        }
        for continuation in next { continuation.resume() }
    }
}
