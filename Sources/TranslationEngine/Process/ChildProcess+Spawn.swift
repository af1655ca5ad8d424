import Foundation

/// How children start: close-on-exec pipes, the package's one `posix_spawn`, the environment
/// children see. Apertium's stages, the tagger, the group guard and the neural worker all start
/// through it.
extension ChildProcess {
    /// Where children's programs are looked for when the host names no `PATH`.
    @usableFromInline static let systemPath = "/usr/local/bin:/usr/bin:/bin"

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    // Glibc's module map hides these GNU extensions from Swift, so look them up at run time.
    nonisolated(unsafe) private static let libc = dlopen(nil, RTLD_NOW)
    private static let pipe2Function: Pipe2? =
        dlsym(libc, "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
    private static let closeFromFunction: CloseFrom? =
        dlsym(libc, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }

    /// Creates a pipe whose both ends are close-on-exec, atomically when libc allows it.
    package static func makeCloseOnExecPipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        if let pipe2Function {
            guard pipe2Function(&fds, O_CLOEXEC) == 0 else { return nil }
        } else {
            guard pipe(&fds) == 0 else { return nil }
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }

    /// Asks posix_spawn to close every fd from 3 up in the child, so descriptors the host
    /// leaked without CLOEXEC cannot hold our pipes open either.
    static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        _ = closeFromFunction?(&actions, 3)
    }

    /// Starts `executable` with `arguments` in `processGroup` (0: a new group of its own), its
    /// stdin, stdout and stderr on those descriptors (nil: /dev/null), SIGPIPE back to its default
    /// and nothing else of the host's descriptors: the package's one `posix_spawn`.
    package static func spawn(
        _ executable: String, arguments: [String], stdin: Int32?, stdout: Int32?, stderr: Int32? = nil,
        processGroup: pid_t, environment: [String]
    ) throws(ChildProcessError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let stdout {
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        // Stage diagnostics would interleave with the host's output; only the tagger's are read.
        if let stderr {
            posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        closeInheritedDescriptors(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // We ignore SIGPIPE in the host; ignored dispositions survive exec, so reset it or a
        // stage would loop on EPIPE instead of dying when its reader goes away.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, processGroup)
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // ETXTBSY: a program written a moment ago can still be open for writing in a child that
        // another thread was forking at that moment; it passes within milliseconds.
        for _ in 0..<50 where result == ETXTBSY {
            usleep(10_000)
            result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        guard result == 0 else { throw ChildProcessError.spawnFailed(program: executable, errno: result) }
        return pid
    }

    /// The host's variables for children, with the locale pinned to C.UTF-8.
    ///
    /// The stages read UTF-8 and nothing else of the locale, but the C++ ones build
    /// `std::locale("")` from `LANG`/`LC_*`: where those name a locale that is not installed
    /// (`LANG=en_US.UTF-8` in a container that has only C.UTF-8, or over ssh) apertium-tagger
    /// throws and dies, and others warn. C.UTF-8 exists on every Debian system, and pinning it
    /// makes the output independent of the user's locale.
    static func environment(_ host: [String: String]) -> [String] {
        var environment = host.filter { key, _ in key != "LANG" && key != "LANGUAGE" && !key.hasPrefix("LC_") }
        environment["LC_ALL"] = "C.UTF-8"
        return environment.map { "\($0.key)=\($0.value)" }.sorted()
    }
}
