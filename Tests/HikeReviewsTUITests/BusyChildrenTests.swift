import Foundation
import Synchronization
import TestSupport
import Testing

/// The real binary's children when the binary ends while they work: a neural worker stuck in a
/// request (the worker's `--fault-hang-on-text` seam, through a wrapper script named by
/// HIKE_REVIEWS_NEURAL_WORKER) and an Apertium pipeline given a long line, ended with SIGINT,
/// SIGTERM or kill -9. Every child must be gone afterwards, however busy.
@Suite(.serialized, .needs(EchoArgosRepository.available && TestRepository.available,
                             "needs the neural venv and make test's pack repository"))
struct BusyChildrenTests {
    /// A store with translate-de_en (the echo model) and eng-spa installed, made once and
    /// removed when the test process exits.
    static let store = Result { () throws -> String in
        let store = try PacksCommandTests.freshStore()
        storePath.withLock { $0 = store }
        atexit {
            if let store = BusyChildrenTests.storePath.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: store) }
        }
        let result = try NeuralTranslateCommandTests.run(["translate", "--from", "de", "--to", "es", "--yes"], store: store,
                                                         input: "Der Weg.\n")
        guard result.status == 0 else { throw Subprocess.Failure(description: "install failed: \(result.error)") }
        return store
    }

    static let storePath = Mutex<String?>(nil)

    /// A worker script that runs the real one with the hang seam, its stderr in `marker`.
    static func hangingWorker(in folder: URL, marker: String) throws -> String {
        let script = folder.appendingPathComponent("hanging_worker.py").path
        let real = Paths.packageRoot.appendingPathComponent("Sources/TranslationEngine/Neural/neural_worker.py").path
        let text = """
            import os, runpy, sys
            os.dup2(os.open(\(String(reflecting: marker)), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), 2)
            sys.argv = [\(String(reflecting: real))] + sys.argv[1:] + ["--fault-hang-on-text", "HAENGT"]
            runpy.run_path(sys.argv[0], run_name="__main__")

            """
        try text.write(toFile: script, atomically: true, encoding: .utf8)
        return script
    }

    /// CPU time (ticks) used so far by `pids`.
    static func cpuTicks(_ pids: [pid_t]) -> Int {
        pids.reduce(0) { total, pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return total }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // Fields after the name: state is 0, utime 11, stime 12.
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return total }
            return total + user + system
        }
    }

    static func commandLine(of pid: pid_t) -> String {
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
    }

    /// Waits up to a safety net for `condition`, polling.
    static func eventually(seconds: Int = 240, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}

extension BusyChildrenTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGKILL])
    func everyChildEndsWithTheBinaryHoweverItEnds(signal: Int32) async throws {
        let store = try Self.store.get()
        let folder = try OwnerKilledTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let marker = folder.appendingPathComponent("worker-stderr").path
        let worker = try Self.hangingWorker(in: folder, marker: marker)
        let urls = "file://\(try NeuralTranslateCommandTests.repository.get())/argos.json file://\(TestRepository.path)/index.json"
        let outputPath = folder.appendingPathComponent("out").path
        let binary = try Subprocess.start(["/usr/bin/env", "HIKE_REVIEWS_STORE=\(store)", "HIKE_REVIEWS_PACKS_URL=\(urls)",
                                           "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_PAIRS_PATH=",
                                           "HIKE_REVIEWS_NEURAL_PYTHON=\(EchoArgosRepository.python)", "HIKE_REVIEWS_NEURAL_WORKER=\(worker)",
                                           Paths.binary.path, "translate", "--from", "de", "--to", "es"],
                                          outputPath: outputPath, errorPath: folder.appendingPathComponent("err").path)
        defer { close(binary.input) }
        let output = { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

        // One line through both legs: the worker and the eng-spa stages are running.
        binary.write("Der Weg war gut.\n")
        #expect(await Self.eventually { output().contains("\n") }, "the first line was answered")
        let warm = OwnerKilledTests.descendants(of: binary.pid)
        let stages = warm.filter { !Self.commandLine(of: $0).contains("python") && !Self.commandLine(of: $0).hasPrefix("/bin/sh") }
        #expect(!stages.isEmpty && warm.contains { Self.commandLine(of: $0).contains("hanging_worker.py") }, "\(warm.map(Self.commandLine))")

        // A long line keeps the Apertium stages working; once they use CPU on it, a line that
        // stops the worker for good.
        let before = Self.cpuTicks(stages)
        binary.write(String(repeating: "Der Weg war lang und steil. ", count: 1000) + "\n")
        #expect(await Self.eventually { Self.cpuTicks(stages) > before + 5 }, "the stages worked on the long line")
        binary.write("Hier HAENGT der Arbeiter.\n")
        #expect(await Self.eventually { ((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "").contains("fault: hanging") },
                "the worker reached the hang")

        let children = OwnerKilledTests.descendants(of: binary.pid)
        kill(binary.pid, signal)
        #expect(try await Subprocess.waitOffPool(for: binary.pid, program: "hike-reviews") == 128 + signal)
        let ended = await Self.eventually(seconds: 60) { children.allSatisfy(OwnerKilledTests.hasExited) }
        let left = children.filter { !OwnerKilledTests.hasExited($0) }
        #expect(ended, "still running: \(left.map(Self.commandLine))")
        for pid in left { kill(pid, SIGKILL) }
    }
}
