import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Neural workers in the pool beside Apertium pipelines: idle stop, one memory budget for
/// both kinds, many requests across both, shutdown. Real worker, real echo model, real spa-eng.
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable && PipelineFixtures.dataAvailable,
                             "needs the neural venv (scripts/setup-neural) and the Apertium pair data: run make test"))
struct PipelinePoolNeuralTests {
    static func echo() throws -> String {
        try NeuralFixtures.models.get().echo
    }

    static func pool(budget: Int = 1 << 30, idle: Duration = .seconds(600)) -> PipelinePool {
        PipelinePool(settings: PipelinePoolTests.settings(budget: budget, idle: idle), neuralRuntime: NeuralFixtures.runtime)
    }

    /// PSS of a warm echo worker, measured in a pool of its own.
    static func warmEchoFootprint() async throws -> Int {
        let probe = pool()
        let warm = try await probe.worker(for: echo())
        _ = try await warm.translate("Der Weg war lang.", timeout: .seconds(30))
        let footprint = warm.memoryFootprint
        await probe.shutdownAll()
        return footprint
    }

    /// The pipe inode behind `fd` of `pid` ("pipe:[123]"), if it is a pipe.
    static func pipe(of pid: pid_t, fd: Int) -> String? {
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
        return target?.hasPrefix("pipe:") == true ? target : nil
    }

    /// Every fd of `pid` that refers to `pipe`.
    static func descriptors(of pid: pid_t, referring pipe: String) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == pipe }
    }
}

extension PipelinePoolNeuralTests {
    @Test(.timeLimit(.minutes(5)))
    func anIdleWorkerStopsAndStartsAgainOnTheNextRequest() async throws {
        let pool = Self.pool(idle: .milliseconds(300))
        defer { Task { await pool.shutdownAll() } }
        let worker = try await pool.worker(for: Self.echo())
        #expect(try await worker.translate("Der Weg war lang.", timeout: .seconds(30)) == "Der Weg war lang.")
        let pid = try #require(worker.processID)
        guard case .neural? = await PipelinePoolTests.nextIdleStop(of: pool) else {
            Issue.record("the pool stopped no worker")
            return
        }
        #expect(!worker.isRunning, "stopped after being idle")
        #expect(await NeuralFixtures.waitUntilGone(pid))
        let again = try await pool.worker(for: Self.echo())
        #expect(again === worker, "the stopped worker is reused, not replaced")
        #expect(try await again.translate("Die Hütte war voll.", timeout: .seconds(30)) == "Die Hütte war voll.")
        #expect(again.processID != pid)
        #expect(again.generationCount == 2)
    }

    @Test func aWorkerIsKeyedByItsFolderAndThreads() async throws {
        let pool = Self.pool()
        defer { Task { await pool.shutdownAll() } }
        let echo = try Self.echo()
        let one = try await pool.worker(for: echo)
        let same = try await pool.worker(for: echo + "/./")
        let two = try await pool.worker(for: echo, threads: 2)
        #expect(one === same)
        #expect(one !== two)
        #expect(one.threads == 1 && two.threads == 2)
        _ = try await two.translate("Gut.", timeout: .seconds(30))
        let pid = try #require(two.processID)
        let arguments = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8).split(separator: "\0")
        #expect(arguments.contains("--threads") && arguments.contains("2"), "\(arguments)")
    }

    @Test func theBudgetStopsTheLeastRecentlyUsedMemberOfEitherKind() async throws {
        let spanishBytes = try await PipelinePoolTests.warmSpanishFootprint()
        let echoBytes = try await Self.warmEchoFootprint()
        #expect(echoBytes > 10 << 20, "a warm echo worker uses \(echoBytes >> 20) MB")
        // Room for either alone, not for both.
        let pool = Self.pool(budget: max(spanishBytes, echoBytes) + min(spanishBytes, echoBytes) / 2)
        defer { Task { await pool.shutdownAll() } }
        let spanish = try await pool.pipeline(for: PipelinePoolTests.location("spa-eng"))
        #expect(try await spanish.translate("El perro.", timeout: .seconds(10)) == "The dog.")
        let worker = try await pool.worker(for: Self.echo())
        #expect(!spanish.isRunning, "spa-eng was stopped to make room for the worker")
        #expect(try await worker.translate("Der Hund.", timeout: .seconds(30)) == "Der Hund.")
        let back = try await pool.pipeline(for: PipelinePoolTests.location("spa-eng"))
        #expect(back === spanish)
        #expect(!worker.isRunning, "the worker, now the least recently used, was stopped")
        #expect(try await back.translate("El gato.", timeout: .seconds(10)) == "The cat.")
        #expect(await pool.running().count == 1)
        #expect(await pool.runningWorkers().isEmpty)
    }

    @Test func theBudgetHoldsWhileAPairAndAWorkerAreBusyAtOnce() async throws {
        let spanishBytes = try await PipelinePoolTests.warmSpanishFootprint()
        let echoBytes = try await Self.warmEchoFootprint()
        // Room for the larger one, not both: the second waits until the first is idle and stopped.
        let budget = max(spanishBytes, echoBytes) + min(spanishBytes, echoBytes) / 5
        let pool = Self.pool(budget: budget)
        defer { Task { await pool.shutdownAll() } }
        let location = try PipelinePoolTests.location("spa-eng")
        let echo = try Self.echo()
        let highest = try await PipelinePoolTests.highestMemory(of: pool) { index in
            if index.isMultiple(of: 2) {
                let output = try await pool.pipeline(for: location).translate("El camino zq\(index)x es largo.", timeout: .seconds(60))
                #expect(output.contains("zq\(index)x"))
            } else {
                let text = "Der Weg \(index) ist lang."
                #expect(try await pool.worker(for: echo).translate(text, timeout: .seconds(60)) == text)
            }
        }
        // A member measured while it loads can still grow a little: allow 10%.
        #expect(highest <= budget + budget / 10, "highest \(highest >> 20) MB, budget \(budget >> 20) MB")
    }
}

extension PipelinePoolNeuralTests {
    @Test(.timeLimit(.minutes(10)))
    func aThousandConcurrentRequestsAcrossAWorkerAndAPairAreAllAnswered() async throws {
        let pool = Self.pool()
        defer { Task { await pool.shutdownAll() } }
        let location = try PipelinePoolTests.location("spa-eng")
        let echo = try Self.echo()
        let answered = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        let output = try await pool.pipeline(for: location).translate("El río zq\(index)x baja lleno.", timeout: .seconds(120))
                        return output.contains("zq\(index)x") && output.hasPrefix("The river")
                    }
                    let text = "Hütte Nummer \(index) war voll, sagte Wanderer \(999 - index)."
                    return try await pool.worker(for: echo).translate(text, timeout: .seconds(120)) == text
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        // Requests that waited on each other for ever would end at the test's time limit.
        #expect(answered == 1_000, "\(answered) of 1000 answers were their own")
        #expect(await pool.runningWorkers().count == 1)
        let worker = try #require(await pool.runningWorkers().first)
        #expect(worker.generationCount == 1)
    }

    @Test func shutdownAllLeavesNoProcess() async throws {
        let pool = Self.pool()
        let spanish = try await pool.pipeline(for: PipelinePoolTests.location("spa-eng"))
        _ = try await spanish.translate("El perro.", timeout: .seconds(10))
        let worker = try await pool.worker(for: Self.echo())
        _ = try await worker.translate("Der Hund.", timeout: .seconds(30))
        let pids = spanish.processIDs + worker.processIDs
        #expect(pids.count > 1)
        await pool.shutdownAll()
        #expect(await PipelineFaultTests.waitUntilGone(pids).isEmpty)
        #expect(await pool.memoryInUse() == 0)
        await #expect(throws: ChildProcessError.shutDown) { try await worker.translate("Noch einmal.", timeout: .seconds(5)) }
    }

    @Test func onlyTheOwnerHoldsAWorkersInputSoItsDeathEndsTheWorker() async throws {
        // The worker exits when its stdin closes (NeuralWorkerTests): that happens when this
        // process dies only if no other process holds the pipe's write end, in particular not
        // the Apertium stages started after it, nor the worker itself.
        let pool = Self.pool()
        defer { Task { await pool.shutdownAll() } }
        let worker = try await pool.worker(for: Self.echo())
        _ = try await worker.translate("Der Hund.", timeout: .seconds(30))
        let spanish = try await pool.pipeline(for: PipelinePoolTests.location("spa-eng"))
        _ = try await spanish.translate("El perro.", timeout: .seconds(10))
        let pid = try #require(worker.processID)
        let input = try #require(Self.pipe(of: pid, fd: 0))
        #expect(Self.descriptors(of: pid, referring: input) == ["0"], "the worker holds only the read end")
        for stage in spanish.processIDs {
            #expect(Self.descriptors(of: stage, referring: input).isEmpty, "stage \(stage) holds the worker's input")
        }
        #expect(Self.descriptors(of: getpid(), referring: input).count == 1, "this process holds the write end once")
    }
}

/// The pool's neural settings and what it does without a venv; no worker needed.
@Suite struct PipelinePoolNeuralSettingsTests {
    @Test func threadsComeFromTheProcessVariablesAndDefaultToOne() {
        #expect(EngineEnvironment.fromProcess([:]).pipelines.neuralThreads == 1)
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_NEURAL_THREADS": "2"]).pipelines.neuralThreads == 2)
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_NEURAL_THREADS": "0"]).pipelines.neuralThreads == 1)
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_NEURAL_THREADS": "many"]).pipelines.neuralThreads == 1)
    }

    @Test func aWorkerNotMeasuredYetCountsAsItsModelPlusPython() async throws {
        let package = Scratch.root.appendingPathComponent("pool-estimate-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: package + "/model", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: package) }
        // Sparse: 200 MB by size, nothing on disk.
        try Data().write(to: URL(fileURLWithPath: package + "/model/model.bin"))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: package + "/model/model.bin"))
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        let pool = PipelinePool(settings: PipelinePoolTests.settings(), neuralRuntime: nil)
        #expect(await pool.expectedFootprint(of: .neural(package: package, threads: 1)) == (200 << 20) + PipelinePool.pythonFootprint)
        // No model.bin: a pair's default, plus Python.
        #expect(await pool.expectedFootprint(of: .neural(package: "/nonexistent", threads: 1))
                == PipelinePool.defaultFootprint + PipelinePool.pythonFootprint)
    }

    @Test func withoutTheVenvAWorkerFailsWithWhatToRun() async {
        let pool = PipelinePool(settings: PipelinePoolTests.settings(), neuralRuntime: nil)
        await #expect(throws: ChildProcessError.noNeuralRuntime) {
            _ = try await pool.worker(for: "/nonexistent/translate-de_en")
        }
    }
}

extension PipelinePoolNeuralTests {
    /// Whether `pid` has exited (gone, or a zombie nobody reaped yet).
    static func hasExited(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    @Test func anOwnerKilledWithSignalNineLeavesNoWorkerOrStageBehind() async throws {
        // The owner is this test binary run again as `PoolOwnerChild`: a pool with a warm worker
        // and a warm spa-eng pipeline, its pids written to a file, then killed with -9.
        let folder = Scratch.root.appendingPathComponent("pool-owner-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pidsPath = folder + "/pids"
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let owner = try Subprocess.start(["/usr/bin/env", "HIKE_REVIEWS_POOL_OWNER_PIDS=\(pidsPath)",
                                          "HIKE_REVIEWS_POOL_OWNER_MODEL=\(Self.echo())",
                                          binary, "--testing-library", "swift-testing", "--filter", "PoolOwnerChild"],
                                         outputPath: folder + "/out", errorPath: folder + "/err")
        let deadline = ContinuousClock.now + .seconds(60)
        var text = ""
        while text.isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            text = (try? String(contentsOfFile: pidsPath, encoding: .utf8)) ?? ""
        }
        let pids = text.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
        let alive = pids.allSatisfy { !Self.hasExited($0) }
        kill(owner.pid, SIGKILL)
        _ = try await Subprocess.waitOffPool(for: owner.pid, program: "owner")
        let output = (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? ""
        try #require(pids.count > 1, "the owner wrote no pids: \(output.suffix(2000))")
        #expect(alive, "the worker and the stages were running before the owner was killed")
        let gone = ContinuousClock.now + .seconds(60)
        while !pids.allSatisfy(Self.hasExited) && ContinuousClock.now < gone {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(pids.filter { !Self.hasExited($0) }.isEmpty, "still running after the owner died: \(pids.filter { !Self.hasExited($0) })")
    }
}

/// Not a test: the owner process of `anOwnerKilledWithSignalNineLeavesNoWorkerOrStageBehind`,
/// run only when that test starts this binary with HIKE_REVIEWS_POOL_OWNER_PIDS set.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["HIKE_REVIEWS_POOL_OWNER_PIDS"] != nil,
                "runs only as the owner process started by the owner-killed test"))
struct PoolOwnerChild {
    @Test func holdAWarmWorkerAndPipelineUntilKilled() async throws {
        let environment = ProcessInfo.processInfo.environment
        let pidsPath = try #require(environment["HIKE_REVIEWS_POOL_OWNER_PIDS"])
        let model = try #require(environment["HIKE_REVIEWS_POOL_OWNER_MODEL"])
        let pool = PipelinePool(settings: PipelinePoolTests.settings(), neuralRuntime: NeuralFixtures.runtime)
        let worker = try await pool.worker(for: model)
        _ = try await worker.translate("Der Hund.", timeout: .seconds(30))
        let spanish = try await pool.pipeline(for: PipelinePoolTests.location("spa-eng"))
        _ = try await spanish.translate("El perro.", timeout: .seconds(10))
        let pids = (worker.processIDs + spanish.processIDs).map(String.init).joined(separator: " ")
        try Data(pids.utf8).write(to: URL(fileURLWithPath: pidsPath + ".partial"))
        try FileManager.default.moveItem(atPath: pidsPath + ".partial", toPath: pidsPath)
        try await Task.sleep(for: .seconds(120))
        await pool.shutdownAll()
    }
}
