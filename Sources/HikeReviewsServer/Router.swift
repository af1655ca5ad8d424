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
    /// Requests to the work routes per client in a minute, at most (`--req-limit`); nil: no limit.
    public var reqLimit: Int?
    /// Requests to the work routes per client in a day, at most (`--daily-req-limit`); nil: no limit.
    public var dailyReqLimit: Int?
    /// Whether a client is told by the first address of `X-Forwarded-For` (behind a proxy)
    /// instead of the peer address.
    public var trustForwardedFor = false
    /// Whether `GET /metrics` answers (`--metrics`).
    public var metrics = false
    /// The bearer token `/metrics` needs (`--metrics-auth-token`); nil: none.
    public var metricsAuthToken: String?

    public init() {}
}

/// Sends each request to LibreTranslate's or Apertium-APy's routes (APy's `/translate` is told
/// apart by its `langpair`), after the checks both share: readable parameters, the rate limits
/// of its client, the API key, the request's limits and room in the queue; `/metrics` with
/// `--metrics`. It counts every answer in `metrics`. It answers OPTIONS and a wrong method itself,
/// and adds each API's CORS headers to its routes' answers.
public struct Router: Sendable {
    let service: TranslationService
    let options: ServerOptions
    /// The request counts of `options`' rate limits; nil without limits. Kept across reloads.
    let limiter: RateLimiter?
    /// What `/metrics` reports. Kept across reloads.
    let metrics: ServerMetrics

    public init(service: TranslationService, options: ServerOptions) {
        self.init(service: service, options: options, limiter: RateLimiter(perMinute: options.reqLimit, perDay: options.dailyReqLimit),
                  metrics: ServerMetrics())
    }

    init(service: TranslationService, options: ServerOptions, limiter: RateLimiter?, metrics: ServerMetrics) {
        self.service = service
        self.options = options
        self.limiter = limiter
        self.metrics = metrics
    }

    /// The answer to `request`, counted in the metrics by its route and status.
    public func respond(_ request: HTTPRequest) async -> HTTPResponse {
        let started = ContinuousClock.now
        metrics.began()
        let (response, route) = await answer(request)
        metrics.answered(route, status: response.status, seconds: (ContinuousClock.now - started) / .seconds(1))
        return response
    }

    private func answer(_ request: HTTPRequest) async -> (HTTPResponse, ServerMetrics.Route) {
        let apy = Self.isApy(path: request.path, queryNames: request.query.map(\.name))
        if request.path == "/metrics", options.metrics, !apy {
            return (metricsAnswer(request), .init(api: "libretranslate", path: "/metrics"))
        }
        let label = ServerMetrics.Route(api: apy ? "apy" : "libretranslate", path: LibreTranslateRoutes.routes[request.path] != nil || apy ? request.path : "other")
        return (await respond(request, apy: apy), label)
    }

    private func respond(_ request: HTTPRequest, apy: Bool) async -> HTTPResponse {
        let route = apy ? nil : LibreTranslateRoutes.routes[request.path]
        if request.method == "OPTIONS" {
            if apy { return HTTPResponse(status: 204, body: [], contentType: "text/plain; charset=utf-8", headers: Self.apyCORSHeaders) }
            if let route { return LibreTranslateRoutes.preflight(route) }
        }
        // A document's file part is bytes, not a text parameter: ApyDocuments reads its own form.
        if request.path == ApyDocuments.path {
            return await ApyDocuments(router: self).translateDoc(request).adding(Self.apyCORSHeaders)
        }
        let parameters: RequestParameters
        do {
            parameters = try RequestParameters(request)
        } catch {
            if apy { return ApyRoutes.error(400, error.reason).asApy() }
            guard let route else { return .error(400, error.reason) }
            guard route.admits(request.method) else { return LibreTranslateRoutes.notAllowed(route) }
            return HTTPResponse.error(400, error.reason).adding(LibreTranslateRoutes.corsHeaders)
        }
        if apy || parameters["langpair"] != nil {
            // APy's listings are not limited, as LibreTranslate's are not; its work routes are.
            if !["/", "/listPairs", "/listLanguageNames"].contains(request.path), let problem = rateLimitProblem(request, parameters) {
                return ApyRoutes.error(429, problem).asApy()
            }
            return await ApyRoutes(router: self).respond(request, parameters).asApy()
        }
        // Flask answers a wrong method before its view reads anything, and without its CORS headers.
        guard let route else { return LibreTranslateRoutes.notFound }
        guard route.admits(request.method) else { return LibreTranslateRoutes.notAllowed(route) }
        // LibreTranslate limits /translate and /detect before their view reads anything.
        if route == .post, let problem = rateLimitProblem(request, parameters) {
            return HTTPResponse.error(429, problem).adding(LibreTranslateRoutes.corsHeaders)
        }
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
        ["/", "/listPairs", "/identifyLang", "/listLanguageNames", ApyDocuments.path, "/translatePage"].contains(path)
            || ApyTools.paths.contains(path) || (path == "/translate" && queryNames.contains("langpair"))
    }

    /// The answer to a request refused before it is routed, in its API's error shape.
    static func refusal(_ status: Int, _ reason: String, path: String, queryNames: [String]) -> HTTPResponse {
        if status == 413, path == ApyDocuments.path { return ApyDocuments.tooLarge(bodyBytes: nil) }
        return isApy(path: path, queryNames: queryNames) ? ApyRoutes.error(status, reason) : .error(status, reason)
    }

    /// Why the key is refused, or nil when it is accepted (or none is needed).
    func keyProblem(_ parameters: RequestParameters) -> String? {
        guard let keys = options.apiKeys else { return nil }
        guard case .text(let key)? = parameters["api_key"] else { return "Invalid API key: this server needs an api_key" }
        return keys.accepts(key) ? nil : "Invalid API key"
    }

    /// LibreTranslate's 429 reason (`Slowdown: 2 per 1 minute`) when the request's client is
    /// over a rate limit; nil otherwise, and the request is counted.
    func rateLimitProblem(_ request: HTTPRequest, _ parameters: RequestParameters) -> String? {
        guard let limiter, let over = limiter.admit(client(of: request, parameters)) else { return nil }
        metrics.limited()
        return "Slowdown: \(over.description)"
    }

    /// Who a request counts against: its API key when keys are needed and it is one of them
    /// (as LibreTranslate, each key has its own count), else its peer address, or the first
    /// address of `X-Forwarded-For` with `--trust-forwarded-for` (a client can write any there).
    func client(of request: HTTPRequest, _ parameters: RequestParameters) -> String {
        if let keys = options.apiKeys, case .text(let key)? = parameters["api_key"], keys.accepts(key) { return "key " + key }
        if options.trustForwardedFor, let first = request.headers["x-forwarded-for"]?.split(separator: ",").first {
            // An address is at most 45 characters (IPv6 with IPv4); a longer one is cut, so one
            // client table entry stays small whatever the header holds.
            let address = first.trimmingCharacters(in: .whitespaces).prefix(64)
            if !address.isEmpty { return "address " + address }
        }
        return "address " + request.peer
    }

    /// `GET /metrics`: the exposition text; 401 without the bearer token `--metrics-auth-token` names.
    private func metricsAnswer(_ request: HTTPRequest) -> HTTPResponse {
        if request.method == "OPTIONS" { return LibreTranslateRoutes.preflight(.get) }
        guard LibreTranslateRoutes.Method.get.admits(request.method) else { return LibreTranslateRoutes.notAllowed(.get) }
        if let token = options.metricsAuthToken, !APIKeys(keys: ["Bearer " + token]).accepts(request.headers["authorization"] ?? "") {
            return .error(401, "Unauthorized")
        }
        let text = metrics.exposition(queuedTexts: service.queuedTexts, queueLimit: service.queueLimit,
                                      childProcesses: ServerMetrics.childProcesses())
        return HTTPResponse(status: 200, body: Array(text.utf8), contentType: "text/plain; version=0.0.4; charset=utf-8")
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
        let outcomes = await service.translate(texts, to: target)
        metrics.translated(outcomes)
        return outcomes
    }

    /// The answer to a full queue, in LibreTranslate's shape or APy's.
    static let retryAfter = ["Retry-After": "1"]
    static let busyReason = "the server is busy: too many texts waiting; retry later"
}

extension HTTPResponse {
    /// An answer of APy's routes as APy sends it: with its CORS headers, and JSON labelled
    /// `application/json; charset=UTF-8`, as tornado labels it (a client reading the charset
    /// from the header finds it).
    func asApy() -> HTTPResponse {
        var response = adding(Router.apyCORSHeaders)
        if response.contentType == "application/json" { response.contentType = "application/json; charset=UTF-8" }
        return response
    }
}
