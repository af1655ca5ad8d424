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
public final class NeuralWorker: Sendable, PoolMember {

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
    /// The variables the worker starts with (the locale is pinned to C.UTF-8 on the way).
    public let environment: [String: String]
    let slot = ProcessSlot<WorkerProcess>()
    let gate = IsolationGate()

    /// Creates a worker for an unpacked package; the process starts on the first request or
    /// `start()`.
    public init(package: String, runtime: NeuralRuntime, threads: Int = 1,
                restartPolicy: RestartPolicy = .standard, readyTimeout: Duration = .seconds(60),
                workerArguments: [String] = [], environment: [String: String] = ["PATH": EngineEnvironment.systemPath]) {
        // A dead worker must surface as EPIPE, not kill the host.
        signal(SIGPIPE, SIG_IGN)
        self.package = package
        self.runtime = runtime
        self.threads = max(1, threads)
        self.restartPolicy = restartPolicy
        self.readyTimeout = readyTimeout
        self.workerArguments = workerArguments
        self.environment = environment
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
        try slot.begin()
        defer { slot.end() }
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
                slot.clearCrashes()
                return answer
            } catch let failure as WorkerProcess.Failure {
                slot.retire(child, crashed: failure.error != .shutDown)
                if slot.isShutDown { throw PipelineError.shutDown }
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
        slot.shutdown()
    }

    /// The running worker's pid (its process group too), if any.
    public var processID: pid_t? {
        slot.child?.pid
    }

    /// The running, ready worker, starting one if needed (see `ProcessSlot.current`); waiting
    /// for its model happens outside the slot's lock.
    func generation() async throws -> WorkerProcess {
        while true {
            let child = try await slot.current(policy: restartPolicy) {
                try WorkerProcess.spawn(runtime, package: package, threads: threads,
                                        arguments: workerArguments, readyTimeout: readyTimeout, environment: environment)
            }
            do {
                try await child.waitUntilReady()
                return child
            } catch let failure as WorkerProcess.Failure {
                slot.retire(child, crashed: failure.error != .shutDown)
                // A worker that cannot load its model will not load it on a retry either.
                if case .workerNotReady = failure.error { throw failure.error }
                if failure.error == .shutDown { throw PipelineError.shutDown }
            }
        }
    }
}
