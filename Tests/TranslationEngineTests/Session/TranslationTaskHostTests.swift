import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// `TranslationTaskHost` behaves as SwiftUI's `.translationTask(_:action:)` is documented to:
/// the action runs when the configuration is set non-nil or changes (`invalidate()` included),
/// a change cancels the run still going (its task and its session), nil runs nothing.
/// Sessions are real ones over make test's pairs, each host with a pool of its own.
@Suite struct TranslationTaskHostTests {
    static let pairs = InstalledPairs.scan(roots: [PipelineFixtures.pairsRoot])
    static let spanishToEnglish = TranslationSession.Configuration(sourceTag: "es", targetTag: "en")

    /// A host whose sessions are over the test pairs and `pool`.
    @MainActor
    static func host(pool: PipelinePool = PipelinePool(), action: @escaping TranslationTaskHost.Action) -> TranslationTaskHost {
        TranslationTaskHost(makeSession: { configuration in
            TranslationSession(sourceTag: configuration.sourceTag, targetTag: configuration.targetTag, pairs: pairs, pool: pool)
        }, action: action)
    }

    /// Waits until the running task is cancelled (bounded, so a run nobody cancels fails the
    /// test instead of hanging it); returns whether it was.
    static func sleepUntilCancelled() async -> Bool {
        try? await Task.sleep(for: .seconds(60))
        return Task.isCancelled
    }

    /// What a translation by `session` throws, in words: "alreadyCancelled" once it is cancelled.
    static func failure(of session: TranslationSession) async -> String {
        do {
            _ = try await session.translate("Hola")
            return "translated"
        } catch TranslationError.alreadyCancelled {
            return "alreadyCancelled"
        } catch {
            return "\(error)"
        }
    }
}

/// What the actions of one host did, in order, kept on the main actor beside the host.
@MainActor
final class RunLog {
    private(set) var lines: [String] = []
    private var sessions: [ObjectIdentifier] = []
    private var waiters: [(line: String, continuation: CheckedContinuation<Void, Never>)] = []

    /// Notes a run's start with its session's languages; returns the run's number (from 0).
    func begin(_ session: TranslationSession) -> Int {
        sessions.append(ObjectIdentifier(session))
        let run = sessions.count - 1
        append("\(run) start \(session.sourceTag ?? "nil")>\(session.targetTag)")
        return run
    }

    /// How many different sessions the runs were given.
    var distinctSessions: Int { Set(sessions).count }

    func append(_ line: String) {
        lines.append(line)
        let ready = waiters.filter { $0.line == line }
        waiters.removeAll { $0.line == line }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `line` has been appended.
    func waitFor(_ line: String) async {
        guard !lines.contains(line) else { return }
        await withCheckedContinuation { waiters.append((line, $0)) }
    }
}

/// A door an action waits at, deaf to cancellation: an action that ignores being cancelled.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

@MainActor
extension TranslationTaskHostTests {
    @Test func settingAConfigurationRunsTheActionOnceWithASessionOfItsLanguages() async {
        let log = RunLog()
        // An action may be main-actor isolated, as a SwiftUI view's is, and touch its state directly.
        let host = Self.host { @MainActor session in _ = log.begin(session) }
        #expect(host.configuration == nil)
        host.configuration = Self.spanishToEnglish
        await host.waitUntilIdle()
        #expect(log.lines == ["0 start es>en"])
        #expect(host.configuration == Self.spanishToEnglish)
    }

    @Test func settingAnEqualConfigurationRunsNothing() async {
        let log = RunLog()
        let host = Self.host { session in _ = log.begin(session) }
        host.configuration = Self.spanishToEnglish
        await host.waitUntilIdle()
        host.configuration = TranslationSession.Configuration(sourceTag: "es", targetTag: "en")
        let same = host.configuration
        host.configuration = same
        await host.waitUntilIdle()
        #expect(log.lines == ["0 start es>en"])
    }

    @Test func invalidateAndOtherLanguagesRunAgainWithANewSession() async {
        let log = RunLog()
        let host = Self.host { session in _ = log.begin(session) }
        host.configuration = Self.spanishToEnglish
        await host.waitUntilIdle()
        // Mutating through the optional property is a set: the run starts again.
        host.configuration?.invalidate()
        await host.waitUntilIdle()
        host.configuration?.target = Locale.Language(identifier: "pt-BR")
        await host.waitUntilIdle()
        #expect(log.lines == ["0 start es>en", "1 start es>en", "2 start es>pt-BR"])
        #expect(log.distinctSessions == 3)
    }

    @Test func aChangeWhileRunningCancelsTheOldRunsTaskAndSession() async {
        let log = RunLog()
        let host = Self.host { session in
            let run = log.begin(session)
            guard run == 0 else { return }
            let cancelled = await Self.sleepUntilCancelled()
            log.append("0 task cancelled: \(cancelled)")
            log.append("0 session: \(await Self.failure(of: session))")
        }
        host.configuration = Self.spanishToEnglish
        await log.waitFor("0 start es>en")
        host.configuration?.invalidate()
        await host.waitUntilIdle()
        #expect(log.lines.sorted() == ["0 session: alreadyCancelled", "0 start es>en", "0 task cancelled: true", "1 start es>en"])
    }

    @Test func nilCancelsTheRunAndStartsNone() async {
        let log = RunLog()
        let host = Self.host { session in
            _ = log.begin(session)
            let cancelled = await Self.sleepUntilCancelled()
            log.append("task cancelled: \(cancelled)")
            log.append("session: \(await Self.failure(of: session))")
        }
        host.configuration = Self.spanishToEnglish
        await log.waitFor("0 start es>en")
        host.configuration = nil
        await host.waitUntilIdle()
        #expect(log.lines == ["0 start es>en", "task cancelled: true", "session: alreadyCancelled"])
        // Setting nil again, or nothing at all, runs nothing.
        host.configuration = nil
        await host.waitUntilIdle()
        #expect(log.lines.count == 3)
    }

    @Test func waitUntilIdleReturnsAtOnceWhenNothingRuns() async {
        let log = RunLog()
        let host = Self.host { session in _ = log.begin(session) }
        await host.waitUntilIdle()
        host.configuration = nil
        await host.waitUntilIdle()
        #expect(log.lines.isEmpty)
    }

    @Test func waitUntilIdleWaitsForACancelledRunThatIgnoresCancellation() async {
        let log = RunLog()
        let gate = Gate()
        let host = Self.host { session in
            _ = log.begin(session)
            await gate.wait()
            log.append("ended")
        }
        host.configuration = Self.spanishToEnglish
        await log.waitFor("0 start es>en")
        host.configuration = nil
        let waiter = Task { @MainActor in
            await host.waitUntilIdle()
            log.append("idle")
        }
        // The waiter runs up to its wait before this test goes on (the main actor takes its
        // jobs in order); the run cannot end before the gate opens.
        await Task.yield()
        #expect(!log.lines.contains("idle"))
        await gate.open()
        await waiter.value
        #expect(log.lines == ["0 start es>en", "ended", "idle"])
    }

    @Test func waitUntilIdleWaitsForRunsStartedWhileWaiting() async {
        let log = RunLog()
        let gates = [Gate(), Gate()]
        let host = Self.host { session in
            let run = log.begin(session)
            await gates[run].wait()
            log.append("\(run) ended")
        }
        host.configuration = Self.spanishToEnglish
        await log.waitFor("0 start es>en")
        let waiter = Task { @MainActor in
            await host.waitUntilIdle()
            log.append("idle")
        }
        await Task.yield()
        host.configuration?.invalidate()
        await log.waitFor("1 start es>en")
        await gates[0].open()
        await log.waitFor("0 ended")
        // Run 0 is over; the waiter, woken by it, finds run 1 still going.
        for _ in 0..<10 { await Task.yield() }
        #expect(!log.lines.contains("idle"))
        await gates[1].open()
        await waiter.value
        #expect(log.lines.last == "idle")
        #expect(log.lines.firstIndex(of: "1 ended")! < log.lines.firstIndex(of: "idle")!)
    }

    @Test func aHostThatGoesAwayCancelsItsRun() async {
        let log = RunLog()
        var host: TranslationTaskHost? = Self.host { session in
            _ = log.begin(session)
            let cancelled = await Self.sleepUntilCancelled()
            log.append("task cancelled: \(cancelled)")
            log.append("session: \(await Self.failure(of: session))")
            log.append("ended")
        }
        host?.configuration = Self.spanishToEnglish
        await log.waitFor("0 start es>en")
        weak let gone = host
        host = nil
        #expect(gone == nil, "a run does not keep its host alive")
        await log.waitFor("ended")
        #expect(log.lines == ["0 start es>en", "task cancelled: true", "session: alreadyCancelled", "ended"])
    }
}

@MainActor
extension TranslationTaskHostTests {
    /// Seed 003's `translateAll()`: the first call sets the configuration, later ones invalidate
    /// it; each run translates what the screen shows then, with the real spa-eng pipeline.
    @Test(.needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
    func aRealTranslationRunsThroughTheHost() async throws {
        let pool = PipelinePool()
        defer { Task { await pool.shutdownAll() } }
        let screen = ReviewScreen(texts: ["El camino estaba muy bien señalizado.", "La fuente tenía agua fresca."])
        let host = Self.host(pool: pool) { session in await screen.translateShown(using: session) }
        func translateAll() {
            if host.configuration == nil {
                host.configuration = .init(source: Locale.Language(identifier: "es"), target: Locale.Language(identifier: "en"))
            } else {
                host.configuration?.invalidate()
            }
        }
        translateAll()
        await host.waitUntilIdle()
        let first = try await ApertiumReference.translate(screen.texts, modes: ["spa-eng"])
        #expect(screen.translated == first)
        #expect(screen.translated.count == 2 && !screen.translated.contains(where: \.isEmpty))

        screen.texts = ["El refugio estaba cerrado.", "Llegamos cansados pero felices.", "El perro bebe agua."]
        translateAll()
        await host.waitUntilIdle()
        #expect(screen.translated == (try await ApertiumReference.translate(screen.texts, modes: ["spa-eng"])))
        #expect(screen.runs == 2)
    }
}

/// A screen of texts and their translations, as seed 003's view model holds its review.
@MainActor
final class ReviewScreen {
    var texts: [String]
    private(set) var translated: [String] = []
    private(set) var runs = 0

    init(texts: [String]) {
        self.texts = texts
    }

    func translateShown(using session: TranslationSession) async {
        runs += 1
        let requests = texts.map { TranslationSession.Request(sourceText: $0) }
        do {
            translated = try await session.translations(from: requests).map {
                $0.targetText.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        } catch {
            translated = ["failed: \(error)"]
        }
    }
}
