import Foundation
import TestSupport
import Testing

/// A write to standard output that fails is an error, said on stderr with exit 1, unless the
/// reader has gone (EPIPE), which ends the command quietly with 141 as SIGPIPE would. Every
/// command that prints, with stdout on /dev/full (ENOSPC) and on a pipe nobody reads.
@Suite(.serialized, .needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
struct OutputFailureTests {
    /// Each command and the input it reads.
    static let commands: [(arguments: String, input: String)] = [
        ("--help", ""), ("--version", ""), ("detect", "El perro bebe agua.\n"), ("detect --json", "El perro bebe agua.\n"),
        ("translate --from es --to en", "El perro bebe agua.\n"), ("translate --to en --json", "El perro bebe agua.\n"),
        ("cache stats", ""), ("cache stats --json", ""), ("availability es en", ""), ("packs list", ""), ("packs list --json", ""),
    ]

    /// The test pairs, an empty store, a memory of the test's own, and the repository `make
    /// test` builds, so `packs list` lists packs and succeeds.
    static func environment(cache: String) -> [String] {
        ["HIKE_REVIEWS_PAIRS_PATH=\(CommandLineTests.testPairs)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_STORE=\(CommandLineTests.emptyStore)",
         "HIKE_REVIEWS_PACKS_URL=file://\(TestRepository.path)/index.json", "HIKE_REVIEWS_PUBLIC_INDEX_URL=", "HIKE_REVIEWS_CACHE=1",
         "HIKE_REVIEWS_CACHE_DIR=\(cache)"]
    }

    /// Runs each command through `/bin/sh -c` with `redirect` after it; the status and stderr.
    static func runAll(redirect: String) throws -> [(command: String, status: Int32, error: String)] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try commands.map { command in
            let argv = ["/usr/bin/env"] + environment(cache: folder) + ["B=\(Paths.binary.path)", "/bin/sh", "-c", #""$B" \#(command.arguments) \#(redirect)"#]
            let run = try Subprocess.output(of: argv, input: command.input)
            return (command.arguments, run.status, run.error)
        }
    }
}

extension OutputFailureTests {
    @Test func everyCommandSucceedsWithAReader() throws {
        for run in try Self.runAll(redirect: ">/dev/null") {
            #expect(run.status == 0, "\(run.command): \(run.status) \(run.error)")
        }
    }

    @Test func aFullDeviceIsOneLineNamingStandardOutputAndExit1() throws {
        for run in try Self.runAll(redirect: ">/dev/full") {
            #expect(run.status == 1, "\(run.command): \(run.status) \(run.error)")
            let lines = run.error.split(separator: "\n")
            #expect(lines.last == "hike-reviews: cannot write to standard output: No space left on device", "\(run.command): \(run.error)")
            #expect(lines.filter { $0.contains("standard output") }.count == 1, "\(run.command): \(run.error)")
        }
    }

    /// A pipe whose reader has gone before the command writes: python opens it and closes the
    /// read end first, so the write fails with EPIPE every time (`| head -c1` races the write).
    @Test func aReaderThatHasGoneIsQuietWith141() throws {
        for command in Self.commands {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let script = #"python3 -c 'import os, subprocess, sys; r, w = os.pipe(); os.close(r); sys.exit(subprocess.call(sys.argv[1:], stdout=w))' "$B" \#(command.arguments)"#
            let argv = ["/usr/bin/env"] + Self.environment(cache: folder) + ["B=\(Paths.binary.path)", "/bin/sh", "-c", script]
            let run = try Subprocess.output(of: argv, input: command.input)
            #expect(run.status == 141, "\(command.arguments): \(run.status) \(run.error)")
            #expect(!run.error.contains("standard output"), "\(command.arguments): \(run.error)")
        }
    }

    /// `packs list | head -c1`: whichever comes first, the write or head's exit, never 1 and
    /// never an error line about standard output.
    @Test func packsListIntoHeadEndsWith0Or141() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("head-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let argv = ["/usr/bin/env"] + Self.environment(cache: folder)
            + ["B=\(Paths.binary.path)", "/bin/bash", "-c", #""$B" packs list | head -c1 >/dev/null; exit ${PIPESTATUS[0]}"#]
        let run = try Subprocess.output(of: argv, input: "")
        #expect([0, 141].contains(run.status), "\(run.status) \(run.error)")
        #expect(!run.error.contains("standard output"), "\(run.error)")
    }
}
