import Dispatch
import Foundation
import Synchronization

/// A pipeline's `apertium-tagger`, which this process can replace between requests.
///
/// The HMM tagger changes its own tables when it meets an ambiguity class its model lacks
/// ("A new ambiguity class was found", printed with `-d`), and from then on it can tag later
/// texts differently from a fresh `apertium` command (measured: one Portuguese review in 21).
/// So the tagger runs with `-d`, its reports are read from a pipe, and after a request that
/// made one the tagger is swapped for a fresh process on the same pipes, once the requests
/// already behind it have drained. The pipes stay open in this process, so the neighbouring
/// stages never notice.
final class TaggerSlot: Sendable {
    struct State {
        var pid: pid_t
        /// The end of the last report chunk, so a phrase split across reads is still found.
        var tail: [UInt8] = []
        /// Reports of a new ambiguity class read so far.
        var reports = 0
        var closed = false
        var stopping = false
        /// Set while `replace()` kills the old tagger, whose death is then expected.
        var replacing = false
        /// The tagger died by itself (and was reaped here).
        var died = false
    }

    /// The tagger's index among the stages.
    let index: Int
    let stage: ModeFile.Stage
    /// Our copies of the tagger's stdin (read end) and stdout (write end).
    let input: Int32
    let output: Int32
    /// The tagger's stderr: we read (non-blocking) what it writes.
    let reportsRead: Int32
    let reportsWrite: Int32
    let processGroup: pid_t
    let environment: [String]
    let state: Mutex<State>
    /// Signalled when the draining thread has stopped.
    let drainerDone = DispatchSemaphore(value: 0)

    static let phrase = Array("new ambiguity class".utf8)

    init(index: Int, stage: ModeFile.Stage, pid: pid_t, input: Int32, output: Int32,
         reportsRead: Int32, reportsWrite: Int32, processGroup: pid_t, environment: [String]) {
        self.index = index
        self.stage = stage
        self.input = input
        self.output = output
        self.reportsRead = reportsRead
        self.reportsWrite = reportsWrite
        self.processGroup = processGroup
        self.environment = environment
        state = Mutex(State(pid: pid))
    }

    var pid: pid_t {
        state.withLock { $0.pid }
    }

    /// Reads what the tagger has written to stderr so far; returns the reports counted in all.
    ///
    /// Whatever the tagger wrote before it wrote a request's output is readable by the time
    /// that output reached the end of the pipeline, so calling this when a request's answer
    /// is complete sees every report that request caused.
    @discardableResult
    func drainReports() -> Int {
        state.withLock { state in
            guard !state.closed else { return state.reports }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(reportsRead, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let text = state.tail + buffer[..<count]
                state.reports += Self.occurrences(in: text)
                // Keep less than a whole phrase, so no report is counted twice.
                state.tail = Array(text.suffix(Self.phrase.count - 1))
            }
            return state.reports
        }
    }

    /// Kills the tagger and starts a fresh one on the same pipes.
    func replace() throws {
        let old = state.withLock { state in
            state.replacing = true
            return state.pid
        }
        kill(old, SIGKILL)
        var status: Int32 = 0
        while waitpid(old, &status, 0) < 0 && errno == EINTR {}
        drainReports()
        defer { state.withLock { $0.replacing = false } }
        let fresh = try ChildPipeline.spawnStage(stage, stdin: input, stdout: output, stderr: reportsWrite,
                                                 processGroup: processGroup, environment: environment)
        state.withLock { $0.pid = fresh }
    }

    /// Stops the draining thread and closes our pipe ends (the tagger itself dies with its
    /// process group). The fds are closed only once no thread can touch them any more.
    func close() {
        let first = state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        drainerDone.wait()
        state.withLock { $0.closed = true }
        for fd in [input, output, reportsRead, reportsWrite] { Foundation.close(fd) }
    }

    /// Drains reports now and then, so a talkative tagger never blocks on a full stderr pipe,
    /// and calls `onDeath` if the tagger dies by itself: its neighbours cannot see that (our
    /// copies of its pipe ends keep them open), so the owner must end the generation.
    func startDraining(onDeath: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            while !state.withLock({ $0.stopping }) {
                var descriptor = pollfd(fd: reportsRead, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 100)
                drainReports()
                let died = state.withLock { state -> Bool in
                    guard !state.replacing, !state.died else { return false }
                    var status: Int32 = 0
                    guard waitpid(state.pid, &status, WNOHANG) == state.pid else { return false }
                    state.died = true
                    return true
                }
                if died { onDeath() }
            }
            drainerDone.signal()
        }
        thread.name = "apertium-tagger-reports"
        thread.start()
    }

    private static func occurrences(in text: [UInt8]) -> Int {
        var count = 0
        var index = 0
        while let found = ChildPipeline.find(phrase, in: text, from: index) {
            count += 1
            index = found + phrase.count
        }
        return count
    }
}
