import Foundation

/// Memory of running processes, read from /proc.
enum ProcessMemory {
    /// The proportional set size of `pid` in bytes (shared pages divided among their users),
    /// from /proc/PID/smaps_rollup; 0 when the process is gone or the file is unreadable.
    static func proportionalSetSize(of pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("Pss:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }
}
