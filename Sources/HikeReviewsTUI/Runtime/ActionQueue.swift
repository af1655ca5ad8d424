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

/// Set by a signal handler, read by the main loop.
final class SignalFlag: Sendable {
    /// The process's one flag: a C signal handler cannot capture, so it reaches a global.
    static let shared = SignalFlag()

    private let raised = Atomic<Int32>(0)
    /// The input watcher's wake pipe (its write end), or -1 before it starts.
    private let wakeDescriptor = Atomic<Int32>(-1)

    /// Records a termination signal and wakes the input watcher. Signal-safe: an atomic store
    /// and `write(2)`.
    func raise(_ signal: Int32) {
        raised.store(signal, ordering: .relaxed)
        wake(InputWatcher.Wake.terminate)
    }

    /// Writes one byte to the wake pipe (from a signal handler, or to stop the watcher).
    func wake(_ byte: UInt8) {
        let descriptor = wakeDescriptor.load(ordering: .relaxed)
        guard descriptor >= 0 else { return }
        var byte = byte
        _ = write(descriptor, &byte, 1)
    }

    func setWakeDescriptor(_ descriptor: Int32) {
        wakeDescriptor.store(descriptor, ordering: .relaxed)
    }

    /// The signal that arrived, or 0.
    var signal: Int32 { raised.load(ordering: .relaxed) }
}
