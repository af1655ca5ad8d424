import Foundation

/// A route's legs for texts with kept spans and for HTML documents.
extension LegRunner {
    /// `source` carried along every leg of `route`, its kept spans kept by each (an Apertium
    /// leg as superblanks, a neural or remote leg segment by segment), so a pivot keeps them
    /// across legs.
    func run(_ source: SpannedText, along route: [Direction], pairs: InstalledPairs) async throws -> SpannedTranslation {
        var current = source
        var unknown = UnknownWords.Collector()
        for leg in route {
            let translation = try await mapErrors(of: leg) {
                switch leg.engine {
                case .remote:
                    return try await SpannedTranslation.segmentBySegment(current, width: 4) { text in
                        try await self.remoteTranslation(of: text, leg: leg)
                    }
                case .neural:
                    guard let package = pairs.neuralPackage(of: leg) else {
                        throw TranslationError.internalError("no installed model for \(leg.pack)")
                    }
                    return try await pool.worker(for: package).translation(of: current, timeout: legTimeout)
                case .apertium:
                    guard let location = pairs.location(of: leg) else {
                        throw TranslationError.internalError("no mode file for \(leg.mode)")
                    }
                    return try await pool.pipeline(for: location).translation(of: current, timeout: legTimeout)
                }
            }
            current = translation.text
            unknown.add(translation.unknownWords, marks: translation.marks)
        }
        return SpannedTranslation(text: current, unknownWords: unknown.words, marks: unknown.marks)
    }

    /// An HTML document along `route`. A route of Apertium legs only runs as `apertium -f html`
    /// does: the deformatter's stream through each leg's warm pipeline, then the reformatter,
    /// so its output is the command's. Any other route takes the document as a spanned text
    /// (`HTMLFormat.spannedText(of:)`: `alt` values translated too) through `run(_:along:pairs:)`.
    /// `glossary` marks its terms in the document's text; a document where it finds one takes
    /// the spanned way on any route, since the terms must stay whole.
    func runHTML(_ html: String, along route: [Direction], pairs: InstalledPairs, format: HTMLFormat,
                 glossary: Glossary?, target: String) async throws -> SpannedTranslation {
        if route.allSatisfy({ $0.engine == .apertium }) {
            let stream = try await mapErrors(of: route[0]) { try await format.stream(of: html) }
            if let glossary {
                let document = HTMLFormat.spannedText(ofStream: stream)
                let marked = glossary.marking(document, into: target)
                if marked.keptSpans.count != document.keptSpans.count { return try await run(marked, along: route, pairs: pairs) }
            }
            return try await runStream(stream, along: route, pairs: pairs, format: format)
        }
        var document = try await mapErrors(of: route[0]) { try await format.spannedText(of: html) }
        if let glossary { document = glossary.marking(document, into: target) }
        return try await run(document, along: route, pairs: pairs)
    }

    /// A deformatter's stream through each Apertium leg's warm pipeline, then the reformatter.
    private func runStream(_ stream: [UInt8], along route: [Direction], pairs: InstalledPairs,
                           format: HTMLFormat) async throws -> SpannedTranslation {
        let output = try await translatedStream(stream, along: route, pairs: pairs)
        let translated = try await mapErrors(of: route[route.count - 1]) { try await format.html(of: output.bytes) }
        return SpannedTranslation(text: SpannedText(text: translated), unknownWords: output.unknownWords, marks: output.marks)
    }

    /// A deformatter's stream through each Apertium leg's warm pipeline, in turn (HTML and
    /// documents, `LegRunner+Documents`).
    func translatedStream(_ stream: [UInt8], along route: [Direction], pairs: InstalledPairs) async throws -> PipelineStream {
        var stream = stream
        var unknown = UnknownWords.Collector()
        for leg in route {
            guard let location = pairs.location(of: leg) else {
                throw TranslationError.internalError("no mode file for \(leg.mode)")
            }
            let output = try await mapErrors(of: leg) {
                try await pool.pipeline(for: location).translation(ofStream: stream, timeout: documentTimeout(stream.count))
            }
            stream = output.bytes
            unknown.add(output.unknownWords, marks: output.marks)
        }
        return PipelineStream(bytes: stream, unknownWords: unknown.words, marks: unknown.marks, runs: [])
    }

    /// A document's time at the head of a pipeline's line: the leg's, and a second more for
    /// every 16 KB (a long document is one request).
    private func documentTimeout(_ bytes: Int) -> Duration {
        legTimeout + .seconds(bytes / 16_384)
    }

    /// `work`, with the process layer's errors named after `leg`'s mode.
    func mapErrors<T>(of leg: Direction, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as ChildProcessError {
            throw TranslationError.internalError(in: leg.mode, error)
        } catch let error as ModeFileError {
            throw TranslationError.internalError(in: leg.mode, error)
        }
    }
}
