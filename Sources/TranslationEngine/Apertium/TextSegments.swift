/// Cuts a text into what goes through a pipeline and what is kept as it is.
///
/// A text within the limits is one piece, unchanged. A longer one is cut at the last sentence
/// end (or else the last space) before each `maxPieceBytes`, with the whitespace at the cut
/// kept verbatim; a token over `maxTokenCharacters` is kept untranslated, since Apertium's
/// analysis of one huge token takes seconds to minutes.
enum TextSegments {
    enum Segment: Equatable {
        case translate(String)
        case keep(String)
        case untranslatable(String)
    }

    /// A run of whitespace or of anything else.
    private struct Run {
        var text: Substring
        var isSpace: Bool
        var characters: Int
    }

    static func split(_ text: String, limits: TextLimits) -> [Segment] {
        if text.utf8.count <= limits.maxPieceBytes && text.utf8.count <= limits.maxTokenCharacters {
            return [.translate(text)]
        }
        var segments: [Segment] = []
        var piece: [Run] = []
        var pieceBytes = 0
        /// Index in `piece` of the last paragraph break (where destxt itself adds a sentence
        /// end, so a cut there changes nothing), and of the last space after a sentence end.
        var paragraphBreak: Int?
        var sentenceBreak: Int?
        var lastSpace: Int?

        func emit(_ runs: ArraySlice<Run>) {
            var runs = runs
            var leading = "", trailing = ""
            while let first = runs.first, first.isSpace { leading += first.text; runs.removeFirst() }
            while let last = runs.last, last.isSpace { trailing = last.text + trailing; runs.removeLast() }
            if !leading.isEmpty { segments.append(.keep(leading)) }
            if !runs.isEmpty { segments.append(.translate(runs.map(\.text).joined())) }
            if !trailing.isEmpty { segments.append(.keep(trailing)) }
        }
        func flush() {
            emit(piece[...])
            piece.removeAll(keepingCapacity: true)
            pieceBytes = 0
            paragraphBreak = nil
            sentenceBreak = nil
            lastSpace = nil
        }
        func note(_ run: Run, at position: Int) {
            lastSpace = position
            if run.text.contains("\n\n") { paragraphBreak = position }
            if position > 0, endsSentence(piece[position - 1].text) || run.text.contains("\n") { sentenceBreak = position }
        }
        func cut(at index: Int) {
            emit(piece[..<index])
            segments.append(.keep(String(piece[index].text)))
            piece.removeSubrange(...index)
            pieceBytes = piece.reduce(0) { $0 + $1.text.utf8.count }
            paragraphBreak = nil
            sentenceBreak = nil
            lastSpace = nil
            for (position, run) in piece.enumerated() where run.isSpace {
                note(run, at: position)
            }
        }

        for run in runs(of: text) {
            if !run.isSpace && run.characters > limits.maxTokenCharacters {
                flush()
                segments.append(.untranslatable(String(run.text)))
                continue
            }
            let bytes = run.text.utf8.count
            if !piece.isEmpty && pieceBytes + bytes > limits.maxPieceBytes, let index = paragraphBreak ?? sentenceBreak ?? lastSpace {
                cut(at: index)
            }
            piece.append(run)
            pieceBytes += bytes
            if run.isSpace { note(run, at: piece.count - 1) }
        }
        flush()
        return segments.isEmpty ? [.keep("")] : segments
    }

    /// How an untranslatable token is named among the unknown words: its start, so a 2 MB
    /// token does not come back twice.
    static func abbreviated(_ token: String) -> String {
        token.count <= 40 ? token : String(token.prefix(40)) + "…"
    }

    private static func endsSentence(_ word: Substring) -> Bool {
        guard let last = word.last else { return false }
        return ".!?…;:".contains(last)
    }

    private static func runs(of text: String) -> [Run] {
        var runs: [Run] = []
        var start = text.startIndex
        var isSpace: Bool?
        var count = 0
        var index = text.startIndex
        while index < text.endIndex {
            let space = text[index].isWhitespace
            if let current = isSpace, current != space {
                runs.append(Run(text: text[start..<index], isSpace: current, characters: count))
                start = index
                count = 0
            }
            isSpace = space
            count += 1
            index = text.index(after: index)
        }
        if let isSpace, start < text.endIndex {
            runs.append(Run(text: text[start...], isSpace: isSpace, characters: count))
        }
        return runs
    }
}
