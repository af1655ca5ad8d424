import Foundation

/// Timing records for the UI benchmark (bench/ui): when the first frame was drawn and how long
/// each key took from being read to its frame being written.
///
/// Off unless HIKE_REVIEWS_TRACE names a file; then one line per event is appended to it.
final class FrameTrace {
    private let handle: FileHandle?
    private var firstFrameWritten = false

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["HIKE_REVIEWS_TRACE"], !path.isEmpty,
              FileManager.default.createFile(atPath: path, contents: nil) else {
            handle = nil
            return
        }
        handle = FileHandle(forWritingAtPath: path)
    }

    var isEnabled: Bool { handle != nil }

    /// A monotonic clock reading, for durations.
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// Records the wall-clock time of the first frame (the benchmark compares it with its own start time).
    func frameDrawn() {
        guard let handle, !firstFrameWritten else { return }
        firstFrameWritten = true
        handle.write(Data("first-frame \(Self.wallClock())\n".utf8))
    }

    /// Records how long a key took from `start` (a `now()` reading): to its frame computed
    /// (reduce + render + diff, at `computed`) and to that frame written to the terminal.
    func keyHandled(since start: UInt64, computed: UInt64, keys: Int) {
        guard let handle else { return }
        handle.write(Data("key \(computed - start) \(Self.now() - start) \(keys)\n".utf8))
    }

    /// Records when language detection finished.
    func detectionFinished() {
        guard let handle else { return }
        handle.write(Data("detection-finished \(Self.wallClock())\n".utf8))
    }

    /// Nanoseconds since the epoch: the benchmark compares them with `date +%s%N` taken before launch.
    private static func wallClock() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
