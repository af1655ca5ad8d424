import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// A worker that stops answering, and one that works long: the worker's fault seams make it
/// hang exactly on a marked text (`--fault-hang-on-text`) or take longer per slice of sentences
/// (`--fault-slice-seconds`). The tests count restarts and answers, never the clock.
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable, "needs the neural venv: run scripts/setup-neural"))
struct NeuralWorkerHangTests {}

extension NeuralWorkerHangTests {
    @Test func aWorkerThatStopsAnsweringIsRestartedOnceThenEveryLineFailsAtOnce() async throws {
        let worker = try NeuralFixtures.echoWorker(arguments: ["--fault-hang-on-text", "HAENGT"])
        defer { worker.shutdown() }
        try await worker.start()
        let lines = (1...4).map { "Zeile \($0) HAENGT." }
        let outcomes = await withTaskGroup(of: Result<String, ChildProcessError>.self) { group in
            for line in lines {
                group.addTask {
                    do { return .success(try await worker.translate(line, timeout: .seconds(2))) } catch let error as ChildProcessError {
                        return .failure(error)
                    } catch { return .failure(.stageDied) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        // The first wait ends in one restart, the restarted worker's silence in one message for all.
        #expect(outcomes.count == 4)
        #expect(outcomes.allSatisfy { $0 == .failure(.workerUnresponsive) }, "\(outcomes)")
        #expect(worker.generationCount == 2, "one restart")
        #expect(worker.processID == nil, "the second silent worker was killed and not replaced")
        // Later lines fail at once: no worker is started for them.
        for line in ["Danach.", "Noch eine Zeile."] {
            await #expect(throws: ChildProcessError.workerUnresponsive) { try await worker.translate(line, timeout: .seconds(2)) }
        }
        #expect(worker.generationCount == 2)
    }

    @Test func aLongTextIsTranslatedPiecewiseAndNeverTakenForSilence() async throws {
        // Each slice of at most 32 sentences takes 1.5 s more; 800 sentences make 25 slices, so
        // the whole text takes more than the 30 s silence limit while a slice takes about 2 s
        // here (and stays far under 30 s on a machine loaded twenty times over).
        let worker = try NeuralFixtures.echoWorker(arguments: ["--fault-slice-seconds", "1.5"])
        defer { worker.shutdown() }
        try await worker.start()
        let text = (0..<800).map { "Die Hütte Nummer \($0) war geschlossen." }.joined(separator: " ")
        #expect(try await worker.translate(text, timeout: .seconds(30)) == text)
        #expect(worker.generationCount == 1, "the worker was never taken for hung")
        let reports = try #require(worker.slot.child).progressReports
        #expect(reports >= 24, "\(reports) progress reports for 25 slices")
    }

    @Test func aTextOverTheLimitIsRefusedAtOnceWithTheLimit() async throws {
        let worker = try NeuralFixtures.echoWorker()
        defer { worker.shutdown() }
        let text = String(repeating: "Weg ", count: NeuralWorker.maxTextCharacters / 4 + 1)
        await #expect(throws: ChildProcessError.requestRefused("text longer than \(NeuralWorker.maxTextCharacters) characters")) {
            try await worker.translate(text, timeout: .seconds(2))
        }
        #expect(worker.generationCount == 0, "refused before a worker was started")
    }
}
