import Foundation
import TextSafety
import TranslationEngine

/// Timing records for the UI benchmark (bench/ui): when the first frame was drawn and how long
/// each key took from being read to its frame being written.
///
/// Off unless HIKE_REVIEWS_TRACE names a file; then one line per event is appended to it. The
/// file is opened for appending (created when missing) and never truncated, replaced or
/// renamed: a variable naming a device node (`/dev/null`, a disk) or a FIFO must leave it as it
/// was, so anything but a regular file or a terminal is refused with `problem` and no trace.
final class FrameTrace {
    /// The trace's descriptor; -1 when off.
    private let descriptor: Int32
    private var firstFrameWritten = false
    /// Why the trace named is not written (one line for stderr, said before curses starts).
    let problem: String?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["HIKE_REVIEWS_TRACE"], !path.isEmpty else {
            descriptor = -1
            problem = nil
            return
        }
        switch Self.open(path) {
        case .success(let fd):
            descriptor = fd
            problem = nil
        case .failure(let reason):
            descriptor = -1
            problem = "hike-reviews: warning: HIKE_REVIEWS_TRACE='\(EscapedText.escaped(path, limit: 4096))' \(reason.text); no trace is written"
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Why a trace file was refused.
    struct Refusal: Error {
        var text: String
    }

    /// Opens `path` for appending when it is a regular file (or missing: then it is made) or a
    /// terminal. Anything else is looked at before it is opened, so a FIFO never blocks the
    /// open; the descriptor is checked again after, in case the path changed between the two.
    static func open(_ path: String) -> Result<Int32, Refusal> {
        let refused = Refusal(text: "is not a regular file or a terminal")
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            // A terminal is a character device; which character device is one is known only once open.
            guard type == S_IFREG || type == S_IFCHR else { return .failure(refused) }
        }
        let fd = Foundation.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0o644)
        guard fd >= 0 else { return .failure(Refusal(text: "cannot be opened: \(String(cString: strerror(errno)))")) }
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG || isatty(fd) != 0 else {
            close(fd)
            return .failure(refused)
        }
        // Writes wait as any write would; only the open had to not block.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(fd)
    }

    var isEnabled: Bool { descriptor >= 0 }

    /// A monotonic clock reading, for durations.
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// Records the wall-clock time of the first frame (the benchmark compares it with its own start time).
    func frameDrawn() {
        guard isEnabled, !firstFrameWritten else { return }
        firstFrameWritten = true
        append("first-frame \(Self.wallClock())")
    }

    /// Records how long a key took from `start` (a `now()` reading): to its frame computed
    /// (reduce + render + diff, at `computed`) and to that frame written to the terminal.
    func keyHandled(since start: UInt64, computed: UInt64, keys: Int) {
        guard isEnabled else { return }
        append("key \(computed - start) \(Self.now() - start) \(keys)")
    }

    /// Records when language detection finished.
    func detectionFinished() {
        guard isEnabled else { return }
        append("detection-finished \(Self.wallClock())")
    }

    /// One line, in one write (O_APPEND keeps it whole); a failed write (a full disk) loses the
    /// line, never the app.
    private func append(_ line: String) {
        StandardStreams.writeAll(descriptor, Array((line + "\n").utf8))
    }

    /// Nanoseconds since the epoch: the benchmark compares them with `date +%s%N` taken before launch.
    private static func wallClock() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
