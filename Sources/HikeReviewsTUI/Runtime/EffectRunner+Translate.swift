import Foundation
import Synchronization
import TranslationEngine

extension EffectRunner {
    /// A task's translation as work for the runner to start under the purpose's key, as Apple's
    /// `translationTask` runs its closure: a translator made from the task's configuration, and
    /// the closure that consumes its results. Only built here: `run(_:)` starts it, so the work
    /// goes from the effect to its task without a step between (starting a key cancels the one
    /// in flight, an older configuration's). The reducer emits the effect when the configuration
    /// changed or the screen asks anew, so an equal configuration runs again too.
    /// Inline translation: results stream back as actions as each review is done. Nil: nothing
    /// to start (an overlay without its review).
    func translation(of task: TranslationTask) -> (translator: BatchTranslator, work: @Sendable () async -> Void)? {
        let translator = BatchTranslator(configuration: task.configuration, in: engine, consent: consent, manager: manager, memory: memory,
                                         glossary: keeping(task.places))
        if case .overlay = task.purpose { return overlayTranslation(of: task, with: translator).map { (translator, $0) } }
        let tag = task.id
        let queue = self.queue
        let manager = self.manager
        let texts = task.jobs.map { BatchTranslator.Text($0.text, id: $0.reviewID, source: $0.source) }
        return (translator, {
            // This task is the batch's consumer: the translator works in it and each result
            // goes to the queue as it comes. A review no offline route reaches waits for the
            // public index's note, looked up once per language when the batch is done.
            let unreached = UnreachedReviews()
            await translator.translate(texts) { result in
                guard !Task.isCancelled, let id = result.text.id else { return }
                switch result.outcome {
                case .translated(let response):
                    queue.send(.translationArrived(task: tag, reviewID: id, text: response.targetText, route: response.route,
                                                   unknownWords: response.unknownWords, engines: response.legs.map(\.engine),
                                                   remembered: response.isRemembered))
                case .failed(let error):
                    let failure = TranslationFailure(error, source: result.text.source ?? "und")
                    if case .noRoute(let source, _) = failure {
                        unreached.reviews.withLock { $0.append((id, source)) }
                    } else {
                        queue.send(.translationFailed(task: tag, reviewIDs: [id], failure: failure))
                    }
                case .unchanged:
                    // The reducer sends only reviews in another language than the target.
                    break
                }
            }
            var notes: [String: PublicIndexNote?] = [:]
            for (id, source) in unreached.reviews.withLock({ $0 }) {
                if Task.isCancelled { return }
                if notes[source] == nil { notes[source] = .some(await Self.publicIndexNote(from: source, manager: manager)) }
                queue.send(.translationFailed(task: tag, reviewIDs: [id], failure: .noRoute(source: source, index: notes[source] ?? nil)))
            }
        })
    }

    /// The overlay's one review as work for the runner's task; nil when it has none.
    private func overlayTranslation(of task: TranslationTask, with translator: BatchTranslator) -> (@Sendable () async -> Void)? {
        let tag = task.id
        let queue = self.queue
        let manager = self.manager
        guard let job = task.jobs.first else { return nil }
        return {
            let outcome = await translator.translate(job.text, source: job.source)
            if Task.isCancelled { return }
            switch outcome {
            case .translated(let response):
                queue.send(.overlayTranslated(task: tag, status: .done(text: response.targetText, route: response.route, unknownWords: response.unknownWords,
                                                                       engines: response.legs.map(\.engine), remembered: response.isRemembered)))
            case .failed(let error):
                var failure = TranslationFailure(error, source: job.source)
                if case .noRoute(let source, _) = failure {
                    failure = .noRoute(source: source, index: await Self.publicIndexNote(from: source, manager: manager))
                }
                queue.send(.overlayTranslated(task: tag, status: failure.status))
            case .unchanged:
                queue.send(.overlayTranslated(task: tag, status: .done(text: job.text, route: [job.source], unknownWords: [], engines: [],
                                                                       remembered: false)))
            }
        }
    }

    /// What the public Argos index could have offered for `source`, which no offline route
    /// reaches, when the index did not answer at its last fetch or is not asked (offline); nil
    /// when it answered or there is none. "Listed" is read from its last fetched copy.
    static func publicIndexNote(from source: String, manager: PackManager) async -> PublicIndexNote? {
        guard let index = manager.publicIndexURL else { return nil }
        if !manager.offline {
            guard await manager.unreachableRepositories().contains(where: { $0.url == index }) else { return nil }
        }
        let listed = manager.catalog().repository?.packs.contains { entry in
            entry.repository == index && entry.directions.contains { LanguageNames.sameLanguage($0.source, source) }
        } ?? false
        return PublicIndexNote(listsLanguage: listed, offline: manager.offline)
    }

    /// What the translation memory holds for the reviews, sent back in one action (one frame
    /// shows them all). Reads only: no consent, no download, no pipeline; nothing comes back
    /// when the memory is off or holds none of them.
    func recall(_ task: RecallTask) {
        guard memory != nil else { return }
        let queue = self.queue
        let translator = BatchTranslator(to: task.target, in: engine, consent: nil, manager: manager, memory: memory,
                                         glossary: keeping(task.places))
        let texts = task.jobs.map { BatchTranslator.Text($0.text, id: $0.reviewID, source: $0.source) }
        start(.recall) {
            let found = await translator.remembered(texts).compactMap { result -> RecalledTranslation? in
                guard let id = result.text.id, case .translated(let response) = result.outcome else { return nil }
                return RecalledTranslation(reviewID: id, text: response.targetText, route: response.route,
                                           unknownWords: response.unknownWords, engines: response.legs.map(\.engine))
            }
            guard !found.isEmpty, !Task.isCancelled else { return }
            queue.send(.recalled(route: task.route, target: task.target, found))
        }
    }

    /// The choices of a target picker: every language some route reaches, with its status
    /// from `source` (installed, supported); for the identify picker, every source language.
    func loadTargetChoices(purpose: PickerPurpose, source: String?) {
        let queue = self.queue
        let manager = self.manager
        start(.targetChoices) {
            let availability = LanguageAvailability(catalog: manager.catalog())
            let tags = availability.supportedLanguageTags
            var choices: [LanguageChoice] = []
            for tag in tags {
                var note: String?
                let identifying: Bool
                if case .identify = purpose { identifying = true } else { identifying = false }
                if let source, !identifying {
                    switch availability.catalogStatus(fromTag: source, toTag: tag) {
                    case .installed: note = "installed"
                    case .supported: note = "download"
                    case .unsupported: note = "-"
                    }
                }
                choices.append(LanguageChoice(tag: tag, name: LanguageNames.name(of: tag), count: 0, note: note ?? ""))
            }
            choices.sort { ($0.note == "-" ? 1 : 0, $0.name) < ($1.note == "-" ? 1 : 0, $1.name) }
            // A newer request (the picker closed and opened again) replaced this one.
            guard !Task.isCancelled else { return }
            queue.send(.targetChoicesLoaded(purpose: purpose, choices: choices))
        }
    }

    func loadPacks() {
        let queue = self.queue
        let manager = self.manager
        start(.packList) {
            let (packs, problem) = await manager.listing()
            let rows = packs.map {
                PackRow(id: $0.id, title: $0.title, status: $0.status, size: $0.size,
                        directions: $0.directions.map { $0.joined(separator: ">") }, entry: $0.entry, engine: $0.engine,
                        unreachable: $0.unreachable)
            }
            // The public index alone failing is no error: the line says where its packs are listed from.
            let publicProblem = await manager.unreachableRepositories().first { $0.url == manager.publicIndexURL }
            let note = publicProblem.map { problem in
                let age = PackRepository.indexAge(of: problem.url, in: manager.store).map { "its copy of \(PackRepository.describeAge($0))" }
                let cause = if case .offline = problem.reason { "offline" } else { "Argos index unreachable" }
                return "\(cause): Argos packs listed from \(age ?? "no copy (none fetched yet)")"
            }
            queue.send(.packsLoaded(rows, message: problem.map { HostAdvice.text($0, in: .app) } ?? note))
        }
    }

    /// The packs screen's install question, once the servers said the sizes the repository did not.
    func askToInstall(_ entries: [PackIndex.Entry]) {
        let queue = self.queue
        let manager = self.manager
        start(.installQuestion) {
            let sized = await manager.withSizes(entries)
            let title = sized.map(\.title).joined(separator: ", ")
            queue.send(.installQuestionReady(ConsentRequest(reason: "Install \(title)", packs: sized, repository: nil)))
        }
    }

    /// Reads every repository once at start (only when the public index is among them and the
    /// network is allowed), so the status line can say at once that it does not answer.
    func checkRepositories() {
        guard let publicIndex = manager.publicIndexURL, !manager.offline else { return }
        let queue = self.queue
        let manager = self.manager
        start(.repositoryCheck) {
            let problems = await manager.checkRepositories()
            guard !Task.isCancelled, problems.contains(where: { $0.url == publicIndex }) else { return }
            queue.send(.repositoryUnreachable(RepositoryOutage(repository: publicIndex.absoluteString, isPublicIndex: true,
                                                               origin: PackIndex.origin(of: publicIndex))))
        }
    }

    func installPacks(_ ids: [String]) {
        let queue = self.queue
        let manager = self.manager
        start(.install(ids)) {
            do {
                try await manager.download(ids)
                queue.send(.packsChanged(message: "installed \(ids.joined(separator: ", "))"))
            } catch {
                // The event stream reports the failure; a cancel is the user's own.
                queue.send(.packsChanged(message: nil))
            }
        }
    }

    func removePack(_ id: String) {
        let queue = self.queue
        let manager = self.manager
        let memory = self.memory
        start(.removal(id)) {
            do {
                try await manager.remove([id])
                // What the memory remembered through it goes with it.
                await memory?.removeEntries(ofPacks: [id])
                queue.send(.packsChanged(message: "removed \(id)"))
            } catch {
                queue.send(.packsChanged(message: HostAdvice.text(error, in: .app)))
            }
        }
    }

    /// Progress, success and failure of every download, as actions.
    func forwardDownloadEvents() {
        let queue = self.queue
        let events = manager.events()
        let clock = ContinuousClock()
        let began = clock.now
        start(.downloadEvents) {
            for await event in events {
                let elapsed = clock.now - began
                let seconds = elapsed / .seconds(1)
                switch event {
                case .progress(let id, let bytes, let total): queue.send(.downloadProgressed(packID: id, bytes: bytes, total: total, time: seconds))
                case .stalled(let id, let idle): queue.send(.downloadStalled(packID: id, seconds: Int(idle.components.seconds)))
                case .succeeded(let id): queue.send(.downloadFinished(packID: id))
                case .failed(let id, let reason):
                    if reason != .cancelled { queue.send(.downloadFailed(packID: id, message: EngineErrorText.message(reason))) }
                }
            }
        }
    }
}

/// The reviews of a batch that no offline route reaches, with their language, kept while the
/// batch runs: their failure waits for the public index's note, which is looked up after it.
private final class UnreachedReviews: Sendable {
    let reviews = Mutex<[(reviewID: String, source: String)]>([])
}
