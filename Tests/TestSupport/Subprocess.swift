import Foundation

/// Starts a program with posix_spawn and waits for it with waitpid.
public enum Subprocess {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Runs `argv` (an absolute path first) with stdin from `inputPath`, stdout into `outputPath`
    /// and stderr into `errorPath` (or with stdout); returns its exit status.
    @discardableResult
    public static func run(_ argv: [String], inputPath: String = "/dev/null", outputPath: String, errorPath: String? = nil) throws -> Int32 {
        let pid = try spawn(argv, input: .path(inputPath), outputPath: outputPath, errorPath: errorPath)
        return try wait(for: pid, program: argv[0])
    }

    /// A started program whose stdin is a pipe this process writes.
    public struct Running: Sendable {
        public let pid: pid_t
        /// The write end of the program's stdin.
        public let input: Int32

        /// Writes `text` to the program's stdin.
        public func write(_ text: String) {
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { Foundation.write(input, $0.baseAddress! + offset, $0.count - offset) }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Starts `argv` with a pipe on stdin and stdout/stderr into files; does not wait.
    public static func start(_ argv: [String], outputPath: String, errorPath: String) throws -> Running {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed: \(String(cString: strerror(errno)))") }
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        defer { close(fds[0]) }
        do {
            let pid = try spawn(argv, input: .descriptor(fds[0]), outputPath: outputPath, errorPath: errorPath)
            return Running(pid: pid, input: fds[1])
        } catch {
            close(fds[1])
            throw error
        }
    }

    /// Waits for `pid` and returns its exit status (128 + signal when killed).
    public static func wait(for pid: pid_t, program: String = "child") throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else {
                throw Failure(description: "waitpid failed for \(program): \(String(cString: strerror(errno)))")
            }
        }
        // WIFEXITED / WEXITSTATUS are macros; decode the status word by hand.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// `wait(for:program:)` on a thread of its own: a blocking waitpid on the cooperative
    /// pool's two threads stalls every other test's timers (LAB-NOTES).
    public static func waitOffPool(for pid: pid_t, program: String = "child") async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try wait(for: pid, program: program) }) }
        }
    }

    private enum Input {
        case path(String)
        case descriptor(Int32)
    }

    private static func spawn(_ argv: [String], input: Input, outputPath: String, errorPath: String?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch input {
        case .path(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }

        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArguments.append(nil)
        defer { cArguments.forEach { free($0) } }

        // The calling thread may be a concurrency worker with most signals blocked, and posix_spawn
        // passes the mask on: a tmux server that inherits it never sees SIGCHLD and outlives its
        // session. Start children with an empty mask and default handlers instead.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var cEnvironment: [UnsafeMutablePointer<CChar>?] = childEnvironment.map { strdup($0) }
        cEnvironment.append(nil)
        defer { cEnvironment.forEach { free($0) } }

        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        return pid
    }
}

extension Subprocess {
    /// What every child gets: this process's environment, no public pack index unless the
    /// test names one, and no translation memory unless the test turns it on.
    ///
    /// The binary's default repositories include the public Argos index on the internet, which
    /// tests must never ask (there is none here; it would fail or hang): an empty
    /// HIKE_REVIEWS_PUBLIC_INDEX_URL leaves it out of the defaults. `/usr/bin/env NAME=VALUE` in
    /// a test's argv still overrides it, and tmux servers started here pass it on to their panes.
    /// A test that clears the environment (`env -i`) sets it itself.
    ///
    /// HIKE_REVIEWS_CACHE=0 (unless this process's environment sets HIKE_REVIEWS_CACHE): a child
    /// never reads or writes the user's ~/.cache, and a test that translates a text twice, or
    /// kills a pipeline, still reaches a pipeline. Tests of the memory pass
    /// `HIKE_REVIEWS_CACHE=1 HIKE_REVIEWS_CACHE_DIR=<their own folder>` (`memoryVariables`).
    ///
    /// PYTHONDONTWRITEBYTECODE=1: the fixtures' Python scripts (and what they import from
    /// Sources/) leave no `__pycache__` in the work tree.
    public static var childEnvironment: [String] {
        var variables: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            variables.append(String(cString: entry))
            pointer += 1
        }
        if !variables.contains(where: { $0.hasPrefix(publicIndexVariable + "=") }) { variables.append(publicIndexVariable + "=") }
        if !variables.contains(where: { $0.hasPrefix(cacheVariable + "=") }) { variables.append(cacheVariable + "=0") }
        if !variables.contains(where: { $0.hasPrefix("PYTHONDONTWRITEBYTECODE=") }) { variables.append("PYTHONDONTWRITEBYTECODE=1") }
        return variables
    }

    /// The variable that turns the translation memory off ("0") in children.
    public static let cacheVariable = "HIKE_REVIEWS_CACHE"

    /// `NAME=VALUE` words (for `/usr/bin/env` in a child's argv) that turn the memory on, in
    /// `folder` rather than the user's cache.
    public static func memoryVariables(folder: String) -> [String] {
        [cacheVariable + "=1", "HIKE_REVIEWS_CACHE_DIR=" + folder]
    }

    /// The variable that names (or, empty, leaves out) the public index in the binary's defaults.
    public static let publicIndexVariable = "HIKE_REVIEWS_PUBLIC_INDEX_URL"

    /// Runs `argv` with `input` on stdin; returns its exit status and what it printed on stdout.
    public static func output(of argv: [String], input: String) throws -> (status: Int32, output: String, error: String) {
        let folder = Scratch.root.appendingPathComponent("subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputPath = folder.appendingPathComponent("in").path
        let outputPath = folder.appendingPathComponent("out").path
        try input.write(toFile: inputPath, atomically: true, encoding: .utf8)
        let errorPath = folder.appendingPathComponent("err").path
        let status = try run(argv, inputPath: inputPath, outputPath: outputPath, errorPath: errorPath)
        return (status, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "", (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}

extension Subprocess {
    /// A finished program's exit status, output and what it used: its own CPU time (wait4) and
    /// its peak memory (VmHWM in /proc, read while it runs: wait4's ru_maxrss of a child started
    /// by posix_spawn includes this process's own peak, since the child shares its memory until
    /// it execs).
    public struct Measured: Sendable {
        public var status: Int32
        public var output: String
        public var error: String
        public var wall: Duration
        /// User plus system CPU time, in seconds.
        public var cpuSeconds: Double
        /// Peak resident memory seen, in bytes.
        public var maxResidentBytes: Int
    }

    /// Runs `argv` with `input` on stdin, as `output(of:input:)`, and measures it; the peak
    /// memory is read every 20 ms (a high-water mark: only the last 20 ms of its life can escape).
    public static func measured(_ argv: [String], input: String) throws -> Measured {
        let folder = Scratch.root.appendingPathComponent("subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputPath = folder.appendingPathComponent("in").path
        let outputPath = folder.appendingPathComponent("out").path
        let errorPath = folder.appendingPathComponent("err").path
        try input.write(toFile: inputPath, atomically: true, encoding: .utf8)
        let start = ContinuousClock.now
        let pid = try spawn(argv, input: .path(inputPath), outputPath: outputPath, errorPath: errorPath)
        var status: Int32 = 0
        var usage = rusage()
        var peakKB = 0
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            guard waited == 0 || errno == EINTR else {
                throw Failure(description: "wait4 failed for \(argv[0]): \(String(cString: strerror(errno)))")
            }
            peakKB = max(peakKB, highWaterKB(of: pid))
            usleep(20_000)
        }
        let wall = ContinuousClock.now - start
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return Measured(status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
                        output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
                        error: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "",
                        wall: wall, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), maxResidentBytes: peakKB * 1024)
    }

    /// `measured(_:input:)` on a thread of its own: a test waiting on the cooperative pool's two
    /// threads stalls every other test's tasks (LAB-NOTES).
    public static func measuredOffPool(_ argv: [String], input: String) async throws -> Measured {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try measured(argv, input: input) }) }
        }
    }

    /// `VmHWM` of a running process, in kB (0 when it cannot be read).
    private static func highWaterKB(of pid: pid_t) -> Int {
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/status") else { return 0 }
        defer { try? handle.close() }
        let text = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }
}
