import Dispatch
import Foundation
import Synchronization

/// A pipeline's `apertium-tagger`, fed through this process so that it can be replaced the
/// moment it changes itself, without any other request meeting the change.
///
/// The HMM tagger changes its own tables when it meets an ambiguity class its model lacks
/// ("A new ambiguity class was found", printed with `-d`), and from then on it can tag later
/// texts differently from a fresh `apertium` command (measured: one Portuguese review in 21).
/// So its input and output pass through this process: up to `window` NUL-terminated segments
/// are in the tagger at once, remembered until their output has come back. When a segment's
/// output is complete, its stderr reports are readable (the tagger writes them first); if
/// one is charged to it, that output is kept (the segment was tagged by a tagger that was
/// unchanged until then, as a fresh one is), the tagger is replaced by a fresh process on
/// fresh pipes, and the segments written after it are written again to the fresh tagger, in
/// order. Nothing outside the relay sees the difference.
///
/// The tagger runs ahead of the output read, so a report read when segment k's output is
/// complete may come from a later segment still in the window. Each report names its word
/// (`TaggerReports`), and it is charged to the first segment in the window whose input holds
/// that word; the tagger is replaced after that segment, not after k (replacing after k would
/// start a second fresh tagger for the same report when the later segment meets the word
/// again). A report whose word is not known yet, or found in no segment, is charged to k.
final class TaggerSlot: Sendable {
    struct State {
        var pid: pid_t
        /// The current tagger's stdin (write end) and stdout (read end).
        var toTagger: Int32
        var fromTagger: Int32
        /// Bumped by every replacement; a write queued for an older tagger is dropped.
        var instance = 0
        /// Segments written to the current tagger whose output has not come back, oldest first.
        var inTagger: [[UInt8]] = []
        /// The next tagger, started ahead of need after the first replacement (`prepareSpare`).
        var spare: Tagger?
        /// What the tagger wrote to stderr, parsed into reports (see `TaggerReports`).
        var reports = TaggerReports()
        /// Set by `shutDown()`: no tagger is started any more.
        var isShutDown = false
        /// Set while the old tagger is being killed, whose death is then expected.
        var replacing = false
        /// The tagger died by itself (and was reaped by the watcher).
        var died = false
        var replacements = 0
    }

    /// Our ends of the pipes around the tagger.
    struct Pipes: Sendable {
        /// Read: what the stage before the tagger writes.
        var fromPrevious: Int32
        /// Write: the first tagger's stdin.
        var toTagger: Int32
        /// Read: the first tagger's stdout.
        var fromTagger: Int32
        /// Write: what the stage after the tagger reads.
        var toNext: Int32
        /// The first tagger's own ends, closed here once it runs (so its death is seen).
        var taggerInput: Int32
        var taggerOutput: Int32
        /// The tagger's stderr, shared by every tagger: we read (non-blocking) what it writes.
        var reportsRead: Int32
        var reportsWrite: Int32
    }

    /// Segments in the tagger at once, at most.
    static let window = 8

    /// The tagger's index among the stages.
    let index: Int
    let stage: ModeFile.Stage
    let pipes: Pipes
    let processGroup: pid_t
    let environment: [String]
    let state: Mutex<State>
    /// Free places in the window: the feeder takes one per segment, the collector gives it back.
    private let slots = DispatchSemaphore(value: TaggerSlot.window)
    /// Writes to the tagger, in order: new segments from the feeder, rewrites after a replacement.
    private let writer = DispatchQueue(label: "apertium.tagger.writer")
    /// Starts spares, off the relay's threads.
    private let spares = DispatchQueue(label: "apertium.tagger.spare")
    /// Signalled by each of the three threads (feeder, collector, watcher) when it ends.
    private let threadsDone = DispatchSemaphore(value: 0)
    /// Called if the tagger dies by itself or cannot be replaced (set once the owner exists).
    private let failureHandler = Mutex<(@Sendable () -> Void)?>(nil)

    init(index: Int, stage: ModeFile.Stage, pid: pid_t, pipes: Pipes, processGroup: pid_t, environment: [String]) {
        self.index = index
        self.stage = stage
        self.pipes = pipes
        self.processGroup = processGroup
        self.environment = environment
        state = Mutex(State(pid: pid, toTagger: pipes.toTagger, fromTagger: pipes.fromTagger))
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

    /// How many times `TaggerReset`'s library set the tagger back instead.
    var resets: Int {
        state.withLock { $0.reports.resets }
    }

    /// Starts the relay; `onFailure` is called if the tagger dies by itself or cannot be replaced.
    func start(onFailure: @escaping @Sendable () -> Void) {
        failureHandler.withLock { $0 = onFailure }
        // Only the tagger may hold its own ends, or its death would go unnoticed.
        Foundation.close(pipes.taggerInput)
        Foundation.close(pipes.taggerOutput)
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

    /// After the group is dead and reaped: waits for the relay threads (each ends on EOF or
    /// EPIPE now), then closes every fd, so no thread can touch a reused descriptor.
    func close() {
        for _ in 0..<Self.window { slots.signal() }
        for _ in 0..<3 { threadsDone.wait() }
        writer.sync {}
        spares.sync {}
        let (toTagger, fromTagger, spare) = state.withLock { ($0.toTagger, $0.fromTagger, $0.spare) }
        let spareFDs = spare.map { [$0.toTagger, $0.fromTagger] } ?? []
        for fd in [pipes.fromPrevious, toTagger, fromTagger, pipes.toNext, pipes.reportsRead, pipes.reportsWrite] + spareFDs {
            Foundation.close(fd)
        }
    }

    /// Reads what the tagger has written to stderr so far into `state.reports`.
    func drainReports() {
        state.withLock { state in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { raw in Syscall.retryingOnInterrupt { read(pipes.reportsRead, raw.baseAddress, raw.count) } }
                guard count > 0 else { break }
                state.reports.append(buffer[..<count])
            }
        }
    }

    /// Whether the tagger must be replaced after the segment whose output just came back (the
    /// first in the window): some report read so far is charged to it.
    ///
    /// Once `TaggerReset`'s library has shown it is in effect (one marker read), nothing is: a
    /// report always comes with a marker at the end of its own segment, written before that
    /// segment's NUL, so a report still unsettled here is a later segment's, which its own
    /// marker will settle.
    private func reportCharged(to state: inout State) -> Bool {
        guard state.reports.hasUnsettled, state.reports.resets == 0 else { return false }
        // A report of unknown word (not parsed whole yet) is charged to this segment.
        guard let word = state.reports.firstWord, let first = state.inTagger.first else { return true }
        if TaggerReports.segment(first, holds: word) { return true }
        // Charged to a later segment only when one in the window holds the word.
        return !state.inTagger.dropFirst().contains { TaggerReports.segment($0, holds: word) }
    }

    /// Feeder: each NUL-terminated segment into the window, then to the writer.
    private func feed() {
        var pending: [UInt8] = []
        var reader = ChunkReader(fd: pipes.fromPrevious)
        while let chunk = reader.next() {
            pending += chunk
            while let nul = pending.firstIndex(of: 0) {
                let segment = Array(pending[...nul])
                pending.removeSubrange(...nul)
                slots.wait()
                let instance = state.withLock { state -> Int? in
                    guard !state.isShutDown else { return nil }
                    state.inTagger.append(segment)
                    return state.instance
                }
                guard let instance else { return }
                write(segment, to: instance)
            }
        }
        // The stage before the tagger is gone (it may have refused its input and exited): the
        // tagger would wait on the relay for ever and the pipeline's output would never end, so
        // the generation fails now rather than at the request's timeout.
        if !state.withLock({ $0.isShutDown }) { onFailure() }
    }

    /// Queues a write to the tagger of `instance`; dropped if that tagger was replaced meanwhile
    /// (the segment is then written again to the fresh one).
    private func write(_ segments: [UInt8], to instance: Int) {
        writer.async { [self] in
            guard let fd = state.withLock({ $0.instance == instance ? $0.toTagger : nil }) else { return }
            // EPIPE when the tagger was killed: the segment is still in the window, rewritten later.
            _ = FileDescriptorIO.writeAll(fd, segments)
        }
    }

    /// Collector: outputs in order; after one a report is charged to, a fresh tagger.
    private func collect() {
        var pending: [UInt8] = []
        while true {
            let fd = state.withLock { $0.fromTagger }
            var reader = ChunkReader(fd: fd)
            var replaced = false
            while !replaced, let chunk = reader.next() {
                pending += chunk
                while let nul = pending.firstIndex(of: 0) {
                    drainReports()
                    let charged = state.withLock { state in reportCharged(to: &state) }
                    guard FileDescriptorIO.writeAll(pipes.toNext, pending[...nul]) else { return }
                    pending.removeSubrange(...nul)
                    state.withLock { state in
                        if !state.inTagger.isEmpty { state.inTagger.removeFirst() }
                    }
                    slots.signal()
                    if charged {
                        // Whatever the old tagger wrote after this output belongs to segments it
                        // tagged with changed tables: dropped, and they are written again.
                        pending.removeAll()
                        guard replace() else {
                            onFailure()
                            return
                        }
                        replaced = true
                        break
                    }
                }
            }
            if !replaced { return }
        }
    }

    /// Kills the tagger, starts a fresh one on fresh pipes, and writes the window again.
    private func replace() -> Bool {
        let old = state.withLock { state -> (pid: pid_t, fromTagger: Int32, toTagger: Int32)? in
            guard !state.isShutDown else { return nil }
            state.replacing = true
            return (state.pid, state.fromTagger, state.toTagger)
        }
        guard let old else { return false }
        kill(old.pid, SIGKILL)
        var status: Int32 = 0
        _ = Syscall.retryingOnInterrupt { waitpid(old.pid, &status, 0) }
        // Everything the old tagger reported is in the pipe now: read and forgotten before the
        // fresh one can write (its reports, on the segments written again, are its own).
        drainReports()
        state.withLock { $0.reports.forget() }
        let replaced = state.withLock { state -> Bool in
            defer { state.replacing = false }
            // The spare if there is one (see `TaggerSlot+Spare`), else one started now.
            var spare: Tagger?
            if !state.isShutDown { swap(&spare, &state.spare) }
            guard let fresh = spare ?? startTagger(&state) else { return false }
            // The writer may still hold the old write end in a queued job: close it there.
            let oldTo = old.toTagger
            writer.async { Foundation.close(oldTo) }
            Foundation.close(old.fromTagger)
            state.pid = fresh.pid
            state.toTagger = fresh.toTagger
            state.fromTagger = fresh.fromTagger
            state.instance += 1
            state.replacements += 1
            let again = state.inTagger.flatMap { $0 }
            if !again.isEmpty { write(again, to: state.instance) }
            return true
        }
        if replaced { spares.async { [self] in prepareSpare() } }
        return replaced
    }

    /// Watcher: drains stderr now and then (a talkative tagger must not block on it) and
    /// notices a tagger that died by itself.
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
}
