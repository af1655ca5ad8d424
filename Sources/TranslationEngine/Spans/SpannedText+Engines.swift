extension ApertiumPipeline {
    /// Translates `source` with its kept spans as superblanks, one request for the whole text,
    /// as Apertium's own deformatters feed it: the stages see the sentence around a span and
    /// never its bytes (`translation(ofStream:)`). A text without spans takes
    /// `translation(of:)`, byte for byte the plain path; one over the request limits (a piece,
    /// a token) is translated segment by segment.
    public func translation(of source: SpannedText, timeout: Duration) async throws -> SpannedTranslation {
        guard source.hasKeptSpans else {
            let plain = try await translation(of: source.string, timeout: timeout)
            return SpannedTranslation(text: SpannedText(text: plain.text), unknownWords: plain.unknownWords, marks: plain.marks)
        }
        let texts = source.textsBetweenSpans
        let withinLimits = texts.reduce(0) { $0 + $1.utf8.count } <= limits.maxPieceBytes
            && !texts.contains { $0.split(whereSeparator: \.isWhitespace).contains { $0.count > limits.maxTokenCharacters } }
        guard withinLimits else {
            return try await SpannedTranslation.segmentBySegment(source, width: limits.piecesInFlight) { text in
                try await self.translation(of: text, timeout: timeout)
            }
        }
        let stream = StreamFormat.deformattedBytes(texts: texts, keptBlank: Self.keptBlank)
        // The request's blanks by number: which of them are the kept spans, in order.
        var keptIndices: [Int: Int] = [:]
        var originals: [[UInt8]] = []
        for run in StreamFormat.runs(of: stream) {
            guard case .blank(let blank) = run else { continue }
            if blank == Self.keptBlank { keptIndices[originals.count] = keptIndices.count }
            originals.append(blank)
        }
        let output = try await translation(ofStream: stream, timeout: timeout)
        let spans = source.keptSpans
        var segments: [SpannedText.Segment] = []
        var pending = ""
        for run in output.runs {
            switch run {
            case .text(let text):
                pending += text
            case .blank(let index):
                if let rank = keptIndices[index] {
                    segments.append(.text(pending))
                    pending = ""
                    segments.append(.kept(spans[rank]))
                } else if originals[index] == StreamFormat.emptyBlank {
                    // destxt's sentence end before an empty blank (as `StreamFormat.unescape`).
                    if pending.hasSuffix(".") { pending.removeLast() }
                } else {
                    pending += StreamFormat.content(ofBlank: originals[index])
                }
            }
        }
        segments.append(.text(pending))
        return SpannedTranslation(text: SpannedText(segments), unknownWords: output.unknownWords, marks: output.marks)
    }

    /// The superblank a kept span travels as (its bytes never enter the stages).
    private static let keptBlank: [UInt8] = Array("[\u{E0B1}]".utf8)
}

extension NeuralWorker {
    /// Translates each text segment of `source` on its own, the spans staying in place
    /// (`SpannedTranslation.segmentBySegment`): a model is never given a span to move.
    public func translation(of source: SpannedText, timeout: Duration) async throws -> SpannedTranslation {
        guard source.hasKeptSpans else {
            return SpannedTranslation(text: SpannedText(text: try await translate(source.string, timeout: timeout)))
        }
        return try await SpannedTranslation.segmentBySegment(source, width: 8) { text in
            PipelineTranslation(text: try await self.translate(text, timeout: timeout), unknownWords: [])
        }
    }
}
