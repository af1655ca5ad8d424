import Foundation
import Testing
import TestSupport
@testable import TranslationEngine

/// The preloaded library's first job (`TaggerReset`): a stage's NUL flush waits while more input
/// is already there, and never while none is. Checked on Debian's `lt-proc -z` with the test
/// pair's analyser, by the write calls the kernel counted for it (/proc/PID/io), which do not
/// depend on how busy the machine is: segments written at once are all in the stage's input
/// before it reads them.
@Suite struct StageFlushTests {
    /// Short Spanish segments, each NUL-terminated, 60 in under 4 KB: one pipe write, atomic.
    static let segments = (0..<60).map { "La ruta \($0) es muy bonita y el refugio abre en verano.[]\0" }

    @Test func segmentsQueuedTogetherLeaveTheStageInAFewWritesWithTheSameBytes() throws {
        guard try Fixture.check(PipelineFixtures.dataAvailable, "the test pairs (scripts/fetch-test-pairs)") else { return }
        let library = TaggerReset.besideExecutable
        guard try Fixture.check(library != nil, "\(TaggerReset.libraryName) beside the test binary (swift build makes it)") else { return }
        let input = Array(Self.segments.joined().utf8)
        #expect(input.count < Int(PIPE_BUF))

        let plain = try AnalyserStage(library: nil)
        defer { plain.finish() }
        try plain.write(input)
        let plainOutput = try plain.read(segments: Self.segments.count)
        let plainWrites = try plain.writeCalls()

        let batched = try AnalyserStage(library: library)
        defer { batched.finish() }
        try batched.write(input)
        let batchedOutput = try batched.read(segments: Self.segments.count)
        let batchedWrites = try batched.writeCalls()

        #expect(batchedOutput == plainOutput)
        // Without the library, one write per segment at least: the count can tell the two apart.
        #expect(plainWrites >= Self.segments.count)
        // With it, the output (about 22 KB) leaves in stdio's 4 KB writes and the last flush.
        #expect(batchedWrites <= batchedOutput.count / 4096 + 2, "\(batchedWrites) write calls for \(Self.segments.count) segments")
    }

    @Test func withACapAStageFlushesAtLeastEveryCapPlusOneSegments() throws {
        guard try Fixture.check(PipelineFixtures.dataAvailable, "the test pairs (scripts/fetch-test-pairs)") else { return }
        let library = TaggerReset.besideExecutable
        guard try Fixture.check(library != nil, "\(TaggerReset.libraryName) beside the test binary (swift build makes it)") else { return }
        let input = Array(Self.segments.joined().utf8)
        let uncapped = try AnalyserStage(library: library)
        defer { uncapped.finish() }
        try uncapped.write(input)
        let uncappedOutput = try uncapped.read(segments: Self.segments.count)

        // serve's cap: two flushes skipped, the third done, so 60 queued segments leave in 20
        // flushes (each about 1.1 KB, under stdio's 4 KB buffer: one write each).
        let capped = try AnalyserStage(library: library, flushWaits: TaggerReset.serveFlushWaits)
        defer { capped.finish() }
        try capped.write(input)
        let cappedOutput = try capped.read(segments: Self.segments.count)
        let cappedWrites = try capped.writeCalls()

        #expect(cappedOutput == uncappedOutput)
        let flushes = Self.segments.count / (TaggerReset.serveFlushWaits + 1)
        #expect(cappedWrites >= flushes && cappedWrites <= flushes + cappedOutput.count / 4096 + 2,
                "\(cappedWrites) write calls for \(Self.segments.count) segments")
    }

    @Test func aLoneSegmentIsAnsweredWithoutWaitingForMore() throws {
        guard try Fixture.check(PipelineFixtures.dataAvailable, "the test pairs (scripts/fetch-test-pairs)") else { return }
        let library = TaggerReset.besideExecutable
        guard try Fixture.check(library != nil, "\(TaggerReset.libraryName) beside the test binary (swift build makes it)") else { return }
        let stage = try AnalyserStage(library: library)
        defer { stage.finish() }
        // Input stays open after each: an answer that waited for more input would never come.
        for segment in Self.segments.prefix(3) {
            try stage.write(Array(segment.utf8))
            let output = try stage.read(segments: 1)
            #expect(String(decoding: output, as: UTF8.self).contains("^ruta/ruta<n><f><sg>$"))
        }
    }
}

/// `lt-proc -z` on the spa-eng analyser, with or without the library preloaded, on pipes.
private final class AnalyserStage {
    let pid: pid_t
    private var input: Int32
    private let output: Int32

    /// `flushWaits`: the library's cap on flushes skipped in a row (`TaggerReset.flushWaitsKey`).
    init(library: String?, flushWaits: Int? = nil) throws {
        guard let toStage = ChildProcess.makeCloseOnExecPipe(), let fromStage = ChildProcess.makeCloseOnExecPipe() else {
            throw Subprocess.Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        var variables = ["PATH": ChildProcess.systemPath]
        if let flushWaits { variables[TaggerReset.flushWaitsKey] = String(flushWaits) }
        let base = ChildProcess.environment(variables)
        let environment = library.map { TaggerReset.environment(base, preloading: [$0]) } ?? base
        do {
            pid = try ChildProcess.spawn("/usr/bin/lt-proc",
                                         arguments: ["-z", PipelineFixtures.pairsRoot + "/apertium-eng-spa/spa-eng.automorf.bin"],
                                         stdin: toStage.read, stdout: fromStage.write, processGroup: 0, environment: environment)
        } catch {
            for fd in [toStage.read, toStage.write, fromStage.read, fromStage.write] { close(fd) }
            throw error
        }
        close(toStage.read)
        close(fromStage.write)
        input = toStage.write
        output = fromStage.read
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { raw in Syscall.retryingOnInterrupt { Foundation.write(input, raw.baseAddress, raw.count) } }
            guard count > 0 else { throw Subprocess.Failure(description: "write to lt-proc: \(String(cString: strerror(errno)))") }
            offset += count
        }
    }

    /// Reads until `segments` NULs have come; a minute without them is a hang.
    func read(segments: Int) throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(60)
        while result.count(where: { $0 == 0 }) < segments {
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = Syscall.retryingOnInterrupt { poll(&poller, 1, 1000) }
            if ready == 0 {
                guard Date() < deadline else {
                    throw Subprocess.Failure(description: "lt-proc answered \(result.count(where: { $0 == 0 })) of \(segments) segments in 60 s")
                }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { raw in Syscall.retryingOnInterrupt { Foundation.read(output, raw.baseAddress, raw.count) } }
            guard count > 0 else { throw Subprocess.Failure(description: "lt-proc's output ended after \(result.count) bytes") }
            result += chunk[..<count]
        }
        return result
    }

    /// The write calls the stage has made so far (`syscw` of /proc/PID/io).
    func writeCalls() throws -> Int {
        let text = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("syscw:") }),
              let count = Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)) else {
            throw Subprocess.Failure(description: "no syscw in /proc/\(pid)/io")
        }
        return count
    }

    /// Ends its input and reaps it.
    func finish() {
        if input >= 0 { close(input) }
        input = -1
        close(output)
        var status: Int32 = 0
        _ = Syscall.retryingOnInterrupt { waitpid(pid, &status, 0) }
    }
}
