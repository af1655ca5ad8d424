import Synchronization
import TranslationEngine

/// The engine's consent handler in the app: each request becomes an action that opens the
/// consent dialog, and waits until the dialog's answer comes back through `answer`.
final class TerminalConsent: ConsentHandler {
    private struct State {
        var nextID = 0
        var waiting: [Int: CheckedContinuation<ConsentAnswer, Never>] = [:]
    }

    private let queue: ActionQueue
    private let state = Mutex(State())

    init(queue: ActionQueue) {
        self.queue = queue
    }

    func requestConsent(_ request: ConsentRequest) async -> ConsentAnswer {
        await withCheckedContinuation { continuation in
            let id = state.withLock { state in
                state.nextID += 1
                state.waiting[state.nextID] = continuation
                return state.nextID
            }
            queue.send(.consentRequested(id: id, request: request))
        }
    }

    /// The dialog's answer to request `id`.
    func answer(_ id: Int, _ answer: ConsentAnswer) {
        state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: answer)
    }

    /// Answers every open request with "not now" (on quit).
    func declineAll() {
        let waiting = state.withLock { state in
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume(returning: .notNow) }
    }
}
