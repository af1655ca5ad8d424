import Dispatch
import Foundation
import Synchronization
import HikeReviewsServer
import TextSafety
import TranslationEngine

/// `hike-reviews serve`: LibreTranslate's and Apertium-APy's APIs over the engine, until
/// SIGTERM or SIGINT (then: stop accepting, finish what is in flight within 10 s, stop every
/// pipeline and worker, exit 0).
enum ServeCommand {
    struct Options: Equatable {
        var host = "127.0.0.1"
        /// LibreTranslate's port.
        var port: UInt16 = 5000
        var apiKeys: String?
        var charLimit = ServerOptions().charLimit
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
            default:
                throw UsageError(message: "serve: unexpected argument '\(EscapedText.escaped(argument))'")
            }
        }
        return .serve(options)
    }

    private static func address(_ value: String) -> (String, UInt16)? {
        guard let colon = value.lastIndex(of: ":"), let port = UInt16(value[value.index(after: colon)...]) else { return nil }
        let host = String(value[..<colon])
        var probe = in_addr()
        return inet_pton(AF_INET, host, &probe) == 1 ? (host, port) : nil
    }

    static func run(_ options: Options, engine: Engine) async -> Int32 {
        var serverOptions = ServerOptions()
        serverOptions.charLimit = options.charLimit
        if let path = options.apiKeys {
            do {
                serverOptions.apiKeys = try APIKeys(contentsOf: path)
            } catch {
                StandardError.print("hike-reviews: serve: --api-keys: \(error.description)")
                return 2
            }
        }
        // Signals are taken before the port opens, so a SIGTERM right after start is a drain.
        let stop = stopSignals()
        let server = TranslationServer(engine: engine, options: serverOptions) { StandardError.print($0) }
        let port: UInt16
        do {
            port = try server.start(host: options.host, port: options.port)
        } catch {
            StandardError.print("hike-reviews: serve: \(error.description)")
            return 1
        }
        announce(server, host: options.host, port: port, keys: serverOptions.apiKeys != nil)
        await stop.value
        StandardError.print("hike-reviews: serve: stopping: finishing the requests in flight (10 s at most)")
        await server.drain()
        await engine.shutdown()
        StandardError.print("hike-reviews: serve: stopped")
        return 0
    }

    private static func announce(_ server: TranslationServer, host: String, port: UInt16, keys: Bool) {
        StandardError.print("hike-reviews: serving LibreTranslate's and Apertium-APy's APIs on http://\(host):\(port)\(keys ? " (API keys required)" : "")")
        let pairs = server.servedPairs
        if pairs.isEmpty {
            StandardError.print("hike-reviews: serve: no language packs installed: nothing to translate yet")
        } else {
            for line in server.servedPacks { StandardError.print("hike-reviews: serve: packs (\(line))") }
            for line in pairs { StandardError.print("hike-reviews: serve: translates \(line)") }
        }
        StandardError.print("hike-reviews: serve: this server never downloads; install packs with `hike-reviews packs install ID` and restart it")
        // The line scripts and tests wait for.
        StandardError.print("hike-reviews: serve: listening on \(host):\(port)")
    }

    /// Resolves on the first SIGTERM or SIGINT.
    private static func stopSignals() -> Task<Void, Never> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        signalSources.withLock { sources in
            for number in [SIGTERM, SIGINT] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { continuation.yield() }
                source.resume()
                sources.append(source)
            }
        }
        return Task {
            for await _ in stream { break }
        }
    }

    /// The signal sources, kept for the life of the process.
    private static let signalSources = Mutex<[any DispatchSourceSignal]>([])
}
