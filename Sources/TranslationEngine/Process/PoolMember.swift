import Foundation

/// What the pool runs, stops and measures: an Apertium pipeline or a neural worker.
///
/// Both keep their processes in a `ProcessSlot`, so starting, stopping when idle, usage and
/// memory are one implementation; each adds how it spawns and talks to its processes.
protocol PoolMember: AnyObject, Sendable {
    associatedtype Process: ProcessGeneration
    var slot: ProcessSlot<Process> { get }
    /// The running generation, spawned (once the restart policy allows) if none runs.
    func generation() async throws -> Process
    /// Starts the processes now rather than on the first request.
    func start() async throws
    /// Kills the processes for good; later requests throw `ChildProcessError.shutDown`.
    func shutdown()
}

extension PoolMember {
    /// Whether processes are running.
    var isRunning: Bool { slot.child != nil }

    /// Requests being translated right now.
    var inFlight: Int { slot.usage.inFlight }

    /// How long requests have been in flight without a pause (zero when idle).
    var busyFor: Duration { slot.usage.busyFor }

    /// When a request last finished (or the member was created).
    var lastUsed: ContinuousClock.Instant { slot.usage.lastUsed }
    /// A request has finished on the running processes (see `ProcessSlot.isWarm`).
    var isWarm: Bool { slot.isWarm }

    /// How many times processes were spawned, the first start included.
    var generationCount: Int { slot.generations }

    /// Process ids of the running processes (empty when not running).
    var processIDs: [pid_t] { slot.child?.processIDs ?? [] }

    /// Proportional set size of the running processes in bytes, from /proc (0 when not running).
    var memoryFootprint: Int {
        processIDs.reduce(0) { $0 + ProcessMemory.proportionalSetSize(of: $1) }
    }

    /// Stops the processes (to save memory) but stays usable: the next request restarts them.
    /// Does nothing while requests are in flight, or while a caller it was handed to in the last
    /// `claimLifetime` has not sent its request; returns whether it stopped anything.
    @discardableResult
    func stopProcesses(sparingClaimsWithin claimLifetime: Duration = .zero) -> Bool {
        slot.stopIfIdle(sparingClaimsWithin: claimLifetime)
    }

    /// What `start()` does for both kinds: spawns the processes if none run. Starting is not a
    /// request, so the claim the pool handed the member out with ends here; else the pool could
    /// not stop it to make room for another for `claimLifetime`.
    func startProcesses() async throws {
        defer { slot.unclaim() }
        _ = try await generation()
    }

    /// Marks it as handed to a caller whose request is about to come (see `stopProcesses`).
    func claim() {
        slot.claim()
    }

    /// Whether a caller it was handed to in the last `lifetime` has not sent its request yet.
    func isClaimed(within lifetime: Duration) -> Bool {
        slot.isClaimed(within: lifetime)
    }
}
