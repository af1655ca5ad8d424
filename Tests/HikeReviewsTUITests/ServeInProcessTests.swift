import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ApertiumCodeTable
@testable import HikeReviewsServer
@testable import HikeReviewsTUI
import Testing
import TestSupport
import TranslationEngine
import Synchronization

/// The server library started in-process, its router called directly, and `serve`'s options.
@Suite(.timeLimit(.minutes(5)))
struct ServeInProcessTests {
    /// An offline engine over make test's pair data and an empty store.
    static func engine() throws -> Engine {
        let store = PackStore(root: try Scratch.folder("serve-store"))
        return Engine(environment: EngineEnvironment(store: store, offline: true, pairRoots: [ServeProcess.testPairs], includesSystemPairs: false))
    }

    @Test(.needs(ServeProcess.hasTestPairs, "needs make test's pair data"))
    func startsInProcessAndAnswersOverHTTP() async throws {
        let engine = try Self.engine()
        let lines = LogLines()
        let server = TranslationServer(engine: engine) { lines.append($0) }
        let port = try server.start(host: "127.0.0.1", port: 0)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/translate")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"q": ["El perro bebe agua.", "  "], "source": "es", "target": "en"}"#.utf8)
        // A safety net, not a measure: a loaded machine once took past URLSession's 60 s default.
        request.timeoutInterval = 280
        let (data, response) = try await URLSession.shared.data(for: request)
        await server.drain()
        await engine.shutdown()
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["translatedText"] as? [String] == ["The dog drinks water.", "  "])
        #expect(lines.all.contains { $0.hasPrefix("POST /translate 200 ") })
    }

    @Test(.needs(ServeProcess.hasTestPairs, "needs make test's pair data"))
    func aFullQueueAnswers503WithRetryAfter() async throws {
        let engine = try Self.engine()
        let router = Router(service: TranslationService(engine: engine, queueLimit: 1), options: ServerOptions())
        let body = Array(#"{"q": ["El perro bebe agua.", "El gato"], "source": "es", "target": "en"}"#.utf8)
        let busy = await router.respond(HTTPRequest(method: "POST", path: "/translate", headers: ["content-type": "application/json"], body: body))
        #expect(busy.status == 503)
        #expect(busy.headers["Retry-After"] == "1")
        let apy = await router.respond(HTTPRequest(method: "GET", path: "/translate", query: [("langpair", Array("spa|eng".utf8)), ("q", Array("El perro".utf8))]))
        #expect(apy.status == 200)
        await engine.shutdown()
    }

    @Test(.needs(ServeProcess.hasTestPairs, "needs make test's pair data"))
    func aPathAPyDoesNotServeAsTranslateIsNotTranslated() async throws {
        let engine = try Self.engine()
        let router = Router(service: TranslationService(engine: engine), options: ServerOptions())
        let form = Array("langpair=spa%7Ceng&q=El+perro".utf8)
        // /translateDoc wants a file part, /translatePage fetches nothing (ApyDocuments), /translate/ is no route.
        let expected = [
            "/translateDoc": (400, #"{"code":400,"explanation":"\#(ApyDocuments.missingFile)","message":"Bad Request","status":"error"}"#),
            "/translatePage": (404, String(decoding: ApyDocuments.pageRefusal.body, as: UTF8.self)),
            "/translate/": (404, #"{"code":404,"explanation":"Not Found","message":"Not Found","status":"error"}"#),
        ]
        for (path, (status, body)) in expected.sorted(by: { $0.key < $1.key }) {
            let posted = await router.respond(HTTPRequest(method: "POST", path: path, headers: ["content-type": "application/x-www-form-urlencoded"], body: form))
            let got = await router.respond(HTTPRequest(method: "GET", path: path, query: [("langpair", Array("spa|eng".utf8)), ("q", Array("El perro".utf8))]))
            for answer in [posted, got] {
                #expect(answer.status == status, "\(path)")
                #expect(String(decoding: answer.body, as: UTF8.self) == body, "\(path)")
                #expect(answer.headers["Access-Control-Allow-Origin"] == "*")
            }
        }
        let translated = await router.respond(HTTPRequest(method: "POST", path: "/translate", headers: ["content-type": "application/x-www-form-urlencoded"], body: form))
        #expect(translated.status == 200)
        await engine.shutdown()
    }

    @Test func theRouteTableFindsEachRouteByItsPathAndLangpair() {
        let options = ServerOptions()
        #expect(Route.matching(path: "/translate", queryNames: ["q", "langpair"], options: options)?.api == .apy)
        #expect(Route.matching(path: "/translate", queryNames: ["q"], options: options)?.api == .libreTranslate)
        #expect(Route.matching(path: "/metrics", queryNames: [], options: options) == nil)
        var metrics = options
        metrics.metrics = true
        #expect(Route.matching(path: "/metrics", queryNames: [], options: metrics)?.api == .server)
        // One route a path (APy's /translate apart), each with one method check and at most one `.arguments`.
        let keys = Route.table.map { "\($0.path) \($0.needsLangpair)" }
        #expect(Set(keys).count == keys.count)
        for route in Route.table {
            #expect(route.checks.count(where: { $0 == .method }) == 1, "\(route.path)")
            #expect(route.checks.count(where: { $0 == .arguments }) <= 1, "\(route.path)")
        }
        // The 404 names every route of the table but the alias /analyse, /translatePage (it only
        // refuses) and /metrics (off by default).
        let notFound = String(decoding: LibreTranslateRoutes.notFound.body, as: UTF8.self)
        for route in Route.table where !["/analyse", "/translatePage", "/metrics"].contains(route.path) {
            #expect(notFound.contains(route.path + (route.needsLangpair ? "?langpair=, " : ", ")) || notFound.contains(route.path + " ("),
                    "the 404 text does not name \(route.path): \(notFound)")
        }
    }

    /// `/spec` is made from the route table: every route that answers documents itself (the alias
    /// /analyse and /translatePage, which only refuses, aside), each method it documents is one
    /// it answers, and /metrics is in it only when served.
    @Test func theSpecIsTheRouteTablesDocumentation() throws {
        var options = ServerOptions()
        for route in Route.table {
            let documented = route.documented?(SpecContext(options: options)) ?? [:]
            #expect(documented.isEmpty == ["/analyse", "/translatePage"].contains(route.path), "\(route.path)")
            for method in documented.keys {
                #expect(route.method.admits(method.uppercased()), "\(route.path): /spec says \(method)")
            }
        }
        #expect(LibreTranslateRoutes.spec(options).paths["/metrics"] == nil)
        options.metrics = true
        let spec = LibreTranslateRoutes.spec(options)
        #expect(spec.paths["/metrics"]?["get"] != nil)
        // APy's GET /translate and LibreTranslate's POST /translate share one path.
        #expect(Set(spec.paths["/translate"]?.keys ?? [:].keys) == ["get", "post"])
        let served = Set(Route.table.filter { $0.documented != nil }.map(\.path))
        #expect(Set(spec.paths.keys) == served)
    }

    @Test func apiKeysCompareWholeKeys() {
        let keys = APIKeys(keys: ["alpha-key", "beta"])
        #expect(keys.accepts("alpha-key"))
        #expect(keys.accepts("beta"))
        #expect(!keys.accepts("alpha"))
        #expect(!keys.accepts("alpha-key2"))
        #expect(!keys.accepts("betb"))
        #expect(!keys.accepts(""))
    }

    @Test func unknownWordsAreMarkedAsApyMarksThem() {
        #expect(ApyRoutes.marking(["xyzzy"], in: "The dog xyzzy drinks xyzzy.") == "The dog *xyzzy drinks *xyzzy.")
        #expect(ApyRoutes.marking(["do"], in: "The dog do.") == "The dog *do.")
        #expect(ApyRoutes.marking([], in: "The dog.") == "The dog.")
        // A hyphenated unknown word came out of the generator as two marks (`*Pol-*pol`), and the
        // engine's unknown words are `Pol-` and `pol`: marked the same way, never inside a word.
        #expect(ApyRoutes.marking(["Pol-", "pol"], in: "The source of Pol-pol is near Pol.") == "The source of *Pol-*pol is near Pol.")
        #expect(ApyRoutes.marking(["pol"], in: "The pols of pol-ish pol.") == "The pols of pol-ish *pol.")
        // A word the generator could not inflect keeps its `#`, even with markUnknown=no (APy strips only `*`).
        #expect(ApyRoutes.marking(["xyzzy", "paste"], marks: ["paste": "#"], in: "the sun paste of xyzzy") == "the sun #paste of *xyzzy")
        #expect(ApyRoutes.marking(["xyzzy", "paste"], marks: ["paste": "#"], starred: false, in: "the sun paste of xyzzy") == "the sun #paste of xyzzy")
    }

    @Test func serveOptions() throws {
        #expect(try CommandLineOptions.parse(["serve"]) == .serve(ServeCommand.Options()))
        var options = ServeCommand.Options()
        options.host = "0.0.0.0"
        options.port = 8080
        options.charLimit = 500
        options.apiKeys = "keys.txt"
        #expect(try CommandLineOptions.parse(["serve", "--listen=0.0.0.0:8080", "--char-limit", "500", "--api-keys", "keys.txt"]) == .serve(options))
        for bad in [["--listen", "localhost:80"], ["--listen", "127.0.0.1"], ["--listen", "127.0.0.1:99999"], ["--char-limit", "0"],
                    ["--char-limit", "x"], ["--api-keys"], ["stray"]] {
            #expect(throws: UsageError.self) { try CommandLineOptions.parse(["serve"] + bad) }
        }
    }
}

/// Access lines a test collects.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

extension ServeInProcessTests {
    /// APy's codes come from the one Apertium code table, and go back to the same tags.
    @Test func apyCodesRoundTrip() {
        for (tag, code) in [("es", "spa"), ("en", "eng"), ("en-US", "eng_US"), ("pt-BR", "por_BR"), ("nn", "nno"), ("ca", "cat")] {
            #expect(ApertiumCodeTable.apertiumCode(forTag: tag) == code)
            #expect(ApertiumCodeTable.bcp47(code) == tag)
        }
        #expect(ApertiumCodeTable.apertiumCode(forTag: "xx") == nil)
    }
}
