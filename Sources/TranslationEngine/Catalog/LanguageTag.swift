/// Small helpers over BCP 47 tags, enough for routing between Apertium languages.
public enum LanguageTag {
    /// The tag in BCP 47's canonical case: the language and everything after a singleton
    /// lowercase, a script titlecase, a region uppercase (`ES` -> `es`, `PT-br` -> `pt-BR`,
    /// `ZH-hant` -> `zh-Hant`, `CA-Valencia` -> `ca-valencia`, `nn-X-E` -> `nn-x-e`).
    ///
    /// Tags compare case-insensitively (RFC 5646 2.1.1); the library makes every tag it is
    /// given canonical where it comes in (sessions, availability, the planner, directions, batch
    /// translation), so everything after compares them as plain strings and prints them in
    /// this case. Only ASCII letters change; anything else is left for the tag checks to refuse.
    public static func canonical(_ tag: String) -> String {
        var afterSingleton = false
        return tag.split(separator: "-", omittingEmptySubsequences: false).enumerated().map { index, part -> String in
            let lower = asciiLowercased(part)
            if index == 0 || afterSingleton { return lower }
            if part.count == 1 {
                afterSingleton = true
                return lower
            }
            if part.count == 4, part.allSatisfy({ $0.isASCII && $0.isLetter }) {
                return lower.prefix(1).uppercased() + lower.dropFirst()
            }
            if part.count == 2, part.allSatisfy({ $0.isASCII && $0.isLetter }) {
                return lower.uppercased()
            }
            return lower
        }.joined(separator: "-")
    }

    private static func asciiLowercased(_ part: Substring) -> String {
        String(String.UnicodeScalarView(part.unicodeScalars.map { scalar in
            (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
    }

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
