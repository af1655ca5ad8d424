extension TerminalText {
    /// Returns `s` word-wrapped into sanitized lines of at most `width` columns.
    ///
    /// - "\n" (and "\r\n", since data often comes from Windows) separates paragraphs;
    ///   every paragraph yields at least one line, so empty lines are kept.
    /// - Lines break at spaces, and before and after any wide grapheme, so CJK text
    ///   without spaces wraps between characters. A word longer than the width is
    ///   broken between graphemes. No grapheme is ever split.
    /// - A wide grapheme never straddles the edge; it moves to the next line. When the
    ///   width is 1 a wide grapheme gets a line to itself (2 columns) rather than being
    ///   dropped, so the result can exceed a width of 1 but never a width of 2.
    /// - Widths below 1 are treated as 1. Leading spaces of a paragraph are kept as
    ///   indentation when they fit; spaces at a wrap point are dropped.
    static func wrap(_ s: String, width: Int) -> [String] {
        let limit = max(width, 1)
        let paragraphs = s.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        return paragraphs.flatMap { wrapParagraph(sanitize(String($0)), limit: limit) }
    }

    /// A piece of a paragraph that must not be broken unless it is wider than a line.
    private struct Segment {
        /// Spaces between the previous segment and this one.
        var spaces: Int
        var graphemes: [Character]
        var width: Int
    }

    /// Wraps one sanitized paragraph; `limit` is at least 1.
    private static func wrapParagraph(_ paragraph: String, limit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0

        func finishLine() {
            lines.append(line)
            line = ""
            lineWidth = 0
        }

        for segment in segments(of: paragraph) {
            // Indentation only counts on the first line; after a wrap it would look like a typo.
            let gap = line.isEmpty && !lines.isEmpty ? 0 : segment.spaces
            if lineWidth + gap + segment.width <= limit {
                line += String(repeating: " ", count: gap) + String(segment.graphemes)
                lineWidth += gap + segment.width
                continue
            }
            if !line.isEmpty {
                finishLine()
            }
            if segment.width <= limit {
                line = String(segment.graphemes)
                lineWidth = segment.width
                continue
            }
            for grapheme in segment.graphemes {
                let graphemeWidth = TerminalText.width(of: grapheme)
                if !line.isEmpty && lineWidth + graphemeWidth > limit {
                    finishLine()
                }
                line.append(grapheme)
                lineWidth += graphemeWidth
            }
        }
        if !line.isEmpty || lines.isEmpty {
            finishLine()
        }
        return lines
    }

    /// Splits a paragraph at its break opportunities: runs of spaces, and around wide graphemes.
    private static func segments(of paragraph: String) -> [Segment] {
        var segments: [Segment] = []
        var spaces = 0
        var word: [Character] = []
        var wordWidth = 0

        func finishWord() {
            guard !word.isEmpty else { return }
            segments.append(Segment(spaces: spaces, graphemes: word, width: wordWidth))
            spaces = 0
            word = []
            wordWidth = 0
        }

        for grapheme in paragraph {
            if grapheme == " " {
                finishWord()
                spaces += 1
                continue
            }
            let graphemeWidth = TerminalText.width(of: grapheme)
            if graphemeWidth >= 2 {
                // Ideographs and emoji are words of their own: CJK has no spaces to break at.
                finishWord()
                segments.append(Segment(spaces: spaces, graphemes: [grapheme], width: graphemeWidth))
                spaces = 0
            } else {
                word.append(grapheme)
                wordWidth += graphemeWidth
            }
        }
        finishWord()
        // Trailing spaces are dropped with the pending count: lines never end in spaces.
        return segments
    }
}
