import Foundation

/// Takes the generator's unknown-word marks out of the stream between the generator and the
/// stages after it (post-generation), recording the marked words per request.
///
/// The generator runs with `-g`, which writes `*word`, `#word` or `@word` and is otherwise
/// byte for byte what `-n` writes; stripping the marks before post-generation keeps its rules
/// (French elision, Catalan apostrophes) working as they do for `apertium -u`. The user's own
/// `*`, `#` and `@` were turned into placeholders before the request, so every one of these
/// bytes here is a mark.
struct MarkTap {
    /// Bytes of the segment being read (up to its NUL).
    private var segment: [UInt8] = []
    /// Words marked since the last request ended.
    private var words = UnknownWords.Collector()

    /// Feeds a chunk; returns the bytes to pass on and, for every request that ended in the
    /// chunk, its unknown words (in order, `#` or `@` in front of a word so marked:
    /// `UnknownWords.Collector.markedWords`).
    ///
    /// Every review's output passes here, so it is copied in runs, not byte by byte: a segment is
    /// gathered up to its NUL with memchr, and one without marks (most) goes out as it came.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> (output: [UInt8], finished: [[String]]) {
        var output: [UInt8] = []
        var finished: [[String]] = []
        output.reserveCapacity(chunk.count)
        var start = 0
        while start < chunk.count, let base = chunk.baseAddress {
            guard let found = memchr(base + start, 0, chunk.count - start) else {
                segment += UnsafeBufferPointer(rebasing: chunk[start...])
                break
            }
            let nul = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let whole: ArraySlice<UInt8>
            if segment.isEmpty {
                whole = ArraySlice(UnsafeBufferPointer(rebasing: chunk[start..<nul]))
            } else {
                segment += UnsafeBufferPointer(rebasing: chunk[start..<nul])
                whole = segment[...]
            }
            if let end = Self.terminatorStart(whole) {
                strip(whole[..<end], into: &output)
                output += whole[end...]
                finished.append(words.markedWords)
                words = UnknownWords.Collector()
            } else {
                strip(whole, into: &output)
            }
            output.append(0)
            segment.removeAll(keepingCapacity: true)
            start = nul + 1
        }
        return (output, finished)
    }

    /// Where a request's terminator blank `[digits]` starts, if the segment ends with one.
    static func terminatorStart(_ segment: ArraySlice<UInt8>) -> Int? {
        let first = segment.startIndex
        guard segment.count >= 3, segment.last == UInt8(ascii: "]") else { return nil }
        var index = segment.endIndex - 2
        while index >= first, segment[index] >= UInt8(ascii: "0") && segment[index] <= UInt8(ascii: "9") { index -= 1 }
        guard index >= first, index < segment.endIndex - 2, segment[index] == UInt8(ascii: "[") else { return nil }
        // An escaped bracket is the user's, not ours.
        if index > first && segment[index - 1] == UInt8(ascii: "\\") { return nil }
        return index
    }

    /// Appends `bytes` to `out` without the generator's marks, recording each marked word.
    private mutating func strip(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        guard bytes.contains(where: Self.isMark) else {
            out += bytes
            return
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            // Every *, # and @ here is the generator's (the user's are placeholders), even
            // right after a placeholder's bytes.
            if Self.isMark(byte) {
                var end = index + 1
                while end < bytes.endIndex && Self.isWordByte(bytes[end]) { end += 1 }
                // Non-ASCII punctuation (« ¿ —) is not part of the word.
                let word = String(decoding: bytes[(index + 1)..<end], as: UTF8.self).prefix(while: PipelineTranslation.isWordCharacter)
                if !word.isEmpty { words.add([String(word)], marks: [String(word): Character(Unicode.Scalar(byte))]) }
                // The mark goes even when no word follows it: the generator marks a form it cannot
                // generate whatever it is ("#\$" for the "$" of "5$"), and `-n` writes none.
                index += 1
                continue
            }
            out.append(byte)
            index += 1
        }
    }

    private static func isMark(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "@")
    }

    /// Letters and digits of any script (every byte of a multi-byte character), `-` and `'`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "_")
    }
}
