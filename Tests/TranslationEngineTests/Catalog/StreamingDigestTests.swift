import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The SHA-256 of a pack is computed as its bytes arrive, across resumed and restarted
/// transfers, checked against the index's and recorded: always the digest `sha256sum` gives for
/// the file the server sent.
@Suite(.serialized, .needs(PackFixtures.available, "needs make test's pack repository (scripts/fetch-test-pairs)"))
struct StreamingDigestTests {
    static func sha256sum(_ path: String) throws -> String {
        let result = try Subprocess.output(of: ["/usr/bin/sha256sum", path], input: "")
        try #require(result.status == 0, "\(result.error)")
        return String(result.output.prefix(64))
    }
}

extension StreamingDigestTests {
    @Test func theDigestOfEveryKindOfTransferIsTheFilesOwn() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        let name = try #require(try PackTests.englishSpanish()["url"] as? String)
        let expected = try Self.sha256sum(setup.served + "/" + name)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: setup.served + "/" + name)[.size] as? Int)
        // Whole; dropped and resumed with Range; dropped and sent again from byte 0; local.
        let urls = [setup.server.url("files/" + name), setup.server.url("drop/300000/" + name),
                    setup.server.url("dropnorange/300000/" + name), URL(fileURLWithPath: setup.served + "/" + name)]
        for url in urls {
            let destination = try PackFixtures.folder("digest") + "/archive"
            let result = try await PackDownloader(offline: false).download(url, to: destination, expectedSize: size, progress: { _, _ in })
            #expect(result.sha256 == expected, "\(url)")
            #expect(try Self.sha256sum(destination) == expected, "\(url): the file written is the file served")
        }
        let restarted = setup.server.requests().filter { $0.contains("dropnorange/") }
        #expect(restarted.count == 2, "the second request got the whole file again: \(restarted)")
    }

    @Test func theRecordedDigestIsSha256sumOfTheServedFile() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        let name = try #require(try PackTests.englishSpanish()["url"] as? String)
        try await setup.manager(index: try PackTests.serveEnglishSpanish(via: "drop/500000", in: setup)).download(["eng-spa"])
        #expect(setup.store.installedPack("eng-spa")?.sha256 == (try Self.sha256sum(setup.served + "/" + name)))
        let (packs, _) = await setup.manager().listing()
        #expect(packs.first { $0.id == "eng-spa" }?.sha256 == (try Self.sha256sum(setup.served + "/" + name)))

        // An Argos package: no checksum in its index, the digest of what arrived is recorded.
        let argos = try ArgosPackTests.Setup()
        defer { argos.server.stop() }
        try await argos.manager().download(["translate-de_en"])
        #expect(argos.store.installedPack("translate-de_en")?.sha256 == (try Self.sha256sum(argos.served + "/good.argosmodel")))
    }

    @Test func aServedFileThatDiffersFromTheIndexsChecksumIsRefused() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        let name = try #require(try PackTests.englishSpanish()["url"] as? String)
        let manager = setup.manager()
        #expect(try await manager.availablePacks().contains { $0.id == "eng-spa" })
        // After the index was read, the archive changes on the server: same size, other bytes.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: setup.served + "/" + name))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: setup.served + "/" + name))
        do {
            try await manager.download(["eng-spa"])
            Issue.record("installed a file whose SHA-256 is not the index's")
        } catch {
            guard case .verification(let detail) = error, detail.contains("SHA-256") else { Issue.record("\(error)"); return }
        }
        #expect(setup.store.installed().isEmpty)
        #expect(PackFixtures.contents(of: setup.store.root).isEmpty, "nothing left: \(PackFixtures.contents(of: setup.store.root))")
    }

    @Test func aHasherFedInPiecesEqualsOneFedAtOnce() {
        let text = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let pieces = SHA256()
        for start in stride(from: 0, to: text.count, by: 4093) { pieces.update(text[start..<min(start + 4093, text.count)]) }
        #expect(pieces.finish() == SHA256.hex(of: text))
        let reset = SHA256()
        reset.update(Data("something else".utf8))
        reset.reset()
        reset.update(text)
        #expect(reset.finish() == SHA256.hex(of: text))
        #expect(SHA256.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
