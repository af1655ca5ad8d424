import Foundation

/// The checks routes declare (`Route.Check`), each refusing in its route's API's shape.
extension Router {
    /// The refusal of `check` for `call` (with the `texts` its handler read), in its route's API's
    /// shape; nil when it passes.
    func refusal(by check: Route.Check, _ call: RouteCall, texts: [String]) -> HTTPResponse? {
        let api = call.route.api
        switch check {
        case .method:
            guard !call.route.method.admits(call.request.method) else { return nil }
            return api == .apy ? ApyRoutes.error(405, "Method Not Allowed") : LibreTranslateRoutes.notAllowed(call.route.method)
        case .rateLimit: return rateLimitProblem(call.request, call.parameters).map { api.error(429, $0) }
        case .callback: return ApyRoutes.acceptsCallback(call.parameters) ? nil : ApyRoutes.error(400, ApyRoutes.callbackReason)
        case .apiKey: return keyProblem(call.parameters).map { api.error(403, $0) }
        case .arguments: return nil
        case .textLimit: return limitProblem(texts).map { api == .apy ? ApyRoutes.error(400, $0) : .error(400, "Invalid request: \($0)") }
        }
    }

    /// Why the key is refused, or nil when it is accepted (or none is needed).
    private func keyProblem(_ parameters: RequestParameters) -> String? {
        guard let keys = options.apiKeys else { return nil }
        guard case .text(let key)? = parameters["api_key"] else { return "Invalid API key: this server needs an api_key" }
        return keys.accepts(key) ? nil : "Invalid API key"
    }

    /// LibreTranslate's 429 reason (`Slowdown: 2 per 1 minute`) when the request's client is
    /// over a rate limit; nil otherwise, and the request is counted.
    private func rateLimitProblem(_ request: HTTPRequest, _ parameters: RequestParameters) -> String? {
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
}
