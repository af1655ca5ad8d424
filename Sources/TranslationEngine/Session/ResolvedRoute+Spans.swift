import Foundation

/// Texts with kept spans and HTML documents on a resolved route: the same route and memory as
/// plain texts, the legs run by `LegRunner+Spans`.
extension ResolvedRoute {
    /// The request's text with its kept spans, its own and the glossary's terms, or nil when it
    /// has none (it then takes the plain path, byte for byte).
    func keptSpans(of request: TranslationSession.Request) -> SpannedText? {
        var spanned = request.spannedText
        if let glossary = spans.glossary { spanned = glossary.marking(spanned ?? SpannedText(text: request.sourceText), into: target) }
        guard let spanned, spanned.hasKeptSpans else { return nil }
        return spanned
    }

    /// A text with kept spans (its own, or the glossary's terms), remembered under a key made of
    /// its segments: never the plain text's entry, nor one made with other spans or another
    /// glossary (the memory was asked already, by `remembered`).
    func translate(_ request: TranslationSession.Request, spanned: SpannedText) async throws -> TranslationSession.Response {
        let translation = try await legs.run(spanned, along: route, pairs: pairs)
        if let memory, let key = key(of: spanned.memoryMaterial, spanned: true) {
            await memory.remember(TranslationMemory.Entry(targetText: translation.text.memoryMaterial, unknownWords: translation.unknownWords,
                                                          marks: translation.marks), for: key)
        }
        let entry = TranslationMemory.Entry(targetText: translation.text.string, unknownWords: translation.unknownWords, marks: translation.marks)
        return response(to: request, entry: entry, remembered: false, spanned: translation.text)
    }

    /// An HTML document (`LegRunner.runHTML`); documents are not remembered.
    func translateHTML(_ request: TranslationSession.Request) async throws -> TranslationSession.Response {
        guard !route.isEmpty else {
            return response(to: request, entry: TranslationMemory.Entry(targetText: request.sourceText), remembered: false)
        }
        let format: HTMLFormat
        do {
            format = try spans.htmlFormat()
        } catch {
            throw TranslationError.internalError(in: "html", error)
        }
        let translation = try await legs.runHTML(request.sourceText, along: route, pairs: pairs, format: format,
                                                 glossary: spans.glossary, target: target)
        let entry = TranslationMemory.Entry(targetText: translation.text.string, unknownWords: translation.unknownWords, marks: translation.marks)
        return response(to: request, entry: entry, remembered: false)
    }
}

extension TranslationSession.Context {
    /// Apertium's HTML programs on the engine's PATH (the system's for a test's context).
    func htmlFormat() throws -> HTMLFormat {
        let variables = runtime?.environment.childEnvironment ?? ["PATH": ChildProcess.systemPath]
        let path = variables["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? ChildProcess.systemPath
        return try HTMLFormat(searchPath: path, environment: variables)
    }

    /// What every route of a session made from this context keeps, and how it reads HTML.
    var spans: ResolvedRoute.Spans {
        let context = self
        return ResolvedRoute.Spans(glossary: glossary, htmlFormat: { try context.htmlFormat() })
    }
}
