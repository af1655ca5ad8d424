import Dispatch
import Foundation

extension ChildPipeline {
    /// Writes one framed request and waits for the output that precedes its nonce.
    func exchange(_ request: [UInt8], nonce: String, deadline: DispatchTime) throws -> [UInt8] {
        try write(request, deadline: deadline)
        return try awaitResponse(nonce: nonce, deadline: deadline)
    }

    /// Writes everything or throws; the reader thread drains output meanwhile, so a large
    /// request cannot deadlock on full pipe buffers.
    private func write(_ bytes: [UInt8], deadline: DispatchTime) throws {
        var offset = 0
        try bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while offset < raw.count {
                let written = Foundation.write(inputFD, base + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                let code = errno
                if written < 0 && code == EINTR { continue }
                guard written < 0 && (code == EAGAIN || code == EWOULDBLOCK) else {
                    throw PipelineError.stageDied  // EPIPE: the first stage is gone
                }
                var descriptor = pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&descriptor, 1, Self.milliseconds(until: deadline))
                if ready == 0 { throw PipelineError.timedOut }
                if ready < 0 && errno != EINTR { throw PipelineError.stageDied }
                if descriptor.revents & Int16(POLLERR | POLLHUP) != 0 { throw PipelineError.stageDied }
            }
        }
    }

    private func awaitResponse(nonce: String, deadline: DispatchTime) throws -> [UInt8] {
        let marker = StreamFormat.terminator(nonce: nonce)
        while true {
            let outcome: Result<[UInt8], PipelineError>? = inbox.withLock { inbox in
                if let end = Self.find(marker, in: inbox.bytes, from: inbox.searchFrom) {
                    // The answer ends at the NUL that precedes the nonce's own segment.
                    var answer = Array(inbox.bytes[..<end])
                    if let lastNul = answer.lastIndex(of: 0) { answer.removeSubrange(lastNul...) }
                    inbox.bytes.removeSubrange(..<(end + marker.count))
                    inbox.searchFrom = 0
                    return .success(answer.filter { $0 != 0 })
                }
                inbox.searchFrom = max(0, inbox.bytes.count - marker.count)
                return inbox.endOfStream ? .failure(.stageDied) : nil
            }
            if let outcome { return try outcome.get() }
            if arrivals.wait(timeout: deadline) == .timedOut { throw PipelineError.timedOut }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func milliseconds(until deadline: DispatchTime) -> Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        guard deadline.uptimeNanoseconds > now else { return 0 }
        return Int32(clamping: (deadline.uptimeNanoseconds - now + 999_999) / 1_000_000)
    }
}
