import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Hostile archives handed to the document entry point: each is refused with one clear line
/// before anything is translated, or, where it is a document after all, translated without
/// crashing or hanging.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable && DocumentFixtures.programsAvailable,
                           "needs the Apertium programs (deformatters, zip and unzip) and pair data: run make test"),
       .timeLimit(.minutes(10)))
struct HostileDocumentTests {
    /// The error translating `bytes` named `name` gives, as its message; nil when it translated.
    static func refusal(_ bytes: [UInt8], named name: String, limits: DocumentLimits = DocumentLimits()) async throws -> String? {
        let engine = try DocumentTranslationTests.engine()
        defer { Task { await engine.shutdown() } }
        do {
            _ = try await DocumentTranslationTests.translate(bytes, named: name, from: "es", to: "en", in: engine, limits: limits)
            return nil
        } catch let error as DocumentError {
            return error.description
        }
    }

    /// A real docx with `extra` entries after its own.
    static func docx(with extra: [DocumentFixtures.Entry]) async throws -> [UInt8] {
        let plain = try await DocumentFixtures.docx(paragraphs: ["La casa blanca."])
        let path = try DocumentTranslationTests.file(plain, "plain.docx")
        let entries = try await DocumentFixtures.unzipped(path).map { DocumentFixtures.Entry($0.name, bytes: $0.bytes) }
        return try await DocumentFixtures.zip(entries + extra)
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SplitMix64(seed: 32)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}

extension HostileDocumentTests {
    @Test func aZipBombByRatioIsRefused() async throws {
        let bomb = try await Self.docx(with: [.init("word/media/zeros.bin", bytes: [UInt8](repeating: 0, count: 24 << 20))])
        #expect(bomb.count < 1 << 20, "packed small: \(bomb.count)")
        let refusal = try await Self.refusal(bomb, named: "bomb.docx")
        #expect(refusal == "the document was refused: the zip unpacks to more than 100 times its size (a zip bomb?)", "\(refusal ?? "translated")")
    }

    @Test func aZipOverTheTotalOrAnEntrysSizeIsRefused() async throws {
        let big = try await Self.docx(with: [.init("word/media/a.bin", bytes: Self.randomBytes(3 << 20), deflated: false)])
        var limits = DocumentLimits()
        limits.maxUnpackedBytes = 2 << 20
        #expect(try await Self.refusal(big, named: "big.docx", limits: limits) == "the document was refused: the zip unpacks to more than 2 MB")
        limits = DocumentLimits()
        limits.maxEntryBytes = 1 << 20
        #expect(try await Self.refusal(big, named: "big.docx", limits: limits) == "the document was refused: 'word/media/a.bin' unpacks to more than 1 MB")
        limits = DocumentLimits()
        limits.maxDocumentBytes = 1 << 20
        #expect(try await Self.refusal(big, named: "big.docx", limits: limits)?.hasPrefix("the document is \(big.count) bytes, over the limit of 1048576") == true)
    }

    @Test func tooManyEntriesAreRefused() async throws {
        let many = try await Self.docx(with: (0..<2_000).map { .init("word/media/\($0).txt", "x") })
        #expect(try await Self.refusal(many, named: "many.docx") == "the document was refused: the zip has more than 2000 entries")
    }

    @Test func climbingAndAbsolutePathsAreRefused() async throws {
        let climbing = try await Self.docx(with: [.init("word/../../evil.xml", "<a/>")])
        #expect(try await Self.refusal(climbing, named: "a.docx") == "the document was refused: '..' in an archive path: 'word/../../evil.xml'")
        let absolute = try await Self.docx(with: [.init("/tmp/evil.xml", "<a/>")])
        #expect(try await Self.refusal(absolute, named: "a.docx") == "the document was refused: absolute path in the archive: '/tmp/evil.xml'")
    }

    @Test func symlinksAreRefused() async throws {
        let linked = try await Self.docx(with: [.init("word/header2.xml", "/etc/passwd", symlink: true)])
        #expect(try await Self.refusal(linked, named: "a.docx") == "the document was refused: 'word/header2.xml' is not a plain file or folder (a link or device)")
    }

    @Test func aTruncatedZipIsRefused() async throws {
        let whole = try await DocumentFixtures.odt(paragraphs: DocumentTranslationTests.paragraphs)
        for cut in [whole.count / 3, whole.count - 30] {
            let refusal = try await Self.refusal(Array(whole.prefix(cut)), named: "cut.odt")
            #expect(refusal?.hasPrefix("the document was refused: ") == true, "\(cut): \(refusal ?? "translated")")
        }
    }

    @Test func aZipThatIsNotTheTypeItSaysIsRefused() async throws {
        let odt = try await DocumentFixtures.odt(paragraphs: ["La casa."])
        #expect(try await Self.refusal(odt, named: "a.docx") == "the file is named as a Word document (.docx) but is an OpenDocument text (.odt)")
        #expect(try await Self.refusal(Array("La casa.".utf8), named: "a.pptx") == "the file is named as a PowerPoint presentation (.pptx) but is not one")
        let stranger = try await DocumentFixtures.zip([.init("mimetype", "application/epub+zip", deflated: false), .init("content.xml", "<a/>")])
        #expect(try await Self.refusal(stranger, named: "a.odt") == "the zip is not a docx, odt or pptx document")
    }

    @Test func tenThousandDeepXMLIsRefusedInADocxAndTranslatedInAnOdt() async throws {
        let depth = 10_000
        let namespace = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\""
        let deep = "<?xml version=\"1.0\"?><w:document \(namespace)><w:body>" + String(repeating: "<w:sdt>", count: depth)
            + "<w:p><w:r><w:t>La casa blanca.</w:t></w:r></w:p>" + String(repeating: "</w:sdt>", count: depth) + "</w:body></w:document>"
        let plain = try await DocumentFixtures.docx(paragraphs: ["Hola."])
        let entries = try await DocumentFixtures.unzipped(try DocumentTranslationTests.file(plain, "p.docx"))
            .map { DocumentFixtures.Entry($0.name, bytes: $0.name == "word/document.xml" ? Array(deep.utf8) : $0.bytes) }
        let docx = try await DocumentFixtures.zip(entries)
        #expect(try await Self.refusal(docx, named: "deep.docx")
                == "apertium-adapt-docx failed on the document: cannot parse 'word/document.xml' (not XML, or nested deeper than 256 levels)")

        let odt = try await DocumentFixtures.odt(paragraphs: ["Hola."])
        let odtEntries = try await DocumentFixtures.unzipped(try DocumentTranslationTests.file(odt, "p.odt")).map { entry in
            DocumentFixtures.Entry(entry.name, bytes: entry.name == "content.xml"
                ? Array(("<office:document-content><office:body><office:text>" + String(repeating: "<text:section>", count: depth)
                    + "<text:p>La casa blanca es muy grande.</text:p>" + String(repeating: "</text:section>", count: depth)
                    + "</office:text></office:body></office:document-content>").utf8)
                : entry.bytes, deflated: entry.name != "mimetype")
        }
        let engine = try DocumentTranslationTests.engine()
        let translated = try await DocumentTranslationTests.translate(try await DocumentFixtures.zip(odtEntries), named: "deep.odt",
                                                                      from: "es", to: "en", in: engine)
        await engine.shutdown()
        let content = try await DocumentFixtures.unzipped(try DocumentTranslationTests.file(translated.bytes, "deep-out.odt"))
            .first { $0.name == "content.xml" }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        #expect(content.components(separatedBy: "<text:section>").count == depth + 1 && content.contains("very big"), "\(content.suffix(300))")
    }
}
