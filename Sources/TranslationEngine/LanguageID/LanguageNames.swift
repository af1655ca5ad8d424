import Foundation

/// English display names of BCP 47 language tags.
public enum LanguageNames {
    /// "Spanish" for "es", "Portuguese (Brazil)" for "pt-BR", "Catalan (Valencian, university
    /// standard)" for "ca-valencia-x-uni", "Undetermined" for "und"; the tag itself when its
    /// language is unknown.
    ///
    /// Every subtag after the language (script, region, variants, private use) adds a
    /// qualifier in parentheses, in the tag's order, so two tags never read the same; a subtag
    /// with no known name is shown as it is.
    public static func name(of tag: String) -> String {
        if tag == "und" { return "Undetermined" }
        let subtags = tag.split(separator: "-").map(String.init)
        guard let language = subtags.first?.lowercased(), let base = languageName(language) else { return tag }
        let qualifiers = self.qualifiers(of: subtags.dropFirst())
        return qualifiers.isEmpty ? base : "\(base) (\(qualifiers.joined(separator: ", ")))"
    }

    /// Names Foundation's tables lack, for languages the Apertium pairs use.
    private static let ownLanguageNames = ["hbs": "Serbo-Croatian"]

    /// IANA variant subtags of the languages Apertium's pairs cover, named as a reader knows them.
    private static let variantNames = [
        "valencia": "Valencian", "aranes": "Aranese", "gascon": "Gascon", "lengadoc": "Languedocien",
        "provenc": "Provençal", "nicard": "Niçard", "limousin": "Limousin", "auvern": "Auvergnat",
        "vivaraup": "Vivaro-Alpine", "grclass": "classical spelling", "1996": "1996 spelling reform",
    ]

    /// Private-use subtags (after `x`) that `scripts/build-pack-repo` makes from Apertium's mode names.
    private static let privateUseNames = [
        "iec2017": "2017 spelling reform",
        "pre2017": "before the 2017 spelling reform",
        "uni": "university standard",
        "e": "e-infinitive",
        "pre1990": "before the 1990 spelling agreement",
    ]

    private static func languageName(_ code: String) -> String? {
        ownLanguageNames[code] ?? Locale(identifier: "en").localizedString(forLanguageCode: code)
    }

    /// The readable qualifier of each subtag after the language.
    private static func qualifiers(of subtags: ArraySlice<String>) -> [String] {
        let english = Locale(identifier: "en")
        var names: [String] = []
        var privateUse = false
        for subtag in subtags {
            let lower = subtag.lowercased()
            if privateUse {
                names.append(privateUseNames[lower] ?? subtag)
            } else if lower == "x" {
                privateUse = true
            } else if subtag.count == 4, subtag.allSatisfy(\.isLetter) {
                names.append(english.localizedString(forScriptCode: subtag) ?? subtag)
            } else if (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber)) {
                names.append(english.localizedString(forRegionCode: subtag.uppercased()) ?? subtag)
            } else {
                names.append(variantNames[lower] ?? english.localizedString(forVariantCode: subtag.uppercased()) ?? subtag)
            }
        }
        return names
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
