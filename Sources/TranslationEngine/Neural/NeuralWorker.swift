import Dispatch
import Foundation
import Synchronization

/// A warm neural translation worker: one Python process holding one CTranslate2 model of an
/// unpacked Argos Translate package, kept running.
///
/// Requests are written as soon as they arrive and the worker translates whatever is waiting
/// as one batch; answers are matched by id. A crash or a hang kills the process group and
/// starts a fresh worker (with the same `RestartPolicy` as Apertium pipelines). Since a batch
/// cannot say which request broke it, every request in flight is retried alone
/// (`IsolationGate`): innocent ones succeed, and one that breaks the worker twice fails alone.
/// The worker exits by itself when its stdin closes, so it never outlives this process.
public final class NeuralWorker: Sendable {
    struct State {
        var child: WorkerProcess?
        var isShutDown = false
        var usage = Usage()
        var crashes = CrashHistory()
        var generations = 0
    }

    /// The unpacked package: metadata.json, model/ and sentencepiece.model.
    public let package: String
    public let runtime: NeuralRuntime
    /// CTranslate2's intra-op threads (1 by default: on two loaded cores, 2 were slower).
    public let threads: Int
    public let restartPolicy: RestartPolicy
    /// How long the worker may take to load its model.
    public let readyTimeout: Duration
    /// More options for neural_worker.py (`--token-budget N`, ...).
    public let workerArguments: [String]
    let state = Mutex(State())
    let gate = IsolationGate()

    /// Creates a worker for an unpacked package; the process starts on the first request or
    /// `start()`.
    public init(package: String, runtime: NeuralRuntime, threads: Int = 1,
                restartPolicy: RestartPolicy = .standard, readyTimeout: Duration = .seconds(60),
                workerArguments: [String] = []) {
        // A dead worker must surface as EPIPE, not kill the host.
        signal(SIGPIPE, SIG_IGN)
        self.package = package
        self.runtime = runtime
        self.threads = max(1, threads)
        self.restartPolicy = restartPolicy
        self.readyTimeout = readyTimeout
        self.workerArguments = workerArguments
    }

    deinit {
        shutdown()
    }

    /// Starts the worker now and waits until its model is loaded.
    public func start() async throws {
        _ = try await generation()
    }

    /// Translates `text`; throws `PipelineError` when it broke the worker twice, the worker
    /// refused it, or the worker is shut down.
    ///
    /// `timeout` is how long the request may wait while the worker says nothing at all.
    public func translate(_ text: String, timeout: Duration) async throws -> String {
        try state.withLock { state in
            if state.isShutDown { throw PipelineError.shutDown }
            state.usage.begin()
        }
        defer { state.withLock { $0.usage.end() } }
        if text.allSatisfy(\.isWhitespace) { return text }
        var alone = false
        await gate.enterShared()
        defer { gate.leave(alone: alone) }
        var failures = 0
        while true {
            let child = try await generation()
            do {
                let answer = try await child.submit(text, timeout: timeout)
                // A worker that answers is healthy: the crashes before were charged to requests
                // that have been retried alone since.
                state.withLock { $0.crashes.clear() }
                return answer
            } catch let failure as WorkerProcess.Failure {
                retire(child, crashed: failure.error != .shutDown)
                if state.withLock({ $0.isShutDown }) { throw PipelineError.shutDown }
                failures += 1
                if alone && failures >= 2 { throw failure.error }
                if !alone {
                    gate.leave(alone: false)
                    await gate.enterAlone()
                    alone = true
                }
            }
        }
    }

    /// Kills the worker's process group; later requests throw `PipelineError.shutDown`.
    public func shutdown() {
        let child = state.withLock { state in
            state.isShutDown = true
            defer { state.child = nil }
            return state.child
        }
        child?.terminate()
    }

    /// Stops the process (to save memory) but stays usable: the next request restarts it.
    /// Does nothing while requests are in flight; returns whether it stopped anything.
    @discardableResult
    public func stopProcess() -> Bool {
        let child = state.withLock { state -> WorkerProcess? in
            guard state.usage.inFlight == 0 else { return nil }
            defer { state.child = nil }
            return state.child
        }
        child?.terminate()
        return child != nil
    }

    /// The running worker's pid (its process group too), if any.
    public var processID: pid_t? {
        state.withLock { $0.child?.pid }
    }

    /// Whether a worker process is running.
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

    /// When a request last finished (or the worker was created).
    public var lastUsed: ContinuousClock.Instant {
        state.withLock { $0.usage.lastUsed }
    }

    /// How many times a worker process was started, the first start included.
    public var generationCount: Int {
        state.withLock { $0.generations }
    }

    /// Proportional set size of the running worker in bytes, from /proc (0 when not running).
    public var memoryFootprint: Int {
        processID.map(ProcessMemory.proportionalSetSize(of:)) ?? 0
    }

    /// The running, ready worker, starting one if needed (after the policy's backoff when the
    /// last one crashed). Spawning under the lock keeps `shutdown()` from missing a worker
    /// being born; waiting for its model happens outside it.
    func generation() async throws -> WorkerProcess {
        while true {
            let step = try state.withLock { state -> (child: WorkerProcess?, wait: Duration) in
                if state.isShutDown { throw PipelineError.shutDown }
                if let child = state.child {
                    if !child.hasFailed { return (child, .zero) }
                    Self.remove(child, crashed: true, from: &state)
                }
                let wait = try state.crashes.pause(policy: restartPolicy)
                if wait > .zero { return (nil, wait) }
                let child = try WorkerProcess.spawn(runtime, package: package, threads: threads,
                                                    arguments: workerArguments, readyTimeout: readyTimeout)
                state.child = child
                state.generations += 1
                return (child, .zero)
            }
            guard let child = step.child else {
                try await Task.sleep(for: step.wait)
                continue
            }
            do {
                try await child.waitUntilReady()
                return child
            } catch let failure as WorkerProcess.Failure {
                retire(child, crashed: failure.error != .shutDown)
                // A worker that cannot load its model will not load it on a retry either.
                if case .workerNotReady = failure.error { throw failure.error }
                if failure.error == .shutDown { throw PipelineError.shutDown }
            }
        }
    }

    private func retire(_ child: WorkerProcess, crashed: Bool) {
        state.withLock { Self.remove(child, crashed: crashed, from: &$0) }
    }

    /// Forgets the worker if it is the current one and reaps it off this thread.
    private static func remove(_ child: WorkerProcess, crashed: Bool, from state: inout State) {
        guard state.child === child else { return }
        state.child = nil
        if crashed { state.crashes.record() }
        DispatchQueue.global(qos: .utility).async { child.terminate() }
    }
}
