import Dispatch
import Foundation
import Synchronization

/// A warm Apertium translation pipeline: one child process per mode stage, kept running.
///
/// Requests are pipelined: each is written to the first stage as soon as it arrives and a
/// dedicated reader thread hands answers back in order, so neither blocks Swift's cooperative
/// pool and the stages work on several requests at once. A timeout or a dead stage kills the
/// process group and restarts it (with backoff, up to a limit); the request at fault is retried
/// once, the ones queued behind it are resubmitted. Long texts are split into pieces that are
/// pipelined the same way; pathologically long tokens are passed through untranslated.
public final class ApertiumPipeline: Sendable {
    struct State {
        var child: ChildPipeline?
        var isShutDown = false
        var requests: UInt64 = 0
        var usage = Usage()
        var crashes = CrashHistory()
        /// Generations spawned so far (first start included).
        var generations = 0
    }

    /// The stages this pipeline runs.
    public let mode: ModeFile
    /// How often crashed processes are restarted.
    public let restartPolicy: RestartPolicy
    /// How texts are cut before they reach the stages.
    public let limits: TextLimits
    let state = Mutex(State())

    /// Creates a pipeline for a parsed mode; processes start on the first request or `start()`.
    public init(mode: ModeFile, restartPolicy: RestartPolicy = .standard, limits: TextLimits = .standard) {
        // A dead stage must surface as EPIPE, not kill the host.
        signal(SIGPIPE, SIG_IGN)
        self.mode = mode
        self.restartPolicy = restartPolicy
        self.limits = limits
    }

    /// Creates a pipeline from a mode file, rewriting `/usr/share/apertium` to `dataRoot`.
    ///
    /// Unknown words are marked by the generator (`-g`) and the marks are taken out again here,
    /// so the text equals what `apertium -u` prints and the words come back separately.
    public convenience init(
        modeFile path: String, dataRoot: String? = nil,
        restartPolicy: RestartPolicy = .standard, limits: TextLimits = .standard
    ) throws {
        try self.init(mode: ModeFile(contentsOf: path, dataRoot: dataRoot, markUnknown: true),
                      restartPolicy: restartPolicy, limits: limits)
    }

    deinit {
        shutdown()
    }

    /// Starts the processes now rather than on the first request.
    public func start() async throws {
        _ = try await generation()
    }

    /// Translates `text`; throws `PipelineError` if it fails twice or the pipeline is shut down.
    ///
    /// `timeout` is how long one request may stay at the head of the line.
    public func translate(_ text: String, timeout: Duration) async throws -> String {
        try await translation(of: text, timeout: timeout).text
    }

    /// Kills and reaps every child; later requests throw `PipelineError.shutDown`.
    public func shutdown() {
        let child = state.withLock { state in
            state.isShutDown = true
            defer { state.child = nil }
            return state.child
        }
        child?.terminate()
    }

    /// Stops the processes (to save memory) but stays usable: the next request restarts them.
    /// Does nothing while requests are in flight, and returns whether it stopped anything.
    @discardableResult
    public func stopProcesses() -> Bool {
        let child = state.withLock { state -> ChildPipeline? in
            guard state.usage.inFlight == 0 else { return nil }
            defer { state.child = nil }
            return state.child
        }
        child?.terminate()
        return child != nil
    }

    /// Kills the running processes and starts fresh ones now (not counted as a crash).
    public func restart() async throws {
        let child = state.withLock { state in
            defer { state.child = nil }
            return state.child
        }
        child?.terminate()
        try await start()
    }

    /// Process ids of the running stages, first to last (empty when not running).
    public var processIDs: [pid_t] {
        state.withLock { $0.child?.pids ?? [] }
    }

    /// The process group of the running stages, if any.
    public var processGroup: pid_t? {
        state.withLock { $0.child?.processGroup }
    }

    /// Whether processes are running.
    public var isRunning: Bool {
        state.withLock { $0.child != nil }
    }

    /// Requests being translated right now.
    public var inFlight: Int {
        state.withLock { $0.usage.inFlight }
    }

    /// How long requests have been in flight without a pause (zero when idle).
    public var busyFor: Duration {
        state.withLock { $0.usage.busyFor }
    }

    /// When a request last finished (or the pipeline was created).
    public var lastUsed: ContinuousClock.Instant {
        state.withLock { $0.usage.lastUsed }
    }

    /// How many times the running generation replaced its tagger (see `TaggerSlot`).
    var taggerReplacements: Int {
        state.withLock { $0.child?.tagger?.replacements ?? 0 }
    }

    /// How many times processes were spawned, the first start included.
    public var generationCount: Int {
        state.withLock { $0.generations }
    }

    /// Proportional set size of the running stages in bytes, from /proc (0 when not running).
    public var memoryFootprint: Int {
        processIDs.reduce(0) { $0 + ProcessMemory.proportionalSetSize(of: $1) }
    }
}
