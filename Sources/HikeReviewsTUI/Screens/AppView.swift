import Foundation
import ReviewModel
import TranslationEngine

/// Draws the whole state into a fresh screen buffer: a pure function, so every screen is testable as text.
enum AppView {
    static func render(_ state: AppState) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: max(state.size.width, 0), height: max(state.size.height, 0))
        render(state, into: &buffer)
        return buffer
    }

    static func render(_ state: AppState, into buffer: inout ScreenBuffer) {
        let screen = Rect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        if state.isTooSmall {
            drawTooSmall(state, in: screen, into: &buffer)
            return
        }
        let (title, rest) = screen.splitRows(top: 1)
        let (body, status) = rest.splitRowsBottom(1)
        drawTitleBar(state, in: title, into: &buffer)
        // The route screen is laid out once per frame, for its view and the overlay.
        let detail = state.detail.map { (state: $0, layout: state.detailLayout($0)) }
        if let detail {
            RouteDetailView.draw(detail.layout, detail.state, in: body, into: &buffer)
        } else if case .packs(let packs) = state.screens.last {
            PacksView.draw(packs, in: body, into: &buffer)
        } else {
            RouteListView.draw(state.routeList, routes: state.routes, languageTags: state.routeLanguageTags, in: body, into: &buffer)
        }
        drawStatusBar(state, in: status, into: &buffer)
        for modal in state.modals {
            switch modal {
            case .help(let help):
                HelpView.draw(help, in: body, into: &buffer)
            case .languagePicker(let picker):
                LanguagePickerView.draw(picker, in: body, into: &buffer)
            case .textInput(let input):
                drawTextInput(input, in: status, into: &buffer)
            case .consent(let dialog):
                DialogViews.drawConsent(dialog, in: body, into: &buffer)
            case .progress:
                DialogViews.drawProgress(state.download, in: body, into: &buffer)
            case .error(let error):
                DialogViews.drawError(error, in: body, into: &buffer)
            case .confirm(let confirm):
                DialogViews.drawConfirm(confirm, in: body, into: &buffer)
            case .overlay(let overlay):
                guard let detail, let review = state.routes[detail.state.routeIndex].reviews.first(where: { $0.id == overlay.reviewID }) else { break }
                OverlayView.draw(overlay, original: review.text, layout: detail.layout, detail.state, in: body, into: &buffer)
            }
        }
    }

    private static func drawTooSmall(_ state: AppState, in rect: Rect, into buffer: inout ScreenBuffer) {
        let size = "\(state.size.width)x\(state.size.height) < 20x6"
        let message = rect.width >= 18
            ? ["terminal too small", size, "q quits"]
            : ["terminal", "too small", size, "q quits"]
        for (row, line) in message.enumerated() where row < rect.height {
            let text = TerminalText.truncate(line, width: rect.width)
            let x = max(0, (rect.width - TerminalText.width(text)) / 2)
            _ = buffer.put(text, x: x, y: rect.y + row, style: row == 0 ? .error : .plain)
        }
    }

    private static func drawTitleBar(_ state: AppState, in rect: Rect, into buffer: inout ScreenBuffer) {
        buffer.fill(rect, style: .titleBar)
        var left = " HikeReviews"
        if let detail = state.detail {
            left += " › " + state.routes[detail.routeIndex].name
        }
        var right = ""
        if !state.detection.isFinished {
            right = "detecting languages \(state.detection.done)/\(state.detection.total)… "
        } else if let notice = state.notice {
            right = TerminalText.sanitize(notice) + " "
        }
        let rightWidth = TerminalText.width(right)
        let room = max(rect.width - rightWidth - 1, 0)
        _ = buffer.put(TerminalText.truncate(left, width: room), x: rect.x, y: rect.y, style: .titleBar)
        if rightWidth < rect.width {
            _ = buffer.put(right, x: rect.x + rect.width - rightWidth, y: rect.y, style: .titleBar)
        }
    }

    private static func drawStatusBar(_ state: AppState, in rect: Rect, into buffer: inout ScreenBuffer) {
        buffer.fill(rect, style: .statusBar)
        let hints = statusHints(state).joined(separator: "  ")
        let position: String
        if case .packs(let packs) = state.screens.last {
            position = packs.rows.isEmpty ? "0/0" : "\(packs.selected + 1)/\(packs.rows.count)"
        } else if let detail = state.detail {
            position = detail.visible.isEmpty ? "0/0" : "\(detail.selected + 1)/\(detail.visible.count)"
        } else {
            position = state.routeList.visible.isEmpty ? "0/0" : "\(state.routeList.selected + 1)/\(state.routeList.visible.count)"
        }
        var right = " \(position) → \(state.targetLanguage) "
        if let download = state.download, !state.modals.contains(.progress) {
            right = " " + DialogViews.statusLine(download) + right
        }
        let rightWidth = TerminalText.width(right)
        let room = max(rect.width - rightWidth - 1, 0)
        // A message (a repository that does not answer) stands in for the hints until the next key.
        let left = state.statusMessage.map { " " + TerminalText.sanitize($0) } ?? " " + hints
        _ = buffer.put(TerminalText.truncate(left, width: room), x: rect.x, y: rect.y, style: .statusBar)
        if rightWidth < rect.width {
            _ = buffer.put(right, x: rect.x + rect.width - rightWidth, y: rect.y, style: .statusBar)
        }
    }

    private static func drawTextInput(_ input: TextInputState, in rect: Rect, into buffer: inout ScreenBuffer) {
        buffer.fill(rect, style: .plain)
        let prompt = input.purpose == .searchRoutes ? "Search routes: " : "Search reviews: "
        let used = buffer.put(prompt, x: rect.x, y: rect.y, style: .accent)
        let room = max(rect.width - used - 1, 0)
        // Show the end of a long query, where the cursor is.
        var shown = TerminalText.sanitize(input.text)
        while TerminalText.width(shown) > room, !shown.isEmpty {
            shown.removeFirst()
        }
        let written = buffer.put(shown, x: rect.x + used, y: rect.y, style: .plain)
        _ = buffer.put("▏", x: rect.x + used + written, y: rect.y, style: .accent)
    }

    /// The status bar's key hints for what is on top: keys from the keybinding table, words
    /// short enough for one line.
    private static func statusHints(_ state: AppState) -> [String] {
        let context = state.keyContext
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
            if case .languagePicker(let picker) = state.modals.last, case .identify = picker.purpose { skips = true }
            return ["type to narrow", arrows("choose"), hint(.apply, "apply"), hint(.cancel, skips ? "skip" : "cancel")]
        case .textInput: return [hint(.apply, "search"), hint(.cancel, "cancel")]
        case .help: return [arrows("scroll"), hint(.back, "close")]
        case .consent:
            if case .consent(let dialog) = state.modals.last, !dialog.request.alternative.isEmpty {
                return [hint(.confirm, dialog.request.engine.rawValue), hint(.chooseAlternative, dialog.request.alternativeEngine.rawValue),
                        hint(.decline, "not now")]
            }
            return [hint(.confirm, "yes"), hint(.decline, "not now")]
        case .confirmDialog: return [hint(.confirm, "delete"), hint(.decline, "keep")]
        case .progress: return [hint(.hide, "hide (keeps downloading)"), hint(.cancelDownload, "cancel")]
        case .errorDialog:
            if case .error(let error) = state.modals.last, error.canRetry { return [hint(.retry, "retry"), hint(.cancel, "close")] }
            return [hint(.cancel, "close")]
        case .overlay: return [hint(.pickTarget, "language"), hint(.putInline, "put inline"), hint(.cancel, "close")]
        case .packs: return [hint(.install, "install"), hint(.remove, "delete"), hint(.back, "back"), hint(.quit, "quit")]
        }
    }
}
