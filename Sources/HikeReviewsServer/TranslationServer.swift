import Foundation
import TranslationEngine

/// `hike-reviews serve` as a library: LibreTranslate's and Apertium-APy's APIs over one engine,
/// on libmicrohttpd. Made by the CLI, and by tests in-process.
public final class TranslationServer: Sendable {
    public let service: TranslationService
    private let http: MicroHTTPServer

    /// A server over `engine` (which should be offline: a server never downloads), with the
    /// request limits and keys of `options`, the connection limits of `limits`; `log` hears one
    /// access line per request.
    public init(engine: Engine, options: ServerOptions = ServerOptions(), limits: MicroHTTPServer.Limits = .init(),
                queueLimit: Int = 4096, log: @escaping @Sendable (String) -> Void) {
        let service = TranslationService(engine: engine, queueLimit: queueLimit)
        let router = Router(service: service, options: options)
        self.service = service
        http = MicroHTTPServer(limits: limits, log: log) { request in await router.respond(request) }
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
