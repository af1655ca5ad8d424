import Foundation
import Synchronization
import TranslationEngine

/// `hike-reviews serve` as a library: LibreTranslate's and Apertium-APy's APIs over one engine,
/// on libmicrohttpd. Made by the CLI, and by tests in-process.
public final class TranslationServer: Sendable {
    private let routing: Routing
    private let http: MicroHTTPServer
    private let queueLimit: Int
    private let apyListsPivots: Bool

    /// What answers now: the packs and keys of the last start or `reload`.
    public var service: TranslationService { routing.current.service }

    /// A server over `engine` (which should be offline: a server never downloads), with the
    /// request limits and keys of `options`, the connection limits of `limits`; `log` hears one
    /// access line per request; `apyListsPivots`: APy's /listPairs adds routes through a third language.
    public init(engine: Engine, options: ServerOptions = ServerOptions(), limits: MicroHTTPServer.Limits = .init(),
                queueLimit: Int = 4096, apyListsPivots: Bool = false, log: @escaping @Sendable (String) -> Void) {
        let service = TranslationService(engine: engine, queueLimit: queueLimit, apyListsPivots: apyListsPivots, glossary: options.glossary)
        let routing = Routing(Router(service: service, options: options))
        self.routing = routing
        self.queueLimit = queueLimit
        self.apyListsPivots = apyListsPivots
        var limits = limits
        // A document's large body is drained, so its route can answer APy's 413 in its words.
        limits.drainedPaths.formUnion(Route.table.filter { $0.body == .document }.map(\.path))
        http = MicroHTTPServer(limits: limits, log: log, refusal: { Router.refusal($0, $1, path: $2, queryNames: $3) }) { request in
            await routing.current.respond(request)
        }
    }

    /// Serves the packs installed now and the keys of `options` from the next request on; the
    /// requests in flight finish with what they started with. The bound on waiting texts
    /// starts again (those in flight are not counted in it); the rate limits' counts and the
    /// metrics go on as they were.
    public func reload(options: ServerOptions) {
        let current = routing.current
        // The rate limits' counts and the metrics go on: a reload is not a new client or a new server.
        let service = TranslationService(engine: current.service.engine, queueLimit: queueLimit, apyListsPivots: apyListsPivots,
                                         glossary: options.glossary)
        routing.current = Router(service: service,
                                 options: options, limiter: current.limiter, metrics: current.metrics, files: current.files)
    }

    /// Starts listening; returns the port (the one asked, or the one found for port 0).
    public func start(host: String, port: UInt16) throws(MicroHTTPServer.StartError) -> UInt16 {
        try http.start(host: host, port: port)
    }

    /// Stops accepting, lets the requests in flight finish for up to `grace` (those left get a
    /// 503), then closes every connection.
    public func drain(within grace: Duration = .seconds(10)) async {
        http.stopAccepting()
        await http.waitUntilAnswered(atMost: grace)
        http.answerPending(with: .error(503, MicroHTTPServer.shuttingDown, headers: ["Connection": "close"]))
        // Every resumed connection back in MHD's hands with its answer before MHD stops.
        await http.waitUntilAnswered(atMost: .seconds(2))
        http.stop()
        routing.current.files.removeAll()
    }

    /// The installed packs it serves, one line per engine: `apertium: eng-spa, fr-es`.
    public var servedPacks: [String] {
        service.packs.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue): \($0.value.joined(separator: ", "))" }
    }

    /// What the server translates, one line per source language: `es -> en, fr`.
    public var servedPairs: [String] {
        service.targets.sorted { $0.key < $1.key }.map { "\($0.key) -> \($0.value.joined(separator: ", "))" }
    }
}

/// The router requests are answered by, replaced whole by a reload.
private final class Routing: Sendable {
    private let router: Mutex<Router>

    init(_ router: Router) {
        self.router = Mutex(router)
    }

    var current: Router {
        get { router.withLock { $0 } }
        set { router.withLock { $0 = newValue } }
    }
}
