/// Whole documents on a resolved route (`TranslationSession+Documents`); never remembered.
extension ResolvedRoute {
    /// `opened` (a deformatter's `stream` of it) translated and written back by `programs`. A
    /// route of Apertium legs only runs as `apertium -f FORMAT` does (the stream through each
    /// leg's warm pipeline, then the reformatter); any other takes the stream as a spanned
    /// text, its text runs translated and its blanks kept, then rebuilt for the reformatter.
    /// A document where the glossary finds a term takes the spanned way on any route (as an
    /// HTML document does), so the term stays whole.
    func translateDocument(_ opened: DocumentPrograms.Opened, stream: [UInt8], programs: DocumentPrograms) async throws -> TranslatedDocument {
        var translated = stream
        var unknownWords: [String] = []
        let document = HTMLFormat.spannedText(ofStream: stream)
        let marked = spans.glossary.map { $0.marking(document, into: target) } ?? document
        let hasTerms = marked.keptSpans.count != document.keptSpans.count
        if route.allSatisfy({ $0.engine == .apertium }) && !hasTerms {
            let output = try await legs.translatedStream(stream, along: route, pairs: pairs)
            translated = output.bytes
            unknownWords = output.unknownWords
        } else if !route.isEmpty {
            let output = try await legs.run(marked, along: route, pairs: pairs)
            translated = Self.stream(of: output.text)
            unknownWords = output.unknownWords
        }
        let bytes = try await programs.document(from: translated, of: opened)
        return TranslatedDocument(bytes: bytes, format: programs.format, sourceTag: source, route: [source] + route.map(\.target),
                                  unknownWords: unknownWords)
    }

    /// A spanned text in the stream format: text escaped, kept spans as superblanks escaped
    /// as the deformatters escape them (their reformatters undo it).
    static func stream(of text: SpannedText) -> [UInt8] {
        var out: [UInt8] = []
        for segment in text.segments {
            switch segment {
            case .text(let text):
                out += StreamFormat.escapedText(text)
            case .kept(let span):
                out.append(UInt8(ascii: "["))
                for byte in span.utf8 {
                    if HTMLFormat.blankEscaped.contains(byte) { out.append(UInt8(ascii: "\\")) }
                    out.append(byte)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
        return out
    }
}
