import Foundation

/// English display names of BCP 47 language tags.
public enum LanguageNames {
    /// "Spanish" for "es", "Norwegian Bokmål" for "nb", "Undetermined" for "und"; the tag itself when unknown.
    public static func name(of tag: String) -> String {
        if tag == "und" { return "Undetermined" }
        let english = Locale(identifier: "en")
        let language = Locale.Language(identifier: tag)
        guard let code = language.languageCode?.identifier,
              let name = english.localizedString(forLanguageCode: code) else { return tag }
        if let region = language.region?.identifier, let regionName = english.localizedString(forRegionCode: region) {
            return "\(name) (\(regionName))"
        }
        return name
    }

    /// Languages Apertium names that ICU has no name for.
    private static let apertiumOnly: Set<String> = ["hbs"]

    /// Whether the tag's language is one we know of (ISO 639, as ICU knows it, or one of
    /// Apertium's own): `xx` and `qq` are not; `und`, `mul` and `zxx` name no language.
    public static func isKnownLanguage(_ tag: String) -> Bool {
        guard LanguageTag.isPlausible(tag) else { return false }
        let code = LanguageTag.base(tag).lowercased()
        if ["und", "mul", "zxx", "mis"].contains(code) { return false }
        return apertiumOnly.contains(code) || Locale(identifier: "en").localizedString(forLanguageCode: code) != nil
    }

    /// Whether two tags name the same language, whatever their regions and variants (text in
    /// `en` is already in `en-US` as far as translating it goes).
    public static func sameLanguage(_ first: String, _ second: String) -> Bool {
        LanguageTag.base(first).lowercased() == LanguageTag.base(second).lowercased()
    }
}
