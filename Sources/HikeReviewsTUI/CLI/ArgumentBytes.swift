import Foundation

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

    /// An argument as a message quotes it: each invalid byte as `\xFF`, the rest as it is
    /// (`StandardError` sanitises every message, so controls never reach the terminal).
    static func shown(_ text: String) -> String {
        guard rawBytes[text] != nil else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if (escapeBase + 0x80...escapeBase + 0xFF).contains(scalar.value) {
                result += "\\x" + String(scalar.value - escapeBase, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `bytes` decoded with each byte of an invalid sequence kept as its own private scalar.
    private static func escapedText(_ bytes: [UInt8]) -> String {
        var result = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            // The longest valid sequence starting here (1 to 4 bytes), or the one byte escaped.
            var matched = false
            for length in 1...4 where index + length <= bytes.count {
                if let piece = String(validating: bytes[index..<index + length], as: UTF8.self), piece.unicodeScalars.count == 1 {
                    result.append(contentsOf: piece.unicodeScalars)
                    index += length
                    matched = true
                    break
                }
            }
            if !matched {
                result.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(result)
    }
}
