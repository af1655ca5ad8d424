/// What a pipeline made of a request already in the stream format.
public struct PipelineStream: Sendable {
    /// The output stream, every blank of the request back as it was given, unknown-word marks
    /// taken out of the text.
    public var bytes: [UInt8]
    /// Words the engine did not know, in order, each once (as `PipelineTranslation`'s).
    public var unknownWords: [String]
    /// Marks other than `*` of `unknownWords` (as `PipelineTranslation`'s).
    public var marks: [String: Character]
    /// The output as runs: text, and the request's blanks by number (0: its first), in the
    /// order the stages left them.
    var runs: [Run]

    enum Run: Equatable {
        case text(String)
        case blank(Int)
    }
}

extension ApertiumPipeline {
    /// Translates `stream`, already in Apertium's stream format (an Apertium deformatter's
    /// output, or a text with kept spans as superblanks), on the warm pipeline, as one request.
    ///
    /// No blank's bytes enter the stages: each goes in as a numbered marker blank and comes
    /// back from the request's own copy, so markup is returned byte for byte even where a stage
    /// would read it (the unknown-word tap strips `*`, `#` and `@` anywhere, and `href="#x"` has
    /// one). Blanks stay where the stages leave them (Apertium keeps them in order; a blank a
    /// stage dropped is put back at the end). Word-bound blanks (`[[...]]`) are Apertium's own
    /// and go in as they are.
    /// - Parameter timeout: how long the request may stay at the head of the line.
    public func translation(ofStream stream: [UInt8], timeout: Duration) async throws -> PipelineStream {
        try slot.begin()
        defer { slot.end() }
        var blanks: [[UInt8]] = []
        var request: [UInt8] = []
        request.reserveCapacity(stream.count)
        for run in StreamFormat.runs(of: stream) {
            switch run {
            case .text(let text):
                request += StreamFormat.escapedText(UnknownWords.protect(text))
            case .blank(let blank) where blank.starts(with: Self.wordBoundOpening):
                request += blank
            case .blank(let blank):
                request += Self.marker(blanks.count)
                blanks.append(blank)
            }
        }
        let answer = try await exchange(timeout: timeout) { nonce in request + StreamFormat.terminator(nonce: nonce) }
        var collector = answer.tappedWords.map(UnknownWords.Collector.init(markedWords:)) ?? UnknownWords.Collector()
        let marked = answer.tappedWords == nil && mode.marksUnknownWords
        var runs: [PipelineStream.Run] = []
        var bytes: [UInt8] = []
        var returned = Set<Int>()
        for run in StreamFormat.runs(of: answer.bytes) {
            switch run {
            case .text(let text):
                let translation = UnknownWords.extract(from: text, marked: marked)
                collector.add(translation.unknownWords, marks: translation.marks)
                runs.append(.text(translation.text))
                bytes += StreamFormat.escapedText(translation.text)
            case .blank(let blank):
                if let index = Self.markerIndex(blank), index < blanks.count, returned.insert(index).inserted {
                    runs.append(.blank(index))
                    bytes += blanks[index]
                } else {
                    // A blank of the stages' own (or a word-bound one): text to the reader.
                    runs.append(.text(StreamFormat.content(ofBlank: blank)))
                    bytes += blank
                }
            }
        }
        for index in blanks.indices where !returned.contains(index) {
            runs.append(.blank(index))
            bytes += blanks[index]
        }
        return PipelineStream(bytes: bytes, unknownWords: collector.words, marks: collector.marks, runs: runs)
    }

    private static let wordBoundOpening = Array("[[".utf8)
    /// U+E0B0, a private-use scalar: no deformatter writes it at a blank's start.
    private static let markerLead: [UInt8] = [0xEE, 0x82, 0xB0]

    private static func marker(_ index: Int) -> [UInt8] {
        [UInt8(ascii: "[")] + markerLead + Array(String(index).utf8) + [UInt8(ascii: "]")]
    }

    private static func markerIndex(_ blank: [UInt8]) -> Int? {
        guard blank.count > markerLead.count + 2, blank[1...].starts(with: markerLead) else { return nil }
        return Int(String(decoding: blank[(1 + markerLead.count)..<(blank.count - 1)], as: UTF8.self))
    }
}
