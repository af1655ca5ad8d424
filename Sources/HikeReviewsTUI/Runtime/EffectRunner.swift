import Synchronization
import ReviewModel
import TranslationEngine

/// Carries out effects on background tasks it owns; results come back as actions.
final class EffectRunner: Sendable {
    private let queue: ActionQueue
    private let index: ReviewLanguageIndex
    private let tasks = TaskBag()

    init(queue: ActionQueue, detector: some LanguageDetecting) {
        self.queue = queue
        self.index = ReviewLanguageIndex(detector: detector)
    }

    func run(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .detectLanguages(let reviews):
                detect(reviews)
            }
        }
    }

    /// Cancels all running work (on quit).
    func cancelAll() {
        tasks.cancelAll()
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

/// TranslationEngine's recognizer, as the detector ReviewModel's language index expects.
struct RecognizerDetector: LanguageDetecting {
    let recognizer = LanguageRecognizer()

    func detectLanguage(of text: String) -> String {
        recognizer.recognize(text).tag
    }
}
