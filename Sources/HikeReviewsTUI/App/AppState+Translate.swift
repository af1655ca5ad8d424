import Foundation
import ReviewModel
import TranslationEngine

extension AppState {
    /// Applies the actions that translation, consent and downloads produce.
    mutating func reduceTranslation(_ action: Action) -> [Effect] {
        switch action {
        case .translationArrived(let task, let reviewID, let text, let route, let unknownWords, let engines, let remembered):
            guard isCurrent(task), let current = translations[reviewID] else { return [] }
            translations[reviewID] = ReviewTranslation(target: current.target, status: .done(text: text, route: route, unknownWords: unknownWords,
                                                                                             engines: engines, remembered: remembered))
            revealSelection()
        case .recalled(let route, let target, let found):
            applyRecalled(found, route: route, target: target)
        case .memoryWarning(let message):
            statusMessage = message
        case .translationFailed(let task, let reviewIDs, let failure):
            guard isCurrent(task) else { return [] }
            let status: TranslationStatus
            switch failure {
            case .noRoute(let source, let index):
                status = .noRoute(source: source, index: index)
                notice = "No offline translation from \(LanguageNames.name(of: source)) into \(LanguageNames.name(of: targetLanguage)) (\(reviewIDs.count) review\(reviewIDs.count == 1 ? "" : "s"))"
            case .needsPack(let packs): status = packStatus(packs)
            case .failed(let message): status = .failed(message)
            }
            for id in reviewIDs {
                guard let current = translations[id] else { continue }
                translations[id] = ReviewTranslation(target: current.target, status: status)
            }
            revealSelection()
        case .overlayTranslated(let task, let status):
            guard let index = modals.lastIndex(where: { if case .overlay = $0 { return true } else { return false } }),
                  case .overlay(var overlay) = modals[index], overlay.taskID == task else { return [] }
            if case .needsPack(let packs) = status { overlay.status = packStatus(packs) } else { overlay.status = status }
            modals[index] = .overlay(overlay)
        case .consentRequested(let id, let request):
            if let index = modals.lastIndex(where: { if case .consent(let open) = $0 { return !open.requestIDs.isEmpty } else { return false } }),
               case .consent(var open) = modals[index] {
                open.merge(id: id, request)
                modals[index] = .consent(open)
            } else {
                modals.append(.consent(ConsentDialogState(requestID: id, request: request)))
            }
        case .downloadProgressed(let packID, let bytes, let total, let time):
            var state = download ?? DownloadState(packIDs: [packID])
            if !state.packIDs.contains(packID) { state.packIDs.append(packID) }
            state.bytes[packID] = bytes
            state.totals[packID] = total
            state.stalled[packID] = nil
            if state.startedAt == nil { state.startedAt = time }
            state.now = time
            download = state
        case .downloadStalled(let packID, let seconds):
            guard var state = download, state.packIDs.contains(packID) else { return [] }
            state.stalled[packID] = seconds
            download = state
        case .downloadFinished(let packID):
            guard var state = download else { return [] }
            state.bytes[packID] = state.totals[packID] ?? state.bytes[packID]
            state.stalled[packID] = nil
            state.packIDs.removeAll { $0 == packID }
            download = state.packIDs.isEmpty ? nil : state
            if download == nil {
                modals.removeAll { $0 == .progress }
                if let route = state.translateRoute, detail?.routeIndex == route { return translateShownAgain() }
            }
            if case .packs = screens.last { return [.loadPacks] }
        case .downloadFailed(let packID, let message):
            // Retry fetches the failed pack and those that were to follow it, without asking again.
            var retry = DownloadState(packIDs: download?.packIDs ?? [])
            if !retry.packIDs.contains(packID) { retry.packIDs.insert(packID, at: 0) }
            retry.totals = download?.totals ?? [:]
            retry.translateRoute = detail?.routeIndex
            download = nil
            modals.removeAll { $0 == .progress }
            let shown = message.hasPrefix(packID + ":") ? message : "\(packID): \(message)"
            modals.append(.error(ErrorDialogState(title: "Download failed", message: shown, retry: retry)))
        case .targetChoicesLoaded(let purpose, let choices):
            guard case .identify(let ids) = purpose else {
                fillAwaitingPicker(purpose, with: choices)
                return []
            }
            var picker = LanguagePickerState(choices: choices, purpose: purpose)
            picker.title = "Which language \(ids.count == 1 ? "is this review" : "are these \(ids.count) reviews") in?"
            modals.append(.languagePicker(picker))
        case .packsChanged(let message):
            guard case .packs(var packs) = screens.last else { return [] }
            packs.message = message
            screens[screens.count - 1] = .packs(packs)
            return [.loadPacks]
        case .installQuestionReady(let request):
            guard case .packs = screens.last else { return [] }
            modals.append(.consent(ConsentDialogState(requestID: nil, request: request)))
        case .repositoryUnreachable(let outage):
            unreachablePacks.formUnion(outage.packIDs)
            if announcedOutages.insert(outage.repository).inserted { statusMessage = outage.line }
        case .packsLoaded(let rows, let message):
            guard case .packs(var packs) = screens.last else { return [] }
            packs.rows = rows
            packs.loading = false
            packs.message = message ?? packs.message
            packs.selected = min(packs.selected, max(rows.count - 1, 0))
            screens[screens.count - 1] = .packs(packs)
        default:
            break
        }
        return []
    }

    /// Route detail commands that translate; nil when the command is not one of them.
    mutating func runTranslationCommand(_ command: Command) -> [Effect]? {
        guard let detail else { return nil }
        switch command {
        case .translateAll:
            return translateShownAgain()
        case .translateOne:
            guard detail.visible.indices.contains(detail.selected) else { return [] }
            let review = routes[detail.routeIndex].reviews[detail.visible[detail.selected]]
            guard let source = language(of: review) else {
                modals.append(.error(ErrorDialogState(title: "Language not identified",
                                                      message: "The language of this review could not be identified. Press T to name it.", retry: nil)))
                return []
            }
            // Opening the overlay is a new configuration: its host runs it.
            modals.append(.overlay(OverlayState(reviewID: review.id, source: source, target: targetLanguage)))
            return overlayTask()
        case .toggleOriginal:
            guard detail.visible.indices.contains(detail.selected) else { return [] }
            let id = routes[detail.routeIndex].reviews[detail.visible[detail.selected]].id
            if showingOriginal.contains(id) { showingOriginal.remove(id) } else { showingOriginal.insert(id) }
            revealSelection()
            return []
        case .toggleAllOriginals:
            originalsOnly.toggle()
            showingOriginal = []
            revealSelection()
            return []
        case .pickTarget:
            // The picker opens at once, its choices to follow: keys typed ahead (another `L`,
            // the language's name) go to it, as to any open modal, and open nothing more.
            modals.append(.languagePicker(.awaitingChoices(purpose: .target)))
            return [.loadTargetChoices(purpose: .target, source: detail.query.language)]
        default:
            return nil
        }
    }

    /// The language a review is translated from: what the user named, else what was detected.
    func language(of review: Review) -> String? {
        guard let tag = languageOverrides[review.id] ?? languages[review.id], tag != "und" else { return nil }
        return tag
    }

    /// `T`: the first press creates the screen's configuration, later ones invalidate it; what
    /// is shown is translated again (the changed configuration starts the task).
    mutating func translateShownAgain() -> [Effect] {
        guard var detail else { return [] }
        if detail.configuration == nil {
            detail.configuration = TranslationSession.Configuration(sourceTag: detail.query.language, targetTag: targetLanguage)
        } else {
            detail.configuration?.invalidate()
        }
        // What is translated into the target already (this run, or remembered from another)
        // stays: `T` translates only what is missing.
        for index in detail.visible {
            let id = routes[detail.routeIndex].reviews[index].id
            if isTranslated(id, into: targetLanguage) { continue }
            translations[id] = nil
        }
        self.detail = detail
        return startRouteTask()
    }

    /// A filter was applied: the configuration follows it, and when other reviews are shown
    /// the memory is asked about them.
    mutating func filtered(shownChanged: Bool) -> [Effect] {
        reconfigure(shownChanged: shownChanged) + (shownChanged ? recallShown() : [])
    }

    /// Keeps the top route screen's configuration in step with its language filter and the
    /// target; `shownChanged` (a filter changed which reviews are shown) invalidates it. A
    /// changed configuration returns its task; a screen with none (no `T` yet) runs nothing.
    mutating func reconfigure(shownChanged: Bool) -> [Effect] {
        guard var detail, let old = detail.configuration else { return [] }
        detail.configuration?.sourceTag = detail.query.language
        detail.configuration?.targetTag = targetLanguage
        if shownChanged { detail.configuration?.invalidate() }
        self.detail = detail
        return detail.configuration == old ? [] : startRouteTask()
    }

    /// Looks in the translation memory for the shown reviews that have nothing in the target
    /// yet; the actions that may change that set return it: a route opened (or shown again),
    /// another target (`retargeted`), another filter, languages detected or named. What the
    /// memory holds is shown at once, with no `T`.
    mutating func recallShown(retargeted: Bool = false) -> [Effect] {
        guard let detail else { return [] }
        let reviews = routes[detail.routeIndex].reviews
        var jobs: [TranslationJob] = []
        var dropped = false
        var inTarget = TargetLanguageMatch(targetLanguage)
        for index in detail.visible {
            let review = reviews[index]
            if let current = translations[review.id] {
                // Into this target already (done, under way, or failed: `T` asks again).
                if current.target == targetLanguage { continue }
                // Another target's, before `L`: a screen with a configuration replaced it already.
                if retargeted && detail.configuration == nil {
                    translations[review.id] = nil
                    dropped = true
                }
            }
            guard let source = language(of: review), !inTarget.matches(source) else { continue }
            jobs.append(TranslationJob(reviewID: review.id, text: review.text, source: source))
        }
        if dropped { revealSelection() }
        return jobs.isEmpty ? [] : [.recall(RecallTask(route: detail.routeIndex, target: targetLanguage, jobs: jobs))]
    }

    /// Shows what the memory held, marked remembered, where the review has nothing finished in
    /// that target (a pending one's task would bring the same text).
    private mutating func applyRecalled(_ found: [RecalledTranslation], route: Int, target: String) {
        guard let detail, detail.routeIndex == route, targetLanguage == target else { return }
        for item in found {
            if isTranslated(item.reviewID, into: target) { continue }
            translations[item.reviewID] = ReviewTranslation(target: target, status: .done(text: item.text, route: item.route, unknownWords: item.unknownWords,
                                                                                         engines: item.engines, remembered: true))
        }
        revealSelection()
    }

    /// Whether the review's translation into `target` is finished (done here or remembered).
    func isTranslated(_ reviewID: String, into target: String) -> Bool {
        guard let current = translations[reviewID] else { return false }
        return current.target == target && current.status.isDone
    }

    /// The overlay's task, for its configuration (it was opened, or given another target).
    func overlayTask() -> [Effect] {
        guard let state = topOverlay, let detail,
              let review = routes[detail.routeIndex].reviews.first(where: { $0.id == state.reviewID }) else { return [] }
        let job = TranslationJob(reviewID: review.id, text: review.text, source: state.source)
        return [.translate(TranslationTask(purpose: .overlay(reviewID: review.id), configuration: state.configuration, jobs: [job]))]
    }

    /// The route screen's task: every review shown that has no translation into the target yet
    /// (or only a pending one, whose task the new one replaces).
    private mutating func startRouteTask() -> [Effect] {
        guard let detail, let configuration = detail.configuration else { return [] }
        let target = configuration.targetTag ?? targetLanguage
        notice = nil
        var jobs: [TranslationJob] = []
        var unidentified: [String] = []
        var inTarget = TargetLanguageMatch(target)
        for index in detail.visible {
            let review = routes[detail.routeIndex].reviews[index]
            let source = language(of: review)
            // A review already in the target language is left as it is (the engine's rule:
            // case-insensitive, region and variant aside).
            if let source, inTarget.matches(source) {
                translations[review.id] = nil
                continue
            }
            if let current = translations[review.id], current.target == target {
                // Done, failed or waiting for the user's answer about its language: `T` asks again.
                if current.status != .pending || source == nil { continue }
            }
            translations[review.id] = ReviewTranslation(target: target, status: .pending)
            if let source {
                jobs.append(TranslationJob(reviewID: review.id, text: review.text, source: source))
            } else {
                unidentified.append(review.id)
            }
        }
        revealSelection()
        var effects: [Effect] = jobs.isEmpty ? [] : [.translate(TranslationTask(purpose: .route(detail.routeIndex), configuration: configuration, jobs: jobs))]
        if !unidentified.isEmpty { effects.append(.loadTargetChoices(purpose: .identify(reviewIDs: unidentified), source: nil)) }
        return effects
    }

    /// The overlay nearest the top of the modals, if one is open.
    var topOverlay: OverlayState? {
        for modal in modals.reversed() { if case .overlay(let overlay) = modal { return overlay } }
        return nil
    }

    /// Whether a result belongs to the configuration its route screen has now.
    func isCurrent(_ task: TranslationTask.ID) -> Bool {
        let route: Int
        switch task.purpose {
        case .route(let index), .identified(let index, _): route = index
        case .overlay: return false
        }
        return screens.contains { screen in
            if case .routeDetail(let detail) = screen { return detail.routeIndex == route && detail.configuration == task.configuration }
            return false
        }
    }

    /// Keys of the consent, progress, error, overlay and confirmation dialogs.
    mutating func runDialog(_ command: Command) -> [Effect] {
        guard let modal = modals.last else { return [] }
        if command == .quit {
            shouldQuit = true
            return []
        }
        switch modal {
        case .consent(let dialog):
            modals.removeLast()
            switch command {
            case .confirm, .chooseAlternative:
                let alternative = command == .chooseAlternative
                // `a` without a second route offered does nothing.
                if alternative && dialog.request.alternative.isEmpty {
                    modals.append(modal)
                    return []
                }
                let packs = alternative ? dialog.request.alternative : dialog.request.packs
                let ids = packs.map(\.id)
                // Sending texts to a server only: nothing to download, no progress.
                if ids.isEmpty { return dialog.requestIDs.map { .answerConsent(id: $0, answer: .download) } }
                var state = DownloadState(packIDs: ids)
                for pack in packs { state.totals[pack.id] = pack.size }
                download = state
                modals.append(.progress)
                if dialog.requestIDs.isEmpty { return [.installPacks(ids)] }
                return dialog.requestIDs.map { .answerConsent(id: $0, answer: alternative ? .downloadAlternative : .download) }
            case .decline:
                return dialog.requestIDs.map { .answerConsent(id: $0, answer: .notNow) }
            default:
                modals.append(modal)
            }
        case .confirm(let confirm):
            modals.removeLast()
            switch (command, confirm.purpose) {
            case (.confirm, .removePack(let id)): return [.removePack(id)]
            case (.decline, _): break
            default: modals.append(modal)
            }
        case .progress:
            switch command {
            case .hide:
                modals.removeLast()
            case .cancelDownload:
                modals.removeLast()
                download = nil
                return [.cancelDownloads]
            default:
                break
            }
        case .error(let error):
            switch command {
            case .retry:
                modals.removeLast()
                if let retry = error.retry {
                    download = retry
                    modals.append(.progress)
                    return [.installPacks(retry.packIDs)]
                }
            case .cancel:
                modals.removeLast()
            default:
                break
            }
        case .overlay(let overlay):
            switch command {
            case .cancel:
                modals.removeLast()
            case .putInline:
                guard case .done = overlay.status else { return [] }
                modals.removeLast()
                translations[overlay.reviewID] = ReviewTranslation(target: overlay.target, status: overlay.status)
                showingOriginal.remove(overlay.reviewID)
                revealSelection()
            case .pickTarget:
                modals.append(.languagePicker(.awaitingChoices(purpose: .overlayTarget)))
                return [.loadTargetChoices(purpose: .overlayTarget, source: overlay.source)]
            default:
                break
            }
        default:
            break
        }
        return []
    }

    /// Gives the target picker its key opened its choices, keeping what was typed into it
    /// meanwhile; nothing when that picker was closed before they came.
    private mutating func fillAwaitingPicker(_ purpose: PickerPurpose, with choices: [LanguageChoice]) {
        guard let index = modals.lastIndex(where: { modal in
            if case .languagePicker(let picker) = modal { return picker.loading && picker.purpose == purpose }
            return false
        }), case .languagePicker(var picker) = modals[index] else { return }
        picker.choices = choices
        picker.loading = false
        if picker.filterText.isEmpty {
            picker.selected = choices.firstIndex { $0.tag == targetLanguage } ?? 0
        } else {
            picker.selectTypedMatch()
        }
        modals[index] = .languagePicker(picker)
    }

    /// A target or identify picker was applied (or, with nil, cancelled).
    mutating func applyPicker(_ purpose: PickerPurpose, tag: String?) -> [Effect] {
        switch purpose {
        case .filter:
            return []
        case .target:
            // `L` sets the configuration's target: a changed one translates again.
            guard let tag, tag != targetLanguage else { return [] }
            targetLanguage = tag
            return reconfigure(shownChanged: false) + recallShown(retargeted: true)
        case .overlayTarget:
            guard let tag, let index = modals.lastIndex(where: { if case .overlay = $0 { return true } else { return false } }),
                  case .overlay(var overlay) = modals[index], overlay.target != tag else { return [] }
            overlay.configuration.targetTag = tag
            overlay.status = .pending
            modals[index] = .overlay(overlay)
            return overlayTask()
        case .identify(let ids):
            guard let tag, let detail else {
                for id in ids { translations[id] = translations[id].map { ReviewTranslation(target: $0.target, status: .unidentified) } }
                revealSelection()
                return []
            }
            let reviews = routes[detail.routeIndex].reviews
            var jobs: [TranslationJob] = []
            // Languages named for the first time may let the memory answer for more reviews.
            let learned = detection.isFinished && ids.contains { languageOverrides[$0] == nil }
            for id in ids {
                languageOverrides[id] = tag
                if let review = reviews.first(where: { $0.id == id }) {
                    jobs.append(TranslationJob(reviewID: id, text: review.text, source: tag))
                }
            }
            let configuration = detail.configuration ?? TranslationSession.Configuration(sourceTag: nil, targetTag: targetLanguage)
            let task: [Effect] = jobs.isEmpty ? [] : [.translate(TranslationTask(purpose: .identified(route: detail.routeIndex, reviewIDs: ids),
                                                                                  configuration: configuration, jobs: jobs))]
            return task + (learned ? recallShown() : [])
        }
    }

    /// Keys of the packs screen.
    mutating func runPacks(_ command: Command) -> [Effect] {
        guard case .packs(var packs) = screens.last else { return [] }
        let count = packs.rows.count
        if let moved = Command.move(command, from: packs.selected, last: count - 1, page: max(1, bodyHeight - 3)) {
            packs.selected = min(max(moved, 0), max(count - 1, 0))
            let rows = max(1, bodyHeight - 3)
            if packs.selected < packs.scroll { packs.scroll = packs.selected }
            if packs.selected >= packs.scroll + rows { packs.scroll = packs.selected - rows + 1 }
            screens[screens.count - 1] = .packs(packs)
            return []
        }
        switch command {
        case .back:
            screens.removeLast()
            // A route screen shown again looks in the memory again (packs may have changed).
            return recallShown()
        case .quit:
            shouldQuit = true
        case .showHelp:
            modals.append(.help(HelpState(context: .packs)))
        case .install:
            guard packs.rows.indices.contains(packs.selected) else { return [] }
            let row = packs.rows[packs.selected]
            guard row.status == .available, let entry = row.entry else {
                packs.message = "\(row.id) is \(row.status.rawValue) already"
                screens[screens.count - 1] = .packs(packs)
                return []
            }
            guard !row.unreachable else {
                packs.message = "\(row.id): \(entry.origin) does not answer; it cannot be downloaded now"
                screens[screens.count - 1] = .packs(packs)
                return []
            }
            // A size the repository did not give is asked of the server before the question.
            guard entry.sizeIsKnown else { return [.askToInstall([entry])] }
            modals.append(.consent(ConsentDialogState(requestID: nil, request: ConsentRequest(reason: "Install \(entry.title)", packs: [entry], repository: nil))))
        case .remove:
            guard packs.rows.indices.contains(packs.selected) else { return [] }
            let row = packs.rows[packs.selected]
            guard row.status == .installed else {
                packs.message = row.status == .system ? "\(row.id) is Debian's: remove it with apt" : "\(row.id) is not installed"
                screens[screens.count - 1] = .packs(packs)
                return []
            }
            modals.append(.confirm(ConfirmState(purpose: .removePack(row.id), question: "Delete the language pack \(row.title) (\(row.id))?")))
        default:
            break
        }
        return []
    }

    /// What a review says when its packs were not downloaded: "press T" asks again, unless their
    /// repository does not answer (then no dialog is offered; the status line said why).
    func packStatus(_ packs: [String]) -> TranslationStatus {
        guard !packs.isEmpty, packs.allSatisfy(unreachablePacks.contains) else { return .needsPack(packs) }
        return .failed("\(packs.joined(separator: ", ")) cannot be downloaded now: its repository does not answer")
    }

    /// Keeps the selected review on screen after its block changed height.
    mutating func revealSelection() {
        guard var detail else { return }
        scroll(&detail) { $0.reveal(&$1) }
        self.detail = detail
    }
}
