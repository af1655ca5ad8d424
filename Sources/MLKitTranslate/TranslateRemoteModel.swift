/// The model of one language: here, the packs that join it with English in both directions.
///
/// "The Spanish model" is every pack on the routes Spanish -> English and English -> Spanish
/// that `RoutePlanner` chooses: one Apertium pair that ships both directions (eng-spa), two
/// neural models (translate-es_en, translate-en_es), or a chain through another language when
/// no direct pack exists (French -> Spanish -> English). English's model is built in.
public final class TranslateRemoteModel: RemoteModel, @unchecked Sendable {
    /// The language of the model.
    public let language: TranslateLanguage

    public override var description: String {
        "the \(language) model"
    }

    private init(language: TranslateLanguage) {
        self.language = language
        super.init(name: "translate-" + language.rawValue)
    }

    /// The model of `language`; equal to every other of the same language (its name, "translate-de"
    /// for German's, says the language).
    public static func translateRemoteModel(language: TranslateLanguage) -> TranslateRemoteModel {
        TranslateRemoteModel(language: language)
    }
}
