import Foundation
import Testing
import TestSupport
@testable import HikeReviewsServer

/// LibreTranslate's /translate_file and /download_file on `hike-reviews serve` (lt_files.py:
/// its front end's requests, each format, hostile uploads), and the store of translated files:
/// lifetime, caps, and nothing left behind at stop.
@Suite(.timeLimit(.minutes(10)))
struct ServeLibreTranslateFilesTests {
    @Test(.needs(ServeProcess.hasTestPairs && ServeProcess.hasPython && DocumentFixtures.programsAvailable,
                 "needs make test's pair data, .build/interop-venv and Apertium's document programs"))
    func theFrontEndsRequestsAreAnsweredAndTheFilesGoAtStop() async throws {
        let temporary = try Scratch.folder("serve-tmp")
        let server = try await ServeProcess.start([], environment: ["TMPDIR=\(temporary)"])
        let result = try? await ServeProcess.runScript("lt_files.py", [server.url])
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        let status = try await server.stop()
        #expect(result?.output == "ok\n", "\(result?.output ?? "lt_files.py did not run")")
        #expect(status == 0)
        #expect(kept.contains { $0.hasPrefix("hike-reviews-files.") }, "the files were kept while it ran: \(kept)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(left.filter { $0.hasPrefix("hike-reviews-") }.isEmpty, "left after stop: \(left)")
    }

    @Test func aFileExpiresAfterItsLifetime() async throws {
        let files = TranslatedFiles(lifetime: .milliseconds(300))
        let name = try files.keep(Array("uno".utf8), downloadName: "a.txt")
        #expect(files.file(named: name)?.bytes == Array("uno".utf8))
        #expect(files.file(named: name)?.downloadName == "a.txt")
        try await Task.sleep(for: .milliseconds(600))
        #expect(files.file(named: name) == nil)
        #expect(files.count == 0)
        files.removeAll()
    }

    @Test func theOldestGoWhenTheStoreIsFullAndNamesAreNotPaths() throws {
        let files = TranslatedFiles(maxFiles: 3, maxBytes: 10)
        let names = try (0..<4).map { try files.keep(Array("\($0)".utf8), downloadName: "\($0).txt") }
        #expect(files.file(named: names[0]) == nil && files.file(named: names[3]) != nil && files.count == 3)
        let big = try files.keep(Array("0123456789".utf8), downloadName: "big.txt")
        #expect(files.count == 1 && files.file(named: big) != nil)
        #expect(Set(names).count == 4 && names.allSatisfy { $0.split(separator: ".")[0].count == 32 })
        for probe in ["../" + big, big + "/", "/" + big, String(big.dropFirst())] { #expect(files.file(named: probe) == nil) }
        #expect(LibreTranslateFiles.safeName("../../etc/pass wd.docx") == "pass_wd.docx")
        #expect(LibreTranslateFiles.safeName("..") == "" && LibreTranslateFiles.safeName("rés.txt") == "r_s.txt")
        files.removeAll()
        #expect(files.file(named: big) == nil)
    }
}
