/// Small helpers over BCP 47 tags, enough for routing between Apertium languages.
enum LanguageTag {
    /// The language subtag alone: `es-MX` -> `es`, `ca-valencia` -> `ca`.
    static func base(_ tag: String) -> String {
        String(tag.split(separator: "-", maxSplits: 1).first ?? Substring(tag))
    }

    /// Whether the tag carries a region or variant after the language.
    static func hasSubtag(_ tag: String) -> Bool {
        tag.contains("-")
    }

    /// Languages whose text a direction from `hbs` accepts: Apertium's
    /// Serbo-Croatian analyser reads Croatian, Serbian and Bosnian alike.
    static let serboCroatianMembers: Set<String> = ["hr", "sr", "bs"]

    /// The graph nodes a source may start from, best first: the language itself,
    /// then the `hbs` macrolanguage for its members.
    static func sourceNodes(for tag: String) -> [String] {
        let language = base(tag)
        return serboCroatianMembers.contains(language) ? [language, "hbs"] : [language]
    }

    /// Whether a string looks like a BCP 47 tag: 2-3 ASCII letters, then up to 7 subtags of
    /// 1-8 letters or digits (`es`, `pt-BR`, `ca-valencia`, `hbs`, `ca-x-iec2017`).
    static func isPlausible(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.count <= 8 else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
