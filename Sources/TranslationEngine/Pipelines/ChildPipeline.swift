import Dispatch
import Foundation
import Synchronization

/// One running generation of a pipeline: its processes, its two pipe ends and its reader thread.
///
/// A generation is never repaired: when it fails it is terminated as a whole and the owner
/// spawns a fresh one, which keeps the state machine small.
final class ChildPipeline: Sendable {
    /// Bytes read from the last stage that no request has claimed yet.
    struct Inbox {
        var bytes: [UInt8] = []
        var endOfStream = false
        /// Where the next nonce search starts, so long outputs are not rescanned from 0.
        var searchFrom = 0
    }

    /// Process ids, first stage to last.
    let pids: [pid_t]
    /// The process group shared by all stages (the first stage's pid).
    let processGroup: pid_t
    /// Parent's write end of the first stage's stdin (non-blocking).
    let inputFD: Int32
    /// Parent's read end of the last stage's stdout (owned by the reader thread).
    let outputFD: Int32

    let inbox = Mutex(Inbox())
    /// Signalled whenever the reader adds bytes or sees end of stream.
    let arrivals = DispatchSemaphore(value: 0)
    /// Signalled once when the reader thread has stopped touching `outputFD`.
    let readerDone = DispatchSemaphore(value: 0)
    let terminated = Mutex(false)

    init(pids: [pid_t], processGroup: pid_t, inputFD: Int32, outputFD: Int32) {
        self.pids = pids
        self.processGroup = processGroup
        self.inputFD = inputFD
        self.outputFD = outputFD
    }

    deinit {
        close(inputFD)
    }

    /// Starts the dedicated reader thread; blocking reads must stay off the cooperative pool.
    func startReader() {
        let thread = Thread { [self] in self.readLoop() }
        thread.name = "apertium-reader"
        thread.start()
    }

    private func readLoop() {
        let capacity = 64 * 1024
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        while true {
            let count = read(outputFD, buffer, capacity)
            if count > 0 {
                let chunk = UnsafeBufferPointer(start: buffer, count: count)
                inbox.withLock { $0.bytes.append(contentsOf: chunk) }
                arrivals.signal()
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                inbox.withLock { $0.endOfStream = true }
                arrivals.signal()
                break
            }
        }
        readerDone.signal()
    }

    /// Kills the whole process group, reaps every stage and closes the fds. Idempotent.
    func terminate() {
        let already = terminated.withLock { done in
            defer { done = true }
            return done
        }
        if already { return }
        kill(-processGroup, SIGKILL)
        // Belt and braces: a stage that somehow left the group must die too.
        for pid in pids { kill(pid, SIGKILL) }
        // inputFD stays open until deinit: a request thread may still be writing to it, and
        // closing it here could let that write land on an unrelated, reused descriptor. With
        // every reader dead, such a write fails with EPIPE instead.
        for pid in pids {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        // Every writer of the output pipe is dead now, so the reader sees EOF promptly.
        readerDone.wait()
        close(outputFD)
    }
}
