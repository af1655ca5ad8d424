import Foundation

extension ApyRoutes {
    private typealias Spec = LibreTranslateRoutes

    /// The `/spec` paths of APy's routes beyond `/translate`, `/listPairs`,
    /// `/listLanguageNames` and `/identifyLang` (which LibreTranslateRoutes+Spec writes beside
    /// LibreTranslate's): its page, its tools over the mode files, its statistics and
    /// `/translateDoc`. `/translatePage` is left out: it is never served (it would fetch a URL
    /// the caller names), only answered with APy's 404.
    static func specPaths(_ options: ServerOptions, key: String, limits: String) -> [String: Any] {
        let error = Spec.reference("apy-error")
        let refused: [String: Any] = ["400": Spec.answer("Invalid request, or a mode or pair not installed", schema: error),
                                      "403": Spec.answer("Invalid API key", schema: error),
                                      "408": Spec.answer("A stage ran past 30 s and was stopped", schema: error),
                                      "500": Spec.answer("A stage of the mode failed", schema: error),
                                      "503": Spec.busy(error)]
        func tool(_ summary: String, _ parameters: [[String: Any]], _ success: [String: Any]) -> [String: Any] {
            let responses = refused.merging(["200": success]) { _, new in new }.merging(Spec.slowdown(options, error)) { ours, _ in ours }
            let operation = Spec.operation(summary, tag: "apertium-apy", parameters + [Spec.query("api_key", key)], responses)
            return ["get": operation, "post": operation]
        }
        let lang = Spec.query("lang", "Apertium code of the language whose mode runs, e.g. eng", required: true)
        let text = Spec.query("q", "Text (\(limits))", required: true)
        let strings: [String: Any] = ["type": "array", "items": ["type": "string"]]
        return [
            "/": ["get": Spec.operation("This server's name, version and APIs", tag: "apertium-apy", [], [
                "200": Spec.answer("Name, version and APIs", schema: ["type": "object"]),
            ])],
            "/list": ["get": Spec.operation("Installed pairs, or modes of a kind by language", tag: "apertium-apy", [
                Spec.query("q", "What to list", required: true,
                           enumeration: ["pairs", "analyzers", "analysers", "generators", "taggers", "disambiguators", "spellers"]),
            ], [
                "200": Spec.answer("Pairs in APy's envelope, or an object of mode names by language (`{\"eng\": \"eng-morph\"}`)",
                                   schema: ["type": "object"]),
                "400": Spec.answer("An unknown kind", schema: error),
            ])],
            "/analyze": tool("Morphological analyses of each word, by the language's analyser mode", [lang, text],
                             Spec.answer("[analyses, surface] per word", schema: ["type": "array", "items": strings])),
            "/generate": tool("Surface forms of analyses (`^dog<n><pl>$`), by the language's generator mode", [lang, text],
                              Spec.answer("[form, analysis] per unit", schema: ["type": "array", "items": strings])),
            "/perWord": tool("Per word: its analyses and its tagger's choice", [
                lang, Spec.query("modes", "Space-separated: morph, tagger, disambig", required: true), text,
            ], Spec.answer("One object per word: input, morph, tagger or disambig", schema: ["type": "array", "items": ["type": "object"]])),
            "/calcCoverage": tool("The share of words the language's analyser knows", [lang, text],
                                  Spec.answer("[share], 0-1 ([-1] without words)", schema: ["type": "array", "items": ["type": "number"]])),
            "/pipedebug": tool("Every stage's output of a pair's pipeline", [
                Spec.query("langpair", "Apertium codes joined by |, e.g. eng|spa", required: true), text,
            ], Spec.answer("output (the text, then each stage's) and pipeline (the stages)", schema: Spec.envelope(["type": "object"]))),
            "/translateChain": tool("Translate through a chain of installed pairs, given or the shortest found", [
                Spec.query("langpairs", "Codes joined by |, e.g. spa|eng|cat (or langpair=spa|cat to find a chain)"), text,
            ], Spec.answer("translatedText and translationChain", schema: Spec.envelope(["type": "object"]))),
            "/stats": ["get": Spec.operation("APy's statistics: uptime, use counts, pipelines and recent requests", tag: "apertium-apy", [
                Spec.query("requests", "How many recent requests periodStats covers (default 1000)"),
            ], [
                "200": Spec.answer("Statistics", schema: Spec.envelope(["type": "object"])),
            ])],
            "/translateDoc": ["post": Spec.operation("Translate an uploaded plain-text document", tag: "apertium-apy", [
                Spec.form("langpair", "string", "Apertium codes joined by |, e.g. eng|spa", required: true),
                ["in": "formData", "name": "file", "type": "file", "required": true,
                 "description": "The document: UTF-8 plain text, at most 32,000,000 bytes (\(limits))"],
                Spec.form("markUnknown", "string", "\"no\" drops the * before unknown words", enumeration: ["yes", "no"]),
                Spec.form("api_key", "string", key),
            ], [
                "200": ["description": "The translated document (application/octet-stream, an attachment)", "schema": ["type": "file"]],
                "400": Spec.answer("Invalid request, a pair not installed, or a type other than text/plain", schema: error),
                "403": Spec.answer("Invalid API key", schema: error),
                "413": Spec.answer("That file is too large", schema: error),
                "503": Spec.busy(error),
            ].merging(Spec.slowdown(options, error)) { ours, _ in ours })],
        ]
    }
}
