import Foundation
import Synchronization

/// The figures APy's `/stats` reports, kept for this server's APy translations (`/translate`
/// with a `langpair`, `/translateChain`): when it started, how often each pair was used, and
/// the timings of the last translations (at most 1000, the most `/stats` shows by default).
final class ApyStats: Sendable {
    struct Timing {
        var started: Date
        var ended: Date
        var characters: Int
    }

    struct Figures {
        var uptime: Int
        var useCount: [String: Int]
        var runningPipes: [String: Int]
        var requests: Int
        var characters: Int
        var seconds: Double
        var charactersPerSecond: Double
        var oldestAge: Double
    }

    private struct State {
        var useCount: [String: Int] = [:]
        var timings: [Timing] = []
    }

    static let kept = 1000
    let started = Date()
    private let state = Mutex(State())

    /// Counts one translation with `pair` (`eng-spa`) of `characters`, and its timing.
    func record(pair: String, characters: Int, from start: Date, to end: Date) {
        state.withLock { state in
            state.useCount[pair, default: 0] += 1
            state.timings.append(Timing(started: start, ended: end, characters: characters))
            if state.timings.count > Self.kept { state.timings.removeFirst(state.timings.count - Self.kept) }
        }
    }

    /// The figures over the last `lastRequests` translations.
    func figures(lastRequests: Int) -> Figures {
        let now = Date()
        return state.withLock { state in
            let period = lastRequests <= 0 ? [] : Array(state.timings.suffix(lastRequests))
            let seconds = period.reduce(0) { $0 + $1.ended.timeIntervalSince($1.started) }
            let characters = period.reduce(0) { $0 + $1.characters }
            let perSecond = seconds > 0 ? (Double(characters) / seconds * 100).rounded() / 100 : 0
            return Figures(uptime: Int(now.timeIntervalSince(started)), useCount: state.useCount, runningPipes: [:],
                           requests: period.count, characters: characters, seconds: seconds, charactersPerSecond: perSecond,
                           oldestAge: period.first.map { now.timeIntervalSince($0.started) } ?? 0)
        }
    }
}
