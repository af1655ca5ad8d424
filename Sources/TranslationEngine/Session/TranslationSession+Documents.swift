/// Whole documents: one entry point for the CLI's `translate --file`, APy's `/translateDoc`
/// and LibreTranslate's `/translate_file`.
extension TranslationSession {
    /// Translates a document whole and gives it back in its own format, its markup and styles
    /// kept: text and HTML through Apertium's deformatters (HTML as `TextFormat.html`), docx,
    /// odt and pptx opened with libarchive under `limits`, the parts `apertium -f FORMAT`
    /// translates translated (`DocumentPrograms`), every other entry kept byte for byte.
    ///
    /// - Parameters:
    ///   - format: the document's format; nil: sniffed from the bytes and `fileName`.
    ///   - fileName: the name it came with, checked against its bytes (a `.docx` that is not
    ///     one is refused); only its extension is read.
    ///   - glossary: terms the document keeps, instead of the session's (the engine
    ///     environment's); nil: the session's.
    /// - Throws: `DocumentError` for a document refused (its format, its archive, a limit),
    ///   and `TranslationError` as `translate(_:)` does. A session with no source detects the
    ///   language from the document's text, never its markup.
    public func translate(document bytes: [UInt8], format: DocumentFormat? = nil, fileName: String? = nil,
                          limits: DocumentLimits = DocumentLimits(), glossary: Glossary? = nil) async throws -> TranslatedDocument {
        guard !isCancelled else { throw TranslationError.alreadyCancelled }
        if bytes.count > limits.maxDocumentBytes { throw DocumentError.tooLarge(bytes: bytes.count, limit: limits.maxDocumentBytes) }
        let (format, archive) = try format.map { ($0, nil) } ?? DocumentFormat.sniffing(bytes, fileName: fileName, limits: limits)
        let html: HTMLFormat
        do {
            html = try context.htmlFormat()
        } catch {
            throw TranslationError.internalError(in: "documents", error)
        }
        if format == .html { return try await translateHTMLDocument(bytes, html: html, glossary: glossary) }
        let programs: DocumentPrograms
        do {
            programs = try DocumentPrograms(format: format, alongside: html)
        } catch {
            throw TranslationError.internalError(in: format.rawValue, error)
        }
        let opened = try programs.open(bytes, archive: archive, limits: limits)
        if format == .txt, String(validating: bytes, as: UTF8.self) == nil { throw DocumentError.notUTF8 }
        let stream = try await programs.stream(of: opened)
        let text = HTMLFormat.spannedText(ofStream: stream).translatableText
        guard !text.allSatisfy(\.isWhitespace) else { throw TranslationError.nothingToTranslate }
        let source = try sourceTag ?? detectedTag(of: text)
        var route = try await resolver.resolved(from: source, to: targetTag)
        if let glossary { route.spans.glossary = glossary }
        return try await route.translateDocument(opened, stream: stream, programs: programs)
    }

    /// An HTML document as `TextFormat.html` texts are translated.
    private func translateHTMLDocument(_ bytes: [UInt8], html: HTMLFormat, glossary: Glossary?) async throws -> TranslatedDocument {
        guard let document = String(validating: bytes, as: UTF8.self) else { throw DocumentError.notUTF8 }
        let text = HTMLFormat.spannedText(ofStream: try await html.stream(of: document)).translatableText
        guard !text.allSatisfy(\.isWhitespace) else { throw TranslationError.nothingToTranslate }
        let source = try sourceTag ?? detectedTag(of: text)
        var route = try await resolver.resolved(from: source, to: targetTag)
        if let glossary { route.spans.glossary = glossary }
        let response = try await route.translate(Request(sourceText: document, format: .html), lookUp: false)
        return TranslatedDocument(bytes: Array(response.targetText.utf8), format: .html, sourceTag: source, route: response.route,
                                  unknownWords: response.unknownWords)
    }
}
