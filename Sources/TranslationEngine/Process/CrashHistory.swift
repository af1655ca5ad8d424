/// The crash restarts of one pipeline or neural worker lately, and when the next start may come.
struct CrashHistory {
    /// When processes were respawned after a failure, newest last.
    private(set) var restarts: [ContinuousClock.Instant] = []

    mutating func record(at instant: ContinuousClock.Instant = .now) {
        restarts.append(instant)
    }

    /// Forgets the crashes: a generation that answers is healthy, and the crashes before it were
    /// the fault of requests that have been retried (and failed alone) since.
    mutating func clear() {
        if !restarts.isEmpty { restarts.removeAll() }
    }

    /// How long to wait before the next start (zero: now), with crashes older than the policy's
    /// window forgotten; throws `ChildProcessError.restartLimit` past its limit.
    mutating func pause(before start: ContinuousClock.Instant = .now, policy: RestartPolicy) throws(ChildProcessError) -> Duration {
        restarts.removeAll { start - $0 > policy.window }
        if restarts.count > policy.limit { throw .restartLimit }
        guard let last = restarts.last else { return .zero }
        return max(.zero, policy.backoff(after: restarts.count) - (start - last))
    }
}
