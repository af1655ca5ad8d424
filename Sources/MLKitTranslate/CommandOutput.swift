import Foundation
import TranslationEngine
#if canImport(Glibc)
import Glibc
#endif

/// Runs a small command and reads what it prints, with a deadline: the engine's
/// `ChildProcess.spawn` rather than Foundation's `Process`, which this project has seen hang
/// under the parallel test runner.
enum CommandOutput {
    /// The first executable `name` in the colon-separated `path`.
    static func executable(named name: String, path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Standard output of `arguments` (the first an absolute path), stdin and stderr on
    /// /dev/null; nil when it cannot start, exits non-zero, prints over 64 KB or outlives
    /// `timeout` (then it is killed).
    static func run(_ arguments: [String], environment: [String], timeout: Duration) -> String? {
        guard let pipe = ChildProcess.makeCloseOnExecPipe() else { return nil }
        let fds = [pipe.read, pipe.write]
        defer { close(fds[0]) }
        // In a process group of its own, like every child of the package.
        let pid = try? ChildProcess.spawn(arguments[0], arguments: Array(arguments.dropFirst()), stdin: nil, stdout: fds[1],
                                          processGroup: 0, environment: environment)
        close(fds[1])
        guard let pid else { return nil }

        let deadline = ContinuousClock.now + timeout
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var finished = false
        while !finished, output.count <= 65_536 {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(left / .milliseconds(1)))
            // Not Syscall.retryingOnInterrupt: the wait left is worked out again first.
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = Syscall.retryingOnInterrupt { read(fds[0], &buffer, buffer.count) }
            if count <= 0 { finished = true } else { output += buffer[..<count] }
        }
        if !finished { kill(pid, SIGKILL) }
        var status: Int32 = 0
        _ = Syscall.retryingOnInterrupt { waitpid(pid, &status, 0) }
        // Exited normally with status 0: WIFEXITED and WEXITSTATUS by hand (they are macros).
        guard finished, status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
