import Foundation
import Synchronization

/// Makes the questions of a batch's sessions one question: while a batch of `expect(n)`
/// languages is being prepared, each session's consent request waits here until every one of
/// them has asked or `settled()` without asking; then the host is asked once, with every pack
/// of every request (and every alternative), and its answer goes to each.
///
/// Outside such a batch (one language, or a request after the batch's question) requests go to
/// the host as they come.
final class ConsentGate: ConsentHandler, Sendable {
    private struct Waiting {
        var request: ConsentRequest
        var continuation: CheckedContinuation<ConsentAnswer, Never>
    }

    private struct State {
        /// Sessions of the batch that have not yet asked or settled.
        var outstanding = 0
        var waiting: [Waiting] = []
    }

    let host: any ConsentHandler
    private let state = Mutex(State())

    init(host: any ConsentHandler) {
        self.host = host
    }

    /// A batch of `sessions` languages is about to be prepared.
    func expect(_ sessions: Int) {
        state.withLock { $0.outstanding = sessions > 1 ? sessions : 0 }
    }

    /// One session of the batch is prepared (or failed) without a question pending.
    func settled() {
        release(state.withLock { state in
            guard state.outstanding > 0 else { return nil }
            state.outstanding -= 1
            return Self.ready(&state)
        })
    }

    func requestConsent(_ request: ConsentRequest) async -> ConsentAnswer {
        let direct = state.withLock { $0.outstanding == 0 }
        if direct { return await host.requestConsent(request) }
        return await withCheckedContinuation { continuation in
            release(state.withLock { state in
                guard state.outstanding > 0 else {
                    // The batch's question went out meanwhile: this one is asked alone.
                    return [Waiting(request: request, continuation: continuation)]
                }
                state.outstanding -= 1
                state.waiting.append(Waiting(request: request, continuation: continuation))
                return Self.ready(&state)
            })
        }
    }

    /// The questions to ask now: all that wait, once no session of the batch is outstanding.
    private static func ready(_ state: inout State) -> [Waiting]? {
        guard state.outstanding == 0, !state.waiting.isEmpty else { return nil }
        defer { state.waiting = [] }
        return state.waiting
    }

    /// Asks the host once for `waiting` and answers each alike.
    private func release(_ waiting: [Waiting]?) {
        guard let waiting, !waiting.isEmpty else { return }
        let host = self.host
        let merged = Self.merged(waiting.map(\.request))
        Task {
            let answer = await host.requestConsent(merged)
            // A request without an alternative reads "instead" as its own packs (the session's rule).
            for one in waiting { one.continuation.resume(returning: answer) }
        }
    }

    /// One request for several: reasons joined ("German -> English, French -> English"), packs
    /// and alternatives each once, in order.
    static func merged(_ requests: [ConsentRequest]) -> ConsentRequest {
        guard requests.count > 1, let first = requests.first else { return requests[0] }
        func unique(_ entries: [PackIndex.Entry]) -> [PackIndex.Entry] {
            var seen: Set<String> = []
            return entries.filter { seen.insert($0.id).inserted }
        }
        var merged = ConsentRequest(reason: requests.map(\.reason).joined(separator: ", "), packs: unique(requests.flatMap(\.packs)),
                                    repository: first.repository, alternative: unique(requests.flatMap(\.alternative)))
        var seen: Set<String> = []
        merged.remoteServers = requests.flatMap(\.remoteServers).filter { seen.insert($0).inserted }
        return merged
    }
}
