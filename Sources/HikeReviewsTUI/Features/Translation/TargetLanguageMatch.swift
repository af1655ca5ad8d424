import TranslationEngine

/// `LanguageNames.sameLanguage(_:target)`, remembered per tag: a route has many reviews and few
/// languages, and the comparison parses both tags (a whole-route pass on 100,000 reviews).
struct TargetLanguageMatch {
    let target: String
    private var known: [String: Bool] = [:]

    init(_ target: String) {
        self.target = target
    }

    mutating func matches(_ tag: String) -> Bool {
        if let known = known[tag] { return known }
        let same = LanguageNames.sameLanguage(tag, target)
        known[tag] = same
        return same
    }
}
