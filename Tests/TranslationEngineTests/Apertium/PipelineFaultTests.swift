import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Faults a warm pipeline must survive, with the real Apertium stages: killed and hung stages,
/// hostile inputs, many restarts. Serialised: several tests count this process's children.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
struct PipelineFaultTests {
    /// Whether `pid` is gone (reaped, or never ours).
    static func isGone(_ pid: pid_t) -> Bool {
        kill(pid, 0) == -1 && errno == ESRCH
    }

    /// Waits for every pid to be gone; `seconds` is only a safety net (returns as soon as they are).
    static func waitUntilGone(_ pids: [pid_t], seconds: Double = 60) async -> [pid_t] {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if pids.allSatisfy(isGone) { return [] }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return pids.filter { !isGone($0) }
    }
}

extension PipelineFaultTests {
    /// A middle stage dies holding request 20 of 200 (a seam, not a kill after 20 answers seen:
    /// by then the stage could have passed every request on, and no request would be lost), so
    /// the batch can only complete if the pipeline restarts once and sends the lost ones again.
    @Test func killingAMiddleStageDuringABatchStillCompletesTheBatch() async throws {
        let fault = try FaultStage(after: 4, at: 20)
        let pool = PipelinePool(settings: .init(memoryBudget: 1 << 30, idleTimeout: .seconds(600), maxReplicas: 1, replicaThreshold: 8, replicaAfter: .seconds(1)))
        let session = TranslationSession(sourceTag: "es", targetTag: "en", pairs: InstalledPairs.scan(roots: [fault.root]), pool: pool)
        let requests = (0..<200).map { TranslationSession.Request(sourceText: "El refugio número zq\($0)x estaba lleno de gente.", clientIdentifier: "\($0)") }
        var seen: Set<String> = []
        for try await response in session.translate(batch: requests) {
            let id = try #require(response.clientIdentifier)
            #expect(response.targetText.contains("zq\(id)x"), "\(id): \(response.targetText)")
            seen.insert(id)
        }
        #expect(seen.count == 200)
        let dead = try #require(fault.firedIn, "the stage died at request 20")
        let pipeline = try #require(await pool.running().first?.pipeline)
        #expect(pipeline.generationCount == 2, "one restart after the fault")
        #expect(pipeline.processIDs.count == 11 && !pipeline.processIDs.contains(dead))
        await pool.shutdownAll()
        #expect(await Self.waitUntilGone([dead]).isEmpty)
    }

    @Test func aHungStageIsTimedOutAndThePipelineRecovers() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        #expect(try await pipeline.translate("El perro.", timeout: .seconds(10)) == "The dog.")
        let stuck = pipeline.processIDs
        // A stopped process neither reads nor dies: the request can only end by its timeout.
        kill(stuck[6], SIGSTOP)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await pipeline.translate("El gato duerme.", timeout: .seconds(2)) == "The cat sleeps.")
        // Ended by its timeout (a lower bound: load only lengthens it), then one restart.
        #expect(clock.now - start >= .seconds(2))
        #expect(pipeline.generationCount == 2, "the hung generation was replaced once")
        #expect(Set(pipeline.processIDs).isDisjoint(with: stuck))
        #expect(await Self.waitUntilGone(stuck).isEmpty, "the stopped stage was killed with its group")
    }

    @Test func crashesRestartWithBackoffUpToALimit() async throws {
        let policy = RestartPolicy(limit: 2, window: .seconds(60), initialBackoff: .milliseconds(200), maximumBackoff: .seconds(1))
        // A pair whose analyser cannot load its data: every generation dies at once, so the
        // limit stops the respawning and later requests fail at once.
        let broken = try ModeFile(parsing: "lt-proc '/nonexistent/automorf.bin' | apertium-pretransfer")
        let pipeline = ApertiumPipeline(mode: broken, restartPolicy: policy)
        defer { pipeline.shutdown() }
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<2 {
            await #expect(throws: ChildProcessError.self) { try await pipeline.translate("El gato.", timeout: .seconds(10)) }
        }
        #expect(clock.now - start >= .milliseconds(200), "the second restart waits")
        await #expect(throws: ChildProcessError.restartLimit) { try await pipeline.translate("El gato.", timeout: .seconds(10)) }
        #expect(pipeline.generationCount <= policy.limit + 1, "\(pipeline.generationCount) generations")
    }

    @Test func crashesBetweenAnswersDoNotUseUpTheLimit() async throws {
        // Each crash here is followed by an answer: the pipeline is healthy, and the limit (which
        // is for pairs that never answer) must not stop it.
        let policy = RestartPolicy(limit: 2, window: .seconds(60), initialBackoff: .milliseconds(200), maximumBackoff: .seconds(1))
        let pipeline = try ApertiumPipeline(modeFile: PipelineFixtures.spaEngMode, dataRoot: PipelineFixtures.pairsRoot, restartPolicy: policy)
        defer { pipeline.shutdown() }
        for _ in 1...4 {
            #expect(try await pipeline.translate("El perro.", timeout: .seconds(10)) == "The dog.")
            kill(pipeline.processIDs[3], SIGKILL)
            #expect(try await pipeline.translate("El gato.", timeout: .seconds(10)) == "The cat.")
        }
    }

    @Test func hostileInputsComeBackInStep() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        let timeout = Duration.seconds(60)
        // A 100k-character token is kept as it is, never sent to Apertium (which would take
        // seconds on it): it is cut out as untranslatable and named abbreviated among the unknown
        // words, which only that path does (Apertium would report it whole).
        let token = String(repeating: "abc", count: 33_334)
        #expect(TextSegments.split("El perro \(token) come.", limits: pipeline.limits).contains(.untranslatable(token)))
        let long = try await pipeline.translation(of: "El perro \(token) come.", timeout: timeout)
        #expect(long.text.contains(token) && long.text.hasPrefix("The dog"), "\(long.text.prefix(40))")
        #expect(long.unknownWords.first?.hasPrefix("abcabc") == true && long.unknownWords.first!.count < 50)
        // A 2 MB single line, cut into pieces that are pipelined and joined in order.
        let sentence = "La casa número 7 está en la colina. "
        let line = String(repeating: sentence, count: 2 * 1_048_576 / sentence.utf8.count + 1)
        let expected = try await pipeline.translate(sentence.trimmingCharacters(in: .whitespaces), timeout: timeout)
        let big = try await pipeline.translate(line, timeout: timeout)
        let count = big.components(separatedBy: expected).count - 1
        #expect(count == line.components(separatedBy: sentence.trimmingCharacters(in: .whitespaces)).count - 1, "\(count) sentences back")
        #expect(!big.contains("\n"))
        for text in ["", " \t ", "\0\0", "^qz/wk$", "[ ] \\ < > @ * # { }", "😀🐕", "漢字かな"] {
            let output = try await pipeline.translate(text, timeout: timeout)
            let kept = text.replacingOccurrences(of: "\0", with: " ")
            #expect(output.trimmingCharacters(in: .whitespaces) == kept.trimmingCharacters(in: .whitespaces), "\(text.debugDescription) -> \(output.debugDescription)")
        }
        #expect(try await pipeline.translate("El perro.", timeout: timeout) == "The dog.")
    }

    /// Ten real Apertium stages that load no data, so 500 generations take seconds, not minutes
    /// (the restart path is the same for every mode; a real pair's restart is tested above).
    static func lightPipeline() throws -> ApertiumPipeline {
        let stage = try ModeFile(parsing: "apertium-pretransfer").stages[0]
        return ApertiumPipeline(mode: ModeFile(stages: Array(repeating: stage, count: 10)))
    }

    @Test func fiveHundredRestartsLeaveNoProcessBehind() async throws {
        let pipeline = try Self.lightPipeline()
        var seen: Set<pid_t> = []
        for round in 0..<500 {
            try await pipeline.restart()
            seen.formUnion(pipeline.processIDs)
            if round % 50 == 49 {
                #expect(try await pipeline.translate("zq\(round) ok", timeout: .seconds(10)) == "zq\(round) ok")
            }
        }
        #expect(pipeline.generationCount == 500)
        #expect(seen.count >= 5000)
        pipeline.shutdown()
        let left = await Self.waitUntilGone(Array(seen))
        #expect(left.isEmpty, "\(left.count) stages still alive")
        #expect(Set(PipelineFixtures.childrenOfThisProcess()).isDisjoint(with: seen))
    }

    @Test func aThousandConcurrentRequestsOverTwoPairsEachGetTheirOwnAnswer() async throws {
        let pool = PipelinePool(environment: EngineEnvironment(store: PackStore(root: "/nonexistent")))
        let spanish = TranslationSession(sourceTag: "es", targetTag: "en", pairs: TranslationSessionTests.pairs, pool: pool)
        let french = TranslationSession(sourceTag: "fr", targetTag: "es", pairs: TranslationSessionTests.pairs, pool: pool)
        let wrong = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<1000 {
                group.addTask {
                    let nonce = "zq\(index)x\(UInt32.random(in: 1000...9999))"
                    let response = index.isMultiple(of: 2)
                        ? try await spanish.translate("El camino \(nonce) es largo.")
                        : try await french.translate("Le chemin \(nonce) est long.")
                    let expected = index.isMultiple(of: 2) ? "The path" : "El camino"
                    return response.targetText.contains(nonce) && response.targetText.hasPrefix(expected) ? nil : "\(index): \(response.targetText)"
                }
            }
            var wrong: [String] = []
            for try await failure in group { if let failure { wrong.append(failure) } }
            return wrong
        }
        let count = wrong.count
        #expect(count == 0, "\(wrong.prefix(5))")
        await pool.shutdownAll()
    }
}
