import Foundation
import ReviewModel
import TranslationEngine

/// Carries out effects; results come back as actions through the queue.
///
/// The runner owns every task it starts, one per `Key` (what the work is for), in one registry:
/// starting a key again cancels the task the key had (it stays, keyless, until it ends), and a
/// task that ends removes itself. So nothing it started outlives the runner's knowledge of it,
/// and `cancelAll()` reaches everything, translations and the downloads they started included.
actor EffectRunner {
    /// What a task is for; at most one task runs per key.
    enum Key: Hashable, Sendable {
        case detection
        case translation(TranslationTask.Purpose)
        /// The route screen's look in the translation memory (a newer one replaces it).
        case recall
        case targetChoices
        case packList
        case installQuestion
        case repositoryCheck
        case install([String])
        case removal(String)
        case downloadEvents
    }

    /// A task the runner started, until it ends: its key (nil once cancelled or replaced), and
    /// the translators it holds, kept after a cancel since a download they started outlives a
    /// cancelled translation and `.cancelDownloads` must reach it.
    private struct Running {
        var key: Key?
        var task: Task<Void, Never>
        var translators: [BatchTranslator]
    }

    nonisolated let queue: ActionQueue
    private let index: ReviewLanguageIndex
    /// The engine every session of the runner runs on.
    nonisolated let engine: Engine
    nonisolated let manager: PackManager
    nonisolated let consent: TerminalConsent
    /// The translation memory every session of the runner uses; nil translates afresh.
    nonisolated let memory: TranslationMemory?
    /// Every task started and not ended, by generation: the runner's one registry.
    private var tasks: [Int: Running] = [:]
    private var generation = 0
    /// The configuration each purpose's translation was last started with, until the screen
    /// is left (for tests: the results carry it to the reducer).
    var configurations: [TranslationTask.Purpose: TranslationSession.Configuration] = [:]

    /// A runner on `engine` (its memory; its packs unless `manager` names others, as tests do).
    init(queue: ActionQueue, detector: some LanguageDetecting, engine: Engine, manager: PackManager? = nil) {
        let manager = manager ?? engine.packs
        self.queue = queue
        self.engine = engine
        self.memory = engine.memory
        // Detection leaves one processor to the main loop, so keys are answered while it runs.
        self.index = ReviewLanguageIndex(detector: detector, parallelism: ProcessInfo.processInfo.activeProcessorCount - 1)
        self.manager = manager
        self.consent = TerminalConsent(queue: queue, manager: manager)
    }

    /// The keys with a task under way (for tests: finished tasks are gone).
    var runningKeys: Set<Key> { Set(tasks.values.compactMap(\.key)) }
    /// How many tasks still hold translators (for tests: those of ended tasks are let go).
    var sessionHolders: Int { tasks.values.count { !$0.translators.isEmpty } }

    func run(_ effects: [Effect]) async {
        // Download events are forwarded from the first effect on, for as long as the runner lives.
        if !runningKeys.contains(.downloadEvents) { forwardDownloadEvents() }
        for effect in effects {
            switch effect {
            case .detectLanguages(let reviews):
                detect(reviews)
            case .translate(let task):
                configurations[task.purpose] = task.configuration
                if let (translator, work) = translation(of: task) {
                    start(.translation(task.purpose), translators: [translator], work)
                }
            case .recall(let task):
                recall(task)
            case .answerConsent(let id, let answer):
                consent.answer(id, answer)
            case .cancelDownloads:
                // A download belongs to the session that asked for it (or to the packs screen).
                cancelTranslators()
                for key in runningKeys {
                    if case .install = key { cancel(key) }
                }
                cancel(.downloadEvents)
                forwardDownloadEvents()
            case .cancelTranslations:
                configurations.removeAll()
                for key in runningKeys {
                    if case .translation = key { cancel(key) }
                }
            case .loadTargetChoices(let purpose, let source):
                loadTargetChoices(purpose: purpose, source: source)
            case .loadPacks:
                loadPacks()
            case .askToInstall(let entries):
                askToInstall(entries)
            case .checkRepositories:
                checkRepositories()
            case .installPacks(let ids):
                installPacks(ids)
            case .removePack(let id):
                removePack(id)
            }
        }
    }

    /// Cancels all running work and every download (on quit); open consent requests are declined.
    func cancelAll() async {
        configurations.removeAll()
        for key in runningKeys { cancel(key) }
        cancelTranslators()
        consent.declineAll()
    }

    /// Starts `work` as the task of `key`, cancelling the task the key had (a download its
    /// translators started goes on: the user approved it).
    @discardableResult
    func start(_ key: Key, translators: [BatchTranslator] = [], priority: TaskPriority = .userInitiated,
               _ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        cancel(key)
        generation += 1
        let generation = self.generation
        // The task runs `work` off the actor, then comes back to it to remove itself; it cannot
        // do so before it is recorded below, since that needs the actor this call holds.
        let task = Task(priority: priority) {
            await work()
            self.finished(generation)
        }
        tasks[generation] = Running(key: key, task: task, translators: translators)
        return task
    }

    /// Cancels the task of `key`; it stays in the registry, without its key, until it ends.
    private func cancel(_ key: Key) {
        guard let (generation, running) = tasks.first(where: { $0.value.key == key }) else { return }
        running.task.cancel()
        tasks[generation]?.key = nil
    }

    /// Cancels every download the translators of the tasks not ended started.
    private func cancelTranslators() {
        for translator in tasks.values.flatMap(\.translators) { translator.cancel() }
    }

    /// A task ended: forget it and its translators.
    private func finished(_ generation: Int) {
        tasks[generation] = nil
    }

    /// Detects in slices, off the main actor, so the screen fills in while the rest is still
    /// being read; each slice yields before the next, and the reducer's cost per slice is the
    /// slice's size, so the main loop is never held.
    private func detect(_ reviews: [Review]) {
        let queue = self.queue
        let index = self.index
        start(.detection, priority: .utility) {
            let batchSize = 256
            var done = 0
            for start in stride(from: 0, to: reviews.count, by: batchSize) {
                if Task.isCancelled { return }
                let batch = Array(reviews[start..<min(start + batchSize, reviews.count)])
                let found = await index.detectAll(batch)
                done += batch.count
                queue.send(.languagesDetected(found, done: done, total: reviews.count))
                await Task.yield()
            }
        }
    }
}

/// TranslationEngine's recognizer, as the detector ReviewModel's language index expects.
struct RecognizerDetector: LanguageDetecting {
    var recognizer = HostEnvironment.recognizer

    func detectLanguage(of text: String) -> String {
        recognizer.recognize(text).tag
    }
}
