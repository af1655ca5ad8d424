import Dispatch
import Foundation
import Synchronization

/// One generation of processes that a pool member runs: the stages of an Apertium pipeline,
/// or a neural worker.
protocol ProcessGeneration: AnyObject, Sendable {
    /// Whether the generation has failed or been terminated.
    var hasFailed: Bool { get }
    /// The processes it runs now, for the memory budget.
    var processIDs: [pid_t] { get }
    /// Kills and reaps its processes (blocking; idempotent).
    func terminate()
}

/// The current generation of a pipeline or worker, with its usage and crash history, under
/// one lock: how both start, stop, restart and are measured in the same way.
///
/// Invariant (from ChildPipeline): a failed generation is replaced, never repaired. Spawning
/// happens under the lock so `shutdown()` cannot miss a generation being born.
final class ProcessSlot<Child: ProcessGeneration>: Sendable {
    struct State {
        var child: Child?
        var isShutDown = false
        var usage = Usage()
        var crashes = CrashHistory()
        /// Generations spawned so far (first start included).
        var generations = 0
        /// When the running generation was spawned.
        var spawnedAt: ContinuousClock.Instant?
        /// Callers it was handed to whose request has not begun yet, and when the last one was.
        var claims = 0
        var lastClaim: ContinuousClock.Instant?

        func isClaimed(within lifetime: Duration, at now: ContinuousClock.Instant = .now) -> Bool {
            guard claims > 0, let lastClaim else { return false }
            return now - lastClaim < lifetime
        }
    }

    let state = Mutex(State())

    var child: Child? { state.withLock { $0.child } }
    var usage: Usage { state.withLock { $0.usage } }
    var generations: Int { state.withLock { $0.generations } }
    var isShutDown: Bool { state.withLock { $0.isShutDown } }

    /// A request has finished on the running generation: its processes have loaded what they
    /// need, so its size is what it will use (one only started may still be loading).
    var isWarm: Bool {
        state.withLock { state in
            guard state.child != nil, let spawnedAt = state.spawnedAt else { return false }
            return state.usage.lastUsed > spawnedAt
        }
    }

    /// Counts a request in; throws `ChildProcessError.shutDown` after `shutdown()`.
    func begin() throws(ChildProcessError) {
        try state.withLock { state throws(ChildProcessError) in
            if state.isShutDown { throw .shutDown }
            if state.claims > 0 { state.claims -= 1 }
            state.usage.begin()
        }
    }

    func end() {
        state.withLock { $0.usage.end() }
    }

    /// A generation answered: the crashes before were charged to requests retried since.
    func clearCrashes() {
        state.withLock { $0.crashes.clear() }
    }

    /// Kills the generation for good; later requests throw `ChildProcessError.shutDown`.
    func shutdown() {
        take { $0.isShutDown = true; return true }?.terminate()
    }

    /// Marks it as handed to a caller whose request is about to come: until that request begins
    /// (or `lifetime` passes), `isClaimed` holds and `stopIfIdle` spares it.
    func claim() {
        state.withLock { state in
            state.claims += 1
            state.lastClaim = .now
        }
    }

    /// A caller it was handed to will send no request: it only started the processes
    /// (`start()`), so its claim must not keep the generation from being stopped.
    func unclaim() {
        state.withLock { state in
            if state.claims > 0 { state.claims -= 1 }
        }
    }

    /// Whether a caller it was handed to in the last `lifetime` has not sent its request yet.
    func isClaimed(within lifetime: Duration) -> Bool {
        state.withLock { $0.isClaimed(within: lifetime) }
    }

    /// Kills the generation unless requests are in flight or claimed within `claimLifetime`
    /// (zero: claims ignored); returns whether it killed one.
    func stopIfIdle(sparingClaimsWithin claimLifetime: Duration = .zero) -> Bool {
        guard let child = take({ $0.usage.inFlight == 0 && !$0.isClaimed(within: claimLifetime) }) else { return false }
        child.terminate()
        return true
    }

    /// Kills the generation now, busy or not (not counted as a crash).
    func kill() {
        take { _ in true }?.terminate()
    }

    /// The running generation, or a new one from `spawn` once the policy's backoff after the
    /// last crash has passed; throws `ChildProcessError.restartLimit` past its limit.
    func current(policy: RestartPolicy, spawn: () throws -> Child) async throws -> Child {
        while true {
            let step = try state.withLock { state -> (child: Child?, wait: Duration) in
                if state.isShutDown { throw ChildProcessError.shutDown }
                if let child = state.child {
                    if !child.hasFailed { return (child, .zero) }
                    Self.remove(child, crashed: true, from: &state)
                }
                let wait = try state.crashes.pause(policy: policy)
                if wait > .zero { return (nil, wait) }
                let child = try spawn()
                state.child = child
                state.generations += 1
                state.spawnedAt = .now
                return (child, .zero)
            }
            if let child = step.child { return child }
            try await Task.sleep(for: step.wait)
        }
    }

    /// Takes a failed generation out of service (if it is still the current one).
    func retire(_ child: Child, crashed: Bool) {
        state.withLock { Self.remove(child, crashed: crashed, from: &$0) }
    }

    private func take(_ condition: (inout State) -> Bool) -> Child? {
        state.withLock { state -> Child? in
            guard condition(&state) else { return nil }
            defer { state.child = nil }
            return state.child
        }
    }

    /// Forgets the generation if it is the current one and reaps it off this thread.
    private static func remove(_ child: Child, crashed: Bool, from state: inout State) {
        guard state.child === child else { return }
        state.child = nil
        if crashed { state.crashes.record() }
        DispatchQueue.global(qos: .utility).async { child.terminate() }
    }
}
