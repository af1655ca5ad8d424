import TranslationEngine

/// One language's model as the planner routes it now: the packs of the routes from the language
/// into English and back, and which of them are on disk.
///
/// The routes are the ones sessions take (`PackCatalog.routePlanner()`): packs on disk first,
/// then a direct pack, neural before Apertium, then the fewest legs. Since a route over packs on
/// disk wins whenever one exists, "every pack of both routes is on disk" is exactly "the model is
/// downloaded".
struct ModelPlan: Sendable {
    let language: TranslateLanguage
    /// Language -> English; nil when no route exists. Empty for English itself.
    let toEnglish: [Direction]?
    /// English -> language; nil when no route exists. Empty for English itself.
    let fromEnglish: [Direction]?
    /// The packs of both routes, in route order, each once.
    let packs: [String]
    /// Those of `packs` that are not on disk.
    let missing: [String]

    init(_ language: TranslateLanguage, planner: RoutePlanner) {
        self.language = language
        let english = TranslateLanguage.english.engineTag
        if language == .english {
            (toEnglish, fromEnglish) = ([], [])
        } else {
            toEnglish = planner.route(from: language.engineTag, to: english)
            fromEnglish = planner.route(from: english, to: language.engineTag)
        }
        var packs: [String] = []
        for leg in (toEnglish ?? []) + (fromEnglish ?? []) where !packs.contains(leg.pack) {
            packs.append(leg.pack)
        }
        self.packs = packs
        missing = packs.filter { planner.graph.packs[$0]?.installed != true }
    }

    /// Whether both routes exist.
    var isReachable: Bool {
        toEnglish != nil && fromEnglish != nil
    }

    /// Whether both routes exist and every pack of them is on disk.
    var isDownloaded: Bool {
        isReachable && missing.isEmpty
    }

    /// "German ↔ English".
    var pairName: String {
        "\(language) ↔ English"
    }

    /// The directions that have no route, for an error: "English → Icelandic".
    var unreachableDirections: [String] {
        (toEnglish == nil ? ["\(language) → English"] : []) + (fromEnglish == nil ? ["English → \(language)"] : [])
    }
}
