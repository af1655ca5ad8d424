/// The name Google's iOS guide calls language identification through:
/// `NaturalLanguage.languageIdentification()`, the same as `LanguageIdentification`'s.
public enum NaturalLanguage {
    /// A language identification with ML Kit's default thresholds.
    public static func languageIdentification() -> LanguageIdentification {
        LanguageIdentification.languageIdentification()
    }

    /// A language identification with `options`' threshold.
    public static func languageIdentification(options: LanguageIdentificationOptions) -> LanguageIdentification {
        LanguageIdentification.languageIdentification(options: options)
    }
}
