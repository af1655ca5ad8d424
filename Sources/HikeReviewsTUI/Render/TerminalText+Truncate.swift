extension TerminalText {
    /// The mark appended to text that was cut short; one column wide.
    static let ellipsis = "\u{2026}"

    /// Returns `s` sanitized and cut to at most `width` columns, ending in "…" when cut.
    ///
    /// Cuts only between graphemes; a wide grapheme that would cross the limit is
    /// dropped whole. Spaces before the ellipsis are removed so it hugs the last word.
    static func truncate(_ s: String, width: Int) -> String {
        let text = sanitize(s)
        guard width > 0 else {
            return ""
        }
        if TerminalText.width(text) <= width {
            return text
        }
        let budget = width - 1
        var result = ""
        var used = 0
        for grapheme in text {
            let graphemeWidth = TerminalText.width(of: grapheme)
            if used + graphemeWidth > budget {
                break
            }
            result.append(grapheme)
            used += graphemeWidth
        }
        while result.last == " " {
            result.removeLast()
        }
        return result + ellipsis
    }

    /// Returns `s` sanitized, truncated if needed, and padded with spaces to exactly `width` columns.
    ///
    /// Widths below 0 give an empty string.
    static func pad(_ s: String, width: Int) -> String {
        let text = truncate(s, width: width)
        let missing = width - TerminalText.width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
