import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The worker's n-best lists (`NeuralWorker.hypotheses(of:count:timeout:)`, what `serve`'s
/// `alternatives` asks for), with the real Python worker and models built at test time: the
/// first hypothesis is the translation, and requests batched beside an n-best one decode as
/// they would without it (it is decoded in a call of its own; `--batch-log` shows the batch).
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable, "needs the neural venv: run scripts/setup-neural"),
       .timeLimit(.minutes(5)))
struct NeuralWorkerHypothesesTests {}

extension NeuralWorkerHypothesesTests {
    @Test func theFirstHypothesisIsWhatCTranslate2CalledDirectlyGives() async throws {
        let models = try NeuralFixtures.models.get()
        let reviews = Array(NeuralFixtures.germanReviews().prefix(4))
        try #require(reviews.count == 4, "German sample reviews: \(reviews.count)")
        let expected = try NeuralFixtures.reference(package: models.random, texts: reviews)
        let worker = NeuralWorker(package: models.random, runtime: NeuralFixtures.runtime)
        defer { worker.shutdown() }
        for (review, best) in zip(reviews, expected) {
            let hypotheses = try await worker.hypotheses(of: review, count: 4, timeout: .seconds(120))
            #expect(hypotheses.count == 4)
            #expect(hypotheses.first == best)
        }
    }

    @Test func requestsBatchedBesideAnNBestOneDecodeAsWithoutIt() async throws {
        let folder = try Scratch.folder("neural-hypotheses")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/batches.jsonl"
        // The three requests are read as one batch (the worker waits for all three), with no
        // lead request split off.
        let worker = try NeuralFixtures.echoWorker(arguments: ["--gather-requests", "3", "--batch-log", log, "--no-lead"])
        defer { worker.shutdown() }
        try await worker.start()
        let plain = ["Die Hütte war voll.", "Der Weg war steil."]
        let asked = "Der Abstieg nach Caín war lang."
        async let first = worker.translate(plain[0], timeout: .seconds(60))
        async let second = worker.translate(plain[1], timeout: .seconds(60))
        async let hypotheses = worker.hypotheses(of: asked, count: 3, timeout: .seconds(60))
        #expect(try await [first, second] == plain)
        let found = try await hypotheses
        // The echo model copies its input best; its next hypotheses differ from it and each other.
        #expect(found.count == 3 && found.first == asked && Set(found).count == 3, "\(found)")
        let batches = try NeuralWorkerFirstAnswerTests.batches(in: log)
        #expect(batches.map { Set($0.texts) } == [Set(plain)], "\(batches.map(\.texts))")
    }

    @Test func aLongTextsNBestListReportsProgressBetweenSlices() async throws {
        // 100 sentences make 4 slices of at most 32: progress after each but the last, as for a
        // batch, so a wide beam on a long text is never taken for silence.
        let worker = try NeuralFixtures.echoWorker()
        defer { worker.shutdown() }
        try await worker.start()
        let text = (0..<100).map { "Die Hütte Nummer \($0) war geschlossen." }.joined(separator: " ")
        let found = try await worker.hypotheses(of: text, count: 2, timeout: .seconds(120))
        #expect(found.count == 2 && found.first == text)
        let reports = try #require(worker.slot.child).progressReports
        #expect(reports >= 3, "\(reports) progress reports for 4 slices")
        #expect(worker.generationCount == 1)
    }

    @Test func aWhitespaceTextIsItsOwnOnlyHypothesisAndTooManyAreCapped() async throws {
        let worker = try NeuralFixtures.echoWorker()
        defer { worker.shutdown() }
        #expect(try await worker.hypotheses(of: "  \n", count: 3, timeout: .seconds(60)) == ["  \n"])
        // More than the worker takes is asked as its most (16), not refused.
        let found = try await worker.hypotheses(of: "Der Weg.", count: 40, timeout: .seconds(120))
        #expect(found.count == NeuralWorker.maxHypotheses && found.first == "Der Weg.")
    }
}
