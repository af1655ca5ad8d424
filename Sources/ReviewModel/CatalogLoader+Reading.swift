import Foundation

extension CatalogLoader {
    /// Bytes requested per read, so memory use follows the file rather than the limit.
    private static let chunkSize = 1 << 20

    /// Reads the file at `url`, refusing it when it is larger than `limits.maxBytes`.
    static func readCatalogFile(at url: URL, fileName: String, limits: LoadLimits) throws(CatalogLoadError) -> Data {
        func failure(_ message: String) -> CatalogLoadError {
            CatalogLoadError(file: fileName, line: 0, column: 0, message: message)
        }
        guard url.isFileURL else {
            throw failure("not a file URL: \(DiagnosticText.sanitized(url.absoluteString))")
        }
        let path = url.path
        // Anything but a regular file is refused before it is opened: opening a FIFO with no
        // writer blocks for ever, and a device or socket is never a routes file.
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno == ENOENT ? "no such file" : "cannot read the file"
            throw failure("\(reason): \(DiagnosticText.sanitized(path))")
        }
        if let kind = nonRegularKind(status.st_mode) {
            throw failure("\(DiagnosticText.sanitized(path)) is \(kind), not a regular file")
        }

        // O_NONBLOCK: if the path was swapped for a FIFO after the check, open returns at
        // once, and fstat of what was opened refuses it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            throw failure("cannot open the file: \(reason)")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? handle.close() }
        guard fstat(fd, &status) == 0 else {
            throw failure("cannot read the file: \(String(cString: strerror(errno)))")
        }
        if let kind = nonRegularKind(status.st_mode) {
            throw failure("\(DiagnosticText.sanitized(path)) is \(kind), not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)

        // The size comes from the open handle, so a symbolic link or a file replaced
        // after the existence check is measured as what will actually be read.
        var expectedSize = 0
        if let size = try? handle.seekToEnd() {
            guard size <= UInt64(max(limits.maxBytes, 0)) else {
                throw tooLarge(fileName: fileName, size: Int(clamping: size), limit: limits.maxBytes)
            }
            expectedSize = Int(size)
            do {
                try handle.seek(toOffset: 0)
            } catch {
                throw failure("cannot read the file: \(describe(error))")
            }
        }

        // Reading in bounded chunks also caps files that cannot be measured or that
        // grow while being read.
        var data = Data()
        data.reserveCapacity(expectedSize)
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: chunkSize)
            } catch {
                throw failure("cannot read the file: \(describe(error))")
            }
            guard let chunk, !chunk.isEmpty else { break }
            data.append(chunk)
            guard data.count <= limits.maxBytes else {
                let limit = DiagnosticText.byteCount(limits.maxBytes, fractionAlways: false)
                throw failure("file is larger than the limit of \(limit)")
            }
        }
        return data
    }

    /// What a file of mode `mode` is when it is not a regular file ("a FIFO"), or nil for a regular file.
    private static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError, error.code == .fileReadNoPermission {
            return "permission denied"
        }
        return DiagnosticText.sanitized(error.localizedDescription)
    }
}
