import Dispatch
import Foundation
import Synchronization

/// The running children of one generation, Apertium's stages or the neural worker alike: their
/// process group, led by a `GroupGuard`, and our write end of the first child's stdin.
///
/// What a generation does with its children's output (nonce-framed answers, JSON lines) is its
/// own; how the children are killed, reaped and timed out is this, written once.
@usableFromInline package final class ChildProcess: Sendable {
    /// Leads the children's process group and kills it if this process dies.
    let guardian: GroupGuard
    /// Our write end of the first child's stdin (non-blocking). Closed in deinit, not in
    /// `end`: a writer may still be writing to it, and closing it early could let that write land
    /// on an unrelated, reused descriptor. With every reader dead, such a write fails with EPIPE.
    let inputFD: Int32
    private let ended = Mutex(false)

    init(guardian: GroupGuard, inputFD: Int32) {
        self.guardian = guardian
        self.inputFD = inputFD
    }

    deinit {
        close(inputFD)
    }

    /// The children's process group (the guard's pid).
    var processGroup: pid_t { guardian.pid }

    /// Kills the whole group at once, unless `end` already reaped the guard (the group's id
    /// could be reused by then).
    func killGroup() {
        ended.withLock { done in
            if !done { guardian.killGroup() }
        }
    }

    /// The first time: runs `first` (refuse new work, stop replacing children), kills the group
    /// and every one of `pids` (belt and braces: one that left the group must die too), reaps
    /// them, then releases the guard, whose group id cannot be reused while it is unreaped.
    /// False when the children were already ended.
    func end(pids: () -> [pid_t], first: () -> Void) -> Bool {
        let already = ended.withLock { done in
            defer { done = true }
            return done
        }
        if already { return false }
        first()
        guardian.killGroup()
        let pids = pids()
        for pid in pids { kill(pid, SIGKILL) }
        for pid in pids {
            var status: Int32 = 0
            _ = Syscall.retryingOnInterrupt { waitpid(pid, &status, 0) }
        }
        guardian.release()
        return true
    }

    /// Runs `work` at `deadline` off the cooperative pool: the one timer of timeouts and grace
    /// periods.
    static func at(_ deadline: DispatchTime, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: deadline, execute: work)
    }

    /// A `Duration` as a dispatch interval, clamped to what one can hold.
    static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let clamped = min(max(duration, .zero), .seconds(Int32.max))
        return .nanoseconds(Int(clamped / .nanoseconds(1)))
    }
}
