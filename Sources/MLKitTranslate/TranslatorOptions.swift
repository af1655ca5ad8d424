/// The languages of a `Translator`: what it translates from and into.
public final class TranslatorOptions: Hashable, Sendable {
    /// The language of the texts.
    public let sourceLanguage: TranslateLanguage
    /// The language they are translated into.
    public let targetLanguage: TranslateLanguage

    /// Options for translating `sourceLanguage` into `targetLanguage`.
    public init(sourceLanguage: TranslateLanguage, targetLanguage: TranslateLanguage) {
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
    }

    public static func == (left: TranslatorOptions, right: TranslatorOptions) -> Bool {
        (left.sourceLanguage, left.targetLanguage) == (right.sourceLanguage, right.targetLanguage)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sourceLanguage)
        hasher.combine(targetLanguage)
    }
}
