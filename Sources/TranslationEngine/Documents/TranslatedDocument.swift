/// A document translated whole (`TranslationSession.translate(document:format:fileName:)`).
public struct TranslatedDocument: Sendable {
    /// The translated document, in `format`.
    public var bytes: [UInt8]
    public var format: DocumentFormat
    /// The source language, given or detected (BCP 47).
    public var sourceTag: String
    /// The languages along the route, source first.
    public var route: [String]
    /// Words the engine did not know, in order, each once.
    public var unknownWords: [String]
}
