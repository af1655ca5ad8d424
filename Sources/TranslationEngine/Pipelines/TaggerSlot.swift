import Dispatch
import Foundation
import Synchronization

/// A pipeline's `apertium-tagger`, fed one segment at a time through this process so that it
/// can be replaced the moment it changes itself.
///
/// The HMM tagger changes its own tables when it meets an ambiguity class its model lacks
/// ("A new ambiguity class was found", printed with `-d`), and from then on it can tag later
/// texts differently from a fresh `apertium` command (measured: one Portuguese review in 21).
/// So the tagger's input and output pass through two relay threads here: the feeder writes
/// one NUL-terminated segment and waits; the collector reads that segment's output, checks
/// the tagger's stderr for a report (whatever the tagger wrote there before its output is
/// readable by then), replaces the tagger with a fresh process on the same pipes if there was
/// one, passes the output on and lets the feeder continue. The segment that made the report
/// was tagged exactly as a fresh process tags it, and no later one sees the changed tables;
/// the stages before and after the tagger keep working on other requests meanwhile.
final class TaggerSlot: Sendable {
    struct State {
        var pid: pid_t
        /// The end of the last stderr chunk, so a phrase split across reads is still found.
        var tail: [UInt8] = []
        /// Reports of a new ambiguity class read so far.
        var reports = 0
        /// Set by `shutDown()`: no tagger is started any more.
        var isShutDown = false
        /// Set while `replace()` kills the old tagger, whose death is then expected.
        var replacing = false
        /// The tagger died by itself (and was reaped by the watcher).
        var died = false
        var replacements = 0
    }

    /// Our ends of the four pipes around the tagger, and the tagger's own two ends (kept so a
    /// fresh tagger can be started on them).
    struct Pipes: Sendable {
        /// Read: what the stage before the tagger writes.
        var fromPrevious: Int32
        /// Write: the tagger's stdin.
        var toTagger: Int32
        /// Read: the tagger's stdout.
        var fromTagger: Int32
        /// Write: what the stage after the tagger reads.
        var toNext: Int32
        /// The tagger's stdin (read end) and stdout (write end).
        var taggerInput: Int32
        var taggerOutput: Int32
        /// The tagger's stderr: we read (non-blocking) what it writes.
        var reportsRead: Int32
        var reportsWrite: Int32
    }

    /// The tagger's index among the stages.
    let index: Int
    let stage: ModeFile.Stage
    let pipes: Pipes
    let processGroup: pid_t
    let environment: [String]
    let state: Mutex<State>
    /// The feeder waits on this after each segment; the collector signals it.
    private let segmentDone = DispatchSemaphore(value: 0)
    /// Signalled by each of the three threads (feeder, collector, watcher) when it ends.
    private let threadsDone = DispatchSemaphore(value: 0)
    /// Called if the tagger dies by itself or cannot be replaced (set once the owner exists).
    private let failureHandler = Mutex<(@Sendable () -> Void)?>(nil)

    static let phrase = Array("new ambiguity class".utf8)

    init(index: Int, stage: ModeFile.Stage, pid: pid_t, pipes: Pipes, processGroup: pid_t, environment: [String]) {
        self.index = index
        self.stage = stage
        self.pipes = pipes
        self.processGroup = processGroup
        self.environment = environment
        state = Mutex(State(pid: pid))
    }

    private func onFailure() {
        failureHandler.withLock { $0 }?()
    }

    var pid: pid_t {
        state.withLock { $0.pid }
    }

    /// How many times the tagger was replaced.
    var replacements: Int {
        state.withLock { $0.replacements }
    }

    /// Starts the relay; `onFailure` is called if the tagger dies by itself or cannot be replaced.
    func start(onFailure: @escaping @Sendable () -> Void) {
        failureHandler.withLock { $0 = onFailure }
        let feeder = Thread { [self] in
            feed()
            threadsDone.signal()
        }
        let collector = Thread { [self] in
            collect()
            threadsDone.signal()
        }
        let watcher = Thread { [self] in
            watch()
            threadsDone.signal()
        }
        feeder.name = "apertium-tagger-feeder"
        collector.name = "apertium-tagger-collector"
        watcher.name = "apertium-tagger-watcher"
        feeder.start()
        collector.start()
        watcher.start()
    }

    /// Stops starting taggers; call before killing the process group.
    func shutDown() {
        state.withLock { $0.isShutDown = true }
    }

    /// After the group is dead and reaped: unblocks the relay threads, waits for them, closes
    /// every fd. Only then may the fds be reused, so no thread can touch a stranger's file.
    func close() {
        // Our copies of the tagger's ends keep the relay's reads and writes from ending.
        Foundation.close(pipes.taggerInput)
        Foundation.close(pipes.taggerOutput)
        segmentDone.signal()
        for _ in 0..<3 { threadsDone.wait() }
        for fd in [pipes.fromPrevious, pipes.toTagger, pipes.fromTagger, pipes.toNext, pipes.reportsRead, pipes.reportsWrite] {
            Foundation.close(fd)
        }
    }

    /// Reads what the tagger has written to stderr so far; returns the reports counted in all.
    @discardableResult
    func drainReports() -> Int {
        state.withLock { state in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(pipes.reportsRead, $0.baseAddress, $0.count) }
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

    /// Kills the tagger and starts a fresh one on the same pipes (between two segments).
    private func replace() throws {
        try state.withLock { state in
            guard !state.isShutDown else { return }
            state.replacing = true
            defer { state.replacing = false }
            kill(state.pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(state.pid, &status, 0) < 0 && errno == EINTR {}
            state.pid = try ChildPipeline.spawnStage(stage, stdin: pipes.taggerInput, stdout: pipes.taggerOutput,
                                                     stderr: pipes.reportsWrite, processGroup: processGroup, environment: environment)
            state.replacements += 1
        }
    }

    /// Feeder: one NUL-terminated segment into the tagger, then wait until it came out.
    private func feed() {
        var pending: [UInt8] = []
        var reader = ChunkReader(fd: pipes.fromPrevious)
        while let chunk = reader.next() {
            pending += chunk
            while let nul = pending.firstIndex(of: 0) {
                guard Self.writeAll(pipes.toTagger, pending[...nul]) else { return }
                pending.removeSubrange(...nul)
                segmentDone.wait()
                if state.withLock({ $0.isShutDown }) { return }
            }
        }
    }

    /// Collector: the segment's output, a check for reports, a fresh tagger if needed, pass on.
    private func collect() {
        var pending: [UInt8] = []
        var seen = 0
        var reader = ChunkReader(fd: pipes.fromTagger)
        defer { segmentDone.signal() }
        while let chunk = reader.next() {
            pending += chunk
            while let nul = pending.firstIndex(of: 0) {
                let reports = drainReports()
                if reports > seen {
                    do {
                        try replace()
                    } catch {
                        onFailure()
                        return
                    }
                    seen = drainReports()
                }
                guard Self.writeAll(pipes.toNext, pending[...nul]) else { return }
                pending.removeSubrange(...nul)
                segmentDone.signal()
            }
        }
    }

    /// Watcher: drains stderr now and then (a talkative tagger must not block on it) and
    /// notices a tagger that died by itself, which its neighbours cannot see.
    private func watch() {
        while !state.withLock({ $0.isShutDown }) {
            var descriptor = pollfd(fd: pipes.reportsRead, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 100)
            drainReports()
            let died = state.withLock { state -> Bool in
                guard !state.replacing, !state.died, !state.isShutDown else { return false }
                var status: Int32 = 0
                guard waitpid(state.pid, &status, WNOHANG) == state.pid else { return false }
                state.died = true
                return true
            }
            if died { onFailure() }
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
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

/// Blocking reads of 64 KB chunks until end of file or an error.
struct ChunkReader {
    let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    init(fd: Int32) {
        self.fd = fd
    }

    mutating func next() -> ArraySlice<UInt8>? {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return buffer[..<count]
        }
    }
}
