import ApertiumCodeTable
import Foundation

/// APy's `/listLanguageNames`: the names of languages in a locale's language, from CLDR through
/// Foundation's `Locale` (ICU's data, offline), where APy reads its `langNames.db` (built from
/// CLDR; Debian's package ships none and answers `{}`).
///
/// As APy: without `languages`, every language the server knows (`known`), keyed by the
/// ISO 639-1 code where there is one (`en`, `ast`); with `languages=eng+cat` (codes
/// separated by spaces or `+`), those, keyed as asked (`eng`, `cat`). The locale is `locale`, else
/// the first of `Accept-Language`'s that gives names, else English; a locale whose language is not
/// known gives `{}`.
enum ApyLanguageNames {
    /// The languages listed without a filter: every ISO 639-1 language (two letters, as CLDR
    /// lists them) and every language of the code table (`ast`, `frp`), by BCP 47 language
    /// subtag. APy's database holds about 160 per locale; its test wants more than 50 in English.
    static let known = Set(ApertiumCodeTable.languages.values.map(\.tag))
        .union(Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.count == 2 }).sorted()

    /// The names, or `[:]` for a locale that is not a known language.
    static func names(locale: String, languages requested: String?) -> [String: String] {
        guard let language = tag(of: locale) else { return [:] }
        let names = Locale(identifier: language)
        var result: [String: String] = [:]
        if let requested {
            for code in requested.split(whereSeparator: { $0 == " " || $0 == "+" }).map(String.init) {
                // A variant (`cat_valencia`) has no name of its own in APy's table either.
                guard !code.contains("_"), let tag = tag(of: code), let name = names.localizedString(forLanguageCode: tag) else { continue }
                result[code] = name
            }
        } else {
            for tag in known {
                if let name = names.localizedString(forLanguageCode: tag) { result[tag] = name }
            }
        }
        return result
    }

    /// The locales an `Accept-Language` header names, in its order (`ca-ES;q=0.9` is `ca-ES`).
    static func locales(acceptLanguage header: String) -> [String] {
        header.split(separator: ",").compactMap { item in
            let locale = item.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
            return locale.isEmpty ? nil : locale
        }
    }

    /// The language subtag of an APy code or locale: `spa`, `es`, `es-ES` and `es_ES` are `es`;
    /// nil when the code table does not know it.
    private static func tag(of code: String) -> String? {
        let language = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { String($0).lowercased() } ?? ""
        return ApertiumCodeTable.bcp47(language)
    }
}
