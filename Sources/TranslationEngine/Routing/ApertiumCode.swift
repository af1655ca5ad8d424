/// Maps Apertium language codes and mode names to BCP 47 tags.
///
/// Apertium mixes ISO 639-3 (`spa`) and ISO 639-1 (`es`) codes and appends
/// variants after an underscore (`_US`, `_valencia`); the rest of the app
/// speaks BCP 47 only, so this is the single place that translates.
public enum ApertiumCode {
    /// Apertium base codes (both 3- and 2-letter forms) to BCP 47 language subtags.
    static let languages: [String: String] = [
        "spa": "es", "es": "es",
        "eng": "en", "en": "en",
        "cat": "ca", "ca": "ca",
        "glg": "gl", "gl": "gl",
        "por": "pt", "pt": "pt",
        "fra": "fr", "fr": "fr",
        "ita": "it", "it": "it",
        "ron": "ro", "ro": "ro",
        "oci": "oc", "oc": "oc",
        "eus": "eu", "eu": "eu",
        "isl": "is", "is": "is",
        // Serbo-Croatian has no 2-letter code; BCP 47 keeps the macrolanguage tag.
        "hbs": "hbs",
        "slv": "sl", "sl": "sl",
        "mkd": "mk", "mk": "mk",
        "bul": "bg", "bg": "bg",
        "epo": "eo", "eo": "eo",
        "nob": "nb", "nb": "nb",
        "nno": "nn", "nn": "nn",
        "dan": "da", "da": "da",
        "swe": "sv", "sv": "sv",
        "arg": "an", "an": "an",
        "ast": "ast",
        // Apertium writes Sardinian as `srd`; its 2-letter code is `sc`.
        "srd": "sc",
    ]

    /// Serbo-Croatian variants name a whole language, not a region of `hbs`.
    static let hbsVariants: [String: String] = ["HR": "hr", "SR": "sr", "BS": "bs"]

    /// The BCP 47 tag for one Apertium code, possibly with a variant
    /// (`spa`, `eng_US`, `cat_valencia`, `hbs_HR`); nil when unknown.
    public static func bcp47(_ code: String) -> String? {
        let parts = code.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
              let language = languages[String(parts[0])]
        else { return nil }
        guard parts.count == 2 else { return language }
        let variant = String(parts[1])
        if language == "hbs" { return hbsVariants[variant] }
        return tag(language: language, variant: variant)
    }

    /// Joins a language and an Apertium variant the way BCP 47 spells it:
    /// two uppercase letters are a region (`en-US`), 5–8 letters a variant
    /// subtag (`ca-valencia`). Anything else is not a valid subtag, so nil.
    static func tag(language: String, variant: String) -> String? {
        guard variant.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        if variant.count == 2, variant == variant.uppercased() {
            return "\(language)-\(variant)"
        }
        if (5...8).contains(variant.count) {
            return "\(language)-\(variant.lowercased())"
        }
        return nil
    }
}
