import Dispatch
import Foundation

extension ChildPipeline {
    /// Writes one framed request and waits for the output that precedes its terminator.
    ///
    /// Throws `ChildPipeline.Failure` when the generation dies or the request, once at the
    /// head of the line, takes longer than `timeout`.
    func submit(_ request: [UInt8], terminator marker: [UInt8], timeout: Duration) async throws -> Answer {
        let interval = ChildProcess.interval(timeout)
        return try await withCheckedThrowingContinuation { continuation in
            writer.async { [self] in
                let outcome = inbox.withLock { inbox -> Result<UInt64, ChildProcessError> in
                    let admitted = inbox.ledger.admit()
                    if case .success(let id) = admitted {
                        if inbox.waiters.isEmpty { inbox.headSince = .now() }
                        inbox.waiters.append(Waiter(id: id, marker: marker, continuation: continuation))
                    }
                    return admitted
                }
                switch outcome {
                case .failure(let error):
                    continuation.resume(throwing: Failure(error: error, blamed: false))
                case .success(let id):
                    watch(id, after: interval)
                    // EPIPE: the first stage is gone. What it passed on may still come out.
                    if !write(request) { failAfterDraining(.stageDied) }
                }
            }
        }
    }

    /// Looks at a waiter again when its time may be up.
    private func watch(_ id: UInt64, after interval: DispatchTimeInterval) {
        watch(id, at: .now() + interval, interval: interval)
    }

    private func watch(_ id: UInt64, at deadline: DispatchTime, interval: DispatchTimeInterval) {
        ChildProcess.at(deadline) { [self] in check(id, interval: interval) }
    }

    /// Times the waiter out once it has been at the head of the line for `interval`; a waiter
    /// queued behind others has not started its clock yet.
    private func check(_ id: UInt64, interval: DispatchTimeInterval) {
        let due = inbox.withLock { inbox -> DispatchTime? in
            guard let index = inbox.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return index == 0 ? inbox.headSince + interval : .now() + interval
        }
        guard let due else { return }
        if due <= .now() {
            // Fail first, so the EOF the kill causes is not mistaken for a crash.
            fail(.timedOut)
            process.killGroup()
        } else {
            watch(id, at: due, interval: interval)
        }
    }

    /// Writes everything; false when the first stage is gone or the generation was killed.
    /// The reader thread drains output meanwhile, so a large request cannot deadlock on full
    /// pipe buffers.
    private func write(_ bytes: [UInt8]) -> Bool {
        FileDescriptorIO.writeAll(nonBlocking: process.inputFD, bytes) { hasFailed }
    }
}
