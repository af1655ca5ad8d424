import Dispatch
import Foundation
import Synchronization

extension ChildProcess {
    /// Runs `executable` once as a filter: `input` on its stdin, its whole stdout returned.
    ///
    /// For programs that read to end of file before they answer (Apertium's deformatters and
    /// reformatters), which a warm, NUL-flushed pipeline cannot serve. The program leads no
    /// group of its own: it joins a `GroupGuard`'s, so it dies with us, and at `timeout` the
    /// whole group is killed and the call throws `timedOut`. Writing and reading run on their
    /// own threads, off the cooperative pool, so a large input never deadlocks on a full pipe.
    /// - Throws: `ChildProcessError.spawnFailed`, `.timedOut`, or `.stageDied` when it exits
    ///   with a status other than 0 or is killed.
    static func filter(_ executable: String, arguments: [String] = [], input: [UInt8], environment: [String],
                       timeout: Duration) async throws -> [UInt8] {
        signal(SIGPIPE, SIG_IGN)
        let guardian = try GroupGuard.spawn(environment: environment)
        guard let stdin = makeCloseOnExecPipe() else {
            guardian.killGroup()
            guardian.release()
            throw ChildProcessError.spawnFailed(program: "pipe", errno: errno)
        }
        guard let stdout = makeCloseOnExecPipe() else {
            close(stdin.read)
            close(stdin.write)
            guardian.killGroup()
            guardian.release()
            throw ChildProcessError.spawnFailed(program: "pipe", errno: errno)
        }
        let pid: pid_t
        do {
            pid = try spawn(executable, arguments: arguments, stdin: stdin.read, stdout: stdout.write,
                            processGroup: guardian.pid, environment: environment)
        } catch {
            for fd in [stdin.read, stdin.write, stdout.read, stdout.write] { close(fd) }
            guardian.killGroup()
            guardian.release()
            throw error
        }
        close(stdin.read)
        close(stdout.write)
        // (finished, timed out): the timer kills the group only while the guard is unreaped.
        let state = Mutex((finished: false, timedOut: false))
        at(.now() + interval(timeout)) {
            state.withLock { state in
                guard !state.finished else { return }
                state.timedOut = true
                guardian.killGroup()
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                // The writer's own thread: the program may answer before it has read everything.
                let writer = DispatchGroup()
                DispatchQueue.global(qos: .utility).async(group: writer) {
                    _ = FileDescriptorIO.writeAll(stdin.write, input)
                    close(stdin.write)
                }
                var output: [UInt8] = []
                var reader = ChunkReader(fd: stdout.read)
                while let chunk = reader.next() { output += chunk }
                close(stdout.read)
                writer.wait()
                var status: Int32 = 0
                _ = Syscall.retryingOnInterrupt { waitpid(pid, &status, 0) }
                let timedOut = state.withLock { state in
                    state.finished = true
                    guardian.killGroup()
                    return state.timedOut
                }
                guardian.release()
                if timedOut {
                    continuation.resume(throwing: ChildProcessError.timedOut)
                } else if status != 0 {
                    continuation.resume(throwing: ChildProcessError.stageDied)
                } else {
                    continuation.resume(returning: output)
                }
            }
        }
    }
}
