import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Whole documents through a session on the test pairs, side by side with `apertium -f FORMAT
/// -u` on the same document: every part Apertium translates is byte for byte the command's,
/// every other entry is the original's, in the original's order.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable && DocumentFixtures.programsAvailable,
                           "needs the Apertium programs (deformatters, zip and unzip) and pair data: run make test"),
       .timeLimit(.minutes(10)))
struct DocumentTranslationTests {
    /// An engine over the test pairs alone, offline, no memory.
    static func engine() throws -> Engine {
        let store = PackStore(root: try Scratch.folder("documents-store"))
        return Engine(environment: EngineEnvironment(store: store, offline: true, pairRoots: [PipelineFixtures.pairsRoot],
                                                     includesSystemPairs: false))
    }

    static func translate(_ bytes: [UInt8], named name: String, from source: String?, to target: String,
                          in engine: Engine, limits: DocumentLimits = DocumentLimits()) async throws -> TranslatedDocument {
        let session = TranslationSession(sourceTag: source, targetTag: target, consent: nil, manager: nil, memory: nil, in: engine)
        return try await session.translate(document: bytes, fileName: name, limits: limits)
    }

    /// What `apertium -f FORMAT -u` writes for the document, through `modes` in a chain.
    static func reference(_ bytes: [UInt8], format: String, modes: [String]) async throws -> [UInt8] {
        let directory = try ApertiumCommand.dataDirectory(pairsRoot: PipelineFixtures.pairsRoot)
        let folder = try Scratch.folder("apertium-f")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var current = bytes
        for mode in modes {
            try Data(current).write(to: URL(fileURLWithPath: "\(folder)/in.\(format)"))
            let status = try await DocumentFixtures.runOffPool(["/usr/bin/apertium", "-d", directory, "-f", format, "-u", mode,
                                                                "\(folder)/in.\(format)", "\(folder)/out.\(format)"], outputPath: folder + "/log")
            guard status == 0, let data = FileManager.default.contents(atPath: "\(folder)/out.\(format)") else {
                throw Subprocess.Failure(description: "apertium -f \(format) \(mode) exited \(status)")
            }
            current = Array(data)
        }
        return current
    }

    /// `bytes` written to a scratch file, for `unzip`.
    static func file(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = try Scratch.folder("document") + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Checks `ours` against the command's `theirs` and the `original`: the same files, each
    /// translated part the command's, each other entry the original's, the original's order.
    static func expectSameParts(_ ours: [UInt8], _ theirs: [UInt8], original: [UInt8], format: DocumentFormat,
                                sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let mine = try await DocumentFixtures.unzipped(try file(ours, "ours.\(format.rawValue)")).filter { !$0.name.hasSuffix("/") }
        let command = try await DocumentFixtures.unzipped(try file(theirs, "theirs.\(format.rawValue)")).filter { !$0.name.hasSuffix("/") }
        let first = try await DocumentFixtures.unzipped(try file(original, "original.\(format.rawValue)"))
        #expect(mine.map(\.name) == first.map(\.name), "entries and order kept", sourceLocation: sourceLocation)
        let commandParts = Dictionary(command.map { ($0.name, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        let originalParts = Dictionary(first.map { ($0.name, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        var translatedParts = 0
        for entry in mine {
            if DocumentPrograms.isTranslated(entry.name, in: format) {
                translatedParts += 1
                #expect(entry.bytes == commandParts[entry.name],
                        "\(entry.name): ours \(String(decoding: entry.bytes, as: UTF8.self)) theirs \(String(decoding: commandParts[entry.name] ?? [], as: UTF8.self))",
                        sourceLocation: sourceLocation)
            } else {
                #expect(entry.bytes == originalParts[entry.name], "\(entry.name) kept byte for byte", sourceLocation: sourceLocation)
            }
        }
        #expect(translatedParts > 0, sourceLocation: sourceLocation)
    }

    static let paragraphs = ["La casa blanca es muy grande.", "El sendero estaba muy bien señalizado y el agua de la fuente estaba fresca.",
                             "Subimos al refugio & bajamos por el <río> con 12 km de [nieve]."]
}

extension DocumentTranslationTests {
    @Test func aDocxEqualsApertiumsDocxFormat() async throws {
        let engine = try Self.engine()
        let original = try await DocumentFixtures.docx(paragraphs: Self.paragraphs)
        let ours = try await Self.translate(original, named: "review.docx", from: "es", to: "en", in: engine)
        let theirs = try await Self.reference(original, format: "docx", modes: ["spa-eng"])
        #expect(ours.format == .docx && ours.route == ["es", "en"])
        try await Self.expectSameParts(ours.bytes, theirs, original: original, format: .docx)
        let document = try await DocumentFixtures.unzipped(try Self.file(ours.bytes, "o.docx")).first { $0.name == "word/document.xml" }
        let xml = String(decoding: document?.bytes ?? [], as: UTF8.self)
        #expect(xml.contains("<w:rPr><w:b/></w:rPr>") && !xml.contains("muy grande") && xml.contains("very"), "styles kept, text translated: \(xml)")
        await engine.shutdown()
    }

    @Test func anOdtEqualsApertiumsOdtFormatItsMimetypeFirstAndStored() async throws {
        let engine = try Self.engine()
        let original = try await DocumentFixtures.odt(paragraphs: Self.paragraphs)
        let ours = try await Self.translate(original, named: "review.odt", from: nil, to: "en", in: engine)
        let theirs = try await Self.reference(original, format: "odt", modes: ["spa-eng"])
        #expect(ours.sourceTag == "es", "detected from the text")
        try await Self.expectSameParts(ours.bytes, theirs, original: original, format: .odt)
        // The first local header: method 0 (stored), name "mimetype", as OpenDocument asks.
        #expect(ours.bytes[8] == 0 && ours.bytes[9] == 0)
        #expect(String(decoding: ours.bytes[30..<38], as: UTF8.self) == "mimetype")
        await engine.shutdown()
    }

    @Test func aPptxEqualsApertiumsPptxFormatNotesKept() async throws {
        let engine = try Self.engine()
        let original = try await DocumentFixtures.pptx(slides: Self.paragraphs)
        let ours = try await Self.translate(original, named: "talk.pptx", from: "es", to: "en", in: engine)
        let theirs = try await Self.reference(original, format: "pptx", modes: ["spa-eng"])
        try await Self.expectSameParts(ours.bytes, theirs, original: original, format: .pptx)
        await engine.shutdown()
    }

    @Test func aPivotDocxEqualsTheCommandChained() async throws {
        let engine = try Self.engine()
        let original = try await DocumentFixtures.docx(paragraphs: ["Le sentier était très bien balisé et l'eau de la source était fraîche."],
                                                       header: "Ma maison", footer: "Page une")
        let ours = try await Self.translate(original, named: "avis.docx", from: "fr", to: "pt", in: engine)
        let theirs = try await Self.reference(original, format: "docx", modes: ["fr-es", "es-pt"])
        #expect(ours.route == ["fr", "es", "pt"])
        try await Self.expectSameParts(ours.bytes, theirs, original: original, format: .docx)
        await engine.shutdown()
    }

    @Test func textAndHTMLEqualTheCommandsTxtAndHTMLFormats() async throws {
        let engine = try Self.engine()
        let text = Array("La casa blanca es muy grande.\n\nEl sendero [estaba] muy bien señalizado.\n".utf8)
        let ours = try await Self.translate(text, named: "notes.txt", from: "es", to: "en", in: engine)
        #expect(ours.format == .txt)
        #expect(ours.bytes == (try await Self.reference(text, format: "txt", modes: ["spa-eng"])), "\(String(decoding: ours.bytes, as: UTF8.self))")
        let html = Array("<!DOCTYPE html><html><body><p>La <b>casa</b> blanca es <a href=\"#x\">muy grande</a>.</p></body></html>".utf8)
        let page = try await Self.translate(html, named: "page.html", from: "es", to: "en", in: engine)
        #expect(page.format == .html)
        let theirs = try await Self.reference(html, format: "html", modes: ["spa-eng"])
        #expect(String(decoding: page.bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace)
                == String(decoding: theirs, as: UTF8.self).split(whereSeparator: \.isWhitespace))
        await engine.shutdown()
    }

    @Test func aGlossarysTermsStayWholeInADocumentsParts() async throws {
        let engine = try Self.engine()
        let review = "Subimos al Refugio de Góriz y luego al Monte Perdido por la senda."
        let original = try await DocumentFixtures.odt(paragraphs: [review], header: "Refugio de Góriz")
        let session = TranslationSession(sourceTag: "es", targetTag: "en", consent: nil, manager: nil, memory: nil, in: engine)
        let glossary = Glossary(terms: [.init("Refugio de Góriz"), .init("Monte Perdido", translations: ["en": "Mount Perdido"])])
        let kept = try await session.translate(document: original, fileName: "a.odt", glossary: glossary)
        let plain = try await session.translate(document: original, fileName: "a.odt")
        await engine.shutdown()
        func part(_ name: String, _ bytes: [UInt8]) async throws -> String {
            String(decoding: try await DocumentFixtures.unzipped(try Self.file(bytes, "g.odt")).first { $0.name == name }?.bytes ?? [], as: UTF8.self)
        }
        let content = try await part("content.xml", kept.bytes)
        #expect(content.contains("Refugio de Góriz") && content.contains("Mount Perdido") && !content.contains("Subimos"), "\(content)")
        #expect(content.contains("<text:span text:style-name=\"T1\">"), "markup kept: \(content)")
        #expect(try await part("styles.xml", kept.bytes).contains("<text:p>Refugio de Góriz</text:p>"))
        #expect(!(try await part("content.xml", plain.bytes)).contains("Refugio de Góriz"), "without the glossary the name is translated as words")
    }

    @Test func theFormatIsToldFromTheBytesAndANameMustAgree() async throws {
        let docx = try await DocumentFixtures.docx(paragraphs: ["Hola."])
        let odt = try await DocumentFixtures.odt(paragraphs: ["Hola."])
        let pptx = try await DocumentFixtures.pptx(slides: ["Hola."])
        #expect(try DocumentFormat.sniffed(docx, fileName: nil) == .docx)
        #expect(try DocumentFormat.sniffed(odt, fileName: nil) == .odt)
        #expect(try DocumentFormat.sniffed(pptx, fileName: "a.PPTX") == .pptx)
        #expect(try DocumentFormat.sniffed(Array("<!doctype html><p>x".utf8), fileName: nil) == .html)
        #expect(try DocumentFormat.sniffed(Array("hola".utf8), fileName: nil) == .txt)
        #expect(throws: DocumentError.notTheFormatItSays(named: .docx, found: .odt)) { try DocumentFormat.sniffed(odt, fileName: "x.docx") }
        #expect(throws: DocumentError.notTheFormatItSays(named: .docx, found: nil)) { try DocumentFormat.sniffed(Array("hola".utf8), fileName: "x.docx") }
        #expect(throws: DocumentError.notTheFormatItSays(named: .txt, found: .pptx)) { try DocumentFormat.sniffed(pptx, fileName: "x.txt") }
        #expect(throws: DocumentError.unsupported("x.pdf")) { try DocumentFormat.sniffed(Array("hola".utf8), fileName: "x.pdf") }
        #expect(throws: DocumentError.notUTF8) { try DocumentFormat.sniffed([0xFF, 0xFE, 0x41], fileName: "x.txt") }
        let other = try await DocumentFixtures.zip([.init("a.xml", "<a/>")])
        #expect(throws: DocumentError.unknownArchive) { try DocumentFormat.sniffed(other, fileName: nil) }
    }
}
