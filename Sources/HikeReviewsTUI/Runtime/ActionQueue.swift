import Synchronization

/// Actions from background work, waiting for the main loop to reduce them.
final class ActionQueue: Sendable {
    private let pending = Mutex<[Action]>([])

    func send(_ action: Action) {
        pending.withLock { $0.append(action) }
    }

    /// Takes every waiting action, oldest first.
    func drain() -> [Action] {
        pending.withLock { actions in
            defer { actions.removeAll(keepingCapacity: true) }
            return actions
        }
    }
}

/// Set by a signal handler, read by the main loop.
final class SignalFlag: Sendable {
    /// The process's one flag: a C signal handler cannot capture, so it reaches a global.
    static let shared = SignalFlag()

    private let raised = Atomic<Int32>(0)

    func raise(_ signal: Int32) {
        raised.store(signal, ordering: .relaxed)
    }

    /// The signal that arrived, or 0.
    var signal: Int32 { raised.load(ordering: .relaxed) }
}
