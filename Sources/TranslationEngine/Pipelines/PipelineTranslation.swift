/// What a pipeline made of one text.
public struct PipelineTranslation: Sendable, Hashable {
    /// The translation, without unknown-word marks.
    public var text: String
    /// Words the engine did not know (marked `*`, `#` or `@` by the generator), in order of
    /// appearance, each once.
    public var unknownWords: [String]

    public init(text: String, unknownWords: [String]) {
        self.text = text
        self.unknownWords = unknownWords
    }
}
