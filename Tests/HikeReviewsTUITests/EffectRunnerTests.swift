import Foundation
import TestSupport
import Synchronization
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// The effect runner's tasks: one per key, the older one cancelled, a finished one forgotten.
@Suite struct EffectRunnerTests {
    static func runner() -> EffectRunner {
        let store = Scratch.root.appendingPathComponent("runner-store-\(UUID().uuidString)").path
        let manager = PackManager(store: PackStore(root: store), repositoryURL: URL(fileURLWithPath: store + "/index.json"), offline: true)
        return EffectRunner(queue: ActionQueue(), detector: RecognizerDetector(), engine: .testRunner, manager: manager)
    }

    /// Waits until the runner's keys are `expected` (a minute at most, a safety net); returns
    /// the last seen.
    static func keys(of runner: EffectRunner, becoming expected: Set<EffectRunner.Key>) async throws -> Set<EffectRunner.Key> {
        let deadline = ContinuousClock.now + .seconds(60)
        var keys = await runner.runningKeys
        while keys != expected && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            keys = await runner.runningKeys
        }
        return keys
    }
}

extension EffectRunnerTests {
    @Test(.timeLimit(.minutes(5)))
    func startingAKeyAgainCancelsTheOlderTaskAndFinishedTasksRemoveThemselves() async throws {
        let runner = Self.runner()
        let (cancelled, report) = AsyncStream.makeStream(of: String.self)
        let key = EffectRunner.Key.translation(.route(0))
        await runner.start(key) {
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            report.yield("first cancelled")
        }
        await runner.start(.translation(.overlay(reviewID: "r1"))) {
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            report.yield("overlay cancelled")
        }
        #expect(await runner.runningKeys == [key, .translation(.overlay(reviewID: "r1"))])
        // The same key again: the first task is cancelled, the other key's goes on.
        await runner.start(key) {}
        var reports = cancelled.makeAsyncIterator()
        #expect(await reports.next() == "first cancelled")
        #expect(try await Self.keys(of: runner, becoming: [.translation(.overlay(reviewID: "r1"))]) == [.translation(.overlay(reviewID: "r1"))],
                "the second task of the key finished and removed itself")
        // Leaving the screen cancels every translation.
        await runner.run([.cancelTranslations])
        #expect(await reports.next() == "overlay cancelled")
        #expect(try await Self.keys(of: runner, becoming: [.downloadEvents]) == [.downloadEvents])
        await runner.cancelAll()
        #expect(await runner.runningKeys.isEmpty)
    }

    @Test(.timeLimit(.minutes(5)))
    func aCancelledTranslationKeepsItsTranslatorsUntilItEnds() async throws {
        let runner = Self.runner()
        let translator = BatchTranslator(to: "en", in: runner.engine, consent: runner.consent, manager: runner.manager, memory: nil)
        let released = Atomic<Bool>(false)
        // Like a task waiting for the user's consent: it does not end on cancellation.
        await runner.start(.translation(.route(1)), translators: [translator]) {
            while !released.load(ordering: .relaxed) { usleep(1_000) }
        }
        await runner.run([.cancelTranslations])
        #expect(await runner.runningKeys == [.downloadEvents])
        #expect(await runner.sessionHolders == 1, "a download it started can still be cancelled with c")
        released.store(true, ordering: .relaxed)
        let deadline = ContinuousClock.now + .seconds(60)
        while await runner.sessionHolders > 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await runner.sessionHolders == 0, "an ended task lets its sessions go")
        await runner.cancelAll()
    }
}

extension EffectRunnerTests {
    /// The reducer's configuration is the trigger: a `.translate` effect starts a translator
    /// made from it under its purpose's key; an invalidated configuration runs again (results
    /// carry it); leaving the screen forgets the configurations.
    @Test(.timeLimit(.minutes(5)))
    func translationsRunUnderTheirPurposesKeyWithTheirConfiguration() async throws {
        let runner = Self.runner()
        let job = TranslationJob(reviewID: "r1", text: "El perro bebe agua en la fuente del pueblo.", source: "es")
        let first = TranslationTask(purpose: .route(0), configuration: .init(sourceTag: nil, targetTag: "en"), jobs: [job])
        await runner.run([.translate(first)])
        #expect(await runner.configurations[.route(0)] == first.configuration)

        var invalidated = first.configuration
        invalidated.invalidate()
        let second = TranslationTask(purpose: .route(0), configuration: invalidated, jobs: [job])
        await runner.run([.translate(second)])
        #expect(await runner.configurations[.route(0)] == invalidated)
        // The offline runner has no packs: the review fails, reported for the run of the
        // invalidated configuration.
        var failedFor: [TranslationSession.Configuration] = []
        while !failedFor.contains(invalidated) {
            for action in runner.queue.drain() {
                if case .translationFailed(let task, _, _) = action { failedFor.append(task.configuration) }
            }
            if !failedFor.contains(invalidated) { try await Task.sleep(for: .milliseconds(10)) }
        }
        await runner.run([.cancelTranslations])
        #expect(await runner.configurations[.route(0)] == nil)
        await runner.cancelAll()
    }
}
