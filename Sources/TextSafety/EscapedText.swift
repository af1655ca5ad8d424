/// Untrusted text (review data, pack indexes, archive names, server messages, arguments) made
/// harmless for a one-line message or listing: the one escaping sanitiser of the package.
///
/// Controls, format characters (bidi overrides among them), line and paragraph separators,
/// surrogates, private-use and unassigned code points become visible escapes (`\n`, `\r`,
/// `\t`, otherwise `\u001B`), so no escape sequence reaches a terminal and nothing reorders or
/// hides the message. Text drawn into the app's cells goes through `TerminalText.sanitize`
/// instead, which keeps the width of each cell (pictures, not escapes) and uses
/// `isBidiControl` from here.
package enum EscapedText {
    /// `text` with every harmful scalar escaped, cut with "…" after `limit` scalars (by default
    /// what a one-line message shows); `escapingQuotes` also escapes `"` and `\` (for a quoted
    /// excerpt).
    package static func escaped(_ text: String, limit: Int = 200, escapingQuotes: Bool = false) -> String {
        var result = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            guard shown < limit else {
                result += "…"
                break
            }
            shown += 1
            switch scalar {
            case "\"" where escapingQuotes: result += "\\\""
            case "\\" where escapingQuotes: result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isHarmful(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `escaped(text)` in single quotes, for a name in a message.
    package static func singleQuoted(_ text: String) -> String {
        "'" + escaped(text) + "'"
    }

    /// Whether `escaped` shows this scalar as an escape: a control, format or bidi-override
    /// character, a separator, or a surrogate, private or unassigned code point.
    package static func isHarmful(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || value == 0x7F || (0x80..<0xA0).contains(value) || isBidiControl(scalar) { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return true
        default: return false
        }
    }

    /// Whether `scalar` reorders text (embeddings, overrides, isolates, marks).
    package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
