import ApertiumCodeTable
import Foundation
import TranslationEngine

/// Apertium-APy's API (`/listPairs`, `/translate?langpair=spa|eng&q=...`, `/identifyLang`,
/// `/listLanguageNames`), so its clients work unchanged: Apertium's three-letter codes and
/// APy's envelope (`responseData`, `responseDetails`, `responseStatus`).
struct ApyRoutes {
    let router: Router
    private var service: TranslationService { router.service }

    /// APy's error shape.
    static func error(_ status: Int, _ explanation: String, headers: [String: String] = [:]) -> HTTPResponse {
        let message = [400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
                       413: "Payload Too Large", 414: "URI Too Long", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
                       500: "Internal Server Error", 501: "Not Implemented", 503: "Service Unavailable"][status] ?? "Error"
        return .encoded(Failure(code: status, message: message, explanation: explanation), status: status, headers: headers)
    }

    /// `GET /`: what answers here. APy renders its web page there (Debian's package lacks it and
    /// answers 500); its test harness waits for `/` to answer, and its test of `/` looks for
    /// "Apertium APy" in the body.
    static let root = HTTPResponse.encoded(Identity())

    /// Whether a request's `callback` is none or a JavaScript name (APy writes any text there:
    /// a script injection).
    static func acceptsCallback(_ parameters: RequestParameters) -> Bool {
        switch parameters["callback"] {
        case nil, .text("")?: true  // APy: an empty callback is none
        case .text(let name)?: isCallbackName(name)
        default: false
        }
    }

    /// The callback a request's answers are wrapped in (APy wraps every answer, errors too, as
    /// JSONP), once `acceptsCallback` passed; nil for none.
    static func callbackName(_ parameters: RequestParameters) -> String? {
        guard case .text(let name)? = parameters["callback"], !name.isEmpty else { return nil }
        return name
    }

    static let callbackReason = "callback must be a JavaScript name: letters, digits, _ and $, parts joined by dots (e.g. app.done)"

    /// Whether `name` is a JavaScript name or a dotted path of them (`app.done`), at most 128
    /// characters: ASCII letters, digits, `_` and `$`, no part starting with a digit.
    static func isCallbackName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 128 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.first, !first.isNumber else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
        }
    }

    /// `response` as APy's JSONP: `callback(json)`, as JavaScript, its status kept.
    static func jsonp(_ response: HTTPResponse, callback: String) -> HTTPResponse {
        var wrapped = response
        wrapped.body = Array("\(callback)(".utf8) + response.body + Array(")".utf8)
        wrapped.contentType = "application/javascript; charset=UTF-8"
        wrapped.headers["X-Content-Type-Options"] = "nosniff"
        return wrapped
    }

    /// A successful answer in APy's envelope.
    static func envelope(_ data: some Codable) -> HTTPResponse {
        .encoded(Envelope(data))
    }

    /// What APy would list: the directions packs ship; with `serve --apy-pivots` also the
    /// routes through a third language (a pivot's output is the quality of two translations).
    func listPairs() -> HTTPResponse {
        var listed = service.apyPairs.direct.map { [$0.source, $0.target] }
        if service.apyListsPivots {
            var seen = Set(listed)
            for (source, targets) in service.targets.sorted(by: { $0.key < $1.key }) {
                guard let from = ApertiumCodeTable.apertiumCode(forTag: source) else { continue }
                for target in targets {
                    guard let to = ApertiumCodeTable.apertiumCode(forTag: target), seen.insert([from, to]).inserted else { continue }
                    listed.append([from, to])
                }
            }
        }
        return Self.envelope(listed.map { Pair(sourceLanguage: $0[0], targetLanguage: $0[1]) })
    }

    /// APy's /listLanguageNames: `locale`, else the first `Accept-Language` locale with names,
    /// else English.
    func languageNames(_ request: HTTPRequest, _ parameters: RequestParameters) -> HTTPResponse {
        var languages: String?
        if case .text(let value)? = parameters["languages"], !value.isEmpty { languages = value }
        if case .text(let locale)? = parameters["locale"], !locale.isEmpty {
            return .json(ApyLanguageNames.names(locale: locale, languages: languages))
        }
        // APy tries each Accept-Language locale on all names, then English, without the filter.
        for locale in ApyLanguageNames.locales(acceptLanguage: request.headers["accept-language"] ?? "") {
            let names = ApyLanguageNames.names(locale: locale, languages: nil)
            if !names.isEmpty { return .json(names) }
        }
        return .json(ApyLanguageNames.names(locale: "en", languages: nil))
    }

    func identify(_ call: RouteCall) -> HTTPResponse {
        // APy's two words: tornado's for a missing q, its handler's for an empty one.
        guard case .text(let text)? = call.parameters["q"] else { return Self.error(400, "Missing argument q") }
        guard !text.isEmpty else { return Self.error(400, "Missing q argument") }
        if let refusal = call.admit([text]) { return refusal }
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

    func translate(_ call: RouteCall) async -> HTTPResponse {
        switch await translatedText(call) {
        case .success(let text): Self.envelope(Translation(translatedText: text))
        case .failure(let refusal): refusal.response
        }
    }

    /// APy's `/translate` up to its text: the translation (marked as APy marks unknown words),
    /// or the refusal in APy's words; `/translateDoc` answers the text as a document.
    func translatedText(_ call: RouteCall) async -> Result<String, Refusal> {
        let parameters = call.parameters
        guard case .text(let pair)? = parameters["langpair"] else { return .failure(.apy(400, "Missing argument langpair")) }
        guard case .text(let text)? = parameters["q"] else { return .failure(.apy(400, "Missing argument q")) }
        // APy's words and order: a pair it cannot split into two codes (each at most one `_`)
        // is invalid; one it has no mode for is not installed.
        let codes = pair.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard codes.count == 2, codes.allSatisfy({ $0.count(where: { $0 == "_" }) <= 1 }) else {
            return .failure(.apy(400, "That pair is invalid, use e.g. eng|spa"))
        }
        if let problem = Self.formatProblem(parameters, allowingHTML: true) { return .failure(.apy(400, problem)) }
        let format = Self.textFormat(parameters)
        if let refusal = call.admit([text]) { return .failure(Refusal(refusal)) }
        // A variant target (`cat_valencia`) is served when a pack ships it directly.
        guard let source = ApertiumCodeTable.bcp47(codes[0]), let target = ApertiumCodeTable.bcp47(codes[1]),
              service.serves(from: source, to: target) || service.apyPairs.shipsDirectly(from: source, to: target) else {
            return .failure(.apy(400, "That pair is not installed"))
        }
        let started = Date()
        guard let outcomes = await router.translate([BatchTranslator.Text(text, source: source, format: format)], to: target) else {
            return .failure(Refusal(Self.error(503, Router.busyReason, headers: Router.retryAfter)))
        }
        service.apyStats.record(pair: codes.joined(separator: "-"), characters: text.unicodeScalars.count, from: started, to: Date())
        switch outcomes.first {
        case .translated(let response)? where format == .html:
            // Marks would land in attributes and scripts too: a document comes back unmarked.
            return .success(response.targetText)
        case .translated(let response)?:
            // APy gives the generator's marks (`*`, `#`, `@`); `markUnknown=no` strips only `*`.
            let starred = ((try? parameters.string("markUnknown")) ?? nil).map { !["no", "false", "0"].contains($0.lowercased()) } ?? true
            return .success(Self.marking(response.unknownWords, marks: response.unknownWordMarks, starred: starred, in: response.targetText))
        case .failed(let error)?: return .failure(.apy(error.httpStatus, error.description))
        case .unchanged?, nil: return .success(text)
        }
    }

    /// Why the request's format is refused, or nil for plain text (and, `allowingHTML`, HTML).
    /// APy names formats by its deformatters (`format=html` runs `apertium-deshtml`); text and
    /// HTML are translated here, and markup of any other format read as words would be
    /// mistranslated, so it is refused.
    static func formatProblem(_ parameters: RequestParameters, allowingHTML: Bool = false) -> String? {
        var accepted = ["format": ["txt"], "deformat": ["txt", "apertium-destxt"], "reformat": ["txt", "apertium-retxt"]]
        if allowingHTML {
            accepted["format", default: []].append("html")
            accepted["deformat", default: []] += ["html", "apertium-deshtml"]
            accepted["reformat", default: []] += ["html", "apertium-rehtml"]
        }
        for (name, values) in accepted.sorted(by: { $0.key < $1.key }) {
            guard let given = parameters[name] else { continue }
            guard case .text(let value) = given, values.contains(value) else {
                // The value is named only when it is a plain word: an answer never echoes markup.
                var shown = name
                if case .text(let value) = given, value.count <= 32, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
                    shown += "=" + value
                }
                return "\(shown) is not supported: this server translates plain text (format=txt, or no format)"
                    + (allowingHTML ? " and HTML (format=html)" : " only")
            }
        }
        return nil
    }

    /// `.html` when the request names APy's HTML format or deformatter (an accepted one: see
    /// `formatProblem`), else `.text`.
    static func textFormat(_ parameters: RequestParameters) -> TextFormat {
        for name in ["format", "deformat"] {
            if case .text(let value)? = parameters[name], value == "html" || value == "apertium-deshtml" { return .html }
        }
        return .text
    }

    /// `text` with the generator's mark (`marks[word]`, else `*`; `*` only when `starred`)
    /// before every occurrence of an unknown word where the generator would have marked it
    /// (Apertium passes unknown words through unchanged, so they are found as they were written). Words are read as the engine reads marks
    /// (`PipelineTranslation.isWordCharacter`): a mark's word runs to the first character that
    /// is not a word character, so `Pol-pol`, unknown, came out of the generator as `*Pol-*pol`
    /// and its unknown words are `Pol-` and `pol`. At each word start the longest unknown word
    /// that is either the rest of the word or ends in `-` is marked, and reading goes on after it.
    static func marking(_ unknown: [String], marks: [String: Character] = [:], starred: Bool = true, in text: String) -> String {
        let words = Set(unknown.filter { starred || marks[$0] != nil })
        guard !words.isEmpty else { return text }
        let longest = words.map(\.count).max() ?? 0
        let characters = Array(text)
        var result = ""
        var index = 0
        var atWordStart = true
        while index < characters.count {
            let character = characters[index]
            guard PipelineTranslation.isWordCharacter(character) else {
                result.append(character)
                atWordStart = true
                index += 1
                continue
            }
            if atWordStart, let length = markedLength(at: index, in: characters, words: words, longest: longest) {
                let word = String(characters[index..<index + length])
                result += String(marks[word] ?? "*") + word
                index += length
                atWordStart = true
                continue
            }
            result.append(character)
            atWordStart = false
            index += 1
        }
        return result
    }

    /// The length of the longest unknown word at `start` that ends the word there or ends in `-`.
    ///
    /// Only those two kinds of prefix can match, so only they are looked up: the word's whole
    /// run of word characters (when no longer than the longest unknown word) and each prefix
    /// ending in `-`, longest first.
    private static func markedLength(at start: Int, in characters: [Character], words: Set<String>, longest: Int) -> Int? {
        var end = start
        while end < characters.count, end - start < longest, PipelineTranslation.isWordCharacter(characters[end]) { end += 1 }
        let wholeWord = end == characters.count || !PipelineTranslation.isWordCharacter(characters[end])
        var length = end - start
        while length > 0 {
            if wholeWord && length == end - start || characters[start + length - 1] == "-",
               words.contains(String(characters[start..<start + length])) {
                return length
            }
            length -= 1
        }
        return nil
    }
}
