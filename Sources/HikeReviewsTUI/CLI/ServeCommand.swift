import Dispatch
import Foundation
import Synchronization
import HikeReviewsServer
import TextSafety
import TranslationEngine

/// `hike-reviews serve`: LibreTranslate's and Apertium-APy's APIs over the engine, until
/// SIGTERM or SIGINT (then: stop accepting, finish what is in flight within 10 s, stop every
/// pipeline and worker, exit 0). SIGHUP re-reads the key file and the installed packs.
enum ServeCommand {
    struct Options: Equatable {
        var host = "127.0.0.1"
        /// LibreTranslate's port.
        var port: UInt16 = 5000
        var apiKeys: String?
        var charLimit = ServerOptions().charLimit
        var connectionsPerAddress = MicroHTTPServer.Limits().connectionsPerAddress
        /// Seconds for a request's head; its body gets twice as long.
        var requestDeadline = MicroHTTPServer.Limits().headDeadlineSeconds
        /// Whether APy's /listPairs adds routes through a third language.
        var apyPivots = false
        /// Work requests per client in a minute and in a day, at most; nil: unlimited.
        var reqLimit: Int?
        var dailyReqLimit: Int?
        var trustForwardedFor = false
        var metrics = false
        var metricsAuthToken: String?
        /// A glossary file, read at start and again on SIGHUP.
        var glossary: String?
    }

    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var rest = arguments
        var options = Options()
        while let argument = rest.popFirst() {
            var name = argument
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
            }
            switch name {
            case "-h", "--help": return .help
            case "--listen":
                guard let value = rest.popFirst(), let (host, port) = address(value) else {
                    throw UsageError(message: "serve: --listen needs ADDR:PORT, an IPv4 address and a port (e.g. 127.0.0.1:5000)")
                }
                (options.host, options.port) = (host, port)
            case "--api-keys":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(message: "serve: --api-keys needs a FILE") }
                options.apiKeys = value
            case "--char-limit":
                guard let value = rest.popFirst(), let limit = Int(value), limit > 0, limit <= 1 << 20 else {
                    throw UsageError(message: "serve: --char-limit needs a number of characters from 1 to 1048576")
                }
                options.charLimit = limit
            case "--connections-per-address":
                guard let value = rest.popFirst(), let limit = Int(value), limit > 0, limit <= MicroHTTPServer.Limits().connections else {
                    throw UsageError(message: "serve: --connections-per-address needs a number from 1 to \(MicroHTTPServer.Limits().connections)")
                }
                options.connectionsPerAddress = limit
            case "--request-deadline":
                guard let value = rest.popFirst(), let seconds = Int(value), seconds > 0, seconds <= 3600 else {
                    throw UsageError(message: "serve: --request-deadline needs a number of seconds from 1 to 3600")
                }
                options.requestDeadline = seconds
            case "--glossary":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError(message: "serve: --glossary needs a FILE") }
                options.glossary = value
            case "--apy-pivots": options.apyPivots = true
            case "--req-limit": options.reqLimit = try requestLimit(rest.popFirst(), name)
            case "--daily-req-limit": options.dailyReqLimit = try requestLimit(rest.popFirst(), name)
            case "--trust-forwarded-for": options.trustForwardedFor = true
            case "--metrics": options.metrics = true
            case "--metrics-auth-token":
                guard let value = rest.popFirst(), !value.isEmpty, value.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                    throw UsageError(message: "serve: --metrics-auth-token needs a TOKEN of printable ASCII without spaces")
                }
                options.metricsAuthToken = value
            default:
                throw UsageError(message: "serve: unexpected argument '\(EscapedText.escaped(argument))'")
            }
        }
        return .serve(options)
    }

    /// A request limit: a number from 1 to 1000000, or -1 (LibreTranslate's word for none).
    private static func requestLimit(_ value: String?, _ name: String) throws(UsageError) -> Int? {
        guard let value, let limit = Int(value), limit == -1 || (1...1_000_000).contains(limit) else {
            throw UsageError(message: "serve: \(name) needs a number of requests from 1 to 1000000 (or -1: no limit)")
        }
        return limit == -1 ? nil : limit
    }

    private static func address(_ value: String) -> (String, UInt16)? {
        guard let colon = value.lastIndex(of: ":"), let port = UInt16(value[value.index(after: colon)...]) else { return nil }
        let host = String(value[..<colon])
        var probe = in_addr()
        return inet_pton(AF_INET, host, &probe) == 1 ? (host, port) : nil
    }

    /// A key file or glossary that cannot be used, in one line naming its option.
    private struct Unusable: Error {
        let message: String
    }

    /// The request limits, keys and glossary of `options`, the key file and glossary read now.
    private static func serverOptions(_ options: Options) throws(Unusable) -> ServerOptions {
        var serverOptions = ServerOptions()
        serverOptions.charLimit = options.charLimit
        serverOptions.version = CommandLineOptions.version
        serverOptions.reqLimit = options.reqLimit
        serverOptions.dailyReqLimit = options.dailyReqLimit
        serverOptions.trustForwardedFor = options.trustForwardedFor
        serverOptions.metrics = options.metrics
        serverOptions.metricsAuthToken = options.metricsAuthToken
        do throws(APIKeys.Unreadable) {
            serverOptions.apiKeys = try options.apiKeys.map { path throws(APIKeys.Unreadable) in try APIKeys(contentsOf: path) }
        } catch {
            throw Unusable(message: "--api-keys: \(error.description)")
        }
        do throws(GlossaryError) {
            serverOptions.glossary = try options.glossary.map { path throws(GlossaryError) in try Glossary(contentsOf: path) }
        } catch {
            throw Unusable(message: "--glossary: \(error.shown)")
        }
        return serverOptions
    }

    static func run(_ options: Options, engine: Engine) async -> Int32 {
        let serverOptions: ServerOptions
        do {
            serverOptions = try Self.serverOptions(options)
        } catch {
            StandardError.print("hike-reviews: serve: \(error.message)")
            return 2
        }
        // Signals are taken before the port opens, so a SIGTERM right after start is a drain.
        let stop = signalStream([SIGTERM, SIGINT])
        let reloads = signalStream([SIGHUP])
        var limits = MicroHTTPServer.Limits()
        limits.connectionsPerAddress = options.connectionsPerAddress
        limits.headDeadlineSeconds = options.requestDeadline
        limits.bodyDeadlineSeconds = 2 * options.requestDeadline
        let server = TranslationServer(engine: engine, options: serverOptions, limits: limits, apyListsPivots: options.apyPivots) { StandardError.print($0) }
        let port: UInt16
        do {
            port = try server.start(host: options.host, port: options.port)
        } catch {
            StandardError.print("hike-reviews: serve: \(error.description)")
            return 1
        }
        announce(server, host: options.host, port: port, keys: serverOptions.apiKeys != nil)
        let reloading = Task {
            for await _ in reloads { reload(server, options) }
        }
        for await _ in stop { break }
        reloading.cancel()
        StandardError.print("hike-reviews: serve: stopping: finishing the requests in flight (10 s at most)")
        await server.drain()
        await engine.shutdown()
        StandardError.print("hike-reviews: serve: stopped")
        return 0
    }

    private static func announce(_ server: TranslationServer, host: String, port: UInt16, keys: Bool) {
        StandardError.print("hike-reviews: serving LibreTranslate's and Apertium-APy's APIs on http://\(host):\(port)\(keys ? " (API keys required)" : "")")
        announcePacks(server)
        StandardError.print("hike-reviews: serve: this server never downloads; install packs with `hike-reviews packs install ID`, then send it SIGHUP")
        // The line scripts and tests wait for.
        StandardError.print("hike-reviews: serve: listening on \(host):\(port)")
    }

    /// SIGHUP: the key file and the installed packs read again; a key file that cannot be read
    /// keeps the keys in use.
    private static func reload(_ server: TranslationServer, _ options: Options) {
        do {
            server.reload(options: try serverOptions(options))
        } catch {
            StandardError.print("hike-reviews: serve: SIGHUP: \(error.message); keeping the keys and packs in use (and the glossary)")
            return
        }
        announcePacks(server)
        // The line scripts and tests wait for.
        let also = [options.apiKeys.map { _ in "the API keys" }, options.glossary.map { _ in "the glossary" }].compactMap { $0 }
        StandardError.print("hike-reviews: serve: reloaded the installed packs\(also.isEmpty ? "" : " and " + also.joined(separator: " and "))")
    }

    private static func announcePacks(_ server: TranslationServer) {
        let pairs = server.servedPairs
        if pairs.isEmpty {
            StandardError.print("hike-reviews: serve: no language packs installed: nothing to translate yet")
        } else {
            for line in server.servedPacks { StandardError.print("hike-reviews: serve: packs (\(line))") }
            for line in pairs { StandardError.print("hike-reviews: serve: translates \(line)") }
        }
    }

    /// An element for each of `numbers` received (their default actions off).
    private static func signalStream(_ numbers: [Int32]) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        signalSources.withLock { sources in
            for number in numbers {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { continuation.yield() }
                source.resume()
                sources.append(source)
            }
        }
        return stream
    }

    /// The signal sources, kept for the life of the process.
    private static let signalSources = Mutex<[any DispatchSourceSignal]>([])
}
