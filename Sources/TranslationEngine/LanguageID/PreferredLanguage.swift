import Foundation

/// The user's preferred language from locale variables, as a BCP 47 tag.
public enum PreferredLanguage {
    /// Reads `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` in that order (the order gettext uses);
    /// "C" and "POSIX" say nothing, so the answer then is English.
    public static func fromEnvironment(_ environment: [String: String]) -> String {
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            // LANGUAGE may list several, "fr:en"; the first usable one wins.
            for candidate in value.split(separator: ":") {
                if let tag = tag(fromPOSIXLocale: String(candidate)) {
                    return tag
                }
            }
        }
        return "en"
    }

    /// "pt_BR.UTF-8" -> "pt-BR", "ca_ES@valencia" -> "ca-ES-valencia", "C" -> nil.
    public static func tag(fromPOSIXLocale locale: String) -> String? {
        var name = Substring(locale)
        var modifier: Substring?
        if let at = name.firstIndex(of: "@") {
            modifier = name[name.index(after: at)...]
            name = name[..<at]
        }
        if let dot = name.firstIndex(of: ".") {
            name = name[..<dot]
        }
        let parts = name.split(separator: "_")
        guard let language = parts.first?.lowercased(), language != "c", language != "posix",
              (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var tag = language == "no" ? "nb" : language
        if parts.count > 1, let region = parts.last, region.count == 2, region.allSatisfy({ $0.isASCII && $0.isLetter }) {
            tag += "-" + region.uppercased()
        }
        if let modifier, modifier.count >= 4, modifier.count <= 8, modifier.allSatisfy({ $0.isASCII && $0.isLetter }) {
            tag += "-" + modifier.lowercased()
        }
        return tag
    }

    /// Whether a string looks like a BCP 47 tag: letters, digits and hyphens, a 2-3 letter language first.
    public static func isWellFormedTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
