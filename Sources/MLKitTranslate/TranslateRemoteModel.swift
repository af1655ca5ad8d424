/// The model of one language: here, the packs that join it with English in both directions.
///
/// "The Spanish model" is every pack on the routes Spanish -> English and English -> Spanish
/// that `RoutePlanner` chooses: one Apertium pair that ships both directions (eng-spa), two
/// neural models (translate-es_en, translate-en_es), or a chain through another language when
/// no direct pack exists (French -> Spanish -> English). English's model is built in.
public final class TranslateRemoteModel: Hashable, Sendable, CustomStringConvertible {
    /// The language of the model.
    public let language: TranslateLanguage

    /// A name for the model, "translate-de" for German's.
    public var name: String {
        "translate-" + language.rawValue
    }

    public var description: String {
        "the \(language) model"
    }

    private init(language: TranslateLanguage) {
        self.language = language
    }

    /// The model of `language`; equal to every other of the same language.
    public static func translateRemoteModel(language: TranslateLanguage) -> TranslateRemoteModel {
        TranslateRemoteModel(language: language)
    }

    public static func == (left: TranslateRemoteModel, right: TranslateRemoteModel) -> Bool {
        left.language == right.language
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(language)
    }
}
