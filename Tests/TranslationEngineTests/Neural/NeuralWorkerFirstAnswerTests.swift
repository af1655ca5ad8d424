import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// First answer first: an idle worker translates a batch's first request alone and answers it
/// before the rest of the batch is done. The worker's seams make the order observable without
/// a clock: `--gather-requests` holds the batch until every request is in it, `--batch-log`
/// writes each batch it translated, and `--fault-slice-seconds` slows the rest (never the lead).
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable, "needs the neural venv: run scripts/setup-neural"),
       .timeLimit(.minutes(5)))
struct NeuralWorkerFirstAnswerTests {
    /// One line of the worker's batch log.
    struct LoggedBatch: Decodable {
        /// "beside" or "before" the rest for a lead request, nil for the rest.
        var lead: String?
        var texts: [String]
    }

    static func batches(in log: String) throws -> [LoggedBatch] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(LoggedBatch.self, from: Data($0.utf8)) }
    }

    /// Translates `texts` at once; the indices of the texts in the order their answers came.
    static func answerOrder(_ worker: NeuralWorker, _ texts: [String]) async throws -> [Int] {
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, try await worker.translate(text, timeout: .seconds(60))) }
            }
            var order: [Int] = []
            for try await (index, answer) in group {
                #expect(answer == texts[index])
                order.append(index)
            }
            return order
        }
    }

    @Test func anIdleWorkersFirstRequestIsTranslatedAloneAndAnsweredFirst() async throws {
        let folder = try Scratch.folder("neural-first-answer")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/batches.jsonl"
        let texts = (1...8).map { "Die Hütte Nummer \($0) war geschlossen. Wir gingen weiter." }
        let worker = try NeuralFixtures.echoWorker(arguments: ["--gather-requests", "8", "--batch-log", log,
                                                                "--fault-slice-seconds", "3"])
        defer { worker.shutdown() }
        try await worker.start()

        let order = try await Self.answerOrder(worker, texts)
        let batches = try Self.batches(in: log)
        // Two batches: the lead request alone, then the other seven together.
        try #require(batches.count == 2, "\(batches.map(\.texts.count))")
        let lead = try #require(batches.first { $0.lead != nil })
        #expect(["beside", "before"].contains(lead.lead))
        #expect(lead.texts.count == 1)
        let rest = try #require(batches.first { $0.lead == nil })
        #expect(Set(rest.texts) == Set(texts).subtracting(lead.texts))
        #expect(rest.texts.count == 7)
        // The lead's answer came before any of the rest's, which waited for their slowed batch.
        #expect(order.count == 8)
        #expect(order.first.map { texts[$0] } == lead.texts.first)
    }

    @Test func aBatchRightAfterTheLastIsNotSplitNorIsABatchOfOne() async throws {
        let folder = try Scratch.folder("neural-first-answer")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/batches.jsonl"
        // Idle only after an hour: the second round follows the first at once, as the CLI's lines do.
        let worker = try NeuralFixtures.echoWorker(arguments: ["--gather-requests", "3", "--batch-log", log,
                                                                "--idle-seconds", "3600"])
        defer { worker.shutdown() }
        try await worker.start()
        for round in 1...2 {
            let texts = (1...3).map { "Runde \(round), Weg \($0)." }
            #expect(try await Self.answerOrder(worker, texts).count == 3)
        }
        let batches = try Self.batches(in: log)
        // The first batch of a new worker leads with one request; the second stays whole.
        #expect(batches.map(\.texts.count).sorted() == [1, 2, 3], "\(batches.map(\.texts.count))")
        #expect(batches.filter { $0.lead != nil }.map(\.texts.count) == [1])
        #expect(batches.first { $0.texts.count == 3 }?.lead == nil)
        // A single request is never split off: a batch of one is just that.
        let single = folder + "/single.jsonl"
        let alone = try NeuralFixtures.echoWorker(arguments: ["--batch-log", single])
        defer { alone.shutdown() }
        #expect(try await alone.translate("Nur einer.", timeout: .seconds(60)) == "Nur einer.")
        let logged = try Self.batches(in: single)
        #expect(logged.count == 1 && logged[0].lead == nil)
    }
}
