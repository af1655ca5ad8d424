extension TerminalText {
    /// What one curses cell shows: text that `setcchar` keeps whole, and the columns it takes.
    struct Glyph: Hashable, Sendable {
        var text: String
        /// 1 or 2.
        var width: Int
    }

    /// The most wide characters one curses cell holds (ncurses' `CCHARW_MAX`).
    static let cellCapacity = 5

    /// The zero width joiner, which fuses emoji into one picture.
    static let joiner: Unicode.Scalar = "\u{200D}"

    /// Returns the glyphs one grapheme is drawn as, one per curses cell, left to right.
    ///
    /// A curses cell keeps one spacing character and the zero-width ones after it, five at most,
    /// and silently cuts the rest. A cut emoji sequence (a flag without its second letter, a
    /// family ending in a joiner) makes the terminal join it to whatever is drawn next: a star of
    /// another review vanishes, a joiner lands on another row. So nothing is cut:
    /// - a grapheme one cell holds whole is drawn as it is;
    /// - an emoji sequence one cell cannot hold (ZWJ sequences such as families, professions and
    ///   the rainbow flag; regional-indicator and tag flags; skin tones) becomes `placeholder`
    ///   padded to its two columns;
    /// - a text-default emoji with VS16 (❤️, ⛰️, 1️⃣) is drawn in its text form padded to two
    ///   columns, because terminals disagree on the width of the emoji form (tmux 3.3 and
    ///   wcwidth say 1, newer terminals 2) and the text form is one column everywhere;
    /// - any other grapheme takes one cell per spacing scalar, as terminals draw it (a
    ///   Devanagari consonant and its spacing vowel sign are two columns); a cell that would
    ///   hold more than five scalars (stacked marks) becomes `placeholder`;
    /// - a joiner that would end a cell is dropped, since the terminal would join the next
    ///   cell to it.
    ///
    /// Returns no glyph for a grapheme that starts with a zero-width scalar (never the case
    /// for sanitized text).
    static func glyphs(of c: Character) -> [Glyph] {
        let scalars = Array(c.unicodeScalars)
        guard let first = scalars.first, scalarWidth(first) > 0 else {
            return []
        }
        if scalars.count == 1 {
            return isRegionalIndicator(first) ? placeholderGlyphs(width: 1) : [Glyph(text: String(c), width: scalarWidth(first))]
        }
        if isEmojiSequence(scalars) {
            if let whole = cell(of: scalars[...]), whole.width == 2 {
                return [whole]
            }
            return placeholderGlyphs(width: 2)
        }
        if first.properties.isEmoji, scalars.contains(emojiSelector) {
            // Emoji presentation asked for with VS16: two columns whichever form is drawn.
            if scalarWidth(first) == 2, let whole = cell(of: scalars[...]) {
                return [whole]
            }
            let textForm = scalars.filter { $0 != emojiSelector }
            guard let glyph = cell(of: textForm[...]), glyph.width == 1 else {
                return placeholderGlyphs(width: 2)
            }
            return [glyph, Glyph(text: " ", width: 1)]
        }
        var glyphs: [Glyph] = []
        var start = 0
        for index in 1...scalars.count where index == scalars.count || scalarWidth(scalars[index]) > 0 {
            let run = scalars[start..<index]
            glyphs += cell(of: run).map { [$0] } ?? placeholderGlyphs(width: scalarWidth(run[run.startIndex]))
            start = index
        }
        return glyphs
    }

    /// U+FE0F, which asks for the emoji form of a character that has a text form too.
    static let emojiSelector: Unicode.Scalar = "\u{FE0F}"

    /// `placeholder` padded with spaces to `width` columns.
    static func placeholderGlyphs(width: Int) -> [Glyph] {
        [Glyph(text: String(placeholder), width: 1)] + Array(repeating: Glyph(text: " ", width: 1), count: max(width - 1, 0))
    }

    /// Whether a grapheme of several scalars is a multi-part emoji: a ZWJ sequence, a flag
    /// (regional indicators or tags) or an emoji with a skin tone.
    static func isEmojiSequence(_ scalars: [Unicode.Scalar]) -> Bool {
        for (index, scalar) in scalars.enumerated() {
            if isRegionalIndicator(scalar) || scalar.properties.isEmojiModifier || (0xE0020...0xE007F).contains(scalar.value) {
                return true
            }
            if scalar == joiner, index + 1 < scalars.count, scalars[index + 1].properties.isEmoji {
                return true
            }
        }
        return false
    }

    /// The glyph of a spacing scalar and the zero-width ones after it, or nil when one curses
    /// cell cannot hold them whole. A joiner at the end is dropped.
    private static func cell(of run: ArraySlice<Unicode.Scalar>) -> Glyph? {
        var run = run
        while run.count > 1, run.last == joiner {
            run.removeLast()
        }
        guard let first = run.first, run.count <= cellCapacity, run.dropFirst().allSatisfy({ scalarWidth($0) == 0 }) else {
            return nil
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: run)
        return Glyph(text: String(text), width: scalarWidth(first))
    }
}
