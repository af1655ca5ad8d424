import Foundation

/// Blocking reads and writes on raw file descriptors, retried on EINTR: the one copy of the
/// loops the pipelines' threads, the downloader and the command line's standard streams need.
package enum FileDescriptorIO {
    /// Writes every byte; false on any error other than EINTR (errno tells which, EPIPE among them).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Syscall.retryingOnInterrupt { write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    /// Writes every byte to a non-blocking descriptor, waiting in poll(2) while the pipe is full;
    /// false on an error, a hang-up, or once `abandoned()` says the reader is being torn down
    /// (checked at least every 200 ms while waiting).
    static func writeAll(nonBlocking fd: Int32, _ bytes: [UInt8], abandoned: () -> Bool) -> Bool {
        var offset = 0
        return bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            while offset < raw.count {
                let written = Syscall.retryingOnInterrupt { write(fd, base + offset, raw.count - offset) }
                if written > 0 {
                    offset += written
                    continue
                }
                let code = errno
                guard written < 0 && (code == EAGAIN || code == EWOULDBLOCK) else { return false }
                if abandoned() { return false }
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                // An interrupted poll just goes round the loop again, like a timed-out one.
                let ready = poll(&descriptor, 1, 200)
                if ready < 0 && errno != EINTR { return false }
                if descriptor.revents & Int16(POLLERR | POLLHUP) != 0 { return false }
            }
            return true
        }
    }
}

/// Blocking reads of 64 KB chunks until end of file or an error.
struct ChunkReader {
    let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    init(fd: Int32) {
        self.fd = fd
    }

    mutating func next() -> ArraySlice<UInt8>? {
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in Syscall.retryingOnInterrupt { read(fd, raw.baseAddress, raw.count) } }
            guard count > 0 else { return nil }
            return buffer[..<count]
        }
    }
}
