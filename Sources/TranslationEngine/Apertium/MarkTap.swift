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
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> (output: [UInt8], finished: [[String]]) {
        var output: [UInt8] = []
        var finished: [[String]] = []
        output.reserveCapacity(chunk.count)
        for byte in chunk {
            guard byte == 0 else {
                segment.append(byte)
                continue
            }
            if let start = Self.terminatorStart(segment) {
                output += strip(Array(segment[..<start]))
                output += segment[start...]
                finished.append(words.markedWords)
                words = UnknownWords.Collector()
            } else {
                output += strip(segment)
            }
            output.append(0)
            segment.removeAll(keepingCapacity: true)
        }
        return (output, finished)
    }

    /// Where a request's terminator blank `[digits]` starts, if the segment ends with one.
    static func terminatorStart(_ segment: [UInt8]) -> Int? {
        guard segment.count >= 3, segment.last == UInt8(ascii: "]") else { return nil }
        var index = segment.count - 2
        while index >= 0, segment[index] >= UInt8(ascii: "0") && segment[index] <= UInt8(ascii: "9") { index -= 1 }
        guard index >= 0, index < segment.count - 2, segment[index] == UInt8(ascii: "[") else { return nil }
        // An escaped bracket is the user's, not ours.
        if index > 0 && segment[index - 1] == UInt8(ascii: "\\") { return nil }
        return index
    }

    private mutating func strip(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let isMark = byte == UInt8(ascii: "*") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "@")
            // Every *, # and @ here is the generator's (the user's are placeholders), even
            // right after a placeholder's bytes.
            if isMark {
                var end = index + 1
                while end < bytes.count && Self.isWordByte(bytes[end]) { end += 1 }
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
        return out
    }

    /// Letters and digits of any script (every byte of a multi-byte character), `-` and `'`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "_")
    }
}
