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
///
/// A hang costs one restart, not one wait per request: the worker reports progress while it
/// translates a long batch, so silence means it hangs; when a restarted worker falls silent
/// again before answering anything, every waiting and later request fails at once with
/// `ChildProcessError.workerUnresponsive` until the restart policy's window has passed.
///
/// The worker runs in a process group led by a `GroupGuard`, so it never outlives this
/// process, however this process ends and however busy the worker is.
public final class NeuralWorker: Sendable, PoolMember {
    /// The longest text one request may hold, in Unicode scalars (what Python counts): a longer
    /// one is refused at once. 200,000 characters take about a minute and a half on an
    /// Argos-size model here; the worker reports progress all the while.
    public static let maxTextCharacters = 200_000

    /// Generations that fell silent since the worker last answered, and since when it has given up.
    struct Hangs {
        var lastHung: pid_t?
        var inARow = 0
        var givenUpAt: ContinuousClock.Instant?
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
    /// The variables the worker starts with (the locale is pinned to C.UTF-8 on the way).
    public let environment: [String: String]
    let slot = ProcessSlot<WorkerProcess>()
    let gate = IsolationGate()
    let hangs = Mutex(Hangs())

    /// Creates a worker for an unpacked package; the process starts on the first request or
    /// `start()`.
    public init(package: String, runtime: NeuralRuntime, threads: Int = 1,
                restartPolicy: RestartPolicy = .standard, readyTimeout: Duration = .seconds(60),
                workerArguments: [String] = [], environment: [String: String] = ["PATH": ChildProcess.systemPath]) {
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
        try await startProcesses()
    }

    /// Translates `text`; throws `ChildProcessError` when it broke the worker twice, the worker
    /// refused it (`requestRefused`, also for a text over `maxTextCharacters`), the worker hung
    /// after a restart (`workerUnresponsive`), or the worker is shut down.
    ///
    /// `timeout` is the request's one silence limit: how long it may wait while the worker says
    /// nothing at all (no answer, no progress). A worker translating a long text reports
    /// progress, so the limit holds for texts of any length up to `maxTextCharacters`.
    public func translate(_ text: String, timeout: Duration) async throws -> String {
        try await request(text, hypotheses: 1, timeout: timeout).text
    }

    /// The most hypotheses `hypotheses(of:count:timeout:)` asks for: each one widens the beam,
    /// and the worker refuses more than 16.
    public static let maxHypotheses = 16

    /// Translates `text` into up to `count` hypotheses, best first (CTranslate2's n-best list,
    /// from a beam at least `count` wide): the first is what `translate` would answer with
    /// `count` up to 4, Argos Translate's beam. Hypotheses may repeat (two sentences' lists
    /// joined). Throws as `translate` does.
    public func hypotheses(of text: String, count: Int, timeout: Duration) async throws -> [String] {
        let answer = try await request(text, hypotheses: min(max(1, count), Self.maxHypotheses), timeout: timeout)
        return [answer.text] + answer.alternatives
    }

    private func request(_ text: String, hypotheses: Int, timeout: Duration) async throws -> WorkerProcess.Answer {
        try slot.begin()
        defer { slot.end() }
        if text.allSatisfy(\.isWhitespace) { return WorkerProcess.Answer(text: text) }
        if text.unicodeScalars.count > Self.maxTextCharacters {
            throw ChildProcessError.requestRefused("text longer than \(Self.maxTextCharacters) characters")
        }
        try checkResponsive()
        var alone = false
        await gate.enterShared()
        defer { gate.leave(alone: alone) }
        var failures = 0
        while true {
            try checkResponsive()
            let child = try await generation()
            do {
                let answer = try await child.submit(text, hypotheses: hypotheses, timeout: timeout)
                // A worker that answers is healthy: the crashes before were charged to requests
                // that have been retried alone since.
                slot.clearCrashes()
                answered(by: child.pid)
                return answer
            } catch let failure as WorkerProcess.Failure {
                slot.retire(child, crashed: failure.error != .shutDown)
                if slot.isShutDown { throw ChildProcessError.shutDown }
                if failure.error == .timedOut, recordHang(of: child.pid) { throw ChildProcessError.workerUnresponsive }
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

    /// Throws `workerUnresponsive` while the worker has given up (see `recordHang(of:)`).
    func checkResponsive() throws(ChildProcessError) {
        try hangs.withLock { hangs throws(ChildProcessError) in
            guard let since = hangs.givenUpAt else { return }
            if ContinuousClock.now - since < restartPolicy.window { throw .workerUnresponsive }
            hangs = Hangs()
        }
    }

    /// Counts a generation that fell silent (once, however many requests it held); returns
    /// whether that makes two in a row, after which requests fail at once for the policy's window.
    func recordHang(of pid: pid_t) -> Bool {
        hangs.withLock { hangs in
            if hangs.lastHung != pid {
                hangs.lastHung = pid
                hangs.inARow += 1
                if hangs.inARow >= 2 { hangs.givenUpAt = .now }
            }
            return hangs.givenUpAt != nil
        }
    }

    /// A generation answered: the hangs before were the fault of requests retried since.
    func answered(by pid: pid_t) {
        hangs.withLock { hangs in
            if hangs.lastHung != pid && hangs.givenUpAt == nil { hangs.inARow = 0 }
        }
    }

    /// Kills the worker's process group; later requests throw `ChildProcessError.shutDown`.
    public func shutdown() {
        slot.shutdown()
    }

    /// The running worker's pid, if any.
    public var processID: pid_t? {
        slot.child?.pid
    }

    /// The running worker's process group (its `GroupGuard`'s pid), if any.
    public var processGroup: pid_t? {
        slot.child?.processGroup
    }

    /// The running, ready worker, starting one if needed (see `ProcessSlot.current`); waiting
    /// for its model happens outside the slot's lock.
    func generation() async throws -> WorkerProcess {
        while true {
            let child = try await slot.current(policy: restartPolicy) {
                // The worker refuses what this side would; the caller's arguments come last and win.
                try WorkerProcess.spawn(runtime, package: package, threads: threads,
                                        arguments: ["--max-text-chars", String(Self.maxTextCharacters)] + workerArguments,
                                        readyTimeout: readyTimeout, environment: environment)
            }
            do {
                try await child.waitUntilReady()
                return child
            } catch let failure as WorkerProcess.Failure {
                slot.retire(child, crashed: failure.error != .shutDown)
                // A worker that cannot load its model will not load it on a retry either.
                if case .workerNotReady = failure.error { throw failure.error }
                if failure.error == .shutDown { throw ChildProcessError.shutDown }
            }
        }
    }
}
