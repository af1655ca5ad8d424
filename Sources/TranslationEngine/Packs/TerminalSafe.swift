/// Makes text from outside (pack indexes, archive names, server messages) harmless in a
/// one-line error or a listing: control characters, escape sequences and bidi overrides become
/// visible `\u{..}` escapes, and very long strings are cut.
public enum TerminalSafe {
    /// The text with every control, format or bidi-override character shown as `\u{XX}`.
    public static func clean(_ text: String, limit: Int = 200) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            count += 1
            if isHarmful(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `clean` shows this scalar as an escape: a control, format or bidi-override
    /// character, a separator, or a private or unassigned code point.
    public static func isHarmful(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let category = scalar.properties.generalCategory
        return value < 0x20 || value == 0x7F || (0x80..<0xA0).contains(value) || category == .format
            || category == .lineSeparator || category == .paragraphSeparator || category == .surrogate
            || category == .privateUse || category == .unassigned
    }

    /// `clean` in single quotes.
    public static func quote(_ text: String) -> String {
        "'" + clean(text) + "'"
    }
}
