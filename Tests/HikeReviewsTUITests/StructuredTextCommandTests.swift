import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HikeReviewsServer
@testable import HikeReviewsTUI
import Testing
import TestSupport
import TranslationEngine

/// HTML and the glossary through the real binary (`translate --format`, `--glossary`,
/// `HIKE_REVIEWS_GLOSSARY`, `serve --glossary`) and the server's router (LibreTranslate's and
/// APy's `format=html`), side by side with `apertium -f html -u` on the same pair.
@Suite(.timeLimit(.minutes(10)), .needs(ServeProcess.hasTestPairs && FileManager.default.isExecutableFile(atPath: "/usr/bin/apertium-deshtml"),
                                        "needs make test's pair data and Debian's apertium"))
struct StructuredTextCommandTests {
    static let document = """
        <!DOCTYPE html>
        <html><body><h1>Subimos al Refugio de Góriz</h1>
        <p>El sendero estaba <b>muy bien</b> señalizado &amp; el <a href="#agua" title="Agua">agua</a> estaba fresca.</p>
        <script>if (a < b && c) { x = "<p>hola</p>"; }</script><!-- nota: *no* traducir -->
        </body></html>

        """

    static let review = "Subimos al Refugio de Góriz y luego al Monte Perdido por el Camí de Ronda."
    static let glossary = "# huts and peaks\nRefugio de Góriz\nMonte Perdido\nCamí de Ronda\ten\tRonda Path\n"

    /// The binary with the test pairs and nothing else, off the cooperative pool.
    static func run(_ arguments: [String], input: String, environment: [String] = []) async throws -> Subprocess.Measured {
        let variables = ["HIKE_REVIEWS_PAIRS_PATH=\(CommandLineTests.testPairs)", "HIKE_REVIEWS_SYSTEM_PAIRS=0",
                         "HIKE_REVIEWS_STORE=\(CommandLineTests.emptyStore)", "HIKE_REVIEWS_PACKS_URL=file:///nonexistent/index.json",
                         "HIKE_REVIEWS_CACHE=0"] + environment
        return try await Subprocess.measuredOffPool(["/usr/bin/env"] + variables + [Paths.binary.path] + arguments, input: input)
    }

    static func file(_ text: String) throws -> String {
        let path = try Scratch.folder("structured-cli") + "/\(UUID().uuidString).txt"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func blanksAside(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func engine() throws -> Engine {
        let store = PackStore(root: try Scratch.folder("structured-serve-store"))
        return Engine(environment: EngineEnvironment(store: store, offline: true, pairRoots: [ServeProcess.testPairs], includesSystemPairs: false))
    }
}

extension StructuredTextCommandTests {
    @Test func translateFormatHTMLIsOneDocumentAndEqualsApertiumsHTMLFormat() async throws {
        let ours = try await Self.run(["translate", "--from", "es", "--to", "en", "--format", "html"], input: Self.document)
        let theirs = try await ApertiumCommand.run(Self.document, format: "html", modes: ["spa-eng"], pairsRoot: CommandLineTests.testPairs)
        #expect(ours.status == 0, "\(ours.error)")
        #expect(Self.blanksAside(ours.output) == Self.blanksAside(theirs), "\(ours.output)\n---\n\(theirs)")
        #expect(ours.output.contains("<script>if (a < b && c) { x = \"<p>hola</p>\"; }</script><!-- nota: *no* traducir -->"))
        // Without --format each line is a text, and the markup is read as words.
        let lines = try await Self.run(["translate", "--from", "es", "--to", "en"], input: Self.document)
        #expect(lines.output.split(separator: "\n", omittingEmptySubsequences: false).count == Self.document.split(separator: "\n", omittingEmptySubsequences: false).count)
        let bad = try await Self.run(["translate", "--to", "en", "--format", "docx"], input: "")
        #expect(bad.status == 2 && bad.error.hasPrefix("hike-reviews: translate: --format takes text or html, not 'docx'\n"), "\(bad.error)")
    }

    @Test func aGlossaryFromTheOptionOrTheVariableKeepsItsTermsAndABadOneIsOneLine() async throws {
        let path = try Self.file(Self.glossary)
        for (arguments, environment) in [(["--glossary", path], [String]()), ([], ["HIKE_REVIEWS_GLOSSARY=\(path)"])] {
            let result = try await Self.run(["translate", "--from", "es", "--to", "en"] + arguments, input: Self.review + "\n", environment: environment)
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == "We go up to the Refugio de Góriz and afterwards to the Monte Perdido by the Ronda Path.\n", "\(result.output)")
        }
        let bad = try Self.file("Monte Perdido\n\nCamí de Ronda\ten\n")
        let option = try await Self.run(["translate", "--from", "es", "--to", "en", "--glossary", bad], input: Self.review + "\n")
        #expect(option.status == 2 && option.output.isEmpty)
        #expect(option.error == "hike-reviews: translate: \(bad):3: expected a term, or term<TAB>language<TAB>translation (found 1 tabs)\n",
                "\(option.error)")
        let variable = try await Self.run(["translate", "--from", "es", "--to", "en"], input: Self.review + "\n",
                                          environment: ["HIKE_REVIEWS_GLOSSARY=\(bad)"])
        #expect(variable.status == 2 && variable.error.contains("HIKE_REVIEWS_GLOSSARY") && variable.error.contains("\(bad):3:"), "\(variable.error)")
        let serve = try await Self.run(["serve", "--listen", "127.0.0.1:0", "--glossary", bad], input: "")
        #expect(serve.status == 2 && serve.error.contains("serve: --glossary: \(bad):3:"), "\(serve.error)")
    }

    @Test func serveReadsItsGlossaryAgainOnSighup() async throws {
        let path = try Self.file("Monte Perdido\n")
        let server = try await ServeProcess.start(["--glossary", path])
        func translated() async throws -> String {
            var request = URLRequest(url: URL(string: server.url + "translate")!)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            // A new connection each time: a kept-alive one the server closes while idle (a slow
            // first answer on a busy machine) is an empty reply to the next request.
            request.setValue("close", forHTTPHeaderField: "Connection")
            request.httpBody = try JSONSerialization.data(withJSONObject: ["q": Self.review, "source": "es", "target": "en"])
            // A safety net, not a measure.
            request.timeoutInterval = 240
            let (data, _) = try await URLSession.shared.data(for: request)
            return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["translatedText"] as? String ?? ""
        }
        // A request that throws still stops the server (it would outlive the test run).
        let before: String
        do { before = try await translated() } catch { _ = try? await server.stop(); throw error }
        #expect(before.contains("Monte Perdido") && !before.contains("Refugio de Góriz"), "\(before)")
        try Self.glossary.write(toFile: path, atomically: true, encoding: .utf8)
        kill(server.pid, SIGHUP)
        for _ in 0..<2400 where !server.log.contains("reloaded the installed packs and the glossary") {
            try await Task.sleep(for: .milliseconds(100))
        }
        let after: String
        do { after = try await translated() } catch { _ = try? await server.stop(); throw error }
        // A file turned bad on a later SIGHUP keeps the glossary in use.
        try "Monte Perdido\tbad\n".write(toFile: path, atomically: true, encoding: .utf8)
        kill(server.pid, SIGHUP)
        for _ in 0..<2400 where !server.log.contains("keeping the keys and packs in use") {
            try await Task.sleep(for: .milliseconds(100))
        }
        let kept: String
        do { kept = try await translated() } catch { _ = try? await server.stop(); throw error }
        let log = server.log
        let status = try await server.stop()
        #expect(after == "We go up to the Refugio de Góriz and afterwards to the Monte Perdido by the Ronda Path.", "\(after)")
        #expect(kept == after, "\(kept)")
        #expect(log.contains("SIGHUP: --glossary: \(path):1:"), "\(log)")
        #expect(status == 0)
    }

    @Test func bothAPIsTranslateHTMLAsApertiumsHTMLFormatAndKeepTheGlossary() async throws {
        let engine = try Self.engine()
        defer { Task { await engine.shutdown() } }
        var options = ServerOptions()
        options.glossary = Glossary(terms: [.init("Refugio de Góriz")])
        let router = Router(service: TranslationService(engine: engine, glossary: options.glossary), options: options)
        let html = "<p>El <b>agua</b> estaba <i>muy</i> fresca &amp; clara.</p>"
        let theirs = try await ApertiumCommand.run(html, format: "html", modes: ["spa-eng"], pairsRoot: CommandLineTests.testPairs)

        let body = try JSONSerialization.data(withJSONObject: ["q": [html, Self.review], "source": "es", "target": "en", "format": "html"])
        let libre = await router.respond(HTTPRequest(method: "POST", path: "/translate", headers: ["content-type": "application/json"], body: Array(body)))
        #expect(libre.status == 200, "\(String(decoding: libre.body, as: UTF8.self))")
        let texts = (try JSONSerialization.jsonObject(with: Data(libre.body)) as? [String: Any])?["translatedText"] as? [String]
        // A glossary term is a kept span: the document takes the spanned way, its markup kept.
        #expect(texts?.first.map(Self.blanksAside) == Self.blanksAside(theirs))
        #expect(texts?.last?.contains("Refugio de Góriz") == true, "\(texts ?? [])")

        let apy = await router.respond(HTTPRequest(method: "GET", path: "/translate", query: [
            ("langpair", Array("spa|eng".utf8)), ("q", Array(html.utf8)), ("format", Array("html".utf8)),
        ]))
        let apyText = ((try JSONSerialization.jsonObject(with: Data(apy.body)) as? [String: Any])?["responseData"] as? [String: Any])?["translatedText"] as? String
        #expect(apy.status == 200 && apyText.map(Self.blanksAside) == Self.blanksAside(theirs), "\(apyText ?? "")")

        let xml = try JSONSerialization.data(withJSONObject: ["q": html, "source": "es", "target": "en", "format": "xml"])
        let refused = await router.respond(HTTPRequest(method: "POST", path: "/translate", headers: ["content-type": "application/json"], body: Array(xml)))
        #expect(refused.status == 400)
    }
}
