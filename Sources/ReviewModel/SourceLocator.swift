/// Converts byte offsets into 1-based lines and columns.
///
/// Positions are computed only when an error is reported, so the parser's hot
/// loop does not have to track lines and columns for every byte.
enum SourceLocator {
    /// Line and column (in Unicode scalars) of the byte at `offset`; `offset` may equal the length, meaning end of file.
    ///
    /// Everything before `offset` must be valid UTF-8, which holds because parsing
    /// stops at the first invalid byte.
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        // A byte order mark is invisible in editors, so it does not take a column.
        var lineStart = JSONParser.byteOrderMarkLength(in: bytes)
        var line = 1
        var index = 0
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        index = lineStart
        while index < end {
            // Every scalar has exactly one byte that is not a continuation byte.
            if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
