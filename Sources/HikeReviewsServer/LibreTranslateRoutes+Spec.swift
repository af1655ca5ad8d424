import Foundation

/// What every route's documentation says alike: the limits and keys in force, the 429 and 503
/// answers, APy's envelope.
struct SpecContext: Sendable {
    let options: ServerOptions

    /// The request limits, as each text parameter's description says them.
    var limits: String {
        "at most \(options.textsPerRequest) texts and \(options.charLimit) characters (Unicode code points) per request"
    }

    /// The `api_key` parameter's description.
    var key: String {
        options.apiKeys == nil ? "API key (this server needs none)" : "API key (this server needs one of its keys)"
    }

    /// `responses` with the 429 answer of a route the rate limits count, when `options` sets any.
    func limited(_ responses: [String: SpecAnswer], _ schema: SpecSchema) -> [String: SpecAnswer] {
        guard options.reqLimit != nil || options.dailyReqLimit != nil else { return responses }
        return responses.merging([
            "429": SpecAnswer("Too many requests from this client (--req-limit, --daily-req-limit): \"Slowdown: N per 1 minute\"", schema: schema),
        ]) { ours, _ in ours }
    }

    /// The 503 answer of a route whose texts wait in the queue.
    func busy(_ schema: SpecSchema) -> SpecAnswer {
        SpecAnswer("Too many texts waiting: retry later", schema: schema,
                   headers: ["Retry-After": SpecSchema(type: "integer", description: "Seconds to wait")])
    }

    /// APy's success envelope around `data`.
    func envelope(_ data: SpecSchema) -> SpecSchema {
        .object(["responseData": data, "responseDetails": .string, "responseStatus": .integer])
    }

    static let ltError = SpecSchema.named("error-response")
    static let apyError = SpecSchema.named("apy-error")
}

extension LibreTranslateRoutes {
    /// The OpenAPI (Swagger 2.0, as LibreTranslate's `/spec`) document of what this server
    /// answers: every route of the table served with `options` that documents itself, with the
    /// methods and parameters it declares (`format` `text` or `html`) and the limits in force.
    static func spec(_ options: ServerOptions) -> SpecDocument {
        let context = SpecContext(options: options)
        var paths: [String: [String: SpecOperation]] = [:]
        for route in Route.table where route.isServed(options) {
            guard let documented = route.documented else { continue }
            paths[route.path, default: [:]].merge(documented(context)) { first, _ in first }
        }
        return SpecDocument(
            info: .init(title: "hike-reviews serve", version: options.version,
                        description: "Offline translation over installed Apertium and Argos packs, with LibreTranslate's API and Apertium-APy's."),
            consumes: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
            produces: ["application/json"],
            tags: [.init(name: "translate", description: "LibreTranslate's API"), .init(name: "misc", description: "LibreTranslate's API"),
                   .init(name: "apertium-apy", description: "Apertium-APy's API (three-letter Apertium codes)")],
            paths: paths,
            definitions: definitions)
    }

    static func languagesSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("Languages this server translates from and to", tag: "translate", [], [
            "200": SpecAnswer("Languages", schema: .array(of: .named("language"))),
        ])]
    }

    static func translateSpec(_ context: SpecContext) -> [String: SpecOperation] {
        let error = SpecContext.ltError
        var post = SpecOperation("Translate text (a langpair parameter makes the request Apertium-APy's)", tag: "translate", [
            .form("q", "array", "Text(s) to translate: a string, a JSON array, or the form field repeated (\(context.limits))", required: true, items: true),
            .form("source", "string", "Source language code, or \"auto\" to detect each text's", required: true),
            .form("target", "string", "Target language code", required: true),
            .form("format", "string", "Format of the texts: plain text, or html (each text one document, its markup kept)", enumeration: ["text", "html"]),
            .form("alternatives", "integer",
                  "How many other translations to give besides each one, at most \(alternativesLimit) (default 0): a neural model's next best; a rule-based (Apertium) pair has none"),
            .form("api_key", "string", context.key),
        ], context.limited([
            "200": SpecAnswer("Translation(s): in a source=auto batch, a text whose language cannot be told or has no route comes back as it is",
                              schema: .named("translate")),
            "400": SpecAnswer("Invalid request, or a language not served", schema: error),
            "403": SpecAnswer("Invalid API key", schema: error),
            "500": SpecAnswer("Translation error", schema: error),
            "503": context.busy(error),
        ], error))
        post.extraParameters = [
            .form("strategy", "string", "Apple's translation strategy (not LibreTranslate's): high-fidelity (the default) prefers neural models "
                  + "where both engines translate the pair, low-latency Apertium pairs; either falls back to the other",
                  enumeration: ["high-fidelity", "low-latency"]),
        ]
        return ["post": post]
    }

    static func detectSpec(_ context: SpecContext) -> [String: SpecOperation] {
        let error = SpecContext.ltError
        return ["post": SpecOperation("Detect the language of a text", tag: "translate", [
            .form("q", "string", "Text whose language to detect (\(context.limits))", required: true),
            .form("api_key", "string", context.key),
        ], context.limited([
            "200": SpecAnswer("Languages, the likeliest first", schema: .array(of: .named("detection"))),
            "400": SpecAnswer("Invalid request", schema: error),
            "403": SpecAnswer("Invalid API key", schema: error),
        ], error))]
    }

    static func settingsSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("This server's settings and limits, for LibreTranslate's front end", tag: "misc", [], [
            "200": SpecAnswer("Settings", schema: .named("frontend-settings")),
        ])]
    }

    static func healthSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("Health check", tag: "misc", [], [
            "200": SpecAnswer("The server answers", schema: .object(["status": SpecSchema(type: "string", example: "ok")])),
        ])]
    }

    static func specSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("This document", tag: "misc", [], ["200": SpecAnswer("Swagger 2.0 document", schema: .anyObject)])]
    }

    /// `GET /metrics`, with `--metrics`.
    static func metricsSpec(_ context: SpecContext) -> [String: SpecOperation] {
        let hasToken = context.options.metricsAuthToken != nil
        let token = hasToken ? " (Authorization: Bearer and the --metrics-auth-token)" : ""
        var responses = ["200": SpecAnswer("Prometheus's text exposition format (version 0.0.4)", schema: .string)]
        if hasToken { responses["401"] = SpecAnswer("A missing or wrong bearer token", schema: SpecContext.ltError) }
        return ["get": SpecOperation("The server's counters, gauges and latency histograms for Prometheus" + token, tag: "misc",
                                     produces: ["text/plain"], [], responses)]
    }

    private static var definitions: [String: SpecSchema] {
        let named = SpecSchema.object(["code": .string, "name": .string])
        return [
            "language": .object([
                "code": SpecSchema(type: "string", description: "Language code"), "name": SpecSchema(type: "string", description: "Language name"),
                "targets": SpecSchema(type: "array", description: "Target language codes", items: .string),
            ]),
            "detection": .object([
                "confidence": SpecSchema(type: "number", format: "float", description: "Confidence, 0-100", minimum: 0, maximum: 100),
                "language": SpecSchema(type: "string", description: "Language code"),
            ]),
            "translate": .object([
                "translatedText": .described("The translation: a string for one text, an array for an array"),
                "detectedLanguage": .described("With source=auto: a detection (an array of them for an array)"),
                "alternatives": .described("With alternatives above 0: the other translations, best first (an array of such arrays for an array); empty where there are none"),
            ], required: ["translatedText"]),
            "error-response": .object(["error": SpecSchema(type: "string", description: "Error message, one line")]),
            "apy-error": .object([
                "status": SpecSchema(type: "string", example: "error"), "code": .integer, "message": .string, "explanation": .string,
            ]),
            "frontend-settings": .object([
                "charLimit": .integer, "frontendTimeout": .integer, "apiKeys": .boolean, "keyRequired": .boolean,
                "suggestions": .boolean, "filesTranslation": .boolean, "supportedFilesFormat": .array(of: .string),
                "language": .object(["source": named, "target": named]),
            ]),
        ]
    }
}
