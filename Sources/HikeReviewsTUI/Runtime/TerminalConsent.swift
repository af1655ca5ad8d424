import Foundation
import Synchronization
import TranslationEngine

/// The engine's consent handler in the app: each request becomes an action that opens the
/// consent dialog, and waits until the dialog's answer comes back through `answer`.
///
/// Before the dialog, packs from a repository on the network are checked: a route whose
/// repository does not answer is not offered (it could not succeed). When the other route of the
/// request can still be fetched it is offered alone; when neither can, there is no dialog, only
/// the status line's one message, and the answer "not now".
final class TerminalConsent: ConsentHandler {
    private struct State {
        var nextID = 0
        var waiting: [Int: CheckedContinuation<ConsentAnswer, Never>] = [:]
    }

    private let queue: ActionQueue
    private let manager: PackManager
    private let state = Mutex(State())

    init(queue: ActionQueue, manager: PackManager) {
        self.queue = queue
        self.manager = manager
    }

    func requestConsent(_ request: ConsentRequest) async -> ConsentAnswer {
        var asked = request
        var swapped = false
        // A local repository answers or not at once; only a remote one is worth the check.
        if (request.packs + request.alternative).contains(where: { !($0.repository?.isFileURL ?? true) }) {
            let problems = await manager.checkRepositories()
            let blocked = await manager.unreachable(request.packs), blockedInstead = await manager.unreachable(request.alternative)
            if let repository = (blocked + blockedInstead).first?.repository {
                let offline = problems.contains { if $0.url == repository, case .offline = $0.reason { return true } else { return false } }
                queue.send(.repositoryUnreachable(RepositoryOutage(
                    repository: repository.absoluteString, isPublicIndex: repository == manager.publicIndexURL,
                    origin: PackIndex.origin(of: repository), packIDs: (blocked + blockedInstead).map(\.id), offline: offline)))
            }
            let insteadWorks = !request.alternative.isEmpty && blockedInstead.isEmpty
            switch (blocked.isEmpty, insteadWorks) {
            case (false, false):
                return .notNow
            case (false, true):
                // Only the other route can be fetched: it is the question, alone.
                asked = ConsentRequest(reason: request.reason, packs: request.alternative, repository: request.repository)
                swapped = true
            case (true, _):
                if !blockedInstead.isEmpty { asked.alternative = [] }
            }
        }
        let question = asked
        let answer = await withCheckedContinuation { continuation in
            let id = state.withLock { state in
                state.nextID += 1
                state.waiting[state.nextID] = continuation
                return state.nextID
            }
            queue.send(.consentRequested(id: id, request: question))
        }
        guard swapped else { return answer }
        return answer == .notNow ? .notNow : .downloadAlternative
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
