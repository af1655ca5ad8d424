import Foundation
import TextSafety

/// The process's arguments as the parser reads them, with the bytes of any argument that is
/// not valid UTF-8 kept, so a FILE named `in\xff.txt` is opened by its own bytes.
///
/// `CommandLine.arguments` replaces invalid bytes with U+FFFD: the name that reaches `open`
/// is then another one ("no such file"), and two different names could become the same. Here
/// each invalid byte becomes one scalar of a private-use block (U+10FE00 + the byte), so the
/// parser still sees one distinct `String` per argument, and `path(_:)` gives the original
/// bytes back for such an argument. Valid arguments are left as they are.
enum ArgumentBytes {
    /// Where the scalars that stand for invalid bytes start (Supplementary Private Use Area-B).
    private static let escapeBase: UInt32 = 0x10FE00

    /// The arguments (the program name first), decoded as described above.
    static let arguments: [String] = decoded.map(\.text)

    /// Each argument that is not valid UTF-8, by its decoded text: its bytes.
    private static let rawBytes: [String: [UInt8]] = {
        var table: [String: [UInt8]] = [:]
        for argument in decoded where argument.bytes != nil { table[argument.text] = argument.bytes }
        return table
    }()

    /// argv read once, as bytes (`CommandLine.unsafeArgv`), before anything turns it into text.
    private static let decoded: [(text: String, bytes: [UInt8]?)] = (0..<Int(CommandLine.argc)).map { index in
        guard let pointer = CommandLine.unsafeArgv[index] else { return ("", nil) }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
        if let text = String(validating: bytes, as: UTF8.self) { return (text, nil) }
        return (escapedText(bytes), bytes)
    }

    /// The bytes to hand to the system for an argument (or any text): the original bytes when
    /// it came from an argument that is not UTF-8, else its UTF-8.
    static func path(_ text: String) -> [UInt8] {
        rawBytes[text] ?? Array(text.utf8)
    }

    /// An argument (or a part of one, `--store=` cut off) as a message quotes it: each invalid
    /// byte as `\xFF`, the rest as it is (`StandardError` sanitises every message, so controls
    /// never reach the terminal).
    static func shown(_ text: String) -> String {
        guard isNotUTF8(text) else { return text }
        return ByteText.escaped(text.unicodeScalars.flatMap { escapes.contains($0.value) ? [UInt8($0.value - escapeBase)] : Array(String($0).utf8) })
    }

    /// Whether `text` (an argument or a part of one) holds bytes that were not UTF-8. An
    /// argument that was valid UTF-8 with characters of that private block is taken for one too.
    static func isNotUTF8(_ text: String) -> Bool {
        text.unicodeScalars.contains { escapes.contains($0.value) }
    }

    /// The scalars that stand for the bytes 0x80 to 0xFF (no smaller byte is ever invalid).
    private static let escapes = escapeBase + 0x80...escapeBase + 0xFF

    /// `bytes` decoded with each byte of an invalid sequence kept as its own private scalar.
    private static func escapedText(_ bytes: [UInt8]) -> String {
        ByteText.decoded(bytes) { String(Unicode.Scalar(escapeBase + UInt32($0))!) }
    }
}
