import Foundation
import Synchronization

/// The one channel into the main loop: effects' results, the input watcher's news and signals
/// are sent here, and the loop awaits `next()`.
///
/// Not an `AsyncStream`: the loop takes every action that is waiting at once, so a burst of
/// keys or detection batches is reduced together and drawn as one frame; tests take them with
/// `drain()` without awaiting.
final class ActionQueue: Sendable {
    private struct State {
        var pending: [Action] = []
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func send(_ action: Action) {
        let waiter = state.withLock { state in
            state.pending.append(action)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Takes every waiting action, oldest first.
    func drain() -> [Action] {
        state.withLock { state in
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
    }

    /// Waits until an action is sent (if none is waiting), then takes them all, oldest first.
    /// One consumer: the main loop.
    func next() async -> [Action] {
        while true {
            let taken = drain()
            if !taken.isEmpty { return taken }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let sentMeanwhile = state.withLock { state in
                    if state.pending.isEmpty { state.waiter = continuation }
                    return !state.pending.isEmpty
                }
                if sentMeanwhile { continuation.resume() }
            }
        }
    }
}
