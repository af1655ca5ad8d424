import Foundation
import ReviewModel
import TranslationEngine

/// The language pickers (filter, target, overlay target, a review's language) and the search field.
extension AppState {
    /// Fills the target or identify picker its key asked for.
    mutating func reduceTargetChoices(_ action: Action) -> [Effect] {
        switch action {
        case .targetChoicesLoaded(let purpose, let choices):
            guard case .identify(let ids) = purpose else {
                fillAwaitingPicker(purpose, with: choices)
                return []
            }
            var picker = LanguagePickerState(choices: choices, purpose: purpose)
            picker.title = "Which language \(ids.count == 1 ? "is this review" : "are these \(ids.count) reviews") in?"
            modals.append(.languagePicker(picker))
        default:
            break
        }
        return []
    }

    mutating func runPicker(_ command: Command) -> [Effect] {
        guard case .languagePicker(var picker) = modals.last else { return [] }
        let count = picker.matches.count
        if let moved = Command.move(command, from: picker.selected, last: count - 1, page: 8) {
            picker.selected = min(max(moved, 0), max(count - 1, 0))
            modals[modals.count - 1] = .languagePicker(picker)
            return []
        }
        if picker.purpose != .filter {
            switch command {
            case .apply:
                modals.removeLast()
                let tag = picker.matches.indices.contains(picker.selected) ? picker.matches[picker.selected].tag : nil
                return applyPicker(picker.purpose, tag: tag)
            case .cancel:
                modals.removeLast()
                return applyPicker(picker.purpose, tag: nil)
            default:
                break
            }
            return []
        }
        switch command {
        case .apply:
            modals.removeLast()
            guard var detail, picker.matches.indices.contains(picker.selected) else { return [] }
            detail.query.language = picker.matches[picker.selected].tag
            let changed = refilter(&detail)
            detail.selected = 0
            detail.top = 0
            detail.topOffset = 0
            self.detail = detail
            return filtered(shownChanged: changed)
        case .cancel:
            modals.removeLast()
        default:
            break
        }
        return []
    }

    /// Gives the target picker its key opened its choices, keeping what was typed into it
    /// meanwhile; nothing when that picker was closed before they came.
    mutating func fillAwaitingPicker(_ purpose: PickerPurpose, with choices: [LanguageChoice]) {
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

    mutating func runTextInput(_ command: Command) -> [Effect] {
        guard case .textInput(let input) = modals.last else { return [] }
        switch command {
        case .apply:
            modals.removeLast()
            switch input.purpose {
            case .searchRoutes:
                routeList.search(input.text, in: routes)
            case .searchReviews:
                guard var detail else { return [] }
                detail.query.searchText = input.text
                let changed = refilter(&detail)
                self.detail = detail
                return filtered(shownChanged: changed)
            }
        case .cancel:
            modals.removeLast()
        default:
            break
        }
        return []
    }

    /// Typing into the picker's filter or the search field.
    mutating func typeIntoModal(_ key: Key) {
        guard let modal = modals.last else { return }
        switch modal {
        case .languagePicker(var picker):
            guard edit(&picker.filterText, with: key) else { return }
            picker.selectTypedMatch()
            modals[modals.count - 1] = .languagePicker(picker)
        case .textInput(var input):
            guard edit(&input.text, with: key) else { return }
            modals[modals.count - 1] = .textInput(input)
        default:
            break
        }
    }

    /// Edits a field; returns whether the key was an edit. Control characters never enter the text.
    func edit(_ text: inout String, with key: Key) -> Bool {
        switch key {
        case .backspace, .delete:
            guard !text.isEmpty else { return true }
            text.removeLast()
            return true
        case .ctrl("u"):
            text = ""
            return true
        case .char(let c):
            guard text.count < 200, TerminalText.sanitize(String(c)) == String(c), !c.isNewline else { return false }
            text.append(c)
            return true
        default:
            return false
        }
    }
}
