import Foundation
import TranslationEngine

/// Reads a file descriptor line by line with `read(2)`, in time linear in its size.
///
/// Each byte is looked at once (the search for the next newline resumes where the last one
/// stopped), and a line longer than `maxLineBytes` is skipped as it streams past instead of
/// being gathered, so a 50 MB line costs what reading it costs. A line that is not valid UTF-8
/// (a stray byte, Latin-1 text) comes as its bytes, so the command can pass it through as it
/// was and say so, instead of translating U+FFFD or mojibake.
struct LineReader {
    /// One input line.
    enum Line: Equatable {
        /// The line without its "\n" (and a "\r" before it).
        case text(String)
        /// A line that is not valid UTF-8: its bytes, without the "\n" (and a "\r" before it).
        case notUTF8([UInt8])
        /// A line longer than the limit, with its length in bytes; its text was not kept.
        case tooLong(bytes: Int)
        /// Reading failed (errno's message); nothing more comes from this input.
        case unreadable(String)
    }

    /// Lines longer than this are refused: 16 MB, far beyond any review, and the most one line
    /// may hold in memory (several copies of it are made on its way through the engine).
    static let defaultMaxLineBytes = 16 * 1024 * 1024

    private let fd: Int32
    private let closesDescriptor: Bool
    let maxLineBytes: Int
    private var buffer: [UInt8] = []
    /// Where the current line starts in `buffer`, and how far it has been searched.
    private var lineStart = 0
    private var searched = 0
    /// Bytes of the current line already dropped because it is over the limit, or nil.
    private var skipped: Int?
    private var finished = false
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    init(fd: Int32, closesDescriptor: Bool, maxLineBytes: Int = LineReader.defaultMaxLineBytes) {
        self.fd = fd
        self.closesDescriptor = closesDescriptor
        self.maxLineBytes = maxLineBytes
    }

    /// Closes the descriptor if this reader opened it.
    func close() {
        if closesDescriptor { _ = Foundation.close(fd) }
    }

    /// Everything left in the input, as one text: nil with how many bytes there were when
    /// over `limit`, or the failure as a line says it. What `translate --format html` reads: a
    /// document is one text, not a text per line.
    mutating func rest(limit: Int) -> Line {
        var bytes = Array(buffer[lineStart...])
        buffer.removeAll()
        lineStart = 0
        searched = 0
        var total = bytes.count
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in Syscall.retryingOnInterrupt { read(fd, raw.baseAddress, raw.count) } }
            if count < 0 { return .unreadable(String(cString: strerror(errno))) }
            if count == 0 { break }
            total += count
            if total <= limit { bytes += chunk[..<count] } else { bytes = [] }
        }
        finished = true
        if total > limit { return .tooLong(bytes: total) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notUTF8(bytes) }
        return .text(text)
    }

    /// The next line, or nil at the end.
    mutating func nextLine() -> Line? {
        while true {
            if let newline = Self.newline(in: buffer, from: searched) {
                defer {
                    lineStart = newline + 1
                    searched = lineStart
                    skipped = nil
                }
                if let skipped { return .tooLong(bytes: skipped + newline - lineStart) }
                // Over the limit but read whole, its newline in the same read: refused all the same.
                if newline - lineStart > maxLineBytes { return .tooLong(bytes: newline - lineStart) }
                var end = newline
                if end > lineStart && buffer[end - 1] == 0x0D { end -= 1 }
                return Self.line(buffer[lineStart..<end])
            }
            searched = buffer.count
            if buffer.count - lineStart > maxLineBytes {
                // Over the limit: keep counting, stop keeping.
                skipped = (skipped ?? 0) + buffer.count - lineStart
                buffer.removeAll(keepingCapacity: true)
                lineStart = 0
                searched = 0
            }
            if finished {
                guard lineStart < buffer.count || skipped != nil else { return nil }
                defer {
                    buffer.removeAll()
                    lineStart = 0
                    searched = 0
                    skipped = nil
                }
                if let skipped { return .tooLong(bytes: skipped + buffer.count - lineStart) }
                if buffer.count - lineStart > maxLineBytes { return .tooLong(bytes: buffer.count - lineStart) }
                return Self.line(buffer[lineStart...])
            }
            // Drop what earlier lines used before reading more, so the buffer holds one line.
            if lineStart > 0 {
                buffer.removeSubrange(..<lineStart)
                searched -= lineStart
                lineStart = 0
            }
            let count = chunk.withUnsafeMutableBytes { raw in Syscall.retryingOnInterrupt { read(fd, raw.baseAddress, raw.count) } }
            if count < 0 {
                finished = true
                let message = String(cString: strerror(errno))
                buffer.removeAll()
                lineStart = 0
                searched = 0
                skipped = nil
                return .unreadable(message)
            }
            if count == 0 {
                finished = true
            } else {
                buffer.append(contentsOf: chunk[..<count])
            }
        }
    }

    /// Whether `nextLine()` can answer (with a line, or with the end) without reading the
    /// descriptor: a whole line is in the buffer, or the input has ended.
    ///
    /// A batch of lines takes only these, so a line typed at a terminal or written alone into
    /// a pipe is answered when it arrives, not when the next ones fill a batch. The search
    /// resumes where the last one stopped, as `nextLine()`'s does.
    mutating func hasLineWithoutReading() -> Bool {
        if finished { return true }
        if let newline = Self.newline(in: buffer, from: searched) {
            // Every byte before it has been searched: `nextLine()` finds it at once.
            searched = newline
            return true
        }
        searched = buffer.count
        return false
    }

    /// The next line and, after it, the lines that follow it in the buffer (at most `limit`
    /// in all); empty at the end. Only the first line may wait for input.
    mutating func nextLines(limit: Int) -> [Line] {
        guard let first = nextLine() else { return [] }
        var lines = [first]
        while lines.count < limit, hasLineWithoutReading(), let line = nextLine() {
            lines.append(line)
        }
        return lines
    }

    /// A line's bytes as text, or as bytes when they are not valid UTF-8.
    private static func line(_ bytes: ArraySlice<UInt8>) -> Line {
        if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
        return .notUTF8(Array(bytes))
    }

    /// The one warning for a line that is not UTF-8.
    static let notUTF8Message = "not UTF-8; passed through unchanged"

    /// The index of the first "\n" at or after `start` (memchr: a 16 MB line is searched in
    /// a millisecond, where a generic search in a debug build took a second).
    private static func newline(in buffer: [UInt8], from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let found = memchr(base + start, 0x0A, raw.count - start) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// The per-line error for a line over the limit.
    static func tooLongMessage(bytes: Int, limit: Int) -> String {
        "longer than \(limit / (1024 * 1024)) MB (\(bytes) bytes): not read; split it into lines"
    }
}
