import Foundation
import TranslationEngine

/// LibreTranslate's API (`/languages`, `/translate`, `/detect`, `/frontend/settings`), so its
/// clients work unchanged: its field names, its `{"error": ...}` shape, confidences 0-100.
struct LibreTranslateRoutes {
    let router: Router
    private var service: TranslationService { router.service }

    func respond(_ request: HTTPRequest, _ parameters: RequestParameters) async -> HTTPResponse {
        switch request.path {
        case "/languages":
            guard request.method == "GET" || request.method == "POST" else { return Self.notAllowed }
            return languages()
        case "/frontend/settings":
            guard request.method == "GET" else { return Self.notAllowed }
            return settings()
        case "/translate":
            guard request.method == "POST" else { return Self.notAllowed }
            return await translate(parameters)
        case "/detect":
            guard request.method == "POST" else { return Self.notAllowed }
            return detect(parameters)
        default:
            return .error(404, "not found: this server answers /languages, /translate, /detect, /frontend/settings (LibreTranslate) and /listPairs, /translate?langpair=, /identifyLang (Apertium-APy)")
        }
    }

    static let notAllowed = HTTPResponse.error(405, "method not allowed")

    private func languages() -> HTTPResponse {
        let entries: [[String: Any]] = service.languages.map { tag in
            ["code": tag, "name": LanguageNames.name(of: tag), "targets": service.targets[tag] ?? []]
        }
        return .json(entries)
    }

    private func settings() -> HTTPResponse {
        let source = service.targets.keys.sorted().first ?? "auto"
        let target = service.targets[source]?.first ?? source
        return .json([
            "charLimit": router.options.charLimit, "frontendTimeout": 500, "apiKeys": router.options.apiKeys != nil,
            "keyRequired": router.options.apiKeys != nil, "suggestions": false, "filesTranslation": false,
            "supportedFilesFormat": [String](),
            "language": ["source": ["code": source, "name": LanguageNames.name(of: source)],
                         "target": ["code": target, "name": LanguageNames.name(of: target)]],
        ] as [String: Any])
    }

    /// A request refused, with its answer.
    struct Refusal: Error {
        let response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
    }

    /// `q` as the list of texts it holds, and whether it was an array.
    private func texts(_ parameters: RequestParameters) -> Result<([String], Bool), Refusal> {
        switch parameters["q"] {
        case nil: .failure(Refusal(.error(400, "Invalid request: missing q parameter")))
        case .text(let text): .success(([text], false))
        case .texts(let texts): .success((texts, true))
        case .wrongType: .failure(Refusal(.error(400, "Invalid request: q must be a string or an array of strings")))
        }
    }

    private func translate(_ parameters: RequestParameters) async -> HTTPResponse {
        let texts: [String], isArray: Bool
        switch self.texts(parameters) {
        case .failure(let refusal): return refusal.response
        case .success(let value): (texts, isArray) = value
        }
        let source: String?, target: String?, format: String?
        do {
            source = try parameters.string("source")
            target = try parameters.string("target")
            format = try parameters.string("format")
        } catch {
            return .error(400, "Invalid request: \(error.reason)")
        }
        guard let source, !source.isEmpty else { return .error(400, "Invalid request: missing source parameter") }
        guard let target, !target.isEmpty else { return .error(400, "Invalid request: missing target parameter") }
        if let format, format != "text" {
            return .error(400, "Invalid request: format '\(MicroHTTPServer.printable(format))' is not supported; this server translates plain text (format=text)")
        }
        if let problem = router.keyProblem(parameters) { return .error(403, problem) }
        if let problem = router.limitProblem(texts) { return .error(400, "Invalid request: \(problem)") }
        let targetTag = LanguageTag.canonical(target)
        guard service.languages.contains(targetTag) else { return .error(400, "\(MicroHTTPServer.printable(target)) is not supported") }

        var sources: [String?] = []
        var detected: [[String: Any]] = []
        if source == "auto" {
            for text in texts {
                let guess = service.detect(text)
                sources.append(guess.isUndetermined ? nil : guess.tag)
                detected.append(["confidence": Self.percent(guess.confidence), "language": guess.tag])
            }
        } else {
            let sourceTag = LanguageTag.canonical(source)
            guard service.targets[sourceTag] != nil else { return .error(400, "\(MicroHTTPServer.printable(source)) is not supported") }
            sources = Array(repeating: sourceTag, count: texts.count)
        }
        // Undetermined texts are answered as they are (LibreTranslate always answers something).
        let work = zip(texts, sources).enumerated().compactMap { index, pair in
            pair.1.map { (index, BatchTranslator.Text(pair.0, source: $0)) }
        }
        guard let outcomes = await router.translate(work.map(\.1), to: targetTag) else {
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
        var answer: [String: Any] = ["translatedText": isArray ? translated as Any : translated[0]]
        if source == "auto" { answer["detectedLanguage"] = isArray ? detected as Any : detected[0] }
        return .json(answer)
    }

    private func detect(_ parameters: RequestParameters) -> HTTPResponse {
        let text: String
        switch self.texts(parameters) {
        case .failure(let refusal): return refusal.response
        case .success((let texts, false)): text = texts[0]
        case .success: return .error(400, "Invalid request: q must be one string for /detect")
        }
        if let problem = router.keyProblem(parameters) { return .error(403, problem) }
        if let problem = router.limitProblem([text]) { return .error(400, "Invalid request: \(problem)") }
        let guess = service.detect(text)
        var found: [[String: Any]] = [["confidence": Self.percent(guess.confidence), "language": guess.tag]]
        for hypothesis in guess.hypotheses where hypothesis.tag != guess.tag {
            found.append(["confidence": Self.percent(hypothesis.probability), "language": hypothesis.tag])
        }
        return .json(found)
    }

    /// A 0-1 confidence as LibreTranslate's 0-100, one decimal.
    static func percent(_ value: Double) -> Double {
        (max(0, min(1, value)) * 1000).rounded() / 10
    }
}
