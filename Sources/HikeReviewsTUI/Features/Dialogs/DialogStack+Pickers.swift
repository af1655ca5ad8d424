import TranslationEngine

/// What a picker or the search field decided.
enum PickerOutcome: Equatable {
    /// The filter picker chose a language (nil: "All").
    case filter(String?)
    /// A target or identify picker was applied with a language, or cancelled (nil).
    case chose(PickerPurpose, String?)
    /// The search field was applied.
    case search(TextInputPurpose, String)
}

/// The language pickers (filter, target, overlay target, a review's language) and the search field.
extension DialogStack {
    /// The keys of the picker on top; nil when nothing was decided.
    mutating func runPicker(_ command: Command) -> PickerOutcome? {
        guard case .languagePicker(var picker) = modals.last else { return nil }
        let count = picker.matches.count
        if let moved = Command.move(command, from: picker.selected, last: count - 1, page: 8) {
            picker.selected = min(max(moved, 0), max(count - 1, 0))
            modals[modals.count - 1] = .languagePicker(picker)
            return nil
        }
        let chosen = picker.matches.indices.contains(picker.selected) ? picker.matches[picker.selected] : nil
        switch (command, picker.purpose) {
        case (.apply, .filter):
            modals.removeLast()
            return chosen.map { .filter($0.tag) }
        case (.apply, let purpose):
            modals.removeLast()
            return .chose(purpose, chosen?.tag)
        case (.cancel, .filter):
            modals.removeLast()
        case (.cancel, let purpose):
            modals.removeLast()
            return .chose(purpose, nil)
        default:
            break
        }
        return nil
    }

    /// The search field's keys.
    mutating func runTextInput(_ command: Command) -> PickerOutcome? {
        guard case .textInput(let input) = modals.last else { return nil }
        switch command {
        case .apply:
            modals.removeLast()
            return .search(input.purpose, input.text)
        case .cancel:
            modals.removeLast()
        default:
            break
        }
        return nil
    }

    /// A target or identify picker's choices arrived: the target picker its key opened is
    /// filled, keeping what was typed into it meanwhile (nothing when it was closed before
    /// they came); an identify picker opens now.
    mutating func choicesLoaded(_ purpose: PickerPurpose, _ choices: [LanguageChoice], target: String) {
        guard case .identify(let ids) = purpose else {
            fillAwaitingPicker(purpose, with: choices, target: target)
            return
        }
        var picker = LanguagePickerState(choices: choices, purpose: purpose)
        picker.title = "Which language \(ids.count == 1 ? "is this review" : "are these \(ids.count) reviews") in?"
        modals.append(.languagePicker(picker))
    }

    private mutating func fillAwaitingPicker(_ purpose: PickerPurpose, with choices: [LanguageChoice], target: String) {
        guard let index = modals.lastIndex(where: { modal in
            if case .languagePicker(let picker) = modal { return picker.loading && picker.purpose == purpose }
            return false
        }), case .languagePicker(var picker) = modals[index] else { return }
        picker.choices = choices
        picker.loading = false
        if picker.filterText.isEmpty {
            picker.selected = choices.firstIndex { $0.tag == target } ?? 0
        } else {
            picker.selectTypedMatch()
        }
        modals[index] = .languagePicker(picker)
    }

    /// The overlay's picker chose `tag`: the overlay, given that target, translates again;
    /// nil when no overlay is open or it has that target already.
    mutating func retargetOverlay(_ tag: String) -> OverlayState? {
        guard let top = topOverlay, top.overlay.target != tag else { return nil }
        var changed = top.overlay
        changed.configuration.targetTag = tag
        changed.status = .pending
        modals[top.index] = .overlay(changed)
        return changed
    }

    /// The filter picker on top, if any, shows `choices` now (detection found more languages).
    mutating func refreshPicker(choices: [LanguageChoice]) {
        guard case .languagePicker(var picker) = modals.last else { return }
        picker.refresh(choices: choices)
        modals[modals.count - 1] = .languagePicker(picker)
    }

    /// Typing into the picker's filter or the search field.
    mutating func type(_ key: Key) {
        guard let modal = modals.last else { return }
        switch modal {
        case .languagePicker(var picker):
            guard TextField.edit(&picker.filterText, with: key) else { return }
            picker.selectTypedMatch()
            modals[modals.count - 1] = .languagePicker(picker)
        case .textInput(var input):
            guard TextField.edit(&input.text, with: key) else { return }
            modals[modals.count - 1] = .textInput(input)
        default:
            break
        }
    }
}

extension LanguagePickerState {
    /// The same picker with `fresh`'s choices, the chosen language kept selected.
    mutating func refresh(choices fresh: [LanguageChoice]) {
        let selectedTag = matches.indices.contains(selected) ? matches[selected].tag : nil
        choices = fresh
        selected = matches.firstIndex { $0.tag == selectedTag } ?? 0
    }
}

/// A one-line field's editing keys.
enum TextField {
    /// Edits `text`; returns whether the key was an edit. Control characters never enter the text.
    static func edit(_ text: inout String, with key: Key) -> Bool {
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
