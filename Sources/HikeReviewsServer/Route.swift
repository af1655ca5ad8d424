/// One route as the route table declares it: where it is, whose API it belongs to, the method it
/// answers, how its body is read and the checks a request passes before its handler answers, in
/// their order (as LibreTranslate's decorators stack on a view). `Router` applies them; a handler
/// only reads its arguments and answers.
struct Route: Sendable {
    /// The API a route belongs to: it decides the shape of a refusal and the headers of every answer.
    enum API: Sendable {
        case libreTranslate, apy
        /// The server's own routes (`/metrics`): answered as their handler makes them, no CORS.
        case server

        /// The API's name in `/metrics` (the server's own routes were always counted as LibreTranslate's).
        var label: String { self == .apy ? "apy" : "libretranslate" }
    }

    /// The methods a route answers: LibreTranslate declares one (`@bp.get`, `@bp.post`); APy's
    /// handlers take GET and POST alike.
    enum Method: Sendable {
        case get, post, getOrPost

        /// Whether a request's method is this route's (HEAD is GET's, as in Flask; APy's handlers have no HEAD).
        func admits(_ method: String) -> Bool {
            switch self {
            case .get: method == "GET" || method == "HEAD"
            case .post: method == "POST"
            case .getOrPost: method == "GET" || method == "POST"
            }
        }

        /// The `Allow` header Flask sends for such a route.
        var allow: String {
            switch self {
            case .get: "HEAD, GET, OPTIONS"
            case .post: "POST, OPTIONS"
            case .getOrPost: "GET, POST, OPTIONS"
            }
        }
    }

    /// A check a request passes before its handler's answer.
    enum Check: Sendable, Equatable {
        /// The request's method is the route's (else 405).
        case method
        /// The client is within the rate limits, and is counted (else 429).
        case rateLimit
        /// APy's `callback` is a JavaScript name (else 400); every answer after it is its JSONP.
        case callback
        /// The API key is accepted, or none is needed (else 403).
        case apiKey
        /// Where the handler reads its arguments, refusing bad ones in its API's words: the checks
        /// listed after it run when the handler hands the texts it read to `RouteCall.admit`.
        case arguments
        /// The texts are within the request limits (else 400).
        case textLimit
    }

    /// How a request's body is read before the checks.
    enum Body: Sendable {
        /// Into `RequestParameters` (query, form or JSON): a body that cannot be read is refused.
        case parameters
        /// Not by the router: a document's file part is bytes, which its handler reads itself.
        case document
        /// Not at all.
        case unread
    }

    let path: String
    let api: API
    let method: Method
    let checks: [Check]
    var body = Body.parameters
    /// Whether the route is APy's `/translate`, told from LibreTranslate's by its `langpair`.
    var needsLangpair = false
    /// Whether the server answers the route with `options` (`/metrics` only with `--metrics`).
    var isServed: @Sendable (ServerOptions) -> Bool = { _ in true }
    /// What `/spec` says of the route, by method; nil leaves it out of `/spec`.
    var documented: (@Sendable (SpecContext) -> [String: SpecOperation])?
    let handler: @Sendable (RouteCall) async -> HTTPResponse
}

/// A request on its way through a route: what a handler reads, and the checks its route lists
/// after `.arguments`.
struct RouteCall: Sendable {
    let router: Router
    let route: Route
    let request: HTTPRequest
    var parameters: RequestParameters

    /// The refusal of the first of the route's checks after `.arguments` that `texts` fail, in
    /// the route's API's shape; nil when they pass (a rate limit among them counts the request).
    func admit(_ texts: [String]) -> HTTPResponse? {
        guard let start = route.checks.firstIndex(of: .arguments) else { return nil }
        for check in route.checks[(start + 1)...] {
            if let refusal = router.refusal(by: check, self, texts: texts) { return refusal }
        }
        return nil
    }

    /// This call's request as `route`'s instead, with `parameters` (a document read as APy's
    /// `/translate` text): `route`'s checks after `.arguments` then apply to it.
    func forwarded(to route: Route, _ request: HTTPRequest, _ parameters: RequestParameters) -> RouteCall {
        RouteCall(router: router, route: route, request: request, parameters: parameters)
    }
}

/// A handler's refusal as an error: the answer that ends the request, already in its API's shape.
struct Refusal: Error {
    let response: HTTPResponse

    init(_ response: HTTPResponse) { self.response = response }

    /// A refusal in APy's error shape.
    static func apy(_ status: Int, _ explanation: String) -> Refusal { Refusal(ApyRoutes.error(status, explanation)) }
}
