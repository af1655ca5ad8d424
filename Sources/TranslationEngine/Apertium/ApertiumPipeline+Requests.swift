import Dispatch
import Foundation

extension ApertiumPipeline {
    /// Translates `text` and reports the words the engine did not know.
    ///
    /// Long texts are cut into pieces (see `TextLimits`) that are pipelined and joined again;
    /// a token longer than `limits.maxTokenCharacters` is kept as it is and reported unknown.
    /// `timeout` is how long one piece may stay at the head of the line.
    public func translation(of text: String, timeout: Duration) async throws -> PipelineTranslation {
        try slot.begin()
        defer { slot.end() }
        let segments = TextSegments.split(text, limits: limits)
        // A text of one piece (most are) is one framed request, asked here: no step between.
        guard segments.count == 1, case .translate(let piece) = segments[0] else {
            return try await translate(segments, timeout: timeout)
        }
        if piece.allSatisfy(\.isWhitespace) { return PipelineTranslation(text: piece, unknownWords: []) }
        return reading(try await exchange(timeout: timeout, request: Self.framing(piece)))
    }

    /// Pieces in flight together, at most `limits.piecesInFlight`, joined in order; kept and
    /// untranslatable segments are settled at once and take no place in flight.
    private func translate(_ segments: [TextSegments.Segment], timeout: Duration) async throws -> PipelineTranslation {
        var parts = [PipelineTranslation?](repeating: nil, count: segments.count)
        var pieces: [(index: Int, text: String)] = []
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .keep(let text):
                parts[index] = PipelineTranslation(text: text, unknownWords: [])
            case .untranslatable(let token):
                parts[index] = PipelineTranslation(text: token, unknownWords: [TextSegments.abbreviated(token)])
            case .translate(let piece) where piece.allSatisfy(\.isWhitespace):
                parts[index] = PipelineTranslation(text: piece, unknownWords: [])
            case .translate(let piece):
                pieces.append((index, piece))
            }
        }
        try await BoundedConcurrency.forEach(pieces, width: limits.piecesInFlight) { piece async throws in
            (piece.index, self.reading(try await self.exchange(timeout: timeout, request: Self.framing(piece.text))))
        } receive: { _, part in
            parts[part.0] = part.1
        }
        var text = ""
        var unknown = UnknownWords.Collector()
        for part in parts {
            guard let part else { continue }
            text += part.text
            unknown.add(part.unknownWords, marks: part.marks)
        }
        return PipelineTranslation(text: text, unknownWords: unknown.words, marks: unknown.marks)
    }

    /// A piece's request, given its nonce: the piece with its unknown-word marks protected,
    /// framed (protected once, framed again for a retry's new nonce).
    private static func framing(_ piece: String) -> (String) -> [UInt8] {
        let protected = UnknownWords.protect(piece)
        return { nonce in StreamFormat.frame(protected, nonce: nonce) }
    }

    /// The translation in a piece's answer and the words the generator did not know (marked in
    /// the text, or tapped from the stream before the generator when the mode taps them).
    private func reading(_ answer: ChildPipeline.Answer) -> PipelineTranslation {
        let stream = StreamFormat.unescape(bytes: answer.bytes)
        guard let tapped = answer.tappedWords else {
            return UnknownWords.extract(from: stream, marked: mode.marksUnknownWords)
        }
        let text = UnknownWords.extract(from: stream, marked: false).text
        let words = UnknownWords.Collector(markedWords: tapped)
        return PipelineTranslation(text: text, unknownWords: words.words, marks: words.marks)
    }

    /// One request written by `request` (given its nonce, it returns the framed bytes): retried
    /// once if it was the one at fault and resubmitted if it was only queued behind a request
    /// that broke the generation.
    func exchange(timeout: Duration, request: (String) -> [UInt8]) async throws -> ChildPipeline.Answer {
        var blamed = 0
        var collateral = 0
        while true {
            let child = try await generation()
            let nonce = nextNonce()
            do {
                let answer = try await child.submit(request(nonce), terminator: StreamFormat.terminator(nonce: nonce), timeout: timeout)
                // A generation that answers is healthy: earlier crashes were the fault of the
                // requests they were charged to (each retried once, then failed alone), so they
                // no longer count towards the restart limit that stops a pipeline for good.
                slot.clearCrashes()
                return answer
            } catch let failure as ChildPipeline.Failure {
                // Whatever killed the stage, the next generation does without the allocator.
                if failure.error == .stageDied { stageAllocatorDropped.store(true, ordering: .relaxed) }
                slot.retire(child, crashed: failure.error != .shutDown)
                if slot.isShutDown { throw ChildProcessError.shutDown }
                if failure.blamed {
                    blamed += 1
                    if blamed >= 2 { throw failure.error }
                } else {
                    collateral += 1
                    if collateral >= 32 { throw failure.error }
                }
            }
        }
    }

    /// The running generation, spawning one if needed (see `ProcessSlot.current`).
    func generation() async throws -> ChildPipeline {
        try await slot.current(policy: restartPolicy) {
            try ChildPipeline.spawn(mode.stages, tapAfter: mode.markTapAfter, environment: ChildProcess.environment(environment),
                                    taggerReset: taggerReset, allocator: currentStageAllocator, allocatedPrograms: stageAllocatorPrograms)
        }
    }

    /// A digits-only marker: numbers pass through every stage unchanged, and the counter
    /// keeps it unique even if randomness repeats.
    private func nextNonce() -> String {
        let count = requests.wrappingAdd(1, ordering: .relaxed).newValue
        return "\(UInt32.random(in: 100_000_000...999_999_999))\(count)"
    }
}
