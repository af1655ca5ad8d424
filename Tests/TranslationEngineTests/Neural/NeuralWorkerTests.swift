import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The neural worker with the real Python worker and real CTranslate2 models built at test
/// time. Serialised: the machine has two cores and several tests time things.
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable, "needs the neural venv: run scripts/setup-neural"))
struct NeuralWorkerTests {}

extension NeuralWorkerTests {
    @Test func theEchoModelReturnsSentencesExactly() async throws {
        let worker = try NeuralFixtures.echoWorker()
        defer { worker.shutdown() }
        try await worker.start()
        for text in ["Wir sind um 7:30 am Parkplatz losgegangen.",
                     "Der Weg ist gut markiert, aber nach Regen sehr rutschig!",
                     "Is it worth it? Yes, absolutely."] {
            #expect(try await worker.translate(text, timeout: .seconds(30)) == text)
        }
    }

    @Test func paragraphsAndOddWhitespaceComeBackAsTheyWere() async throws {
        let worker = try NeuralFixtures.echoWorker()
        defer { worker.shutdown() }
        let texts = [
            "  Erster Absatz.  Zwei Leerzeichen davor!\n\n\tEingerückt mit Tab.   Drei danach.\n",
            "\n\nOben zwei Leerzeilen. Unten drei.\n\n\n",
            "Ohne Satzzeichen am Ende\r\nund Windows-Zeilenende",
            "Am 3. Mai gingen wir los... Es regnete?! Egal.",
            "   ",
            "",
        ]
        for text in texts {
            #expect(try await worker.translate(text, timeout: .seconds(30)) == text)
        }
    }

    @Test func textsOutsideTheVocabularyComeBackThroughUnknownReplacement() async throws {
        let worker = try NeuralFixtures.echoWorker()
        defer { worker.shutdown() }
        let texts = ["東京から富士山へ行きました。景色は最高でした！", "Ωραία διαδρομή, 😀 sehr schön.", "한국어 문장입니다."]
        for text in texts {
            #expect(try await worker.translate(text, timeout: .seconds(30)) == text)
        }
    }

    @Test func aLongSentenceIsCutIntoChunksAndComesBackWhole() async throws {
        let worker = try NeuralFixtures.echoWorker()
        defer { worker.shutdown() }
        // ~600 pieces: past the 256-piece output cap and the model's 264 positions.
        let text = (0..<300).map { $0.isMultiple(of: 2) ? "Weg" : "und" }.joined(separator: " ") + " Ende."
        #expect(try await worker.translate(text, timeout: .seconds(60)) == text)
    }

    @Test func aTargetPrefixFromTheMetadataIsForcedAndLeftOut() async throws {
        let models = try NeuralFixtures.models.get()
        let package = models.folder + "/echo-prefixed"
        try? FileManager.default.removeItem(atPath: package)
        try FileManager.default.copyItem(atPath: models.echo, toPath: package)
        let metadataURL = URL(fileURLWithPath: package + "/metadata.json")
        var metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: metadataURL)) as? [String: Any])
        // "g" is a piece of the vocabulary. The echo model's first output piece is forced to
        // it, where it would have copied the sentence's leading "▁": the text comes back whole
        // only if the prefix was left out again.
        metadata["target_prefix"] = "g"
        try JSONSerialization.data(withJSONObject: metadata).write(to: metadataURL)
        let worker = NeuralWorker(package: package, runtime: NeuralFixtures.runtime)
        defer { worker.shutdown() }
        #expect(try await worker.translate("Der Weg war gut. Die Hütte auch.", timeout: .seconds(30)) == "Der Weg war gut. Die Hütte auch.")
    }

    @Test func everyGermanReviewEqualsCTranslate2CalledDirectly() async throws {
        let models = try NeuralFixtures.models.get()
        let reviews = NeuralFixtures.germanReviews()
        try #require(reviews.count >= 8, "German sample reviews: \(reviews.count)")
        let expected = try NeuralFixtures.reference(package: models.random, texts: reviews)
        let worker = NeuralWorker(package: models.random, runtime: NeuralFixtures.runtime)
        defer { worker.shutdown() }
        // One review at a time, as the app sends them: the worker translates its sentences as one
        // batch, the reference each sentence alone.
        for (review, reference) in zip(reviews, expected) {
            let translation = try await worker.translate(review, timeout: .seconds(60))
            #expect(translation == reference, "\(review)\n\(FidelityTests.firstDifference(translation, reference, referenceName: "ctranslate2"))")
        }
    }

    @Test func twoHundredConcurrentRequestsEachGetTheirOwnAnswer() async throws {
        let worker = try NeuralFixtures.echoWorker()
        defer { worker.shutdown() }
        let texts = (0..<200).map { "Hütte Nummer \($0) war voll, sagte Wanderer \(199 - $0)." }
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, try await worker.translate(text, timeout: .seconds(60))) }
            }
            for try await (index, answer) in group {
                #expect(answer == texts[index])
            }
        }
        #expect(worker.generationCount == 1)
    }

    @Test func killingTheWorkerMidBatchStillAnswersEveryRequest() async throws {
        // Small batches, so the kill lands while most requests are still in the worker.
        let worker = try NeuralFixtures.echoWorker(arguments: ["--token-budget", "64"])
        defer { worker.shutdown() }
        try await worker.start()
        let killed = try #require(worker.processID)
        let texts = (0..<200).map { "Die Hütte Nummer \($0) war geschlossen." }
        var answered = 0
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, try await worker.translate(text, timeout: .seconds(60))) }
            }
            for try await (index, answer) in group {
                #expect(answer == texts[index])
                answered += 1
                if answered == 20 { kill(killed, SIGKILL) }
            }
        }
        #expect(answered == 200)
        #expect(worker.generationCount == 2, "one restart after the kill")
        #expect(worker.processID != killed)
        #expect(await NeuralFixtures.waitUntilGone(killed))
    }

    @Test func aHungWorkerIsTimedOutAndReplaced() async throws {
        let worker = try NeuralFixtures.echoWorker()
        defer { worker.shutdown() }
        #expect(try await worker.translate("Der Hund.", timeout: .seconds(30)) == "Der Hund.")
        let stuck = try #require(worker.processID)
        // A stopped process neither reads nor dies: the request can only end by its timeout.
        kill(stuck, SIGSTOP)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await worker.translate("Die Katze schläft.", timeout: .seconds(2)) == "Die Katze schläft.")
        // Ended by its timeout (a lower bound: load only lengthens it), then one restart.
        #expect(clock.now - start >= .seconds(2))
        #expect(worker.generationCount == 2, "the hung worker was replaced once")
        #expect(worker.processID != stuck)
        #expect(await NeuralFixtures.waitUntilGone(stuck), "the stopped worker was killed with its group")
    }

    @Test func aRequestThatKillsTheWorkerTwiceFailsAlone() async throws {
        let worker = try NeuralFixtures.echoWorker(arguments: ["--fault-on-text", "GIFTPILZ"])
        defer { worker.shutdown() }
        try await worker.start()
        let innocent = (0..<30).map { "Harmloser Satz Nummer \($0)." }
        let outcomes = try await withThrowingTaskGroup(of: (String, Result<String, ChildProcessError>).self) { group in
            for text in innocent + ["Ein GIFTPILZ am Weg."] {
                group.addTask {
                    do {
                        return (text, .success(try await worker.translate(text, timeout: .seconds(60))))
                    } catch let error as ChildProcessError {
                        return (text, .failure(error))
                    }
                }
            }
            var outcomes: [String: Result<String, ChildProcessError>] = [:]
            for try await (text, outcome) in group { outcomes[text] = outcome }
            return outcomes
        }
        for text in innocent {
            #expect(outcomes[text] == .success(text))
        }
        #expect(outcomes["Ein GIFTPILZ am Weg."] == .failure(.stageDied))
        // The worker serves on afterwards.
        #expect(try await worker.translate("Danach.", timeout: .seconds(30)) == "Danach.")
    }

    @Test func aTextTooLongIsRefusedAloneAndTheWorkerLivesOn() async throws {
        let worker = try NeuralFixtures.echoWorker(arguments: ["--max-text-chars", "1000"])
        defer { worker.shutdown() }
        try await worker.start()
        let pid = worker.processID
        await #expect(throws: ChildProcessError.requestRefused("text longer than 1000 characters")) {
            try await worker.translate(String(repeating: "Weg ", count: 500), timeout: .seconds(30))
        }
        // A line too long to read whole is refused by its length, still matched by its id.
        await #expect(throws: ChildProcessError.requestRefused("request longer than 4064 bytes")) {
            try await worker.translate(String(repeating: "Weg ", count: 2000), timeout: .seconds(30))
        }
        #expect(try await worker.translate("Kurz.", timeout: .seconds(30)) == "Kurz.")
        #expect(worker.processID == pid)
    }

    @Test func aPackageThatDoesNotLoadFailsAtOnceWithTheReason() async throws {
        let worker = NeuralWorker(package: "/nonexistent/package", runtime: NeuralFixtures.runtime)
        defer { worker.shutdown() }
        do {
            _ = try await worker.translate("Hallo.", timeout: .seconds(30))
            Issue.record("a package that does not exist translated")
        } catch ChildProcessError.workerNotReady(let reason) {
            #expect(reason.contains("sentencepiece") || reason.contains("No such file") || reason.contains("nonexistent"), "\(reason)")
        }
    }

    @Test func theWorkerExitsWhenItsInputCloses() async throws {
        // What keeps a worker from outliving an owner that was killed: its stdin closes.
        let models = try NeuralFixtures.models.get()
        let log = models.folder + "/eof.log"
        let running = try Subprocess.start([NeuralFixtures.runtime.python, NeuralFixtures.runtime.script,
                                            models.echo], outputPath: log, errorPath: log + ".err")
        running.write("{\"id\": 1, \"text\": \"Hallo.\"}\n")
        close(running.input)
        let deadline = ContinuousClock.now + .seconds(60)
        var status: Int32 = 0
        var reaped: pid_t = 0
        while reaped == 0 && ContinuousClock.now < deadline {
            reaped = waitpid(running.pid, &status, WNOHANG)
            if reaped == 0 { try await Task.sleep(for: .milliseconds(50)) }
        }
        if reaped == 0 { kill(running.pid, SIGKILL); _ = waitpid(running.pid, &status, 0) }
        #expect(reaped == running.pid && status == 0, "exited by itself with status 0")
        let output = try String(contentsOfFile: log, encoding: .utf8)
        #expect(output.contains("\"ready\": true") && output.contains("{\"id\": 1, \"text\": \"Hallo.\", \"error\": null}"), "\(output)")
    }

    @Test func noProcessIsLeftAfterShutdown() async throws {
        let worker = try NeuralFixtures.echoWorker()
        try await worker.start()
        let pid = try #require(worker.processID)
        #expect(!NeuralFixtures.isGone(pid))
        worker.shutdown()
        #expect(await NeuralFixtures.waitUntilGone(pid))
        await #expect(throws: ChildProcessError.shutDown) { try await worker.translate("Noch da?", timeout: .seconds(5)) }
    }
}
