import Foundation

/// An attributed string as the engine reads it: runs marked `skipsTranslation` become kept
/// spans, the rest text to translate; and how a translation gets its attributes back.
///
/// What the target keeps (docs/decisions/structured-text.md): a kept run comes back with every
/// attribute it had, run by run; a translated stretch whose runs all carried the same attributes
/// gets those attributes; one with mixed attributes comes back plain, because where a bold word
/// went in the translated sentence cannot be told from the engines' output.
struct AttributedSpans {
    /// One stretch of the source alike in `skipsTranslation`.
    struct Piece {
        let isKept: Bool
        let slice: AttributedString
        /// For a text piece, the attributes all its runs share (`skipsTranslation` aside), or
        /// nil when they differ.
        let sharedAttributes: AttributeContainer?

        var string: String { String(slice.characters) }
    }

    let source: AttributedString
    let pieces: [Piece]

    init(_ source: AttributedString) {
        self.source = source
        var pieces: [Piece] = []
        for (skips, range) in source.runs[\.skipsTranslation] {
            let slice = AttributedString(source[range])
            let isKept = skips == true
            pieces.append(Piece(isKept: isKept, slice: slice, sharedAttributes: isKept ? nil : Self.shared(by: slice)))
        }
        self.pieces = pieces
    }

    /// The source as segments, or nil when no run is marked (the plain path, byte for byte).
    var spannedText: SpannedText? {
        guard pieces.contains(where: \.isKept) else { return nil }
        return SpannedText(pieces.map { $0.isKept ? .kept($0.string) : .text($0.string) })
    }

    /// The attributes every run of `slice` carries alike, `skipsTranslation` left out.
    private static func shared(by slice: AttributedString) -> AttributeContainer? {
        var shared: AttributeContainer?
        for run in slice.runs {
            var attributes = run.attributes
            attributes.skipsTranslation = nil
            if let known = shared, known != attributes { return nil }
            shared = attributes
        }
        return shared
    }

    /// The translation with attributes: `target`'s kept spans matched in order to the marked
    /// runs (a glossary term, kept too but not marked, takes its stretch's attributes).
    func attributedTarget(_ target: SpannedText?, targetText: String) -> AttributedString {
        guard let target else {
            if targetText == String(source.characters) { return source }
            let shared = pieces.count == 1 ? pieces[0].sharedAttributes : nil
            return AttributedString(targetText, attributes: shared ?? AttributeContainer())
        }
        var result = AttributedString()
        var next = 0
        for segment in target.segments {
            let around = next < pieces.count && !pieces[next].isKept ? pieces[next].sharedAttributes : nil
            switch segment {
            case .text(let text):
                result.append(AttributedString(text, attributes: around ?? AttributeContainer()))
            case .kept(let span):
                let candidate = next < pieces.count && !pieces[next].isKept ? next + 1 : next
                if candidate < pieces.count, pieces[candidate].isKept, pieces[candidate].string == span {
                    result.append(pieces[candidate].slice)
                    next = candidate + 1
                } else {
                    result.append(AttributedString(span, attributes: around ?? AttributeContainer()))
                }
            }
        }
        return result
    }
}
