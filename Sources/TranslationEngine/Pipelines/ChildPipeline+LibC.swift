import Foundation

extension ChildPipeline {
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    // Glibc's module map hides these GNU extensions from Swift, so look them up at run time.
    nonisolated(unsafe) private static let libc = dlopen(nil, RTLD_NOW)
    private static let pipe2Function: Pipe2? =
        dlsym(libc, "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
    private static let closeFromFunction: CloseFrom? =
        dlsym(libc, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }

    /// Creates a pipe whose both ends are close-on-exec, atomically when libc allows it.
    static func makeCloseOnExecPipe() -> (read: Int32, write: Int32)? {
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
}
