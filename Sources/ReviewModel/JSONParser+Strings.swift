extension JSONParser {
    /// Reads the string starting at the opening quote at `position`, resolving escapes and validating UTF-8.
    mutating func readString() throws(SourceIssue) -> String {
        let openingQuote = position
        var index = position + 1
        var segmentStart = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                let segment = UnsafeBufferPointer(rebasing: bytes[segmentStart..<index])
                guard escaped else { return String(decoding: segment, as: UTF8.self) }
                scratch.append(contentsOf: segment)
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                if !escaped {
                    scratch.removeAll(keepingCapacity: true)
                    escaped = true
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
                index = try readEscape(at: index, openingQuote: openingQuote)
                segmentStart = index
            } else if byte < 0x20 {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    // A raw line break almost always means the closing quote is missing.
                    throw SourceIssue(
                        offset: openingQuote,
                        message: "unterminated string (a line break inside a string must be written as \\n)"
                    )
                }
                throw SourceIssue(
                    offset: index,
                    message: "control character \(DiagnosticText.quoted(String(UnicodeScalar(byte)))) must be escaped in a string"
                )
            } else if byte < 0x80 {
                index += 1
            } else {
                guard let length = utf8SequenceLength(at: index) else { throw invalidUTF8(at: index) }
                index += length
            }
        }
        throw SourceIssue(offset: openingQuote, message: "unterminated string")
    }

    /// Appends the character written by the escape at `backslash` to `scratch` and returns the index after it.
    private mutating func readEscape(at backslash: Int, openingQuote: Int) throws(SourceIssue) -> Int {
        guard backslash + 1 < bytes.count else {
            throw SourceIssue(offset: openingQuote, message: "unterminated string")
        }
        let simple: UInt8
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): simple = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): simple = UInt8(ascii: "\t")
        case UInt8(ascii: "u"):
            return try readUnicodeEscape(at: backslash)
        default:
            guard let character = character(at: backslash + 1) else { throw invalidUTF8(at: backslash + 1) }
            throw SourceIssue(
                offset: backslash,
                message: "invalid escape \(DiagnosticText.quoted("\\" + character)) in string"
            )
        }
        scratch.append(simple)
        return backslash + 2
    }

    /// Handles `\uXXXX`, joining a UTF-16 surrogate pair written as two escapes.
    private mutating func readUnicodeEscape(at backslash: Int) throws(SourceIssue) -> Int {
        guard let unit = hexQuad(at: backslash + 2) else {
            throw SourceIssue(offset: backslash, message: "invalid \\u escape; expected four hex digits")
        }
        var value = unit
        var next = backslash + 6
        switch unit {
        case 0xD800...0xDBFF:
            guard next + 1 < bytes.count,
                  bytes[next] == UInt8(ascii: "\\"),
                  bytes[next + 1] == UInt8(ascii: "u"),
                  let low = hexQuad(at: next + 2),
                  (0xDC00...0xDFFF).contains(low)
            else {
                throw unpairedSurrogate(unit, at: backslash)
            }
            value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw unpairedSurrogate(unit, at: backslash)
        default:
            break
        }
        // Surrogates were handled above, so every remaining value is a scalar.
        guard let scalar = Unicode.Scalar(value) else { throw unpairedSurrogate(unit, at: backslash) }
        scratch.append(contentsOf: String(scalar).utf8)
        return next
    }

    private func unpairedSurrogate(_ unit: UInt32, at offset: Int) -> SourceIssue {
        let hex = String(unit, radix: 16, uppercase: true)
        return SourceIssue(offset: offset, message: "unpaired surrogate \\u\(hex) in string")
    }

    /// The value of four hex digits at `index`, or `nil` when they are missing or not hex.
    private func hexQuad(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let digit: UInt8
            switch bytes[index + offset] {
            case let byte where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"):
                digit = byte - UInt8(ascii: "0")
            case let byte where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"):
                digit = byte - UInt8(ascii: "a") + 10
            case let byte where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"):
                digit = byte - UInt8(ascii: "A") + 10
            default:
                return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Length of the well-formed UTF-8 sequence starting at `index`, or `nil` if none starts there.
    ///
    /// Follows the Unicode table of well-formed byte sequences, so overlong forms,
    /// encoded surrogates and values past U+10FFFF are all rejected.
    func utf8SequenceLength(at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F:
            return 1
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            return nil
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return nil }
        for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// The character starting at `index` as text, or `nil` when the bytes there are not valid UTF-8.
    func character(at index: Int) -> String? {
        guard let length = utf8SequenceLength(at: index) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
    }

    func invalidUTF8(at index: Int) -> SourceIssue {
        let hex = String(bytes[index], radix: 16, uppercase: true)
        return SourceIssue(offset: index, message: "invalid UTF-8 byte 0x\(hex)")
    }

    /// An error for an unexpected byte (or end of file) at `index`; invalid UTF-8 there is reported as such.
    func unexpected(at index: Int, expecting expected: String?, context: String? = nil) -> SourceIssue {
        var found: String
        if index >= bytes.count {
            found = "unexpected end of file"
        } else if let character = character(at: index) {
            found = "unexpected character \(DiagnosticText.quoted(character))"
        } else {
            return invalidUTF8(at: index)
        }
        if let context {
            found += " " + context
        }
        if let expected {
            found += "; expected " + expected
        }
        return SourceIssue(offset: index, message: found)
    }
}
