import Dispatch
import Foundation
import Synchronization

/// One running generation of a pipeline: its processes, its two pipe ends, its reader thread
/// and the requests written to it that have not been answered yet.
///
/// Requests are pipelined: each is written as soon as it arrives (in order, by one writer
/// queue) and the reader thread hands each answer to the oldest waiter, so the stages work on
/// several requests at once. A generation is never repaired: when it fails, every waiter gets
/// the failure and the owner spawns a fresh generation, which keeps the state machine small.
final class ChildPipeline: Sendable {
    /// Why a request failed on this generation, and whether it was the request at fault.
    struct Failure: Error {
        var error: ChildProcessError
        /// True for the request at the head of the line when the generation failed (the one a
        /// timeout or crash is charged to); the others were only queued behind it.
        var blamed: Bool
    }

    /// A request waiting for its answer.
    struct Waiter {
        var id: UInt64
        var marker: [UInt8]
        var continuation: CheckedContinuation<Answer, any Error>
    }

    /// A request's output, and its unknown words when a mark tap took them out on the way.
    struct Answer {
        var bytes: [UInt8]
        var tappedWords: [String]?
    }

    /// Bytes read from the last stage that no request has claimed yet, and who waits for them.
    struct Inbox {
        var bytes: [UInt8] = []
        /// Where the next nonce search starts, so long outputs are not rescanned from 0.
        var searchFrom = 0
        var waiters: [Waiter] = []
        /// When the current head waiter became the head (its timeout runs from then).
        var headSince = DispatchTime.now()
        /// Request ids, and the failure that refuses later submissions.
        var ledger = RequestLedger()
        /// Unknown words of requests the tap has seen end, oldest first.
        var tappedWords: [[String]] = []
    }

    /// Process ids at spawn time, first stage to last (the tagger's may have changed since).
    let spawnedPids: [pid_t]
    /// The stages' process group and the first stage's stdin.
    let process: ChildProcess
    /// The process group shared by all stages (the guard's pid).
    var processGroup: pid_t { process.processGroup }
    /// Parent's read end of the last stage's stdout (owned by the reader thread).
    let outputFD: Int32
    /// The generator's output and the next stage's input, when marks are taken out between them.
    let tap: (input: Int32, output: Int32)?
    /// The replaceable tagger, when the pipeline has one and it is relayed (from the start, or
    /// since `link` fell back).
    let relay: Mutex<TaggerSlot?>
    /// The tagger wired directly to its neighbours, when the reset library was preloaded into it
    /// (`TaggerLink`); replaced by `relay` if the library does not confirm.
    let link: TaggerLink?

    /// How long the first request waits for the reset library's ready line before the tagger
    /// is relayed instead (a tagger's start takes ~10 ms; far more on a busy machine).
    static let linkConfirmation: Duration = .seconds(5)

    let inbox = Mutex(Inbox())
    /// Serialises writes, so the order of `waiters` is the order of bytes in the pipe.
    let writer = DispatchQueue(label: "apertium.pipeline.writer")
    /// Signalled once when the reader thread has stopped touching `outputFD`.
    let readerDone = DispatchSemaphore(value: 0)
    /// Signalled once when the tap thread (if any) has closed its two fds.
    let tapDone = DispatchSemaphore(value: 0)

    init(pids: [pid_t], process: ChildProcess, outputFD: Int32,
         tap: (input: Int32, output: Int32)? = nil, tagger: TaggerSlot? = nil, link: TaggerLink? = nil) {
        self.spawnedPids = pids
        self.relay = Mutex(tagger)
        self.link = link
        self.process = process
        self.outputFD = outputFD
        self.tap = tap
    }

    /// The relayed tagger, if there is one.
    var tagger: TaggerSlot? {
        relay.withLock { $0 }
    }

    /// Whether the tagger is wired directly to its neighbours (confirmed, not fallen back).
    var taggerIsLinked: Bool {
        link != nil && tagger == nil
    }

    /// How many times the tagger was set back by the reset library, relayed or linked.
    var taggerResets: Int {
        tagger?.resets ?? link?.resets ?? 0
    }

    /// Process ids of the stages now, first to last, then the tagger's spare if it has one.
    var pids: [pid_t] {
        guard let tagger else { return spawnedPids }
        var pids = spawnedPids
        pids[tagger.index] = tagger.pid
        if let spare = tagger.sparePid { pids.append(spare) }
        return pids
    }

    /// Whether the generation has failed or been terminated.
    var hasFailed: Bool {
        inbox.withLock { $0.ledger.failure != nil }
    }

    /// Starts the dedicated reader thread (and the tap thread); blocking reads must stay off
    /// the cooperative pool.
    func startReader() {
        let thread = Thread { [self] in self.readLoop() }
        thread.name = "apertium-reader"
        thread.start()
        if let tap {
            let tapThread = Thread { [self] in self.tapLoop(tap) }
            tapThread.name = "apertium-tap"
            tapThread.start()
        }
        tagger?.start { [self] in failAfterDraining(.stageDied) }
        if let link {
            // Queued before any request: nothing is written until the tagger is confirmed or relayed.
            writer.async { [self] in
                guard !link.confirm(within: Self.linkConfirmation) else { return }
                let relayed = link.handOver { relay in
                    self.relay.withLock { $0 = relay }
                    relay.start { [self] in failAfterDraining(.stageDied) }
                }
                // Shut down meanwhile, or no fresh tagger: the stage before it gets EPIPE.
                if relayed == nil { failAfterDraining(.stageDied) }
            }
        }
    }

    /// Passes the generator's output on to the next stage without its unknown-word marks.
    private func tapLoop(_ tap: (input: Int32, output: Int32)) {
        defer {
            close(tap.input)
            close(tap.output)
            tapDone.signal()
        }
        var marks = MarkTap()
        var reader = ChunkReader(fd: tap.input)
        while let chunk = reader.next() {
            let (output, finished) = chunk.withUnsafeBufferPointer { marks.feed($0) }
            // Recorded before the terminator is written, so the words are there when the reader
            // sees that request end.
            if !finished.isEmpty { inbox.withLock { $0.tappedWords += finished } }
            guard FileDescriptorIO.writeAll(tap.output, output) else { break }
        }
    }

    private func readLoop() {
        var reader = ChunkReader(fd: outputFD)
        while let chunk = reader.next() {
            let unsettled = chunk.withUnsafeBufferPointer { deliver($0) }
            if unsettled {
                // Later texts met a changed tagger: this generation ends, its successor is
                // relayed (see `TaggerLink`).
                fail(.stageDied)
                process.killGroup()
            }
        }
        fail(.stageDied)
        readerDone.signal()
    }

    /// Appends output and answers every waiter whose nonce has arrived, oldest first. True when
    /// that left nothing in flight and the linked tagger's library left a report unsettled.
    private func deliver(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        var answered: [(CheckedContinuation<Answer, any Error>, Answer)] = []
        let unsettled = inbox.withLock { inbox -> Bool in
            inbox.bytes.append(contentsOf: chunk)
            var consumed = 0
            while let head = inbox.waiters.first {
                guard let end = Self.find(head.marker, in: inbox.bytes, from: max(consumed, inbox.searchFrom)) else {
                    inbox.searchFrom = max(consumed, inbox.bytes.count - head.marker.count)
                    break
                }
                // The answer is everything before the nonce blank (NULs are framing only).
                var answer = Array(inbox.bytes[consumed..<end])
                answer.removeAll { $0 == 0 }
                let words: [String]? = tap == nil ? nil : (inbox.tappedWords.isEmpty ? [] : inbox.tappedWords.removeFirst())
                answered.append((head.continuation, Answer(bytes: answer, tappedWords: words)))
                consumed = end + head.marker.count
                inbox.searchFrom = consumed
                inbox.waiters.removeFirst()
                inbox.headSince = .now()
            }
            if consumed > 0 {
                inbox.bytes.removeSubrange(..<consumed)
                inbox.searchFrom = max(0, inbox.searchFrom - consumed)
            }
            // Nothing in flight, checked under this lock (no request can be written meanwhile):
            // the linked tagger has written every report and marker of every text sent.
            guard consumed > 0, inbox.waiters.isEmpty, let link, tagger == nil else { return false }
            return link.leftAReportUnsettled()
        }
        for (continuation, answer) in answered { continuation.resume(returning: answer) }
        return unsettled
    }

    /// Fails the generation once the output already under way has come out, then kills it.
    ///
    /// Used when a stage is found dead (EPIPE on our write, the relay's input closed, the
    /// tagger gone) while the stages after it may still hold answers: failing at once would lose
    /// them and blame the head of the line, which may be an innocent request whose answer was in
    /// transit. The chain usually collapses by itself (each stage exits on EOF) and the reader's
    /// EOF fails the generation with the real culprit at the head; the grace period is for a
    /// stage that does not.
    func failAfterDraining(_ error: ChildProcessError, grace: DispatchTimeInterval = .milliseconds(500)) {
        ChildProcess.at(.now() + grace) { [self] in
            guard !hasFailed else { return }
            fail(error)
            process.killGroup()
        }
    }

    /// Fails every waiter (the head blamed, the rest not) and refuses later submissions.
    func fail(_ error: ChildProcessError) {
        let waiters = inbox.withLock { inbox -> [Waiter] in
            inbox.ledger.close(with: error)
            defer { inbox.waiters.removeAll() }
            return inbox.waiters
        }
        for (index, waiter) in waiters.enumerated() {
            waiter.continuation.resume(throwing: Failure(error: error, blamed: index == 0))
        }
    }

    /// Kills the whole process group, reaps every stage and closes the fds. Idempotent.
    func terminate() {
        let ended = process.end(pids: { pids }) {
            inbox.withLock { inbox in
                inbox.ledger.close(with: .shutDown)
            }
            // No fresh tagger may join the group after it is killed (the link first: it may
            // still make a relay until then).
            link?.shutDown()
            tagger?.shutDown()
        }
        guard ended else { return }
        // Ends the relay threads (our copies of the tagger's pipe ends would keep them waiting).
        tagger?.close()
        link?.close()
        // Every writer of the output pipe is dead now, so the reader sees EOF promptly.
        readerDone.wait()
        if tap != nil { tapDone.wait() }
        close(outputFD)
        fail(.shutDown)
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    ///
    /// memcmp, not `firstRange(of:)`: this runs on every chunk a pipeline writes, and the
    /// generic search is unspecialised in debug builds (see `LineReader.newline`).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, haystack.count - start >= needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var index = start
                while index <= hay.count - pin.count {
                    if hay[index] == pin[0] && memcmp(hay.baseAddress! + index, pin.baseAddress!, pin.count) == 0 { return index }
                    index += 1
                }
                return nil
            }
        }
    }
}

extension ChildPipeline: ProcessGeneration {
    var processIDs: [pid_t] { pids }
}
