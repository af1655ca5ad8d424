import Foundation
import Synchronization

/// Requests per client in a minute and in a day (`serve --req-limit`, `--daily-req-limit`),
/// as LibreTranslate limits its work routes, in memory.
///
/// LibreTranslate (flask-limiter's moving window) keeps a timestamp per request; here each
/// client has two counters per window (this one and the last), and the last window's count is
/// weighed by how much of it still overlaps the moving window, rounded up. That costs a few
/// words per client whatever the limit, and it never admits more than the limit in a burst:
/// three requests in a few seconds with a limit of 2 are refused the third even across a
/// window's edge. The client table holds `maxClients` at most: when it is full a new client
/// first drops the clients idle for two windows, else the least recently seen tenth.
final class RateLimiter: Sendable {
    /// One window's limit: `count` requests per `seconds`, and its name in the 429 message.
    struct Limit: Sendable {
        let count: Int
        let seconds: Int64
        let unit: String

        /// flask-limiter's words for the limit, which LibreTranslate sends after `Slowdown:`.
        var description: String { "\(count) per 1 \(unit)" }
    }

    private let limits: [Limit]
    /// The clock's origin: windows are counted from the limiter's start.
    private let origin = ContinuousClock.now
    private let maxClients: Int
    private let clients = Mutex<[String: Client]>([:])

    /// Each limit's counts of one client, and when it was last seen (seconds).
    private struct Client {
        var windows: [Window]
        var lastSeen: Int64
    }

    private struct Window {
        var index: Int64 = -1
        var current = 0
        var previous = 0

        /// Moves to window `index`: the current count becomes the previous one when it is the next
        /// window, and both are forgotten after a gap.
        mutating func move(to index: Int64) {
            if index == self.index { return }
            previous = index == self.index + 1 ? current : 0
            current = 0
            self.index = index
        }

        /// The requests in the moving window ending at `now`: this window's, and the last one's
        /// share still inside it, rounded up.
        func estimate(at now: Int64, seconds: Int64) -> Int {
            let elapsed = now - index * seconds
            let overlap = (Int64(previous) * (seconds - elapsed) + seconds - 1) / seconds
            return current + Int(overlap)
        }
    }

    /// A limiter over the limits given (nil: none in that window); nil when both are nil.
    init?(perMinute: Int?, perDay: Int?, maxClients: Int = 10_000) {
        limits = [perMinute.map { Limit(count: $0, seconds: 60, unit: "minute") },
                  perDay.map { Limit(count: $0, seconds: 86_400, unit: "day") }].compactMap { $0 }
        guard !limits.isEmpty else { return nil }
        self.maxClients = maxClients
    }

    /// Counts a request of `client` now and returns nil, or returns the limit it is over.
    func admit(_ client: String) -> Limit? {
        admit(client, now: (ContinuousClock.now - origin).components.seconds)
    }

    /// Counts a request of `client` at `now` (seconds on any steady clock) and returns nil, or
    /// returns the limit it is over without counting it (a refused request costs nothing, as in
    /// flask-limiter).
    func admit(_ client: String, now: Int64) -> Limit? {
        clients.withLock { clients in
            var entry = clients[client] ?? Client(windows: Array(repeating: Window(), count: limits.count), lastSeen: now)
            for (position, limit) in limits.enumerated() {
                entry.windows[position].move(to: now / limit.seconds)
                if entry.windows[position].estimate(at: now, seconds: limit.seconds) >= limit.count {
                    if clients[client] != nil { clients[client] = entry }
                    return limit
                }
            }
            for position in limits.indices { entry.windows[position].current += 1 }
            entry.lastSeen = now
            if clients[client] == nil, clients.count >= maxClients { makeRoom(in: &clients, now: now) }
            clients[client] = entry
            return nil
        }
    }

    /// Clients known now (for tests of the bound).
    var clientCount: Int { clients.withLock { $0.count } }

    /// Drops the clients idle for two windows, then the least recently seen down to 90% of the
    /// bound, so the next tenth of new clients costs no scan (many addresses arriving at once
    /// cannot make every request walk the table).
    private func makeRoom(in clients: inout [String: Client], now: Int64) {
        let span = 2 * (limits.map(\.seconds).max() ?? 60)
        clients = clients.filter { now - $0.value.lastSeen < span }
        let excess = clients.count - (maxClients - max(1, maxClients / 10))
        guard excess > 0 else { return }
        for key in clients.sorted(by: { $0.value.lastSeen < $1.value.lastSeen }).prefix(excess).map(\.key) { clients[key] = nil }
    }
}
