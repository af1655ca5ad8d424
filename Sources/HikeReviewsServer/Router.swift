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
    /// Terms every translation keeps (`--glossary`); nil: the engine environment's, if any.
    public var glossary: Glossary?

    public init() {}
}

/// Sends each request to its route in `Route.table` (LibreTranslate's, Apertium-APy's, the
/// server's `/metrics`), reads its body as the route declares, and applies the route's checks in
/// their declared order (method, rate limits, callback, API key, text limits) around its handler,
/// each refusal in the route's API's shape. It counts every answer in `metrics`, answers OPTIONS
/// itself, and adds each API's CORS headers to its routes' answers.
public struct Router: Sendable {
    let service: TranslationService
    let options: ServerOptions
    /// The request counts of `options`' rate limits; nil without limits. Kept across reloads.
    let limiter: RateLimiter?
    /// What `/metrics` reports. Kept across reloads.
    let metrics: ServerMetrics
    /// `/translate_file`'s translations waiting to be downloaded. Kept across reloads.
    let files: TranslatedFiles

    public init(service: TranslationService, options: ServerOptions) {
        self.init(service: service, options: options, limiter: RateLimiter(perMinute: options.reqLimit, perDay: options.dailyReqLimit),
                  metrics: ServerMetrics(), files: TranslatedFiles())
    }

    init(service: TranslationService, options: ServerOptions, limiter: RateLimiter?, metrics: ServerMetrics, files: TranslatedFiles) {
        self.service = service
        self.options = options
        self.limiter = limiter
        self.metrics = metrics
        self.files = files
    }

    /// The answer to `request`, counted in the metrics by its route and status.
    public func respond(_ request: HTTPRequest) async -> HTTPResponse {
        let started = ContinuousClock.now
        metrics.began()
        // Counted by the route its path and query name: a body's `langpair` does not change the label.
        let matched = Route.matching(path: request.path, queryNames: request.query.map(\.name), options: options)
        let response = await respond(request, matched)
        let label = ServerMetrics.Route(api: (matched?.api ?? .libreTranslate).label, path: matched.map(\.path) ?? "other")
        metrics.answered(label, status: response.status, seconds: (ContinuousClock.now - started) / .seconds(1))
        return response
    }

    private func respond(_ request: HTTPRequest, _ matched: Route?) async -> HTTPResponse {
        if request.method == "OPTIONS", let matched { return Self.preflight(matched) }
        var parameters = RequestParameters()
        if matched?.body ?? .parameters == .parameters {
            do {
                parameters = try RequestParameters(request)
            } catch {
                return unreadable(request, matched, reason: error.reason)
            }
        }
        guard let route = Route.after(reading: parameters, path: request.path, matched: matched) else { return LibreTranslateRoutes.notFound }
        return await run(RouteCall(router: self, route: route, request: request, parameters: parameters))
    }

    /// The route's checks before `.arguments`, then its handler (which applies the rest through
    /// `RouteCall.admit`); the answer, as JSONP once the callback was checked, finished as its
    /// API sends answers.
    private func run(_ call: RouteCall) async -> HTTPResponse {
        var callback: String?
        var refused: (check: Route.Check, answer: HTTPResponse)?
        for check in call.route.checks.prefix(while: { $0 != .arguments }) {
            if let refusal = refusal(by: check, call, texts: []) {
                refused = (check, refusal)
                break
            }
            if check == .callback { callback = ApyRoutes.callbackName(call.parameters) }
        }
        let answer: HTTPResponse
        if let refused { answer = refused.answer } else { answer = await call.route.handler(call) }
        let wrapped = callback.map { ApyRoutes.jsonp(answer, callback: $0) } ?? answer
        return Self.finish(wrapped, call.route, refusedBy: refused?.check)
    }

    /// `response` with its API's headers: LibreTranslate's CORS headers (not on a 405, which Flask
    /// sends before LibreTranslate's `after_request`), APy's (and its JSON charset, but not on a
    /// document's answers, whose type is their own); the server's own routes as they are.
    private static func finish(_ response: HTTPResponse, _ route: Route, refusedBy check: Route.Check?) -> HTTPResponse {
        switch route.api {
        case .server: response
        case .libreTranslate: check == .method ? response : response.adding(LibreTranslateRoutes.corsHeaders)
        case .apy: route.body == .document ? response.adding(apyCORSHeaders) : response.asApy()
        }
    }

    /// The answer to OPTIONS (a browser's preflight) at a route.
    private static func preflight(_ route: Route) -> HTTPResponse {
        guard route.api == .apy else { return LibreTranslateRoutes.preflight(route.method) }
        return HTTPResponse(status: 204, body: [], contentType: "text/plain; charset=utf-8", headers: apyCORSHeaders)
    }

    /// The answer to a body that cannot be read: APy's 400; LibreTranslate's after Flask's method
    /// check, and without its CORS headers at a path it has no route for.
    private func unreadable(_ request: HTTPRequest, _ matched: Route?, reason: String) -> HTTPResponse {
        guard let matched else { return .error(400, reason) }
        if matched.api == .apy { return ApyRoutes.error(400, reason).asApy() }
        guard matched.method.admits(request.method) else { return LibreTranslateRoutes.notAllowed(matched.method) }
        return HTTPResponse.error(400, reason).adding(LibreTranslateRoutes.corsHeaders)
    }

    /// The headers APy's handlers send on every answer (`set_default_headers`), and on its
    /// OPTIONS answer (204).
    static let apyCORSHeaders = [
        "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET,POST,OPTIONS",
        "Access-Control-Allow-Headers": "accept, cache-control, origin, x-requested-with, x-file-name, content-type",
    ]

    /// The answer to a request refused before it is routed, in its route's API's error shape.
    static func refusal(_ status: Int, _ reason: String, path: String, queryNames: [String]) -> HTTPResponse {
        let route = Route.matching(path: path, queryNames: queryNames, options: nil)
        if status == 413, route?.body == .document { return ApyDocuments.tooLarge(bodyBytes: nil) }
        return (route?.api ?? .libreTranslate).error(status, reason)
    }

    /// `GET /metrics`: the exposition text; 401 without the bearer token `--metrics-auth-token` names.
    func metricsAnswer(_ request: HTTPRequest) -> HTTPResponse {
        if let token = options.metricsAuthToken, !APIKeys(keys: ["Bearer " + token]).accepts(request.headers["authorization"] ?? "") {
            return .error(401, "Unauthorized")
        }
        let text = metrics.exposition(queuedTexts: service.queuedTexts, queueLimit: service.queueLimit,
                                      childProcesses: ServerMetrics.childProcesses())
        return HTTPResponse(status: 200, body: Array(text.utf8), contentType: "text/plain; version=0.0.4; charset=utf-8")
    }

    /// Translates `texts` within the queue's bound: nil when the queue is full.
    func translate(_ texts: [BatchTranslator.Text], to target: String,
                   strategy: TranslationSession.Strategy = .highFidelity) async -> [BatchTranslator.Outcome]? {
        guard service.admit(texts.count) else { return nil }
        defer { service.release(texts.count) }
        let outcomes = await service.translate(texts, to: target, strategy: strategy)
        metrics.translated(outcomes)
        return outcomes
    }

    /// The answer to a full queue, in LibreTranslate's shape or APy's.
    static let retryAfter = ["Retry-After": "1"]
    static let busyReason = "the server is busy: too many texts waiting; retry later"
}

extension Route.API {
    /// A refusal in this API's error shape.
    func error(_ status: Int, _ reason: String) -> HTTPResponse {
        self == .apy ? ApyRoutes.error(status, reason) : .error(status, reason)
    }
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
