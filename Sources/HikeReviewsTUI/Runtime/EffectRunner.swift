import Synchronization
import ReviewModel
import TranslationEngine

/// Carries out effects on background tasks it owns; results come back as actions.
final class EffectRunner: Sendable {
    let queue: ActionQueue
    private let index: ReviewLanguageIndex
    let tasks = TaskBag()
    let translationTasks = TaskBag()
    let downloadTasks = TaskBag()
    let sessions = SessionBag()
    let manager: PackManager
    let consent: TerminalConsent

    init(queue: ActionQueue, detector: some LanguageDetecting, manager: PackManager = PackManager()) {
        self.queue = queue
        self.index = ReviewLanguageIndex(detector: detector)
        self.manager = manager
        self.consent = TerminalConsent(queue: queue, manager: manager)
        forwardDownloadEvents()
    }

    func run(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .detectLanguages(let reviews):
                detect(reviews)
            case .translate(let task):
                if case .overlay = task.purpose { translateForOverlay(task) } else { translate(task) }
            case .answerConsent(let id, let answer):
                consent.answer(id, answer)
            case .cancelDownloads:
                // A download belongs to the session that asked for it (or to the packs screen).
                sessions.cancelAll()
                downloadTasks.cancelAll()
                forwardDownloadEvents()
            case .cancelTranslations:
                translationTasks.cancelAll()
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

    /// Cancels all running work (on quit); open consent requests are declined.
    func cancelAll() {
        tasks.cancelAll()
        translationTasks.cancelAll()
        downloadTasks.cancelAll()
        sessions.cancelAll()
        consent.declineAll()
    }

    /// Detects in batches so the screen fills in while the rest is still being read.
    private func detect(_ reviews: [Review]) {
        let queue = self.queue
        let index = self.index
        tasks.add(Task.detached(priority: .userInitiated) {
            let batchSize = 256
            var done = 0
            for start in stride(from: 0, to: reviews.count, by: batchSize) {
                if Task.isCancelled { return }
                let batch = Array(reviews[start..<min(start + batchSize, reviews.count)])
                let found = await index.detectAll(batch)
                done += batch.count
                queue.send(.languagesDetected(found, done: done, total: reviews.count))
            }
        })
    }
}

/// The tasks an effect runner started, so they can be cancelled together.
final class TaskBag: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    func add(_ task: Task<Void, Never>) {
        tasks.withLock { $0.append(task) }
    }

    func cancelAll() {
        tasks.withLock { tasks in
            tasks.forEach { $0.cancel() }
            tasks.removeAll()
        }
    }
}

/// The translation sessions the runner made, so a cancel reaches their downloads too.
final class SessionBag: Sendable {
    private let sessions = Mutex<[TranslationSession]>([])

    func add(_ session: TranslationSession) {
        sessions.withLock { $0.append(session) }
    }

    func cancelAll() {
        let all = sessions.withLock { sessions in
            defer { sessions.removeAll() }
            return sessions
        }
        for session in all { session.cancel() }
    }
}

/// TranslationEngine's recognizer, as the detector ReviewModel's language index expects.
struct RecognizerDetector: LanguageDetecting {
    let recognizer = LanguageRecognizer()

    func detectLanguage(of text: String) -> String {
        recognizer.recognize(text).tag
    }
}
