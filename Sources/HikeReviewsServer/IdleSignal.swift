import Foundation
import Synchronization

/// A count of outstanding work and the tasks waiting for it to reach zero: how a draining
/// server knows its suspended connections are all answered, without polling.
final class IdleSignal: Sendable {
    private struct State {
        var count = 0
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    var count: Int { state.withLock { $0.count } }

    func add() {
        state.withLock { $0.count += 1 }
    }

    /// One piece of work finished; wakes the waiters when it was the last.
    func remove() {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count -= 1
            guard state.count == 0 else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        woken.forEach { $0.resume() }
    }

    /// Returns when the count is zero, or at once when the task is cancelled.
    func wait() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    guard state.count > 0, !Task.isCancelled else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// `wait()` for at most `limit`.
    func wait(atMost limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait() }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }
}
