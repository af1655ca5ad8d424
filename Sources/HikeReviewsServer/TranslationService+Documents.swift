import TranslationEngine

extension TranslationService {
    /// A document translated whole (`TranslationSession.translate(document:format:fileName:)`)
    /// on a session of its own: no consent, no downloads, no memory (a document is not
    /// remembered), the server's glossary kept. What both servers' document routes call.
    public func translate(document bytes: [UInt8], format: DocumentFormat?, from source: String?, to target: String,
                          fileName: String? = nil, limits: DocumentLimits = DocumentLimits()) async throws -> TranslatedDocument {
        let session = TranslationSession(sourceTag: source, targetTag: target, consent: nil, manager: nil, memory: nil, in: engine)
        return try await session.translate(document: bytes, format: format, fileName: fileName, limits: limits, glossary: glossary)
    }
}
