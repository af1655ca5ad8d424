import Foundation
import TestSupport
import Testing

/// The real binary's warm pipelines when the binary itself goes away, gently or with kill -9.
@Suite(.serialized, .needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
struct OwnerKilledTests {
    /// A `translate` process fed through a pipe, its output in a temporary file.
    struct Translator {
        let process: Subprocess.Running
        let outputPath: String

        static func start(folder: URL) throws -> Translator {
            let outputPath = folder.appendingPathComponent("out").path
            let argv = ["/usr/bin/env", "HIKE_REVIEWS_PAIRS_PATH=\(CommandLineTests.testPairs)", "HIKE_REVIEWS_SYSTEM_PAIRS=0",
                        "HIKE_REVIEWS_STORE=\(CommandLineTests.emptyStore)", "HIKE_REVIEWS_PACKS_URL=file:///nonexistent/index.json",
                        Paths.binary.path, "translate", "--from", "es", "--to", "en"]
            let process = try Subprocess.start(argv, outputPath: outputPath, errorPath: folder.appendingPathComponent("err").path)
            return Translator(process: process, outputPath: outputPath)
        }

        var output: String {
            (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        }

        /// Waits until the output holds `lines` lines.
        ///
        /// It looks once more after the deadline: under the full suite a sleeping test task was
        /// seen to resume about 20 s late on the two-thread pool, past the deadline, with the
        /// answer long written (the child does not wait for the test; stdin is still open).
        func waitForLines(_ lines: Int, seconds: Int = 120) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                if output.split(separator: "\n").count >= lines { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return output.split(separator: "\n").count >= lines
        }
    }

    static func scratchFolder() throws -> URL {
        let folder = Scratch.root.appendingPathComponent("owner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every process whose parent is `pid`, and theirs, from /proc.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[child] = parent }
        }
        var found: [pid_t] = []
        var frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }

    /// Whether `pid` has exited (gone, or a zombie nobody reaped yet).
    static func hasExited(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }
}

extension OwnerKilledTests {
    @Test func aLineIsAnsweredAsSoonAsItIsTyped() async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let translator = try Translator.start(folder: folder)
        translator.process.write("El perro bebe agua.\n")
        #expect(await translator.waitForLines(1), "answered while stdin is still open")
        translator.process.write("El gato duerme.\n")
        #expect(await translator.waitForLines(2))
        close(translator.process.input)
        #expect(try Subprocess.wait(for: translator.process.pid) == 0)
        #expect(translator.output == "The dog drinks water.\nThe cat sleeps.\n")
    }

    @Test func killingTheOwnerWithSIGKILLLeavesNoStageBehind() async throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let translator = try Translator.start(folder: folder)
        translator.process.write("El camino es largo.\n")
        #expect(await translator.waitForLines(1))
        // env(1) execs the binary, so its pid is the owner's; its children are the stages.
        let stages = Self.descendants(of: translator.process.pid)
        #expect(stages.count >= 10, "\(stages.count) stages running")
        kill(translator.process.pid, SIGKILL)
        #expect(try Subprocess.wait(for: translator.process.pid) == 128 + SIGKILL)
        close(translator.process.input)
        // The stages see end of file on their input and end in a chain.
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline && !stages.allSatisfy(Self.hasExited) {
            try await Task.sleep(for: .milliseconds(50))
        }
        let alive = stages.filter { !Self.hasExited($0) }
        #expect(alive.isEmpty, "\(alive.count) of \(stages.count) stages outlived their owner")
    }
}
