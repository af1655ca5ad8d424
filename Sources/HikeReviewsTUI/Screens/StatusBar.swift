/// The status bar: key hints (or a message standing in for them) on the left; on the right a
/// hidden download's progress, the position in the list and the target language.
struct StatusBar: Equatable {
    var hints: [String]
    /// Shown instead of the hints until the next key (a repository that does not answer).
    var message: String?
    /// "3/12": the selected row of what is on screen.
    var position: String
    var target: String
    /// A hidden download's one-line progress.
    var download: String?
    /// Translations on the route screen that came from the translation memory.
    var remembered = 0

    func draw(in rect: Rect, into buffer: inout ScreenBuffer) {
        buffer.fill(rect, style: .statusBar)
        var right = " \(position) → \(target) "
        if remembered > 0 { right = " \(remembered) from memory ·" + right }
        if let download { right = " " + download + right }
        let rightWidth = TerminalText.width(right)
        let room = max(rect.width - rightWidth - 1, 0)
        let left = message.map { " " + TerminalText.sanitize($0) } ?? " " + hints.joined(separator: "  ")
        _ = buffer.put(TerminalText.truncate(left, width: room), x: rect.x, y: rect.y, style: .statusBar)
        if rightWidth < rect.width {
            _ = buffer.put(right, x: rect.x + rect.width - rightWidth, y: rect.y, style: .statusBar)
        }
    }

    /// "3/12", "0/0".
    static func position(_ selected: Int, of count: Int) -> String {
        count == 0 ? "0/0" : "\(selected + 1)/\(count)"
    }

    /// The key hints for `context` (with `modal` on top, if any): keys from the keybinding
    /// table, words short enough for one line.
    static func hints(in context: KeyContext, modal: Modal?) -> [String] {
        func hint(_ command: Command, _ what: String, preferring key: Key? = nil) -> String {
            KeyBindings.hint(command, what, in: context, preferring: key)
        }
        // "↑↓": the arrows, whatever else moves the selection.
        func arrows(_ what: String) -> String {
            let up = KeyBindings.key(for: .moveUp, in: context, preferring: .up)?.label ?? ""
            let down = KeyBindings.key(for: .moveDown, in: context, preferring: .down)?.label ?? ""
            return "\(up)\(down) \(what)"
        }
        switch context {
        case .routeList: return [hint(.open, "open"), hint(.search, "search"), hint(.showHelp, "help"), hint(.quit, "quit")]
        case .routeDetail:
            return [hint(.pickLanguage, "language"), hint(.translateAll, "translate"), hint(.translateOne, "overlay"), hint(.toggleOriginal, "original"),
                    hint(.pickTarget, "target"), hint(.search, "search"), hint(.showHelp, "help"), hint(.quit, "quit")]
        case .languagePicker:
            var skips = false
            if case .languagePicker(let picker) = modal, case .identify = picker.purpose { skips = true }
            return ["type to narrow", arrows("choose"), hint(.apply, "apply"), hint(.cancel, skips ? "skip" : "cancel")]
        case .textInput: return [hint(.apply, "search"), hint(.cancel, "cancel")]
        case .help: return [arrows("scroll"), hint(.back, "close")]
        case .consent:
            if case .consent(let dialog) = modal, !dialog.request.alternative.isEmpty {
                return [hint(.confirm, dialog.request.engine.rawValue), hint(.chooseAlternative, dialog.request.alternativeEngine.rawValue),
                        hint(.decline, "not now")]
            }
            return [hint(.confirm, "yes"), hint(.decline, "not now")]
        case .confirmDialog: return [hint(.confirm, "delete"), hint(.decline, "keep")]
        case .progress: return [hint(.hide, "hide (keeps downloading)"), hint(.cancelDownload, "cancel")]
        case .errorDialog:
            if case .error(let error) = modal, error.canRetry { return [hint(.retry, "retry"), hint(.cancel, "close")] }
            return [hint(.cancel, "close")]
        case .overlay: return [hint(.pickTarget, "language"), hint(.putInline, "put inline"), hint(.cancel, "close")]
        case .packs: return [hint(.install, "install"), hint(.remove, "delete"), hint(.back, "back"), hint(.quit, "quit")]
        }
    }
}
