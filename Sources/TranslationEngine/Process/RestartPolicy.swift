/// How a pipeline restarts processes that crashed or hung: at once the first time, then with
/// a doubling pause, and not at all past a limit (a pair that keeps crashing is reported,
/// not respawned forever).
public struct RestartPolicy: Sendable, Equatable {
    /// Crash restarts allowed within `window`; one more throws `ChildProcessError.restartLimit`.
    public var limit: Int
    /// How far back crash restarts are counted.
    public var window: Duration
    /// The pause before the second restart in the window; it doubles after that.
    public var initialBackoff: Duration
    /// The longest pause.
    public var maximumBackoff: Duration

    public init(limit: Int, window: Duration, initialBackoff: Duration, maximumBackoff: Duration) {
        self.limit = limit
        self.window = window
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }

    /// 10 crash restarts a minute, pauses from 100 ms to 2 s.
    public static let standard = RestartPolicy(limit: 10, window: .seconds(60),
                                               initialBackoff: .milliseconds(100), maximumBackoff: .seconds(2))

    /// The pause since the last crash before the next start, given crash restarts in the window.
    func backoff(after crashes: Int) -> Duration {
        guard crashes > 1 else { return .zero }
        var pause = initialBackoff
        for _ in 2..<min(crashes, 20) where pause < maximumBackoff { pause *= 2 }
        return min(pause, maximumBackoff)
    }
}
