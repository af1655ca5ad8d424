import Foundation
import Synchronization

/// A pipeline's HMM tagger wired straight to the stages before and after it, with only its
/// stderr read here: the cheap way, once `TaggerReset`'s library is known to be in effect in it.
///
/// The relay (`TaggerSlot`) copies every byte into and out of the tagger through this process
/// so that it can replace a tagger that changed itself. With the library in effect the tagger
/// never needs replacing (it is set back at the end of every text that changed it, before the
/// text leaves), so the copies buy nothing. The tagger is spawned on plain pipes to its
/// neighbours, and this process keeps its own copies of those two pipe ends until the library
/// has said, on the tagger's stderr, that it is in effect (`TaggerReset.ready`, written when it
/// is loaded with every function it needs found). Until then no request is written (the
/// pipeline's writer waits in `confirm`), so nothing has reached the tagger: if the line does
/// not come (the library is missing, not ours, built for another libapertium, or the loader
/// complained), the tagger is killed and a relay takes over the same two pipe ends.
///
/// After that its reports and the library's markers are still read (a thread drains stderr, so
/// a talkative tagger never blocks on it). When the pipeline has nothing left in flight, every
/// text's reports and markers are in, and a report no marker followed means the library did not
/// set the tagger back: its path is distrusted for the rest of the process (`distrusted`), this
/// generation is ended, and later ones use the relay.
final class TaggerLink: Sendable {
    struct State {
        /// Our copies of the tagger's stdin (the stage before it writes there) and of its
        /// stdout (the stage after it reads there), kept until the library is confirmed so a
        /// relay could take them over.
        var previousRead: Int32?
        var nextWrite: Int32?
        /// Our copy of the tagger's stderr write end, kept for a relay's taggers; closed once
        /// confirmed, so the tagger's death ends the drain thread.
        var reportsWrite: Int32?
        /// Bytes read before the ready line.
        var greeting: [UInt8] = []
        var reports = TaggerReports()
        var confirmed = false
        /// The relay got the pipes and the stderr pipe: they are no longer ours to close.
        var handedOver = false
        var isShutDown = false
        /// Whether the drain thread runs (and `close` must wait for it).
        var draining = false
    }

    /// The tagger's index among the stages.
    let index: Int
    let stage: ModeFile.Stage
    /// The tagger wired directly.
    let pid: pid_t
    /// The library preloaded into it (what `distrusted` is keyed by).
    let library: String
    /// Read end (non-blocking) of the tagger's stderr.
    let reportsRead: Int32
    let processGroup: pid_t
    let environment: [String]
    let state: Mutex<State>
    private let drainDone = DispatchSemaphore(value: 0)

    /// Libraries that claimed to be in effect and then let a report through without a marker.
    private static let distrustedLibraries = Mutex<Set<String>>([])

    /// Whether `library` let a report through unsettled in this process: never wired directly again.
    static func distrusted(_ library: String) -> Bool {
        distrustedLibraries.withLock { $0.contains(library) }
    }

    init(index: Int, stage: ModeFile.Stage, pid: pid_t, library: String, previousRead: Int32, nextWrite: Int32,
         reportsRead: Int32, reportsWrite: Int32, processGroup: pid_t, environment: [String]) {
        self.index = index
        self.stage = stage
        self.pid = pid
        self.library = library
        self.reportsRead = reportsRead
        self.processGroup = processGroup
        self.environment = environment
        state = Mutex(State(previousRead: previousRead, nextWrite: nextWrite, reportsWrite: reportsWrite))
    }

    /// How many times the library set the tagger back.
    var resets: Int {
        state.withLock { $0.reports.resets }
    }

    /// Waits (blocking: call it off the cooperative pool) until the library's ready line is on
    /// the tagger's stderr, anything else is there first, or `limit` passes. With the line, our
    /// copies of the neighbours' pipe ends are closed and the drain thread starts: true.
    func confirm(within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while true {
            let verdict = state.withLock { state -> Bool? in
                guard !state.isShutDown else { return false }
                readAvailable(into: &state.greeting)
                if state.greeting.starts(with: TaggerReset.ready) {
                    state.reports.append(state.greeting[TaggerReset.ready.count...])
                    state.greeting.removeAll()
                    return true
                }
                // Another line (a loader complaint, the library's own "off") or the tagger gone.
                if !TaggerReset.ready.starts(with: state.greeting) { return false }
                return nil
            }
            if let verdict {
                if verdict { begin() }
                return verdict
            }
            let left = deadline - ContinuousClock.now
            if left <= .zero { return false }
            var descriptor = pollfd(fd: reportsRead, events: Int16(POLLIN), revents: 0)
            let milliseconds = min(100, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1)
            _ = poll(&descriptor, 1, milliseconds)
        }
    }

    /// Confirmed: lets go of the neighbours' pipes and starts draining stderr.
    private func begin() {
        let started = state.withLock { state -> Bool in
            for fd in [state.previousRead, state.nextWrite, state.reportsWrite].compactMap({ $0 }) { Foundation.close(fd) }
            state.previousRead = nil
            state.nextWrite = nil
            state.reportsWrite = nil
            state.confirmed = true
            state.draining = !state.isShutDown
            return state.draining
        }
        guard started else { return }
        let thread = Thread { [self] in
            drain()
            drainDone.signal()
        }
        thread.name = "apertium-tagger-reports"
        thread.start()
    }

    /// Reads stderr until the tagger and every copy of its write end are gone.
    private func drain() {
        while true {
            var descriptor = pollfd(fd: reportsRead, events: Int16(POLLIN), revents: 0)
            _ = Syscall.retryingOnInterrupt { poll(&descriptor, 1, -1) }
            let open = state.withLock { state in
                var bytes: [UInt8] = []
                let open = readAvailable(into: &bytes)
                if !bytes.isEmpty { state.reports.append(bytes[...]) }
                return open
            }
            if !open { return }
        }
    }

    /// Appends what stderr holds now; false at EOF or on an error other than EAGAIN.
    @discardableResult
    private func readAvailable(into bytes: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in Syscall.retryingOnInterrupt { read(reportsRead, raw.baseAddress, raw.count) } }
            if count > 0 {
                bytes += buffer[..<count]
                continue
            }
            return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        }
    }

    /// Whether a report is still unsettled now that every text sent has come out of the
    /// pipeline (so the tagger wrote all it had to say about them). If so, the library is
    /// distrusted from now on.
    func leftAReportUnsettled() -> Bool {
        let unsettled = state.withLock { state -> Bool in
            guard state.confirmed else { return false }
            var bytes: [UInt8] = []
            readAvailable(into: &bytes)
            if !bytes.isEmpty { state.reports.append(bytes[...]) }
            return state.reports.hasUnsettled
        }
        if unsettled { Self.distrustedLibraries.withLock { _ = $0.insert(library) } }
        return unsettled
    }

    /// Not confirmed: kills and reaps the tagger and builds a relay (`TaggerSlot`) on the same
    /// neighbours' pipes around a fresh tagger; nil when shut down or the fresh tagger could not
    /// start. The relay is made under the lock `shutDown` takes, so it is either made before
    /// shut-down (and ended with the pipeline) or not at all.
    func handOver(_ store: (TaggerSlot) -> Void) -> TaggerSlot? {
        state.withLock { state -> TaggerSlot? in
            guard !state.isShutDown, !state.handedOver, let previousRead = state.previousRead,
                  let nextWrite = state.nextWrite, let reportsWrite = state.reportsWrite else { return nil }
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = Syscall.retryingOnInterrupt { waitpid(pid, &status, 0) }
            // What the killed tagger wrote (the loader's complaint, say) is not a report.
            var ignored: [UInt8] = []
            readAvailable(into: &ignored)
            guard let input = ChildProcess.makeCloseOnExecPipe() else { return nil }
            guard let output = ChildProcess.makeCloseOnExecPipe() else {
                Foundation.close(input.read)
                Foundation.close(input.write)
                return nil
            }
            guard let fresh = try? ChildProcess.spawn(stage.executable, arguments: stage.arguments, stdin: input.read, stdout: output.write,
                                                      stderr: reportsWrite, processGroup: processGroup, environment: environment) else {
                for fd in [input.read, input.write, output.read, output.write] { Foundation.close(fd) }
                return nil
            }
            let pipes = TaggerSlot.Pipes(fromPrevious: previousRead, toTagger: input.write, fromTagger: output.read, toNext: nextWrite,
                                         taggerInput: input.read, taggerOutput: output.write,
                                         reportsRead: reportsRead, reportsWrite: reportsWrite)
            let relay = TaggerSlot(index: index, stage: stage, pid: fresh, pipes: pipes, processGroup: processGroup, environment: environment)
            state.handedOver = true
            state.previousRead = nil
            state.nextWrite = nil
            state.reportsWrite = nil
            store(relay)
            return relay
        }
    }

    /// No relay may be made from now on; call before killing the process group.
    func shutDown() {
        state.withLock { $0.isShutDown = true }
    }

    /// After the group is dead and reaped: waits for the drain thread, then closes what is still ours.
    func close() {
        let (draining, fds) = state.withLock { state -> (Bool, [Int32]) in
            let held = [state.previousRead, state.nextWrite, state.reportsWrite].compactMap { $0 }
            state.previousRead = nil
            state.nextWrite = nil
            state.reportsWrite = nil
            return (state.draining, held + (state.handedOver ? [] : [reportsRead]))
        }
        if draining { drainDone.wait() }
        for fd in fds { Foundation.close(fd) }
    }
}
