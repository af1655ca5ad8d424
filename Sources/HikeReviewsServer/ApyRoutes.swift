import ApertiumCodeTable
import Foundation
import TranslationEngine

/// Apertium-APy's API (`/listPairs`, `/translate?langpair=spa|eng&q=...`, `/identifyLang`,
/// `/listLanguageNames`), so its clients work unchanged: Apertium's three-letter codes and
/// APy's envelope (`responseData`, `responseDetails`, `responseStatus`).
struct ApyRoutes {
    let router: Router
    private var service: TranslationService { router.service }

    func respond(_ request: HTTPRequest, _ parameters: RequestParameters) async -> HTTPResponse {
        guard request.method == "GET" || request.method == "POST" else { return Self.error(405, "Method Not Allowed") }
        switch request.path {
        case "/listPairs": return listPairs()
        case "/listLanguageNames": return languageNames()
        case "/identifyLang": return identify(parameters)
        default: return await translate(parameters)
        }
    }

    /// APy's error shape.
    static func error(_ status: Int, _ explanation: String, headers: [String: String] = [:]) -> HTTPResponse {
        let message = [400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
                       500: "Internal Server Error", 503: "Service Unavailable"][status] ?? "Error"
        return .json(["status": "error", "code": status, "message": message, "explanation": explanation] as [String: Any],
                     status: status, headers: headers)
    }

    /// A successful answer in APy's envelope.
    private static func envelope(_ data: Any) -> HTTPResponse {
        .json(["responseData": data, "responseDetails": NSNull(), "responseStatus": 200] as [String: Any])
    }

    private func listPairs() -> HTTPResponse {
        var pairs: [[String: String]] = []
        for (source, targets) in service.targets.sorted(by: { $0.key < $1.key }) {
            guard let from = ApertiumCodeTable.apertiumCode(forTag: source) else { continue }
            for target in targets {
                guard let to = ApertiumCodeTable.apertiumCode(forTag: target) else { continue }
                pairs.append(["sourceLanguage": from, "targetLanguage": to])
            }
        }
        return Self.envelope(pairs)
    }

    private func languageNames() -> HTTPResponse {
        var names: [String: String] = [:]
        for tag in service.languages {
            if let code = ApertiumCodeTable.apertiumCode(forTag: tag) { names[code] = LanguageNames.name(of: tag) }
        }
        return .json(names)
    }

    private func identify(_ parameters: RequestParameters) -> HTTPResponse {
        guard case .text(let text)? = parameters["q"] else { return Self.error(400, "Missing argument q") }
        if let problem = router.keyProblem(parameters) { return Self.error(403, problem) }
        if let problem = router.limitProblem([text]) { return Self.error(400, problem) }
        let guess = service.detect(text)
        var scores: [String: Double] = [:]
        for hypothesis in guess.hypotheses {
            if let code = ApertiumCodeTable.apertiumCode(forTag: hypothesis.tag) { scores[code] = hypothesis.probability }
        }
        if scores.isEmpty, !guess.isUndetermined, let code = ApertiumCodeTable.apertiumCode(forTag: guess.tag) {
            scores[code] = guess.confidence
        }
        return .json(scores)
    }

    private func translate(_ parameters: RequestParameters) async -> HTTPResponse {
        guard case .text(let pair)? = parameters["langpair"] else { return Self.error(400, "Missing argument langpair") }
        guard case .text(let text)? = parameters["q"] else { return Self.error(400, "Missing argument q") }
        let codes = pair.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard codes.count == 2, let source = ApertiumCodeTable.bcp47(codes[0]), let target = ApertiumCodeTable.bcp47(codes[1]) else {
            return Self.error(400, "langpair must be two Apertium codes joined by |, e.g. spa|eng")
        }
        if let problem = router.keyProblem(parameters) { return Self.error(403, problem) }
        if let problem = router.limitProblem([text]) { return Self.error(400, problem) }
        guard service.serves(from: source, to: target) else { return Self.error(400, "That pair is not installed") }
        guard let outcomes = await router.translate([BatchTranslator.Text(text, source: source)], to: target) else {
            return Self.error(503, Router.busyReason, headers: Router.retryAfter)
        }
        switch outcomes.first {
        case .translated(let response)?:
            // APy marks unknown words with `*` unless told `markUnknown=no`.
            let mark = ((try? parameters.string("markUnknown")) ?? nil).map { !["no", "false", "0"].contains($0.lowercased()) } ?? true
            let text = mark ? Self.marking(response.unknownWords, in: response.targetText) : response.targetText
            return Self.envelope(["translatedText": text])
        case .failed(let error)?: return Self.error(error.httpStatus, error.description)
        case .unchanged?, nil: return Self.envelope(["translatedText": text])
        }
    }

    /// `text` with `*` before every whole-word occurrence of an unknown word (Apertium passes
    /// unknown words through unchanged, so they are found as they were written).
    static func marking(_ unknown: [String], in text: String) -> String {
        guard !unknown.isEmpty else { return text }
        let words = Set(unknown)
        var result = ""
        var word = ""
        func flush() {
            if words.contains(word) { result += "*" }
            result += word
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "-" || character == "'" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}
