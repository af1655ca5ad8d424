import Foundation

/// A small `/bin/sh` that leads a process group of our children and kills the whole group when
/// this process ends, however it ends (exit, SIGINT, SIGTERM, a crash, `kill -9`).
///
/// The guard waits on a pipe that only this process can write to, and never does: when this
/// process is gone the kernel closes its end, `read` sees end of file, and the guard runs
/// `kill -s KILL 0`, which kills every process in its group, itself included. The stages and
/// workers join the guard's group, so none of them outlives us even when busy (a stage inside
/// a long token, a worker inside a batch), which a child watching its own stdin cannot promise.
///
/// Why not `PR_SET_PDEATHSIG`: `posix_spawn` cannot set it, it fires when the spawning *thread*
/// exits (a pool thread that ends would kill a healthy worker), and an exec wrapper binary would
/// have to ship beside every library user. `/bin/sh` exists on every POSIX system and costs one
/// small process per pipeline or worker.
struct GroupGuard: Sendable {
    /// The guard's pid, which is also the group's id while the guard or any member lives.
    let pid: pid_t
    /// Our write end of the guard's stdin: never written, closed when we exit (or in `release`).
    let fd: Int32

    /// What the guard runs: wait for end of file, then kill the group.
    static let script = "read line; kill -s KILL 0"

    /// Starts a guard in a new process group; children spawned with `processGroup: pid` join it.
    static func spawn(environment: [String]) throws -> GroupGuard {
        guard let pipe = ChildProcess.makeCloseOnExecPipe() else {
            throw ChildProcessError.spawnFailed(program: "pipe", errno: errno)
        }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn("/bin/sh", arguments: ["-c", script],
                                         stdin: pipe.read, stdout: nil, processGroup: 0, environment: environment)
        } catch {
            close(pipe.read)
            close(pipe.write)
            throw error
        }
        close(pipe.read)
        return GroupGuard(pid: pid, fd: pipe.write)
    }

    /// Kills the group at once (the guard too); `release()` still has to reap the guard.
    func killGroup() {
        kill(-pid, SIGKILL)
    }

    /// Reaps the guard once the group was killed, and closes our end of its pipe.
    func release() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = Syscall.retryingOnInterrupt { waitpid(pid, &status, 0) }
        close(fd)
    }
}
