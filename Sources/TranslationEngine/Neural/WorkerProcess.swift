import Dispatch
import Foundation
import Synchronization

/// One running generation of a neural worker: the Python process, its pipes, the reader
/// threads, and the requests written to it that have not been answered yet.
///
/// Requests are written as soon as they arrive (the worker batches whatever it finds waiting)
/// and answers are matched by id, in whatever order they come. Like `ChildPipeline`, a
/// generation is never repaired: when it fails, every waiter gets the failure and the owner
/// starts a fresh one.
final class WorkerProcess: Sendable {
    /// Why a request failed on this generation. The worker batches, so no single request can be
    /// blamed: every request in flight is a suspect (see `NeuralWorker`).
    struct Failure: Error {
        var error: ChildProcessError
    }

    struct Waiter {
        var continuation: CheckedContinuation<Answer, any Error>
        var submitted: ContinuousClock.Instant
    }

    struct Inbox {
        var pending: [UInt64: Waiter] = [:]
        var isReady = false
        var readyWaiters: [CheckedContinuation<Void, any Error>] = []
        /// When the worker last said something (ready, an answer, or progress within a batch): a
        /// request's timeout runs from then or from its own submission, whichever is later.
        var lastProgress = ContinuousClock.now
        /// Progress lines received (the worker writes one per slice of sentences it translated).
        var progressReports = 0
        /// Output after the last newline.
        var partialLine: [UInt8] = []
        /// Request ids, and the failure that refuses later submissions.
        var ledger = RequestLedger()
    }

    /// One line from the worker.
    struct Message: Decodable {
        var ready: Bool?
        var pid: Int32?
        /// Sentences translated so far in the current batch: the worker is working, not hung.
        var progress: Int?
        var id: UInt64?
        var text: String?
        var error: String?
        /// The other hypotheses of an n-best request, best first.
        var alternatives: [String]?
    }

    struct Request: Encodable {
        var id: UInt64
        var text: String
        /// How many hypotheses to answer with; nil (not sent) for the usual one.
        var hypotheses: Int?

        /// CTranslate2's name for it, which also sorts after "id".
        enum CodingKeys: String, CodingKey {
            case id, text
            case hypotheses = "num_hypotheses"
        }
    }

    /// A translation, and for an n-best request the worker's other hypotheses, best first.
    struct Answer: Sendable {
        var text: String
        var alternatives: [String] = []
    }

    /// Sorted keys put "id" first, where the worker finds it even in a line too long to parse.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// The most of the worker's stderr kept for error messages.
    static let stderrTailBytes = 4096

    let pid: pid_t
    /// The worker's process group (its guard kills it if this process dies while the worker
    /// works) and its stdin.
    let process: ChildProcess
    /// Parent's read ends of the worker's stdout and stderr (owned by the reader threads).
    let outputFD: Int32
    let errorFD: Int32

    let inbox = Mutex(Inbox())
    let stderrTail = Mutex([UInt8]())
    /// Serialises writes, so requests never interleave in the pipe.
    let writer = DispatchQueue(label: "neural.worker.writer")
    let readerDone = DispatchSemaphore(value: 0)
    let errorReaderDone = DispatchSemaphore(value: 0)

    init(pid: pid_t, process: ChildProcess, outputFD: Int32, errorFD: Int32) {
        self.pid = pid
        self.process = process
        self.outputFD = outputFD
        self.errorFD = errorFD
    }

    /// Starts `python script package --threads N` in a process group led by a `GroupGuard`
    /// (so it never outlives this process, busy or not), with its three standard streams on
    /// close-on-exec pipes, and the threads that read its output.
    ///
    /// The worker fails with `ChildProcessError.workerNotReady` unless it reports ready within
    /// `readyTimeout`.
    static func spawn(_ runtime: NeuralRuntime, package: String, threads: Int, arguments: [String] = [],
                      readyTimeout: Duration, environment: [String: String]) throws -> WorkerProcess {
        var pipes: [(read: Int32, write: Int32)] = []
        for _ in 0..<3 {
            guard let pipe = ChildProcess.makeCloseOnExecPipe() else {
                let code = errno
                for pipe in pipes { close(pipe.read); close(pipe.write) }
                throw ChildProcessError.spawnFailed(program: "pipe", errno: code)
            }
            pipes.append(pipe)
        }
        let (input, output, errors) = (pipes[0], pipes[1], pipes[2])
        let workerArguments = [runtime.script, package, "--threads", String(max(1, threads))] + arguments
        // No bytecode cache written into the checkout's Sources folder.
        let environment = ChildProcess.environment(environment) + ["PYTHONDONTWRITEBYTECODE=1"]
        let pid: pid_t
        let guardian: GroupGuard
        do {
            guardian = try GroupGuard.spawn(environment: environment)
        } catch {
            for pipe in pipes { close(pipe.read); close(pipe.write) }
            throw error
        }
        do {
            pid = try ChildProcess.spawn(runtime.python, arguments: workerArguments, stdin: input.read, stdout: output.write,
                                         stderr: errors.write, processGroup: guardian.pid, environment: environment)
        } catch {
            guardian.killGroup()
            guardian.release()
            for pipe in pipes { close(pipe.read); close(pipe.write) }
            throw error
        }
        close(input.read)
        close(output.write)
        close(errors.write)
        _ = fcntl(input.write, F_SETFL, fcntl(input.write, F_GETFL) | O_NONBLOCK)
        let worker = WorkerProcess(pid: pid, process: ChildProcess(guardian: guardian, inputFD: input.write),
                                   outputFD: output.read, errorFD: errors.read)
        worker.startReaders()
        // Weak: a worker that was retired meanwhile closes its fds now, not when this fires.
        ChildProcess.at(.now() + ChildProcess.interval(readyTimeout)) { [weak worker] in
            guard let worker, !worker.inbox.withLock({ $0.isReady }) else { return }
            worker.fail(.workerNotReady("not ready after \(readyTimeout)"))
            worker.process.killGroup()
        }
        return worker
    }

    /// Whether the generation has failed or been terminated.
    var hasFailed: Bool {
        inbox.withLock { $0.ledger.failure != nil }
    }

    /// The process group the worker runs in (its guard's pid).
    var processGroup: pid_t { process.processGroup }

    /// Progress lines the worker has written (for tests: a long text is reported piecewise).
    var progressReports: Int {
        inbox.withLock { $0.progressReports }
    }

    /// Requests written and not answered yet.
    var pendingCount: Int {
        inbox.withLock { $0.pending.count }
    }

    /// Returns once the model is loaded; throws `Failure` if the worker dies or gives up first.
    func waitUntilReady() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = inbox.withLock { inbox -> Result<Bool, ChildProcessError> in
                if let failure = inbox.ledger.failure { return .failure(failure) }
                if inbox.isReady { return .success(true) }
                inbox.readyWaiters.append(continuation)
                return .success(false)
            }
            switch outcome {
            case .failure(let error): continuation.resume(throwing: Failure(error: error))
            case .success(true): continuation.resume()
            case .success(false): break
            }
        }
    }

    /// Writes one request and waits for its answer.
    ///
    /// Throws `Failure` when the generation dies, or when the worker says nothing for `timeout`
    /// (counted from the later of this request's submission and the worker's last answer, so a
    /// request queued behind a long batch is not timed out while answers keep coming);
    /// `ChildProcessError.requestRefused` when the worker answers this request with an error.
    ///
    /// `hypotheses` above 1 asks for an n-best list: the answer then carries up to
    /// `hypotheses - 1` alternatives.
    func submit(_ text: String, hypotheses: Int = 1, timeout: Duration) async throws -> Answer {
        let interval = ChildProcess.interval(timeout)
        return try await withCheckedThrowingContinuation { continuation in
            writer.async { [self] in
                let outcome = inbox.withLock { inbox -> Result<UInt64, ChildProcessError> in
                    let admitted = inbox.ledger.admit()
                    if case .success(let id) = admitted { inbox.pending[id] = Waiter(continuation: continuation, submitted: .now) }
                    return admitted
                }
                switch outcome {
                case .failure(let error):
                    continuation.resume(throwing: Failure(error: error))
                case .success(let id):
                    watch(id, at: .now() + interval, interval: timeout)
                    let request = Request(id: id, text: text, hypotheses: hypotheses > 1 ? hypotheses : nil)
                    var line = (try? Self.encoder.encode(request)).map { [UInt8]($0) } ?? []
                    line.append(UInt8(ascii: "\n"))
                    // EPIPE: the worker is gone; the reader's EOF fails every waiter.
                    if !FileDescriptorIO.writeAll(nonBlocking: process.inputFD, line, abandoned: { hasFailed }) {
                        fail(.stageDied)
                        process.killGroup()
                    }
                }
            }
        }
    }

    private func watch(_ id: UInt64, at deadline: DispatchTime, interval: Duration) {
        ChildProcess.at(deadline) { [self] in check(id, interval: interval) }
    }

    /// Times the generation out when the request has waited `interval` without the worker
    /// saying anything; before the worker is ready, its ready timeout is the one that counts.
    private func check(_ id: UInt64, interval: Duration) {
        let due = inbox.withLock { inbox -> ContinuousClock.Instant? in
            guard let waiter = inbox.pending[id] else { return nil }
            guard inbox.isReady else { return .now + interval }
            return max(waiter.submitted, inbox.lastProgress) + interval
        }
        guard let due else { return }
        let now = ContinuousClock.now
        if due <= now {
            // Fail first, so the EOF the kill causes is not mistaken for a crash.
            fail(.timedOut)
            process.killGroup()
        } else {
            watch(id, at: .now() + ChildProcess.interval(due - now), interval: interval)
        }
    }

    private func startReaders() {
        let reader = Thread { [self] in readLoop() }
        reader.name = "neural-reader"
        reader.start()
        let errorReader = Thread { [self] in errorLoop() }
        errorReader.name = "neural-stderr"
        errorReader.start()
    }

    private func readLoop() {
        var reader = ChunkReader(fd: outputFD)
        while let chunk = reader.next() {
            deliver(chunk)
        }
        let stillStarting = inbox.withLock { !$0.isReady }
        if stillStarting {
            // Give the stderr reader a moment to collect the reason.
            if errorReaderDone.wait(timeout: .now() + .milliseconds(500)) == .success { errorReaderDone.signal() }
            fail(.workerNotReady(lastError() ?? "the worker exited"))
        } else {
            fail(.stageDied)
        }
        readerDone.signal()
    }

    /// Keeps the end of the worker's stderr, for the message when it fails to start.
    private func errorLoop() {
        var reader = ChunkReader(fd: errorFD)
        while let chunk = reader.next() {
            stderrTail.withLock { tail in
                tail.append(contentsOf: chunk)
                if tail.count > Self.stderrTailBytes { tail.removeFirst(tail.count - Self.stderrTailBytes) }
            }
        }
        errorReaderDone.signal()
    }

    /// The last non-empty line the worker wrote on stderr.
    func lastError() -> String? {
        let text = String(decoding: stderrTail.withLock { $0 }, as: UTF8.self)
        return text.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
    }

    /// Splits output into lines and answers the request each one names.
    private func deliver(_ chunk: ArraySlice<UInt8>) {
        var lines: [[UInt8]] = []
        inbox.withLock { inbox in
            var rest = chunk[...]
            while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(inbox.partialLine + rest[..<newline])
                inbox.partialLine.removeAll(keepingCapacity: true)
                rest = rest[(newline + 1)...]
            }
            inbox.partialLine.append(contentsOf: rest)
        }
        let decoder = JSONDecoder()
        for line in lines {
            guard let message = try? decoder.decode(Message.self, from: Data(line)) else { continue }
            handle(message)
        }
    }

    private func handle(_ message: Message) {
        if let ready = message.ready {
            guard ready else {
                fail(.workerNotReady(message.error ?? "the worker could not load the model"))
                process.killGroup()
                return
            }
            let waiters = inbox.withLock { inbox -> [CheckedContinuation<Void, any Error>] in
                inbox.isReady = true
                inbox.lastProgress = .now
                defer { inbox.readyWaiters.removeAll() }
                return inbox.readyWaiters
            }
            for waiter in waiters { waiter.resume() }
            return
        }
        if message.progress != nil {
            inbox.withLock { inbox in
                inbox.lastProgress = .now
                inbox.progressReports += 1
            }
            return
        }
        // An answer without an id is for a line we did not send; nothing waits for it.
        guard let id = message.id else { return }
        let waiter = inbox.withLock { inbox -> Waiter? in
            inbox.lastProgress = .now
            return inbox.pending.removeValue(forKey: id)
        }
        guard let waiter else { return }
        if let text = message.text, message.error == nil {
            waiter.continuation.resume(returning: Answer(text: text, alternatives: message.alternatives ?? []))
        } else {
            waiter.continuation.resume(throwing: ChildProcessError.requestRefused(message.error ?? "no text in the answer"))
        }
    }

    /// Fails every waiter and refuses later submissions.
    func fail(_ error: ChildProcessError) {
        let (waiters, readyWaiters) = inbox.withLock { inbox -> ([Waiter], [CheckedContinuation<Void, any Error>]) in
            inbox.ledger.close(with: error)
            defer {
                inbox.pending.removeAll()
                inbox.readyWaiters.removeAll()
            }
            return (Array(inbox.pending.values), inbox.readyWaiters)
        }
        let failure = inbox.withLock { $0.ledger.failure } ?? error
        for waiter in waiters { waiter.continuation.resume(throwing: Failure(error: failure)) }
        for waiter in readyWaiters { waiter.resume(throwing: Failure(error: failure)) }
    }

    /// Kills the process group, reaps the worker and closes the fds. Idempotent.
    func terminate() {
        let ended = process.end(pids: { [pid] }) {
            inbox.withLock { inbox in
                inbox.ledger.close(with: .shutDown)
            }
        }
        guard ended else { return }
        readerDone.wait()
        errorReaderDone.wait()
        close(outputFD)
        close(errorFD)
        fail(.shutDown)
    }
}

extension WorkerProcess: ProcessGeneration {
    var processIDs: [pid_t] { [pid] }
}
