import Foundation
import Testing
import TestSupport
@testable import HikeReviewsTUI

/// The per-line limit holds however the line arrives: streamed past in several reads, or read
/// whole with its newline in the same read (which once slipped through unrefused).
@Suite(.tags(.fast)) struct LineReaderLimitTests {
    /// The lines of `bytes` as `LineReader` gives them with a limit of `limit` bytes.
    static func lines(_ bytes: [UInt8], limit: Int) throws -> [LineReader.Line] {
        let path = Scratch.root.appendingPathComponent("line-limit-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        var reader = LineReader(fd: fd, closesDescriptor: true, maxLineBytes: limit)
        defer { reader.close() }
        var result: [LineReader.Line] = []
        while let line = reader.nextLine() { result.append(line) }
        return result
    }

    @Test func aLineOverTheLimitReadWholeIsRefused() throws {
        // All of it in one read: the newline is found before the limit is ever checked.
        let text = "ten bytes!\neleven byte\nok\n" + String(repeating: "x", count: 12)
        let lines = try Self.lines(Array(text.utf8), limit: 10)
        #expect(lines == [.text("ten bytes!"), .tooLong(bytes: 11), .text("ok"), .tooLong(bytes: 12)])
    }

    @Test func aLineOverTheLimitAcrossReadsIsRefusedWithItsLength() throws {
        // Longer than one 64 KB read: it streams past and is counted, not kept.
        let long = [UInt8](repeating: 0x61, count: 200_000)
        let lines = try Self.lines(Array("before\n".utf8) + long + Array("\nafter".utf8), limit: 100_000)
        #expect(lines == [.text("before"), .tooLong(bytes: 200_000), .text("after")])
    }

    @Test func aLineAtTheLimitIsRead() throws {
        let line = String(repeating: "é", count: 5)  // 10 bytes
        let lines = try Self.lines(Array((line + "\r\n" + line).utf8), limit: 11)
        #expect(lines == [.text(line), .text(line)])
    }
}
