/// Conversion between plain text and Apertium's stream format, plus request framing.
///
/// Each request is one segment: the text deformatted as apertium-destxt does (`deformat`),
/// then `[nonce]`, then NUL, so the stages see what the `apertium` command feeds them and
/// flush once per request. The nonce lets the reader find the end of this request's output
/// even if stale bytes are still in the pipe. It is a blank because a bare word at the end of
/// a segment is held back by the tagger (measured: `nonce NUL` never came out of a warm
/// spa-eng pipeline), while a blank at the end passes every stage untouched, after the text.
public enum StreamFormat {
    /// Scalars that are syntax in the stream format and must be backslash-escaped.
    ///
    /// The format is made of Unicode scalars, not graphemes: `"]" + U+0343` is one Swift
    /// `Character` but two scalars to lt-proc, which would read an unescaped `]`. Everything
    /// here works scalar by scalar for that reason.
    static let specials: Set<Unicode.Scalar> = ["\\", "[", "]", "^", "$", "@", "/", "<", ">", "{", "}"]

    /// The whitespace apertium-destxt gathers into blanks (with `~`, which it treats alike).
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "~"
    }

    /// Turns plain text into the stream format exactly as `apertium-destxt` does, so the
    /// stages see what the `apertium` command feeds them (measured on Debian's 3.8.3):
    /// special characters are backslash-escaped; a run of whitespace other than one space
    /// becomes a blank (`[\n]`, `[  ]`); a run holding an empty line (a paragraph break) gets
    /// ".[]" before it, as does the end of the text, so the tagger sees a sentence end there
    /// (without it a last word can be tagged, and so translated, differently). NUL, the flush
    /// marker, becomes a space.
    public static func deformat(_ text: String) -> String {
        String(decoding: deformattedBytes(text), as: UTF8.self)
    }

    /// `deformat` as UTF-8, worked out on the text's UTF-8: every blank and syntax scalar is
    /// ASCII, and no byte of a longer scalar is, so a byte scan is exact (and a request no
    /// longer costs a scalar view built and copied twice).
    static func deformattedBytes(_ text: String) -> [UInt8] {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable(deformattedBytes(utf8:)) ?? deformattedBytes(utf8: Array(text.utf8))
    }

    private static func deformattedBytes<Bytes: Collection<UInt8>>(utf8 input: Bytes) -> [UInt8] {
        var deformatter = Deformatter(capacity: input.count + input.count / 8 + 8)
        for byte in input { deformatter.feed(byte) }
        return deformatter.finish()
    }

    /// `deformat` of texts with a kept span between each two, each span written as the blank
    /// `keptBlank` (brackets included) where destxt would have put the text between: the
    /// whitespace before it stays a blank of its own, and a kept span adds no sentence end.
    /// One text and no span is `deformat` byte for byte.
    static func deformattedBytes(texts: [String], keptBlank: [UInt8]) -> [UInt8] {
        var deformatter = Deformatter(capacity: texts.reduce(0) { $0 + $1.utf8.count } * 9 / 8 + 8)
        for (index, text) in texts.enumerated() {
            if index > 0 { deformatter.insert(blank: keptBlank) }
            for byte in text.utf8 { deformatter.feed(byte) }
        }
        return deformatter.finish()
    }

    /// destxt's rules over a stream of bytes (see `deformat`).
    private struct Deformatter {
        private var out: [UInt8] = []
        /// The whitespace run not yet written.
        private var run: [UInt8] = []

        init(capacity: Int) {
            out.reserveCapacity(capacity)
        }

        private mutating func flush(atEnd: Bool) {
            guard !run.isEmpty else { return }
            // A paragraph break as destxt reads one: "\n\n" or "\r\n\r\n" somewhere in the run
            // (measured: "\n\r\n" and "\n \n" are not one).
            let paragraph = run.count >= 2
                && (ChildPipeline.find(newlines, in: run, from: 0) != nil || ChildPipeline.find(crlfs, in: run, from: 0) != nil)
            if atEnd || paragraph { out += periodBlank }
            if run.count == 1 && run[0] == space {
                out.append(space)
            } else {
                out.append(UInt8(ascii: "["))
                out += run
                out.append(UInt8(ascii: "]"))
            }
            run.removeAll(keepingCapacity: true)
        }

        mutating func feed(_ byte: UInt8) {
            let byte = byte == 0 ? space : byte
            if byte < 0x80 && blankBytes[Int(byte)] {
                run.append(byte)
                return
            }
            flush(atEnd: false)
            if byte < 0x80 && specialBytes[Int(byte)] { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }

        mutating func insert(blank: [UInt8]) {
            flush(atEnd: false)
            out += blank
        }

        mutating func finish() -> [UInt8] {
            if run.isEmpty {
                out += periodBlank
            } else {
                flush(atEnd: true)
            }
            return out
        }
    }

    static let space = UInt8(ascii: " ")
    static let periodBlank = Array(".[]".utf8)
    static let emptyBlank = Array("[]".utf8)
    static let newlines = Array("\n\n".utf8)
    static let crlfs = Array("\r\n\r\n".utf8)
    /// `isBlank` and `specials` by ASCII byte.
    static let blankBytes = (0..<128).map { isBlank(Unicode.Scalar(UInt8($0))) }
    static let specialBytes = (0..<128).map { specials.contains(Unicode.Scalar(UInt8($0))) }

    /// Appends one scalar, backslash-escaped when it is stream syntax.
    private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        if specials.contains(scalar) { out.append("\\") }
        out.append(scalar)
    }

    /// Escapes plain text for the stream format (no blanks, no final period: see `deformat`).
    public static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\0": out.append(" ")
            case "\n", "\r", "~": out.append("["); out.append(scalar); out.append("]")
            default: appendEscaped(scalar, to: &out)
            }
        }
        return String(out)
    }

    /// The bytes to write for one request: the deformatted text, the nonce blank, NUL.
    public static func frame(_ text: String, nonce: String) -> [UInt8] {
        deformattedBytes(text) + terminator(nonce: nonce)
    }

    /// The bytes that end a request's output: the nonce blank and its NUL.
    public static func terminator(nonce: String) -> [UInt8] {
        Array("[\(nonce)]".utf8) + [0]
    }

    /// Turns pipeline output back into plain text.
    ///
    /// Removes blanks' brackets (keeping their content, so `[\n]` becomes a newline and the
    /// framing `[]` disappears), drops backslash escapes, and drops stray NULs.
    public static func unescape(_ stream: String) -> String {
        unescape(bytes: Array(stream.utf8))
    }

    /// `unescape` on the raw bytes a pipeline returns (every syntax character is ASCII, so a
    /// byte scan is exact, and much cheaper than walking graphemes).
    static func unescape(bytes: [UInt8]) -> String {
        let backslash = UInt8(ascii: "\\"), open = UInt8(ascii: "["), close = UInt8(ascii: "]"), period = UInt8(ascii: ".")
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var escaped = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            defer { index += 1 }
            if escaped {
                out.append(byte)
                escaped = false
                continue
            }
            switch byte {
            case backslash: escaped = true
            case open, close, 0: continue
            // The "." destxt adds before an empty blank (at the end, before a paragraph break),
            // which apertium-retxt drops again; user text never has one, its brackets are escaped.
            case period where index + 2 < bytes.count && bytes[index + 1] == open && bytes[index + 2] == close: continue
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
