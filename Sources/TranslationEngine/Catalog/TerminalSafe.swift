import TextSafety

/// Makes text from outside (pack indexes, archive names, server messages) harmless in a
/// one-line error or a listing: control characters, escape sequences and bidi overrides become
/// visible escapes (`\n`, `\u001B`), and very long strings are cut. The package's one escaping
/// sanitiser (`EscapedText`), under the engine's public name.
public enum TerminalSafe {
    /// The text with every control, format or bidi-override character shown as an escape.
    public static func clean(_ text: String, limit: Int = 200) -> String {
        EscapedText.escaped(text, limit: limit)
    }

    /// Whether `clean` shows this scalar as an escape: a control, format or bidi-override
    /// character, a separator, or a private or unassigned code point.
    public static func isHarmful(_ scalar: Unicode.Scalar) -> Bool {
        EscapedText.isHarmful(scalar)
    }

    /// `clean` in single quotes.
    public static func quote(_ text: String) -> String {
        "'" + clean(text) + "'"
    }
}
