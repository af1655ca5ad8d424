import Foundation

/// Reads a file descriptor line by line without loading it whole; invalid UTF-8 becomes U+FFFD.
struct LineReader {
    private let handle: FileHandle
    private var pending = Data()
    private var finished = false

    init(handle: FileHandle) {
        self.handle = handle
    }

    /// The next line without its "\n" (and a "\r" before it), or nil at the end.
    mutating func nextLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                var line = pending[pending.startIndex..<newline]
                pending = Data(pending[pending.index(after: newline)...])
                if line.last == 0x0D { line = line.dropLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if finished {
                guard !pending.isEmpty else { return nil }
                defer { pending = Data() }
                return String(decoding: pending, as: UTF8.self)
            }
            let chunk = handle.availableData
            if chunk.isEmpty {
                finished = true
            } else {
                pending.append(chunk)
            }
        }
    }
}
