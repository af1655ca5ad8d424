import Foundation

extension LibreTranslateRoutes {
    /// The OpenAPI (Swagger 2.0, as LibreTranslate's `/spec`) document of what this server
    /// answers: both APIs' routes, their parameters as read here, and their answers.
    ///
    /// Written for this server, not copied: it names only the parameters the routes read
    /// (`format`: `text` or `html`), the limits in force, and APy's routes.
    static func spec(_ options: ServerOptions) -> [String: Any] {
        let limits = "at most \(options.textsPerRequest) texts and \(options.charLimit) characters (Unicode code points) per request"
        let key = options.apiKeys == nil ? "API key (this server needs none)" : "API key (this server needs one of its keys)"
        return [
            "swagger": "2.0",
            "info": [
                "title": "hike-reviews serve", "version": options.version,
                "description": "Offline translation over installed Apertium and Argos packs, with LibreTranslate's API and Apertium-APy's.",
            ],
            "basePath": "/",
            "consumes": ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
            "produces": ["application/json"],
            "tags": [["name": "translate", "description": "LibreTranslate's API"], ["name": "misc", "description": "LibreTranslate's API"],
                     ["name": "apertium-apy", "description": "Apertium-APy's API (three-letter Apertium codes)"]],
            "paths": ([
                "/languages": ["get": operation("Languages this server translates from and to", tag: "translate", [], [
                    "200": answer("Languages", schema: ["type": "array", "items": reference("language")]),
                ])],
                "/translate": [
                    "post": operation("Translate text (a langpair parameter makes the request Apertium-APy's)", tag: "translate", [
                        form("q", "array", "Text(s) to translate: a string, a JSON array, or the form field repeated (\(limits))", required: true, items: true),
                        form("source", "string", "Source language code, or \"auto\" to detect each text's", required: true),
                        form("target", "string", "Target language code", required: true),
                        form("format", "string", "Format of the texts: plain text, or html (each text one document, its markup kept)", enumeration: ["text", "html"]),
                        form("alternatives", "integer",
                             "How many other translations to give besides each one, at most \(alternativesLimit) (default 0): a neural model's next best; a rule-based (Apertium) pair has none"),
                        form("api_key", "string", key),
                    ], [
                        "200": answer("Translation(s): in a source=auto batch, a text whose language cannot be told or has no route comes back as it is",
                                      schema: reference("translate")),
                        "400": answer("Invalid request, or a language not served", schema: reference("error-response")),
                        "403": answer("Invalid API key", schema: reference("error-response")),
                        "500": answer("Translation error", schema: reference("error-response")),
                        "503": busy(reference("error-response")),
                    ].merging(slowdown(options, reference("error-response"))) { ours, _ in ours }),
                    "get": operation("Translate text with Apertium-APy's API", tag: "apertium-apy", [
                        query("langpair", "Apertium codes of the source and the target joined by |, e.g. spa|eng", required: true),
                        query("q", "Text to translate (\(limits))", required: true),
                        query("markUnknown", "\"no\" drops the * before unknown words (# and @ marks stay)", enumeration: ["yes", "no"]),
                        query("format", "txt, or html: q is one document, its markup kept (answered without marks)", enumeration: ["txt", "html"]),
                        query("api_key", key),
                    ], [
                        "200": answer("Translation", schema: envelope(["type": "object", "properties": ["translatedText": ["type": "string"]]])),
                        "400": answer("Invalid request, or a pair not installed", schema: reference("apy-error")),
                        "403": answer("Invalid API key", schema: reference("apy-error")),
                        "503": busy(reference("apy-error")),
                    ].merging(slowdown(options, reference("apy-error"))) { ours, _ in ours }),
                ],
                "/detect": ["post": operation("Detect the language of a text", tag: "translate", [
                    form("q", "string", "Text whose language to detect (\(limits))", required: true),
                    form("api_key", "string", key),
                ], [
                    "200": answer("Languages, the likeliest first", schema: ["type": "array", "items": reference("detection")]),
                    "400": answer("Invalid request", schema: reference("error-response")),
                    "403": answer("Invalid API key", schema: reference("error-response")),
                ].merging(slowdown(options, reference("error-response"))) { ours, _ in ours })],
                "/frontend/settings": ["get": operation("This server's settings and limits, for LibreTranslate's front end", tag: "misc", [], [
                    "200": answer("Settings", schema: reference("frontend-settings")),
                ])],
                "/health": ["get": operation("Health check", tag: "misc", [], [
                    "200": answer("The server answers", schema: ["type": "object", "properties": ["status": ["type": "string", "example": "ok"]]]),
                ])],
                "/spec": ["get": operation("This document", tag: "misc", [], ["200": answer("Swagger 2.0 document", schema: ["type": "object"])])],
                "/listPairs": ["get": operation("Language pairs this server translates", tag: "apertium-apy", [], [
                    "200": answer("Pairs", schema: envelope(["type": "array", "items": ["type": "object", "properties": [
                        "sourceLanguage": ["type": "string"], "targetLanguage": ["type": "string"],
                    ]]])),
                ])],
                "/listLanguageNames": ["get": operation("Names of the languages served, by Apertium code", tag: "apertium-apy", [], [
                    "200": answer("Names", schema: ["type": "object", "additionalProperties": ["type": "string"]]),
                ])],
                "/identifyLang": ["get": operation("Detect the language of a text with Apertium-APy's API", tag: "apertium-apy", [
                    query("q", "Text whose language to detect (\(limits))", required: true),
                    query("api_key", key),
                ], [
                    "200": answer("Probability by Apertium code", schema: ["type": "object", "additionalProperties": ["type": "number"]]),
                    "400": answer("Invalid request", schema: reference("apy-error")),
                    "403": answer("Invalid API key", schema: reference("apy-error")),
                ].merging(slowdown(options, reference("apy-error"))) { ours, _ in ours })],
            ] as [String: Any]).merging(ApyRoutes.specPaths(options, key: key, limits: limits)) { ours, _ in ours }
                .merging(options.metrics ? ["/metrics": metricsPath(options)] : [:]) { ours, _ in ours },
            "definitions": definitions,
        ]
    }

    private static var definitions: [String: Any] {
        let detection: [String: Any] = ["type": "object", "properties": [
            "confidence": ["type": "number", "format": "float", "minimum": 0, "maximum": 100, "description": "Confidence, 0-100"],
            "language": ["type": "string", "description": "Language code"],
        ]]
        let named: [String: Any] = ["type": "object", "properties": ["code": ["type": "string"], "name": ["type": "string"]]]
        return [
            "language": ["type": "object", "properties": [
                "code": ["type": "string", "description": "Language code"], "name": ["type": "string", "description": "Language name"],
                "targets": ["type": "array", "items": ["type": "string"], "description": "Target language codes"],
            ]],
            "detection": detection,
            "translate": ["type": "object", "required": ["translatedText"], "properties": [
                "translatedText": ["description": "The translation: a string for one text, an array for an array"],
                "detectedLanguage": ["description": "With source=auto: a detection (an array of them for an array)"],
                "alternatives": ["description": "With alternatives above 0: the other translations, best first (an array of such arrays for an array); empty where there are none"],
            ]],
            "error-response": ["type": "object", "properties": ["error": ["type": "string", "description": "Error message, one line"]]],
            "apy-error": ["type": "object", "properties": [
                "status": ["type": "string", "example": "error"], "code": ["type": "integer"], "message": ["type": "string"],
                "explanation": ["type": "string"],
            ]],
            "frontend-settings": ["type": "object", "properties": [
                "charLimit": ["type": "integer"], "frontendTimeout": ["type": "integer"], "apiKeys": ["type": "boolean"],
                "keyRequired": ["type": "boolean"], "suggestions": ["type": "boolean"], "filesTranslation": ["type": "boolean"],
                "supportedFilesFormat": ["type": "array", "items": ["type": "string"]],
                "language": ["type": "object", "properties": ["source": named, "target": named]],
            ]],
        ]
    }

    static func operation(_ summary: String, tag: String, _ parameters: [[String: Any]], _ responses: [String: Any]) -> [String: Any] {
        ["summary": summary, "tags": [tag], "parameters": parameters, "responses": responses]
    }

    /// A form (or JSON body) parameter; an array one is a repeated field (`collectionFormat: multi`).
    static func form(_ name: String, _ type: String, _ description: String, required: Bool = false,
                             items: Bool = false, enumeration: [String]? = nil) -> [String: Any] {
        var parameter: [String: Any] = ["in": "formData", "name": name, "type": type, "required": required, "description": description]
        if items { parameter["items"] = ["type": "string"]; parameter["collectionFormat"] = "multi" }
        if let enumeration { parameter["enum"] = enumeration }
        return parameter
    }

    static func query(_ name: String, _ description: String, required: Bool = false, enumeration: [String]? = nil) -> [String: Any] {
        var parameter: [String: Any] = ["in": "query", "name": name, "type": "string", "required": required, "description": description]
        if let enumeration { parameter["enum"] = enumeration }
        return parameter
    }

    static func answer(_ description: String, schema: [String: Any]) -> [String: Any] {
        ["description": description, "schema": schema]
    }

    static func reference(_ name: String) -> [String: Any] {
        ["$ref": "#/definitions/\(name)"]
    }

    /// APy's success envelope around `data`.
    static func envelope(_ data: [String: Any]) -> [String: Any] {
        ["type": "object", "properties": ["responseData": data, "responseDetails": ["type": "string"], "responseStatus": ["type": "integer"]]]
    }

    /// The 429 answer of a route the rate limits count, when `options` sets any.
    static func slowdown(_ options: ServerOptions, _ schema: [String: Any]) -> [String: Any] {
        guard options.reqLimit != nil || options.dailyReqLimit != nil else { return [:] }
        return ["429": answer("Too many requests from this client (--req-limit, --daily-req-limit): \"Slowdown: N per 1 minute\"", schema: schema)]
    }

    /// `GET /metrics`, with `--metrics`.
    private static func metricsPath(_ options: ServerOptions) -> [String: Any] {
        let token = options.metricsAuthToken == nil ? "" : " (Authorization: Bearer and the --metrics-auth-token)"
        var responses: [String: Any] = ["200": ["description": "Prometheus's text exposition format (version 0.0.4)", "schema": ["type": "string"]]]
        if options.metricsAuthToken != nil { responses["401"] = answer("A missing or wrong bearer token", schema: reference("error-response")) }
        return ["get": ["summary": "The server's counters, gauges and latency histograms for Prometheus" + token, "tags": ["misc"],
                        "produces": ["text/plain"], "parameters": [] as [Any], "responses": responses]]
    }

    static func busy(_ schema: [String: Any]) -> [String: Any] {
        ["description": "Too many texts waiting: retry later", "schema": schema,
         "headers": ["Retry-After": ["type": "integer", "description": "Seconds to wait"]]]
    }
}
