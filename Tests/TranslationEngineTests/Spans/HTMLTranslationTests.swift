import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// HTML through the batch translator on the test pairs, side by side with `apertium -f html -u`
/// on the same pair, and hostile markup that must never crash, hang or lose text.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/apertium-deshtml"),
                           "needs the Apertium programs (with apertium-deshtml) and pair data: run make test"))
struct HTMLTranslationTests {
    /// An engine over the test pairs alone, offline, no memory.
    static func engine() throws -> Engine {
        let store = PackStore(root: try Scratch.folder("html-store"))
        return Engine(environment: EngineEnvironment(store: store, offline: true, pairRoots: [PipelineFixtures.pairsRoot],
                                                     includesSystemPairs: false))
    }

    /// The document translated from `source` into `target` as HTML.
    static func translate(_ html: String, from source: String, to target: String, in engine: Engine) async throws -> String {
        let translator = BatchTranslator(to: target, from: source, in: engine, consent: nil, memory: nil)
        let results = await translator.translations(of: [BatchTranslator.Text(html, format: .html)])
        switch results.first?.outcome {
        case .translated(let response): return response.targetText
        case .failed(let error): throw error
        default: throw Subprocess.Failure(description: "no translation")
        }
    }

    /// What `apertium -f html -u` prints for `html` through `modes`, in a chain.
    static func reference(_ html: String, modes: [String]) async throws -> String {
        try await ApertiumCommand.run(html, format: "html", modes: modes, pairsRoot: PipelineFixtures.pairsRoot)
    }

    /// Blanks aside: runs of whitespace made one space, ends trimmed.
    static func blanksAside(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Nil when `ours` and `theirs` are equal blanks aside, else a short view of where they part.
    static func difference(_ ours: String, _ theirs: String) -> String? {
        let (a, b) = (Array(blanksAside(ours).utf8), Array(blanksAside(theirs).utf8))
        guard a != b else { return nil }
        let at = zip(a, b).prefix { $0 == $1 }.count
        func window(_ bytes: [UInt8]) -> String { String(decoding: bytes[max(0, at - 60)..<min(bytes.count, at + 60)], as: UTF8.self) }
        return "at byte \(at) of \(a.count)/\(b.count): ours …\(window(a))… theirs …\(window(b))…"
    }

    static let documents = [
        "<p>La <b>casa</b> <i>blanca</i> es <a href=\"#arriba\" title=\"Mi casa\">grande</a>. <img alt=\"Una montaña\" src=\"a.png\"></p>",
        "<!DOCTYPE html><html><head><title>Rutas</title><style>p { color: #333; } /* *nota* */</style></head>"
            + "<body><h1>Subimos al Refugio de Góriz</h1><p>El sendero estaba muy bien señalizado &amp; el agua estaba fresca.</p>"
            + "<ul><li>Son 12 km</li><li>Mira https://example.com/rutas?id=3&amp;x=y</li></ul></body></html>",
        "<div class=\"review\">\n  <p>Muy bonito.\n  Volveremos en <em>julio</em>.</p>\n\n  <p>Un [texto] con {llaves} y \\barras\\ *marcas* #etiqueta @nombre</p>\n</div>\n",
    ]
}

extension HTMLTranslationTests {
    @Test func anApertiumRouteEqualsApertiumsHTMLFormat() async throws {
        let engine = try Self.engine()
        for document in Self.documents {
            let ours = try await Self.translate(document, from: "es", to: "en", in: engine)
            let theirs = try await Self.reference(document, modes: ["spa-eng"])
            #expect(Self.difference(ours, theirs) == nil)
        }
        await engine.shutdown()
    }

    @Test func aDocumentsLanguageIsDetectedFromItsTextNotItsMarkup() async throws {
        let engine = try Self.engine()
        // English-looking markup around a Spanish text.
        let document = "<div class=\"review-body main-content\" data-author=\"the hiker\" title=\"Read the full review\">"
            + "<p>El sendero estaba muy bien señalizado y el agua de la fuente estaba fresca.</p></div>"
        let translator = BatchTranslator(to: "en", in: engine, consent: nil, memory: nil)
        let results = await translator.translations(of: [BatchTranslator.Text(document, format: .html)])
        guard case .translated(let response)? = results.first?.outcome else { Issue.record("\(results)"); return }
        #expect(response.route == ["es", "en"])
        #expect(response.targetText.contains("water") && response.targetText.contains("data-author=\"the hiker\""), "\(response.targetText)")
        await engine.shutdown()
    }

    @Test func aPivotRouteEqualsApertiumsHTMLFormatChained() async throws {
        let engine = try Self.engine()
        let document = "<p>Le <b>sentier</b> était très bien balisé et <a href=\"#x\">l'eau</a> de la source était fraîche.</p>"
        let ours = try await Self.translate(document, from: "fr", to: "pt", in: engine)
        let theirs = try await Self.reference(document, modes: ["fr-es", "es-pt"])
        #expect(Self.difference(ours, theirs) == nil)
        #expect(ours.contains("<b>") && ours.contains("<a href=\"#x\">"))
        await engine.shutdown()
    }

    /// Hostile documents, one test each.
    static let hostile = [
        "script": "<script>var a = \"<b>hola</b>\"; if (a < 3 && b > 2) {}</script><p>Hola mundo</p>",
        "comment": "<!-- comentario <p>no</p> --><p>Hola mundo</p><!-- sin cerrar",
        "cdata": "<![CDATA[ datos <b> ]]><p>Hola mundo</p>",
        "entities": "<p>Hola &amp; adiós &lt;b&gt; &#233; &#x1F600; &nbsp;mundo</p>",
        "unclosed": "<p>Hola <b>mundo <i>grande <a href=\"x",
        "deep": String(repeating: "<div>", count: 10_000) + "Hola mundo" + String(repeating: "</div>", count: 10_000),
    ]

    @Test(arguments: hostile.keys.sorted())
    func hostileMarkupNeitherCrashesNorHangsNorLosesText(_ name: String) async throws {
        let engine = try Self.engine()
        let document = try #require(Self.hostile[name])
        let ours = try await Self.translate(document, from: "es", to: "en", in: engine)
        let theirs = try await Self.reference(document, modes: ["spa-eng"])
        #expect(Self.difference(ours, theirs) == nil, "\(name)")
        #expect(ours.contains("Hello") || ours.contains("world"), "\(name): \(ours.suffix(200))")
        await engine.shutdown()
    }

    @Test func aSixteenMegabyteAttributeComesBackWholeAndLeavesNoFileBehind() async throws {
        let engine = try Self.engine()
        let value = String(repeating: "a", count: 16 * 1024 * 1024)
        let document = "<p title=\"\(value)\">Hola mundo</p>"
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [])
        let ours = try await Self.translate(document, from: "es", to: "en", in: engine)
        #expect(ours.hasPrefix("<p title=\"\(value)\">"), "\(ours.utf8.count) bytes")
        #expect(ours.hasSuffix(">Hello World</p>\n") || ours.hasSuffix(">Hello World</p>"), "\(ours.suffix(100))")
        // The deformatter writes so large a blank to /tmp/fileXXXXXX; none of ours may stay.
        let after = Set((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [])
        let left = after.subtracting(before).filter { $0.hasPrefix("file") && $0.count == 10 }
        #expect(left.isEmpty, "\(left)")
        await engine.shutdown()
    }

    @Test func theSpannedReadingOfADocumentJoinsBackToTheDocument() async throws {
        let format = try HTMLFormat(searchPath: ChildProcess.systemPath, environment: ["PATH": ChildProcess.systemPath])
        for document in Self.documents {
            let spanned = try await format.spannedText(of: document)
            #expect(spanned.string == document, "\(spanned.segments)")
            #expect(spanned.hasKeptSpans)
        }
        // `alt` and `title` values are text to translate; `href`, the tags, scripts and comments are kept.
        let spanned = try await format.spannedText(of: Self.documents[0])
        #expect(spanned.segments.contains(.text("Una montaña")) && spanned.segments.contains(.text("Mi casa")))
        #expect(spanned.keptSpans.contains { $0.contains("href=\"#arriba\"") })
        let tricky = "<!-- <a title=\"no\"> --><script>t = '<b title=\"no\">';</script><b title=\"a &amp; b\">x</b><i title='sí'>y</i>"
        let kept = try await format.spannedText(of: tricky)
        #expect(kept.string == tricky)
        #expect(!kept.segments.contains(.text("no")) && !kept.segments.contains(.text("a &amp; b")) && kept.segments.contains(.text("sí")),
                "\(kept.segments)")
    }
}
