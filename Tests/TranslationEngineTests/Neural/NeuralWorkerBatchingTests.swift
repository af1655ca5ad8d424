import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Batches spread over the worker's two CTranslate2 replicas (each call's sentences cut into one
/// sub-batch per replica): a text's translation must not depend on what it was batched with or
/// on which replica ran it, and answers must still reach the request they belong to.
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable, "needs the neural venv: run scripts/setup-neural"),
       .timeLimit(.minutes(10)))
struct NeuralWorkerBatchingTests {
    /// Translates `texts` at once; the answers in the texts' order.
    static func translateAtOnce(_ worker: NeuralWorker, _ texts: [String]) async throws -> [String] {
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, try await worker.translate(text, timeout: .seconds(300))) }
            }
            var answers = [String](repeating: "", count: texts.count)
            for try await (index, answer) in group {
                answers[index] = answer
            }
            return answers
        }
    }

    @Test func aReviewBatchedWithOthersIsTranslatedAsAlone() async throws {
        let models = try NeuralFixtures.models.get()
        let reviews = Array(NeuralFixtures.germanReviews().prefix(12))
        try #require(reviews.count >= 8, "German sample reviews: \(reviews.count)")
        let folder = try Scratch.folder("neural-batching")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/batches.jsonl"
        // Alone: one review at a time, each its own batch (split over the replicas by sentence).
        let alone = NeuralWorker(package: models.random, runtime: NeuralFixtures.runtime)
        defer { alone.shutdown() }
        var single: [String] = []
        for review in reviews {
            single.append(try await alone.translate(review, timeout: .seconds(300)))
        }
        // Together: the worker waits for all of them and translates them as one batch (no lead
        // request), its sentences sorted by length and cut between the two replicas.
        let together = NeuralWorker(package: models.random, runtime: NeuralFixtures.runtime, readyTimeout: .seconds(60),
                                    workerArguments: ["--gather-requests", String(reviews.count), "--batch-log", log, "--no-lead"])
        defer { together.shutdown() }
        let batched = try await Self.translateAtOnce(together, reviews)
        let batches = try NeuralWorkerFirstAnswerTests.batches(in: log)
        #expect(batches.map(\.texts.count) == [reviews.count], "\(batches.map(\.texts.count))")
        for (index, review) in reviews.enumerated() {
            #expect(batched[index] == single[index],
                    "\(review)\n\(FidelityTests.firstDifference(batched[index], single[index], referenceName: "alone"))")
        }
        // And both as CTranslate2 gives each sentence called alone.
        #expect(single == (try NeuralFixtures.reference(package: models.random, texts: reviews)))
    }

    @Test func answersOfABatchCutAcrossReplicasAndSlicesReachTheirOwnRequests() async throws {
        // 40 texts of 1 to 5 sentences sent at once: over MAX_BATCH_SIZE sentences, so batches of
        // several slices, each cut in two by length; the echo model gives every text back, so a
        // mixed-up id shows. (No `--gather-requests`: these texts pass the token budget, and a
        // batch cut by the budget would wait for a count that never comes.)
        let texts = (0..<40).map { number in
            (0...(number % 5)).map { "Weg \(number), Abschnitt \($0) war \(String(repeating: "sehr ", count: number % 7))steil." }
                .joined(separator: " ")
        }
        let worker = try NeuralFixtures.echoWorker(arguments: ["--no-lead"])
        defer { worker.shutdown() }
        try await worker.start()
        #expect(try await Self.translateAtOnce(worker, texts) == texts)
        #expect(worker.generationCount == 1)
    }
}
