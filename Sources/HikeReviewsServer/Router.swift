import Foundation
import TranslationEngine

/// The limits and keys a server applies to every request.
public struct ServerOptions: Sendable {
    /// Characters of text per request, at most (all of its texts together), counted as Unicode
    /// scalars (code points), as LibreTranslate counts them (Python's `len`): a grapheme
    /// cluster of many scalars counts as many.
    public var charLimit = 20_000
    /// Texts per request, at most (`q` as an array).
    public var textsPerRequest = 128
    /// The accepted keys; nil: no key needed.
    public var apiKeys: APIKeys?
    /// The server's version, as `/spec` names it.
    public var version = "unknown"

    public init() {}
}

/// Sends each request to LibreTranslate's or Apertium-APy's routes (APy's `/translate` is told
/// apart by its `langpair`), after the checks both share: readable parameters, the API key,
/// the request's limits and room in the queue. It answers OPTIONS and a wrong method itself,
/// and adds each API's CORS headers to its routes' answers.
public struct Router: Sendable {
    let service: TranslationService
    let options: ServerOptions

    public init(service: TranslationService, options: ServerOptions) {
        self.service = service
        self.options = options
    }

    public func respond(_ request: HTTPRequest) async -> HTTPResponse {
        let apy = Self.isApy(path: request.path, queryNames: request.query.map(\.name))
        let route = apy ? nil : LibreTranslateRoutes.routes[request.path]
        if request.method == "OPTIONS" {
            if apy { return HTTPResponse(status: 204, body: [], contentType: "text/plain; charset=utf-8", headers: Self.apyCORSHeaders) }
            if let route { return LibreTranslateRoutes.preflight(route) }
        }
        let parameters: RequestParameters
        do {
            parameters = try RequestParameters(request)
        } catch {
            if apy { return ApyRoutes.error(400, error.reason).adding(Self.apyCORSHeaders) }
            guard let route else { return .error(400, error.reason) }
            guard route.admits(request.method) else { return LibreTranslateRoutes.notAllowed(route) }
            return HTTPResponse.error(400, error.reason).adding(LibreTranslateRoutes.corsHeaders)
        }
        if apy || parameters["langpair"] != nil {
            return await ApyRoutes(router: self).respond(request, parameters).adding(Self.apyCORSHeaders)
        }
        // Flask answers a wrong method before its view reads anything, and without its CORS headers.
        guard let route else { return LibreTranslateRoutes.notFound }
        guard route.admits(request.method) else { return LibreTranslateRoutes.notAllowed(route) }
        return await LibreTranslateRoutes(router: self).respond(request, parameters).adding(LibreTranslateRoutes.corsHeaders)
    }

    /// The headers APy's handlers send on every answer (`set_default_headers`), and on its
    /// OPTIONS answer (204).
    static let apyCORSHeaders = [
        "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET,POST,OPTIONS",
        "Access-Control-Allow-Headers": "accept, cache-control, origin, x-requested-with, x-file-name, content-type",
    ]

    /// Whether a request is APy's from its path and query alone (a body's `langpair` is seen later).
    static func isApy(path: String, queryNames: [String]) -> Bool {
        ["/", "/listPairs", "/identifyLang", "/listLanguageNames"].contains(path) || ApyTools.paths.contains(path)
            || (path == "/translate" && queryNames.contains("langpair"))
    }

    /// The answer to a request refused before it is routed, in its API's error shape.
    static func refusal(_ status: Int, _ reason: String, path: String, queryNames: [String]) -> HTTPResponse {
        isApy(path: path, queryNames: queryNames) ? ApyRoutes.error(status, reason) : .error(status, reason)
    }

    /// Why the key is refused, or nil when it is accepted (or none is needed).
    func keyProblem(_ parameters: RequestParameters) -> String? {
        guard let keys = options.apiKeys else { return nil }
        guard case .text(let key)? = parameters["api_key"] else { return "Invalid API key: this server needs an api_key" }
        return keys.accepts(key) ? nil : "Invalid API key"
    }

    /// Why `texts` are refused by the request limits, or nil.
    func limitProblem(_ texts: [String]) -> String? {
        if texts.count > options.textsPerRequest {
            return "too many texts: \(texts.count) in one request (at most \(options.textsPerRequest))"
        }
        let characters = texts.reduce(0) { $0 + $1.unicodeScalars.count }
        if characters > options.charLimit {
            return "the texts are \(characters) characters, over this server's limit of \(options.charLimit) per request"
        }
        return nil
    }

    /// Translates `texts` within the queue's bound: nil when the queue is full.
    func translate(_ texts: [BatchTranslator.Text], to target: String) async -> [BatchTranslator.Outcome]? {
        guard service.admit(texts.count) else { return nil }
        defer { service.release(texts.count) }
        return await service.translate(texts, to: target)
    }

    /// The answer to a full queue, in LibreTranslate's shape or APy's.
    static let retryAfter = ["Retry-After": "1"]
    static let busyReason = "the server is busy: too many texts waiting; retry later"
}
