/// How busy a pipeline or neural worker is: what the pool reads to pick, grow and stop them.
struct Usage {
    /// Requests inside a translation right now.
    private(set) var inFlight = 0
    /// When a request last finished (or the owner was created).
    private(set) var lastUsed = ContinuousClock.now
    /// Since when requests have been in flight without a pause (nil when idle).
    private(set) var busySince: ContinuousClock.Instant?

    mutating func begin() {
        if inFlight == 0 { busySince = .now }
        inFlight += 1
    }

    mutating func end() {
        inFlight -= 1
        lastUsed = .now
        if inFlight == 0 { busySince = nil }
    }

    /// How long requests have been in flight without a pause (zero when idle).
    var busyFor: Duration {
        busySince.map { ContinuousClock.now - $0 } ?? .zero
    }
}
