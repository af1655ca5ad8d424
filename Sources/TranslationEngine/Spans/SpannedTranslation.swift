/// What one leg, or a whole route, made of a `SpannedText`.
public struct SpannedTranslation: Sendable, Hashable {
    /// The translation: the source's kept spans, byte for byte and in order, between
    /// translated text.
    public var text: SpannedText
    /// Words the engines did not know, in order, each once (as `PipelineTranslation`'s).
    public var unknownWords: [String]
    /// Marks other than `*` of `unknownWords` (as `PipelineTranslation`'s).
    public var marks: [String: Character]

    public init(text: SpannedText, unknownWords: [String] = [], marks: [String: Character] = [:]) {
        self.text = text
        self.unknownWords = unknownWords
        self.marks = marks
    }

    /// Translates each text segment of `source` on its own with `translate` and keeps every
    /// span where it was: how neural models and remote servers get a spanned text, and what an
    /// Apertium leg falls back to for a text over its request limits. Segments without a
    /// letter (punctuation and numbers between two tags) pass as they are, and each segment's
    /// leading and trailing whitespace stays as written, since engines trim it.
    static func segmentBySegment(_ source: SpannedText, width: Int,
                                 translate: @escaping @Sendable (String) async throws -> PipelineTranslation) async throws -> SpannedTranslation {
        let segments = source.segments
        let outputs = try await BoundedConcurrency.map(Array(segments.indices), width: width) { index async throws -> PipelineTranslation? in
            guard case .text(let text) = segments[index], text.contains(where: \.isLetter) else { return nil }
            let core = text.trimmingWhitespace()
            let leading = text.prefix { $0.isWhitespace }
            let trailing = String(text.reversed().prefix { $0.isWhitespace }.reversed())
            var translation = try await translate(String(core))
            translation.text = leading + translation.text + trailing
            return translation
        }
        var result: [SpannedText.Segment] = []
        var unknown = UnknownWords.Collector()
        for (segment, output) in zip(segments, outputs) {
            if let output {
                result.append(.text(output.text))
                unknown.add(output.unknownWords, marks: output.marks)
            } else {
                result.append(segment)
            }
        }
        return SpannedTranslation(text: SpannedText(result), unknownWords: unknown.words, marks: unknown.marks)
    }
}

extension String {
    /// The text without its leading and trailing whitespace.
    func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
