import Foundation
import TranslationEngine

/// LibreTranslate's API (`/languages`, `/translate`, `/detect`, `/frontend/settings`,
/// `/health`, `/spec`), so its clients work unchanged: its field names, its `{"error": ...}`
/// shape, confidences 0-100, its methods and its CORS headers.
struct LibreTranslateRoutes {
    let router: Router
    private var service: TranslationService { router.service }

    /// The headers LibreTranslate adds to every answer of its routes (its `after_request`), so
    /// a browser front end on another origin can call them.
    static let corsHeaders = [
        "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Authorization, Content-Type",
        "Access-Control-Expose-Headers": "Authorization", "Access-Control-Allow-Methods": "GET, POST",
        "Access-Control-Allow-Credentials": "true", "Access-Control-Max-Age": "1728000",
    ]

    /// The answer to a request for a known route with another method: 405 with Flask's
    /// `Allow`, in LibreTranslate's error shape; no CORS headers, as Flask routes it away
    /// before LibreTranslate's `after_request`.
    static func notAllowed(_ method: Route.Method) -> HTTPResponse {
        .error(405, "Method Not Allowed: this route answers \(method.allow)", headers: ["Allow": method.allow])
    }

    /// The answer to OPTIONS (a browser's preflight): 200, no body, `Allow` and the CORS headers.
    static func preflight(_ method: Route.Method) -> HTTPResponse {
        HTTPResponse(status: 200, body: [], contentType: "text/plain; charset=utf-8", headers: corsHeaders.merging(["Allow": method.allow]) { $1 })
    }

    /// The answer to a path no route serves: LibreTranslate's 404, naming the routes of the table
    /// (`/metrics` is left out, as it answers only with `--metrics`; so are APy's `/analyse`, an
    /// alias, and `/translatePage`, which only refuses).
    static let notFound: HTTPResponse = {
        func named(_ api: Route.API) -> String {
            Route.table.filter { $0.api == api && !["/analyse", "/translatePage"].contains($0.path) }
                .map { $0.needsLangpair ? $0.path + "?langpair=" : $0.path }.joined(separator: ", ")
        }
        return .error(404, "not found: this server answers \(named(.libreTranslate)) (LibreTranslate) and \(named(.apy)) (Apertium-APy); GET /spec describes them")
    }()

    func languages() -> HTTPResponse {
        .encoded(service.languages.map { tag in
            Language(code: tag, name: LanguageNames.name(of: tag), targets: service.targets[tag] ?? [])
        })
    }

    func settings() -> HTTPResponse {
        let source = service.targets.keys.sorted().first ?? "auto"
        let target = service.targets[source]?.first ?? source
        let pair = Settings.Pair(source: NamedLanguage(code: source, name: LanguageNames.name(of: source)),
                                 target: NamedLanguage(code: target, name: LanguageNames.name(of: target)))
        return .encoded(Settings(apiKeys: router.options.apiKeys != nil, charLimit: router.options.charLimit, filesTranslation: true,
                                 keyRequired: router.options.apiKeys != nil, language: pair, supportedFilesFormat: LibreTranslateFiles.extensions))
    }

    /// A request refused, with its answer.
    /// `q` as the list of texts it holds, and whether it was an array.
    private func texts(_ parameters: RequestParameters) -> Result<([String], Bool), Refusal> {
        switch parameters["q"] {
        case nil: .failure(Refusal(.error(400, "Invalid request: missing q parameter")))
        case .text(let text): .success(([text], false))
        case .texts(let texts): .success((texts, true))
        case .wrongType, .number: .failure(Refusal(.error(400, "Invalid request: q must be a string or an array of strings")))
        }
    }

    func translate(_ call: RouteCall) async -> HTTPResponse {
        let parameters = call.parameters
        let texts: [String], isArray: Bool
        switch self.texts(parameters) {
        case .failure(let refusal): return refusal.response
        case .success(let value): (texts, isArray) = value
        }
        let source: String?, target: String?, format: String?, strategyName: String?
        do {
            source = try parameters.string("source")
            target = try parameters.string("target")
            format = try parameters.string("format")
            strategyName = try parameters.string("strategy")
        } catch {
            return .error(400, "Invalid request: \(error.reason)")
        }
        guard let source, !source.isEmpty else { return .error(400, "Invalid request: missing source parameter") }
        guard let target, !target.isEmpty else { return .error(400, "Invalid request: missing target parameter") }
        let alternatives: Int
        switch Self.alternativesCount(parameters["alternatives"]) {
        case .failure(let refusal): return refusal.response
        case .success(let count): alternatives = count
        }
        // Not LibreTranslate's: Apple's translation strategies, for clients that choose (absent
        // or empty: high-fidelity, the engine's default).
        var strategy = TranslationSession.Strategy.highFidelity
        if let strategyName, !strategyName.isEmpty {
            do {
                strategy = try TranslationSession.Strategy(parsing: strategyName)
            } catch {
                return .error(400, "Invalid request: strategy \(error)")
            }
        }
        // LibreTranslate's two formats: an html text is one document, its markup kept.
        guard let textFormat = TextFormat(rawValue: format ?? "text") else {
            return .error(400, "Invalid request: format '\(MicroHTTPServer.printable(format ?? ""))' is not supported; this server translates format=text or format=html")
        }
        if let refusal = call.admit(texts) { return refusal }
        let targetTag = LanguageTag.canonical(target)
        guard service.languages.contains(targetTag) else { return .error(400, "\(MicroHTTPServer.printable(target)) is not supported") }

        var sources: [String?] = []
        var detected: [Detection] = []
        if source == "auto" {
            for text in texts {
                let guess = textFormat == .html ? await service.detect(document: text) : service.detect(text)
                // In a batch, a text in a language with no route to the target comes back as
                // it is, so one text cannot fail the others; one text alone is refused.
                let routed = !isArray || guess.tag == targetTag || service.serves(from: guess.tag, to: targetTag)
                sources.append(guess.isUndetermined || !routed ? nil : guess.tag)
                detected.append(Detection(confidence: Self.percent(guess.confidence), language: guess.tag))
            }
        } else {
            let sourceTag = LanguageTag.canonical(source)
            guard service.targets[sourceTag] != nil else { return .error(400, "\(MicroHTTPServer.printable(source)) is not supported") }
            sources = Array(repeating: sourceTag, count: texts.count)
        }
        // Undetermined (and, in a batch, unrouted) texts are answered as they are.
        let work = zip(texts, sources).enumerated().compactMap { index, pair in
            pair.1.map { (index, BatchTranslator.Text(pair.0, source: $0, format: textFormat)) }
        }
        guard let outcomes = await router.translate(work.map(\.1), to: targetTag, strategy: strategy) else {
            return .error(503, Router.busyReason, headers: Router.retryAfter)
        }
        var translated = texts
        for ((index, _), outcome) in zip(work, outcomes) {
            switch outcome {
            case .translated(let response): translated[index] = response.targetText
            case .unchanged: break
            case .failed(let error):
                let which = isArray ? "text \(index + 1): " : ""
                return .error(error.httpStatus, "\(which)\(error.description)")
            }
        }
        var answer = Translation(translatedText: OneOrMany(translated, isArray: isArray))
        if source == "auto" { answer.detectedLanguage = OneOrMany(detected, isArray: isArray) }
        if alternatives > 0 {
            switch await self.alternatives(alternatives, of: zip(work.map(\.0), outcomes), among: texts.count, isArray: isArray) {
            case .failure(let refusal): return refusal.response
            case .success(let found): answer.alternatives = OneOrMany(found, isArray: isArray)
            }
        }
        return .encoded(answer)
    }

    func detect(_ call: RouteCall) -> HTTPResponse {
        let text: String
        switch self.texts(call.parameters) {
        case .failure(let refusal): return refusal.response
        case .success((let texts, false)): text = texts[0]
        case .success: return .error(400, "Invalid request: q must be one string for /detect")
        }
        if let refusal = call.admit([text]) { return refusal }
        let guess = service.detect(text)
        var found = [Detection(confidence: Self.percent(guess.confidence), language: guess.tag)]
        for hypothesis in guess.hypotheses where hypothesis.tag != guess.tag {
            found.append(Detection(confidence: Self.percent(hypothesis.probability), language: hypothesis.tag))
        }
        return .encoded(found)
    }

    /// A 0-1 confidence as LibreTranslate's 0-100, one decimal.
    static func percent(_ value: Double) -> Double {
        (max(0, min(1, value)) * 1000).rounded() / 10
    }
}
