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
}
