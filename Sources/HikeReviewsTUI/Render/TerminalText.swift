import TextSafety

/// Text handling for a cell-based terminal screen: sanitizing, measuring, wrapping and truncating.
///
/// Every string that comes from data (reviews, names, titles) must pass through
/// `sanitize(_:)` before it reaches a cell. The other functions here sanitize
/// their input themselves, so their output is always safe to draw.
enum TerminalText {
    /// Shown in place of C1 controls, bidi controls and other invisible format characters.
    ///
    /// U+FFFD is chosen because every terminal font has it, it is one column wide,
    /// and readers already know it as "something was here that cannot be shown".
    static let placeholder: Unicode.Scalar = "\u{FFFD}"

    /// Base given to a combining mark that would otherwise have none (U+25CC DOTTED CIRCLE).
    ///
    /// This is the conventional base used by Unicode charts to show a lone mark.
    static let markBase: Unicode.Scalar = "\u{25CC}"

    /// Returns `s` made safe to draw on one terminal line.
    ///
    /// - C0 controls and DEL become their Control Pictures (U+2400 + code, DEL -> U+2421),
    ///   so ESC shows as "␛" and no escape sequence (CSI, OSC, DCS) can reach the terminal.
    ///   TAB becomes one space; newline and CR become ␊ and ␍ (split paragraphs first).
    /// - C1 controls, bidi controls and other invisible format characters
    ///   (line/paragraph separators, BOM, interlinear annotations, soft hyphen, fillers...)
    ///   become `placeholder` (U+FFFD).
    /// - A combining mark (or ZWJ/ZWNJ) with no base gets `markBase` (U+25CC) as its base.
    /// - An emoji skin-tone modifier that does not follow a modifier base becomes `placeholder`,
    ///   because it would otherwise fuse with an unrelated neighbour.
    /// - Everything else (any script, emoji sequences, flags) passes through unchanged.
    ///
    /// The result is a fixed point: `sanitize(sanitize(s)) == sanitize(s)`.
    static func sanitize(_ s: String) -> String {
        // Most review text is made only of scalars that need nothing done: skip the
        // grapheme and property work for it, which is most of the cost of a frame.
        if s.unicodeScalars.allSatisfy(isPlainlyDrawable) {
            return s
        }
        return sanitizeScalars(s)
    }

    /// Scalars that are never replaced, are never a non-starter and never start a grapheme
    /// that would need a base: printable ASCII, Latin, Greek, Cyrillic letters, general
    /// punctuation without the separators and bidi controls, kana and common CJK ideographs.
    static func isPlainlyDrawable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x377, 0x37A...0x37F, 0x384...0x3FF,
             0x400...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0,
             0x2100...0x214F, 0x2190...0x21FF, 0x2500...0x257F, 0x25A0...0x25FF,
             0x3001...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FF,
             0x4E00...0x9FFF, 0xFF01...0xFF60:
            return true
        default:
            return false
        }
    }

    /// The full scalar-by-scalar pass of `sanitize(_:)`.
    static func sanitizeScalars(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        // True at the start and after a replaced scalar: a mark here has no real base,
        // and the replacement picture must not become its base either.
        var needsBase = true
        var previous: Unicode.Scalar?

        for scalar in s.unicodeScalars {
            if let replacement = replacement(for: scalar, after: previous) {
                out.append(replacement)
                previous = replacement
                needsBase = true
                continue
            }
            if needsBase && isNonStarter(scalar) {
                out.append(markBase)
            }
            out.append(scalar)
            previous = scalar
            needsBase = false
        }
        return attachingBases(to: String(out))
    }

    /// Returns `s` with `markBase` in front of any grapheme that begins with a non-starter.
    ///
    /// The scalar pass already handles every case we know of; this guards against
    /// grapheme-break rules we did not anticipate, so a cell can never start with a mark.
    private static func attachingBases(to s: String) -> String {
        guard s.contains(where: { $0.unicodeScalars.first.map(isNonStarter) ?? false }) else {
            return s
        }
        var result = ""
        for character in s {
            if let first = character.unicodeScalars.first, isNonStarter(first) {
                result.unicodeScalars.append(markBase)
            }
            result.append(character)
        }
        return result
    }

    /// Returns what `scalar` must be replaced with, or nil when it may be drawn as is.
    private static func replacement(for scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Unicode.Scalar? {
        let value = scalar.value
        switch value {
        case 0x09:
            return " "
        case 0x00...0x1F:
            return Unicode.Scalar(0x2400 + value) ?? placeholder
        case 0x7F:
            return "\u{2421}"
        case 0x80...0x9F:
            return placeholder
        default:
            break
        }
        if isBidiControl(scalar) {
            return placeholder
        }
        if scalar.properties.isEmojiModifier {
            let attaches = previous?.properties.isEmojiModifierBase ?? false
            return attaches ? nil : placeholder
        }
        if isTag(scalar) {
            // Tags are only meaningful inside an emoji tag sequence such as the England flag.
            let inSequence = previous.map { $0.value == 0x1F3F4 || isTag($0) } ?? false
            return inSequence ? nil : placeholder
        }
        return isInvisibleFormat(scalar) ? placeholder : nil
    }

    /// Whether `scalar` reorders text (embeddings, overrides, isolates, marks): the package's
    /// one rule, shared with the escaping sanitiser.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        EscapedText.isBidiControl(scalar)
    }

    /// Whether `scalar` is an emoji tag character (U+E0020-E007F).
    private static func isTag(_ scalar: Unicode.Scalar) -> Bool {
        (0xE0020...0xE007F).contains(scalar.value)
    }

    /// Whether `scalar` is invisible and not needed to shape any script or emoji.
    ///
    /// Such characters have no reliable width in terminals and are a favourite
    /// tool for spoofing, so they are made visible.
    private static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch scalar.value {
        case 0x200C, 0x200D:
            // ZWNJ and ZWJ shape Persian, Indic scripts and emoji sequences.
            return false
        default:
            break
        }
        switch properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .control, .surrogate:
            return true
        case .nonspacingMark, .spacingMark, .enclosingMark:
            // Variation selectors and CGJ are marks: harmless once they have a base.
            return false
        default:
            return properties.isDefaultIgnorableCodePoint || properties.isNoncharacterCodePoint
        }
    }

    /// Whether `scalar` attaches to the character before it instead of starting a grapheme.
    static func isNonStarter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200D {
            return true
        }
        if scalar.properties.isEmojiModifier {
            // Modifiers are handled by the replacement rule; never give them a dotted circle.
            return false
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return scalar.properties.isGraphemeExtend
        }
    }
}
