import Foundation
import TranslationEngine

extension EffectRunner {
    /// Inline translation: one session per source language, so a route filtered to "All" is
    /// translated group by group, each from its own language; results stream back as actions.
    func translate(_ task: TranslationTask) {
        let tag = task.id, target = task.target
        let groups = Dictionary(grouping: task.jobs, by: \.source).sorted { $0.key < $1.key }
        let catalog = manager.catalog()
        let sessions = groups.map { TranslationSession(sourceTag: $0.key, targetTag: target, catalog: catalog, consent: consent, manager: manager,
                                                        memory: memory, in: engine) }
        let queue = self.queue
        start(.translation(task.purpose), sessions: sessions) {
            // One child per source language; cancelling the task cancels them all.
            await withTaskGroup(of: Void.self) { children in
                for (session, (source, group)) in zip(sessions, groups) {
                    children.addTask {
                        await Self.translate(group, from: source, with: session, for: tag, into: queue)
                    }
                }
            }
        }
    }

    /// One source language's reviews, streamed back as they come.
    private static func translate(_ group: [TranslationJob], from source: String, with session: TranslationSession,
                                  for tag: TranslationTask.ID, into queue: ActionQueue) async {
        let ids = group.map(\.reviewID)
        do {
            // Checks the route and asks for packs once for the whole group (with a memory, the
            // pipelines wait for the first review it does not know).
            try await session.prepareTranslation()
        } catch {
            if Task.isCancelled { return }
            queue.send(.translationFailed(task: tag, reviewIDs: ids, failure: TranslationFailure(error, source: source)))
            return
        }
        var done: Set<String> = []
        do {
            let requests = group.map { TranslationSession.Request(sourceText: $0.text, clientIdentifier: $0.reviewID) }
            for try await response in session.translate(batch: requests) {
                guard let id = response.clientIdentifier else { continue }
                done.insert(id)
                queue.send(.translationArrived(task: tag, reviewID: id, text: response.targetText,
                                               route: response.route, unknownWords: response.unknownWords,
                                               engines: response.legs.map(\.engine), remembered: response.isRemembered))
            }
        } catch {
            if Task.isCancelled { return }
            queue.send(.translationFailed(task: tag, reviewIDs: ids.filter { !done.contains($0) }, failure: TranslationFailure(error, source: source)))
        }
    }

    func translateForOverlay(_ task: TranslationTask) {
        guard let job = task.jobs.first else { return }
        let tag = task.id, target = task.target
        let session = TranslationSession(sourceTag: job.source, targetTag: target, consent: consent, manager: manager, memory: memory, in: engine)
        let queue = self.queue
        start(.translation(task.purpose), sessions: [session]) {
            do {
                let response = try await session.translate(job.text)
                queue.send(.overlayTranslated(task: tag, status: .done(text: response.targetText, route: response.route, unknownWords: response.unknownWords,
                                                                       engines: response.legs.map(\.engine), remembered: response.isRemembered)))
            } catch {
                if Task.isCancelled { return }
                queue.send(.overlayTranslated(task: tag, status: TranslationFailure(error, source: job.source).status))
            }
        }
    }

    /// What the translation memory holds for the reviews, sent back in one action (one frame
    /// shows them all). Reads only: no consent, no download, no pipeline; nothing comes back
    /// when the memory is off or holds none of them.
    func recall(_ task: RecallTask) {
        guard let memory else { return }
        let queue = self.queue
        let manager = self.manager
        let engine = self.engine
        start(.recall) {
            let catalog = manager.catalog()
            var found: [RecalledTranslation] = []
            for (source, jobs) in Dictionary(grouping: task.jobs, by: \.source).sorted(by: { $0.key < $1.key }) {
                if Task.isCancelled { return }
                let session = TranslationSession(sourceTag: source, targetTag: task.target, catalog: catalog, consent: nil, manager: nil,
                                                 memory: memory, in: engine)
                let requests = jobs.map { TranslationSession.Request(sourceText: $0.text, clientIdentifier: $0.reviewID) }
                for case let response? in await session.rememberedTranslations(for: requests) {
                    guard let id = response.clientIdentifier else { continue }
                    found.append(RecalledTranslation(reviewID: id, text: response.targetText, route: response.route,
                                                     unknownWords: response.unknownWords, engines: response.legs.map(\.engine)))
                }
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
