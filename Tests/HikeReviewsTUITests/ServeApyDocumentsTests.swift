import Foundation
@testable import HikeReviewsServer
import Testing
import TestSupport

/// APy's /translateDoc and /translatePage on `hike-reviews serve` (apy_documents.py): beside
/// stock Apertium-APy on the same pair, against hostile uploads, and the type sniffer beside
/// `file --mime-type`, which APy asks.
@Suite(.timeLimit(.minutes(5)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"))
struct ServeApyDocumentsTests {
    @Test(.needs(StockApy.installed, "needs Debian's apertium-apy"))
    func documentsAndPagesAreAnsweredAsStockApyAnswersThem() async throws {
        let apy = try await ApyOwnTestsTests.offPool { try StockApy.start(pairs: ["eng-spa"], dataRoot: ServeProcess.testPairs) }
        let server: ServeProcess
        do {
            server = try await ServeProcess.start()
        } catch {
            try? await ApyOwnTestsTests.offPool { apy.stop() }
            throw error
        }
        let result = try? await ServeProcess.runScript("apy_documents.py", ["compare", server.url, apy.url])
        let status = try await server.stop()
        try await ApyOwnTestsTests.offPool { apy.stop() }
        #expect(result?.output == "ok\n", "\(result?.output ?? "apy_documents.py did not run")")
        #expect(status == 0)
    }

    /// Bodies get 4 s to come in (twice the request deadline).
    @Test func hostileUploadsAreRefusedInApysShapeAndTheServerGoesOn() async throws {
        let server = try await ServeProcess.start(["--request-deadline", "2"])
        let result = try await ServeProcess.runScript("apy_documents.py", ["hostile", server.url])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
        // The drained upload is logged with its answer; the stalled one ended at its deadline.
        #expect(log.contains("POST /translateDoc 413 "))
        #expect(log.contains("POST /translateDoc 408 "))
    }

    /// Samples where the sniffer and `file` 5.44 agree by design; the ones where they differ
    /// (Latin-1 and UTF-16 text, HTML tags further in) are DocumentType's doc comment's.
    @Test(.needs(FileManager.default.isExecutableFile(atPath: "/usr/bin/file"), "needs file(1)"))
    func theSnifferNamesTypesAsFileDoes() async throws {
        let samples: [[UInt8]] = [
            [], [0], Array("hello\n".utf8), Array("the dog\u{7}\u{8}\u{b}\u{c}\u{1b}[1m".utf8), Array("a\u{1}b".utf8),
            Array("a\u{e}b".utf8), Array("a\u{1f}b".utf8), Array("%PDF-1.4\nx".utf8), Array("{\\rtf1 hi}".utf8),
            Array("<html><body>hi</body></html>".utf8), Array("\n  <!DOCTYPE HTML>\n<p>x".utf8), [0xEF, 0xBB, 0xBF] + Array("<html>".utf8),
            Array("<HEAD><title>x".utf8), Array("<p>hello</p>".utf8), Array("<?xml version=\"1.0\"?><a/>".utf8),
            Array("héllo wörld ✓".utf8), [0xEF, 0xBB, 0xBF] + Array("hello".utf8),
        ]
        let folder = try Scratch.folder("sniff")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = samples.indices.map { folder + "/\($0)" }
        for (sample, path) in zip(samples, paths) { try Data(sample).write(to: URL(fileURLWithPath: path)) }
        let argv = ["/usr/bin/file", "--mime-type", "-b"] + paths
        let named = try await ApyOwnTestsTests.offPool { try Subprocess.output(of: argv, input: "") }
        let types = named.output.split(separator: "\n").map(String.init)
        try #require(types.count == samples.count, "file said: \(named.output) \(named.error)")
        for (index, sample) in samples.enumerated() {
            #expect(DocumentType(sniffing: sample).mimeType == types[index], "sample \(index): \(sample.prefix(20))")
        }
        // Where this server refuses more than `file` would: it reads UTF-8 only.
        #expect(DocumentType(sniffing: Array("caf\u{e9}".unicodeScalars.map { UInt8($0.value) })).mimeType == "application/octet-stream")
        #expect(DocumentType(sniffing: [0x50, 0x4B, 0x03, 0x04, 0x14, 0]).mimeType == "application/zip")
    }

    @Test func aFileNameIsALabelNeverAPath() {
        #expect(ApyDocuments.disposition(nil) == "attachment")
        #expect(ApyDocuments.disposition("notes.txt") == "attachment; filename=\"notes.txt\"")
        #expect(ApyDocuments.disposition("/etc/../passwd") == "attachment; filename=\"passwd\"")
        #expect(ApyDocuments.disposition("C:\\x\\a\"b.txt") == "attachment; filename=\"ab.txt\"")
        #expect(ApyDocuments.disposition("..") == "attachment")
        #expect(ApyDocuments.disposition("a\u{202e}txt.exe\r\nX-Evil: 1") == "attachment; filename=\"atxt.exeX-Evil: 1\"")
        #expect(ApyDocuments.disposition(String(repeating: "a", count: 300)) == "attachment; filename=\"\(String(repeating: "a", count: 100))\"")
    }
}
