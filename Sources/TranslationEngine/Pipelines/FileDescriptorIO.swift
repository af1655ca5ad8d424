import Foundation

/// Blocking reads and writes on raw file descriptors, retried on EINTR: the one copy of the
/// loops the pipelines' threads and the downloader need.
enum FileDescriptorIO {
    /// Writes every byte; false on any error other than EINTR (errno tells which).
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
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
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return buffer[..<count]
        }
    }
}
