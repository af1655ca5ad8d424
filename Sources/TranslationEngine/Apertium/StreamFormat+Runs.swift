/// A stream already in Apertium's format, read as runs of text and blanks, for requests that
/// arrive deformatted (an Apertium deformatter's output, a text with kept spans) and must come
/// back with every blank where the stages left it.
extension StreamFormat {
    /// One run of a stream.
    enum Run: Equatable {
        /// Text the stages translate, unescaped.
        case text(String)
        /// A blank or superblank as written, brackets and escapes included (`[<b>]`,
        /// `[[t:b:x]]`): the stages carry it through without reading it.
        case blank([UInt8])
    }

    /// The runs of `bytes`. A blank ends at the `]` that closes its first `[` (word-bound
    /// blanks nest one level), escapes skipped; an unclosed blank runs to the end. NUL, the
    /// flush marker, is dropped.
    static func runs(of bytes: [UInt8]) -> [Run] {
        rawRuns(of: bytes).compactMap { run in
            if run.isBlank { return .blank(Array(bytes[run.range])) }
            let text = unescapedContent(bytes[run.range])
            return text.isEmpty ? nil : .text(text)
        }
    }

    /// Where each run of `bytes` is, escapes and all (see `runs`).
    static func rawRuns(of bytes: [UInt8]) -> [(isBlank: Bool, range: Range<Int>)] {
        let backslash = UInt8(ascii: "\\"), open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        var runs: [(isBlank: Bool, range: Range<Int>)] = []
        var textStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == backslash {
                index += 2
            } else if byte == open {
                if textStart < index { runs.append((false, textStart..<index)) }
                var depth = 0
                let start = index
                while index < bytes.count {
                    let inner = bytes[index]
                    if inner == backslash {
                        index += 2
                        continue
                    }
                    if inner == open { depth += 1 }
                    if inner == close {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index += 1
                }
                index = min(index + 1, bytes.count)
                runs.append((true, start..<index))
                textStart = index
            } else {
                index += 1
            }
        }
        index = min(index, bytes.count)
        if textStart < index { runs.append((false, textStart..<index)) }
        return runs
    }

    /// `runs` written back as a stream: text escaped (`escapedText`), blanks as they were.
    static func bytes(of runs: [Run]) -> [UInt8] {
        var out: [UInt8] = []
        for run in runs {
            switch run {
            case .text(let text): out += escapedText(text)
            case .blank(let blank): out += blank
            }
        }
        return out
    }

    /// Text for a stream's text run: stream syntax backslash-escaped and NUL a space, nothing
    /// else (whitespace stays text, as a deformatter that left it there meant).
    static func escapedText(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if byte == 0 {
                out.append(space)
                continue
            }
            if byte < 0x80 && specialBytes[Int(byte)] { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        return out
    }

    /// A blank's content, brackets and escapes taken off (`[<\/b>]` is `</b>`).
    static func content(ofBlank blank: [UInt8]) -> String {
        guard blank.count >= 2 else { return "" }
        return unescapedContent(blank[1..<(blank.count - 1)])
    }

    /// Escapes taken off, NUL dropped.
    private static func unescapedContent(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var escaped = false
        for byte in bytes {
            if !escaped && byte == UInt8(ascii: "\\") {
                escaped = true
                continue
            }
            escaped = false
            if byte != 0 { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
