/// Renders text from untrusted input for error messages that must stay on one line and cannot drive a terminal.
enum DiagnosticText {
    /// Longest excerpt of input, in Unicode scalars, shown in a message.
    static let excerptLimit = 48

    /// `text` in double quotes, escaped like a JSON string and shortened to `excerptLimit` scalars.
    static func quoted(_ text: String) -> String {
        "\"" + excerpt(text, escapingQuotes: true) + "\""
    }

    /// `text` escaped and shortened to `excerptLimit` scalars, without quotes.
    static func excerpt(_ text: String, escapingQuotes: Bool = false) -> String {
        var result = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            guard shown < excerptLimit else {
                result += "…"
                break
            }
            append(scalar, to: &result, escapingQuotes: escapingQuotes)
            shown += 1
        }
        return result
    }

    /// `text` with control characters escaped but otherwise whole, for file names and paths.
    static func sanitized(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            append(scalar, to: &result, escapingQuotes: false)
        }
        return result
    }

    /// A file size and a size limit as text, such as `50.0 MB` and `32 MB`.
    ///
    /// Falls back to exact byte counts when rounding would hide the difference
    /// ("33.0 MB; the limit is 33 MB") or the limit is not a whole unit.
    static func sizeAndLimit(size: Int, limit: Int) -> (size: String, limit: String) {
        let roundedSize = byteCount(size, fractionAlways: true)
        let roundedLimit = byteCount(limit, fractionAlways: true)
        let limitIsWhole = limit < 1 << 10 || limit % (limit < 1 << 20 ? 1 << 10 : 1 << 20) == 0
        guard limitIsWhole, roundedSize != roundedLimit else {
            return ("\(size) bytes", "\(limit) bytes")
        }
        return (roundedSize, byteCount(limit, fractionAlways: false))
    }

    /// A byte count in binary units, such as `50.0 MB`; `fractionAlways` keeps a `.0` on whole numbers.
    static func byteCount(_ bytes: Int, fractionAlways: Bool) -> String {
        let kibibyte = 1 << 10
        let mebibyte = 1 << 20
        if bytes >= mebibyte {
            return decimal(bytes, unit: mebibyte, fractionAlways: fractionAlways) + " MB"
        }
        if bytes >= kibibyte {
            return decimal(bytes, unit: kibibyte, fractionAlways: fractionAlways) + " KB"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    private static func decimal(_ bytes: Int, unit: Int, fractionAlways: Bool) -> String {
        // Integer arithmetic on the remainder cannot overflow, even for Int.max.
        var whole = bytes / unit
        var tenths = ((bytes % unit) * 10 + unit / 2) / unit
        if tenths == 10 {
            whole += 1
            tenths = 0
        }
        if tenths == 0 && !fractionAlways {
            return "\(whole)"
        }
        return "\(whole).\(tenths)"
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String, escapingQuotes: Bool) {
        switch scalar {
        case "\"" where escapingQuotes:
            result += "\\\""
        case "\\" where escapingQuotes:
            result += "\\\\"
        case "\n":
            result += "\\n"
        case "\r":
            result += "\\r"
        case "\t":
            result += "\\t"
        default:
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }

    /// Control characters, line separators and bidirectional overrides, which could
    /// break the one-line format or reorder what a terminal shows.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return scalar.properties.generalCategory == .control
        }
    }
}
