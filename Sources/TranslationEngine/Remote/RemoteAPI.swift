import Foundation
import TextSafety

/// The two server APIs a remote leg speaks, told apart by probing: Apertium-APy answers
/// `GET /listPairs` with its envelope, LibreTranslate answers `GET /languages` with an array.
enum RemoteAPI: String, Sendable, Equatable {
    case apy = "Apertium-APy"
    case libreTranslate = "LibreTranslate"

    /// One pair a server translates, in its own codes (`spa`/`eng_US`, `es`/`en`) and as tags.
    struct Pair: Sendable, Hashable {
        var sourceCode: String
        var targetCode: String
        var source: String
        var target: String

        /// The direction's mode name: the server's codes, `spa|eng` (what APy's `langpair` takes).
        var mode: String { sourceCode + "|" + targetCode }
    }

    /// What a server is and what it translates, or why it is neither API: both requests end by
    /// one `deadline`.
    static func probe(_ base: URL, http: RemoteHTTP, until deadline: ContinuousClock.Instant) async throws(RemoteError) -> (RemoteAPI, [Pair]) {
        let server = RemoteLimits.hostAndPort(of: base)
        // A server that does not answer at all is not asked twice.
        let listed = try await http.get(base.appendingPathComponent("listPairs"), until: deadline)
        if listed.status == 200, let pairs = apyPairs(listed.body) {
            return (.apy, pairs)
        }
        let answer = try await http.get(base.appendingPathComponent("languages"), until: deadline)
        guard answer.status == 200, let pairs = libreTranslatePairs(answer.body) else {
            throw .answer(server: server, reason: "neither /listPairs (Apertium-APy) nor /languages (LibreTranslate) answered")
        }
        return (.libreTranslate, pairs)
    }

    /// APy's `{"responseData": [{"sourceLanguage": "spa", "targetLanguage": "eng"}, ...]}`;
    /// codes the project's Apertium table does not know are skipped.
    static func apyPairs(_ body: Data) -> [Pair]? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let list = object["responseData"] as? [[String: Any]] else { return nil }
        return list.compactMap { item in
            guard let source = item["sourceLanguage"] as? String, let target = item["targetLanguage"] as? String,
                  let sourceTag = ApertiumCode.bcp47(source), let targetTag = ApertiumCode.bcp47(target) else { return nil }
            return Pair(sourceCode: source, targetCode: target, source: sourceTag, target: targetTag)
        }
    }

    /// LibreTranslate's `[{"code": "es", "name": "Spanish", "targets": ["en", ...]}, ...]`.
    static func libreTranslatePairs(_ body: Data) -> [Pair]? {
        guard let list = try? JSONSerialization.jsonObject(with: body) as? [[String: Any]] else { return nil }
        var pairs: [Pair] = []
        for item in list {
            guard let code = item["code"] as? String, LanguageTag.isPlausible(code), let targets = item["targets"] as? [String] else { continue }
            for target in targets where target != code && LanguageTag.isPlausible(target) {
                pairs.append(Pair(sourceCode: code, targetCode: target, source: code, target: target))
            }
        }
        return pairs
    }

    /// Every byte but letters, digits and `-._~` percent-encoded, as a form field.
    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Translates `text` from `pair.sourceCode` into `pair.targetCode` on the server at `base`.
    ///
    /// An APy server is asked for its marks when the text holds no `*`, `#` or `@` of its own:
    /// every mark in the answer is then the generator's, taken out as the local pipelines take
    /// theirs (the text as `apertium -u` gives it, the words with their marks). APy's
    /// `markUnknown=no` strips only `*` and leaves `#word` in the text. A text with such a
    /// character of its own is asked with `markUnknown=no` and taken as it comes.
    func translate(_ text: String, pair: Pair, base: URL, http: RemoteHTTP, until deadline: ContinuousClock.Instant) async throws(RemoteError)
        -> PipelineTranslation {
        let server = RemoteLimits.hostAndPort(of: base)
        let url = base.appendingPathComponent("translate")
        let answer: RemoteHTTP.Answer
        switch self {
        case .apy:
            // A form body, not the query: long texts stay out of access logs and URL limits.
            let body = [("langpair", pair.mode), ("q", text), ("markUnknown", Self.asksForMarks(text) ? "yes" : "no")]
                .map { Self.formEncoded($0) + "=" + Self.formEncoded($1) }.joined(separator: "&")
            answer = try await http.post(url, body: Data(body.utf8), contentType: "application/x-www-form-urlencoded", until: deadline)
        case .libreTranslate:
            let object: [String: Any] = ["q": text, "source": pair.sourceCode, "target": pair.targetCode, "format": "text"]
            let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
            answer = try await http.post(url, body: body, contentType: "application/json", until: deadline)
        }
        let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        guard answer.status == 200 else {
            let message = (object?["error"] as? String) ?? (object?["message"] as? String) ?? (object?["responseDetails"] as? String) ?? ""
            throw .status(server: server, code: answer.status, message: EscapedText.escaped(message, limit: 120))
        }
        let translated = switch self {
        case .apy: (object?["responseData"] as? [String: Any])?["translatedText"] as? String
        case .libreTranslate: object?["translatedText"] as? String
        }
        guard let translated else { throw .answer(server: server, reason: "no translatedText in the answer") }
        if self == .apy, Self.asksForMarks(text) { return UnknownWords.extract(from: translated, marked: true) }
        return PipelineTranslation(text: translated, unknownWords: [])
    }

    /// Whether an APy request for `text` asks for the generator's marks: only when the text has
    /// none of the mark characters itself.
    static func asksForMarks(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0 == "*" || $0 == "#" || $0 == "@" }
    }
}
