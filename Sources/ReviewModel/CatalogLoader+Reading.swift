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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw failure("no such file: \(DiagnosticText.sanitized(path))")
        }
        guard !isDirectory.boolValue else {
            throw failure("\(DiagnosticText.sanitized(path)) is a directory, not a file")
        }

        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw failure("cannot open the file: \(describe(error))")
        }
        defer { try? handle.close() }

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

    private static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError, error.code == .fileReadNoPermission {
            return "permission denied"
        }
        return DiagnosticText.sanitized(error.localizedDescription)
    }
}
