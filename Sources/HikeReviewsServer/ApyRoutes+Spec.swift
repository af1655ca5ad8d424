import Foundation

/// `/spec`'s operations of APy's routes, each named by its route in the table. `/translatePage`
/// and the `/analyse` spelling declare none: the first is never served (it would fetch a URL the
/// caller names), only answered with APy's 404; the second is `/analyze` again.
extension ApyRoutes {
    private typealias Schema = SpecSchema
    private static let error = SpecContext.apyError

    static func translateSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("Translate text with Apertium-APy's API", tag: "apertium-apy", [
            .query("langpair", "Apertium codes of the source and the target joined by |, e.g. spa|eng", required: true),
            .query("q", "Text to translate (\(context.limits))", required: true),
            .query("markUnknown", "\"no\" drops the * before unknown words (# and @ marks stay)", enumeration: ["yes", "no"]),
            .query("format", "txt, or html: q is one document, its markup kept (answered without marks)", enumeration: ["txt", "html"]),
            .query("api_key", context.key),
        ], context.limited([
            "200": SpecAnswer("Translation", schema: context.envelope(.object(["translatedText": .string]))),
            "400": SpecAnswer("Invalid request, or a pair not installed", schema: error),
            "403": SpecAnswer("Invalid API key", schema: error),
            "503": context.busy(error),
        ], error))]
    }

    static func listPairsSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("Language pairs this server translates", tag: "apertium-apy", [], [
            "200": SpecAnswer("Pairs", schema: context.envelope(.array(of: .object(["sourceLanguage": .string, "targetLanguage": .string])))),
        ])]
    }

    static func languageNamesSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("Names of the languages served, by Apertium code", tag: "apertium-apy", [], [
            "200": SpecAnswer("Names", schema: .map(of: .string)),
        ])]
    }

    static func identifySpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("Detect the language of a text with Apertium-APy's API", tag: "apertium-apy", [
            .query("q", "Text whose language to detect (\(context.limits))", required: true),
            .query("api_key", context.key),
        ], context.limited([
            "200": SpecAnswer("Probability by Apertium code", schema: .map(of: .number)),
            "400": SpecAnswer("Invalid request", schema: error),
            "403": SpecAnswer("Invalid API key", schema: error),
        ], error))]
    }

    static func rootSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("This server's name, version and APIs", tag: "apertium-apy", [], [
            "200": SpecAnswer("Name, version and APIs", schema: .anyObject),
        ])]
    }

    static func listSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("Installed pairs, or modes of a kind by language", tag: "apertium-apy", [
            .query("q", "What to list", required: true,
                   enumeration: ["pairs", "analyzers", "analysers", "generators", "taggers", "disambiguators", "spellers"]),
        ], [
            "200": SpecAnswer("Pairs in APy's envelope, or an object of mode names by language (`{\"eng\": \"eng-morph\"}`)", schema: .anyObject),
            "400": SpecAnswer("An unknown kind", schema: error),
        ])]
    }

    static func statsSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("APy's statistics: uptime, use counts, pipelines and recent requests", tag: "apertium-apy", [
            .query("requests", "How many recent requests periodStats covers (default 1000)"),
        ], [
            "200": SpecAnswer("Statistics", schema: context.envelope(.anyObject)),
        ])]
    }

    static func translateDocSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["post": SpecOperation("Translate an uploaded document: plain text, HTML, docx, odt or pptx", tag: "apertium-apy", [
            .form("langpair", "string", "Apertium codes joined by |, e.g. eng|spa", required: true),
            .file("file", "The document: UTF-8 plain text (\(context.limits)), or HTML, docx, odt or pptx translated whole; at most 32,000,000 bytes"),
            .form("markUnknown", "string", "\"no\" drops the * before unknown words", enumeration: ["yes", "no"]),
            .form("api_key", "string", context.key),
        ], context.limited([
            "200": SpecAnswer("The translated document (application/octet-stream, an attachment)", schema: .file),
            "400": SpecAnswer("Invalid request, a pair not installed, a type not translated, or a refused zip", schema: error),
            "403": SpecAnswer("Invalid API key", schema: error),
            "413": SpecAnswer("That file is too large", schema: error),
            "503": context.busy(error),
        ], error))]
    }

    /// A mode tool's operation, the same for GET and POST: its parameters, the key, its success
    /// and the refusals every tool shares.
    private static func tool(_ context: SpecContext, _ summary: String, _ parameters: [SpecParameter],
                             _ success: SpecAnswer) -> [String: SpecOperation] {
        let responses = context.limited([
            "200": success,
            "400": SpecAnswer("Invalid request, or a mode or pair not installed", schema: error),
            "403": SpecAnswer("Invalid API key", schema: error),
            "408": SpecAnswer("A stage ran past 30 s and was stopped", schema: error),
            "500": SpecAnswer("A stage of the mode failed", schema: error),
            "503": context.busy(error),
        ], error)
        let operation = SpecOperation(summary, tag: "apertium-apy", parameters + [.query("api_key", context.key)], responses)
        return ["get": operation, "post": operation]
    }

    private static func lang(_ context: SpecContext) -> [SpecParameter] {
        [.query("lang", "Apertium code of the language whose mode runs, e.g. eng", required: true),
         .query("q", "Text (\(context.limits))", required: true)]
    }

    private static let strings = Schema.array(of: .string)

    static func analyzeSpec(_ context: SpecContext) -> [String: SpecOperation] {
        tool(context, "Morphological analyses of each word, by the language's analyser mode", lang(context),
             SpecAnswer("[analyses, surface] per word", schema: .array(of: strings)))
    }

    static func generateSpec(_ context: SpecContext) -> [String: SpecOperation] {
        tool(context, "Surface forms of analyses (`^dog<n><pl>$`), by the language's generator mode", lang(context),
             SpecAnswer("[form, analysis] per unit", schema: .array(of: strings)))
    }

    static func perWordSpec(_ context: SpecContext) -> [String: SpecOperation] {
        let parameters = lang(context)
        return tool(context, "Per word: its analyses and its tagger's choice",
                    [parameters[0], .query("modes", "Space-separated: morph, tagger, disambig", required: true), parameters[1]],
                    SpecAnswer("One object per word: input, morph, tagger or disambig", schema: .array(of: .anyObject)))
    }

    static func coverageSpec(_ context: SpecContext) -> [String: SpecOperation] {
        tool(context, "The share of words the language's analyser knows", lang(context),
             SpecAnswer("[share], 0-1 ([-1] without words)", schema: .array(of: .number)))
    }

    static func pipeDebugSpec(_ context: SpecContext) -> [String: SpecOperation] {
        tool(context, "Every stage's output of a pair's pipeline",
             [.query("langpair", "Apertium codes joined by |, e.g. eng|spa", required: true), .query("q", "Text (\(context.limits))", required: true)],
             SpecAnswer("output (the text, then each stage's) and pipeline (the stages)", schema: context.envelope(.anyObject)))
    }

    static func translateChainSpec(_ context: SpecContext) -> [String: SpecOperation] {
        tool(context, "Translate through a chain of installed pairs, given or the shortest found",
             [.query("langpairs", "Codes joined by |, e.g. spa|eng|cat (or langpair=spa|cat to find a chain)"),
              .query("q", "Text (\(context.limits))", required: true)],
             SpecAnswer("translatedText and translationChain", schema: context.envelope(.anyObject)))
    }
}
