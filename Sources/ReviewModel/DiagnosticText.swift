import TextSafety

/// Renders text from untrusted input for error messages that must stay on one line and cannot drive a terminal;
/// the escaping is the package's one sanitiser, `EscapedText`.
enum DiagnosticText {
    /// Longest excerpt of input, in Unicode scalars, shown in a message.
    static let excerptLimit = 48

    /// `text` in double quotes, escaped like a JSON string and shortened to `excerptLimit` scalars.
    static func quoted(_ text: String) -> String {
        "\"" + excerpt(text, escapingQuotes: true) + "\""
    }

    /// `text` escaped and shortened to `excerptLimit` scalars, without quotes.
    static func excerpt(_ text: String, escapingQuotes: Bool = false) -> String {
        EscapedText.escaped(text, limit: excerptLimit, escapingQuotes: escapingQuotes)
    }

    /// `text` with control characters escaped but otherwise whole, for file names and paths.
    static func sanitized(_ text: String) -> String {
        EscapedText.escaped(text, limit: .max)
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
}
