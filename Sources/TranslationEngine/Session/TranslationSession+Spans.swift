import Foundation

/// Texts with kept spans and HTML documents: the same route and memory as plain texts, the
/// legs run by `LegRunner+Spans`.
extension TranslationSession {
    /// The request's text with its kept spans, its own and the glossary's terms, or nil when it
    /// has none (it then takes the plain path, byte for byte).
    func keptSpans(of request: Request) -> SpannedText? {
        var spanned = request.spannedText
        if let glossary = context.glossary { spanned = glossary.marking(spanned ?? SpannedText(text: request.sourceText), into: targetTag) }
        guard let spanned, spanned.hasKeptSpans else { return nil }
        return spanned
    }

    /// A text with kept spans (its own, or the glossary's terms) along `route`, remembered
    /// under a key made of its segments: never the plain text's entry, nor one made with other
    /// spans or another glossary.
    func translate(_ request: Request, spanned: SpannedText, from source: String, along route: [Direction],
                   lookUp: Bool) async throws -> Response {
        let key = await resolver.memoryKey(of: spanned.memoryMaterial, from: source, along: route, spanned: true)
        if lookUp, let memory, let key, let entry = await memory.entry(for: key),
           let remembered = SpannedText(memoryMaterial: entry.targetText) {
            let shown = TranslationMemory.Entry(targetText: remembered.string, unknownWords: entry.unknownWords, marks: entry.marks)
            return response(to: request, from: source, along: route, entry: shown, remembered: true, spanned: remembered)
        }
        let translation = try await legs.run(spanned, along: route, pairs: resolver.pairs)
        if let memory, let key {
            await memory.remember(TranslationMemory.Entry(targetText: translation.text.memoryMaterial, unknownWords: translation.unknownWords,
                                                          marks: translation.marks), for: key)
        }
        let entry = TranslationMemory.Entry(targetText: translation.text.string, unknownWords: translation.unknownWords, marks: translation.marks)
        return response(to: request, from: source, along: route, entry: entry, remembered: false, spanned: translation.text)
    }

    /// An HTML document along `route` (`LegRunner.runHTML`); documents are not remembered.
    func translateHTML(_ request: Request, from source: String, along route: [Direction]) async throws -> Response {
        guard !route.isEmpty else {
            let entry = TranslationMemory.Entry(targetText: request.sourceText)
            return response(to: request, from: source, along: route, entry: entry, remembered: false)
        }
        let format: HTMLFormat
        do {
            format = try htmlFormat()
        } catch {
            throw TranslationError.internalError(in: "html", error)
        }
        let translation = try await legs.runHTML(request.sourceText, along: route, pairs: resolver.pairs, format: format,
                                                 glossary: context.glossary, target: targetTag)
        let entry = TranslationMemory.Entry(targetText: translation.text.string, unknownWords: translation.unknownWords, marks: translation.marks)
        return response(to: request, from: source, along: route, entry: entry, remembered: false)
    }

    private func htmlFormat() throws -> HTMLFormat {
        try context.htmlFormat()
    }
}

extension TranslationSession.Context {
    /// Apertium's HTML programs on the engine's PATH (the system's for a test's context).
    func htmlFormat() throws -> HTMLFormat {
        let variables = runtime?.environment.childEnvironment ?? ["PATH": ChildProcess.systemPath]
        let path = variables["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? ChildProcess.systemPath
        return try HTMLFormat(searchPath: path, environment: variables)
    }
}
