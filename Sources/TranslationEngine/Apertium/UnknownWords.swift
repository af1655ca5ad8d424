/// Finding and removing the generator's unknown-word marks.
///
/// With `-g` the generator writes `*word` for a word the analyser did not know, `#word` for
/// one it could not generate and `@word` for one the bilingual dictionary lacks; otherwise its
/// output equals `-n`'s. The analyser treats `*`, `#` and `@` in the user's own text as plain
/// punctuation, so before a request they become private-use characters of the same class and
/// afterwards they are put back: every mark left in the output is then the generator's.
enum UnknownWords {
    // Scalars, not Characters: "*" followed by a combining mark is one Character and would
    // slip past a Character lookup (see `StreamFormat.specials`).
    private static let placeholders: [Unicode.Scalar: Unicode.Scalar] = ["*": "\u{E02A}", "#": "\u{E023}", "@": "\u{E040}"]
    private static let originals: [Unicode.Scalar: Unicode.Scalar] = Dictionary(uniqueKeysWithValues: placeholders.map { ($0.value, $0.key) })

    /// The text with `*`, `#` and `@` replaced by their placeholders (and any placeholder
    /// already in the text by U+FFFD, so it cannot come back as a mark).
    static func protect(_ text: String) -> String {
        // Most texts hold no mark and no placeholder: a byte scan says so without a lookup per scalar.
        guard mayHoldMarksOrPlaceholders(text),
              text.unicodeScalars.contains(where: { placeholders[$0] != nil || originals[$0] != nil }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let placeholder = placeholders[scalar] {
                out.append(placeholder)
            } else if originals[scalar] != nil {
                out.append("\u{FFFD}")
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether the text's UTF-8 has a byte of `*`, `#` or `@`, or 0xEE, the lead byte of every
    /// placeholder (U+E000...U+EFFF): false means it holds neither.
    private static func mayHoldMarksOrPlaceholders(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x2A || $0 == 0x23 || $0 == 0x40 || $0 == 0xEE }
    }

    /// The character with every placeholder scalar put back.
    private static func restored(_ character: Character) -> String {
        guard character.unicodeScalars.contains(where: { originals[$0] != nil }) else { return String(character) }
        var scalars = String.UnicodeScalarView()
        for scalar in character.unicodeScalars { scalars.append(originals[scalar] ?? scalar) }
        return String(scalars)
    }

    /// The output with marks taken out (when `marked`) and placeholders put back.
    static func extract(from output: String, marked: Bool) -> PipelineTranslation {
        guard mayHoldMarksOrPlaceholders(output) else { return PipelineTranslation(text: output, unknownWords: [], marks: [:]) }
        // Without a placeholder byte nothing is put back: characters are appended as they are.
        let hasPlaceholders = output.utf8.contains(0xEE)
        func append(_ character: Character, to string: inout String) {
            if hasPlaceholders { string.append(contentsOf: restored(character)) } else { string.append(character) }
        }
        var text = ""
        text.reserveCapacity(output.utf8.count)
        var collector = Collector()
        // The mark being read and the word after it so far.
        var pending: (mark: Character, word: String)?
        for character in output {
            if var current = pending {
                if PipelineTranslation.isWordCharacter(character) {
                    append(character, to: &current.word)
                    pending = current
                    append(character, to: &text)
                    continue
                }
                // Every mark is the generator's (the user's are placeholders), even with no word
                // after it ("#$5": a form it could not generate); `-n` writes none.
                if !current.word.isEmpty { collector.add([current.word], marks: [current.word: current.mark]) }
                pending = nil
            }
            if marked, "*#@".contains(character) {
                pending = (character, "")
                continue
            }
            append(character, to: &text)
        }
        if let pending, !pending.word.isEmpty { collector.add([pending.word], marks: [pending.word: pending.mark]) }
        return PipelineTranslation(text: text, unknownWords: collector.words, marks: collector.marks)
    }

    /// Unknown words in order, each once, with the mark each first had when it was not `*`.
    struct Collector {
        private(set) var words: [String] = []
        private(set) var marks: [String: Character] = [:]
        private var seen: Set<String> = []

        mutating func add(_ found: [String], marks givenMarks: [String: Character] = [:]) {
            for word in found where !word.isEmpty && seen.insert(word).inserted {
                words.append(word)
                if let mark = givenMarks[word], mark != "*" { marks[word] = mark }
            }
        }

        /// The words with their mark in front when it is `#` or `@` (a word is made of word
        /// characters, so a leading `#` or `@` is never its own): one list to carry, read back
        /// with `init(markedWords:)`.
        var markedWords: [String] {
            words.map { word in marks[word].map { String($0) + word } ?? word }
        }

        init() {}

        init(markedWords: [String]) {
            for entry in markedWords {
                if let mark = entry.first, mark == "#" || mark == "@" {
                    add([String(entry.dropFirst())], marks: [String(entry.dropFirst()): mark])
                } else {
                    add([entry])
                }
            }
        }
    }
}
