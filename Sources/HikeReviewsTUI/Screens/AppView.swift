import Foundation
import ReviewModel
import TranslationEngine

/// Draws the whole state into a fresh screen buffer: a pure function, so every screen is testable as text.
///
/// The one view that reads the whole state: it splits the screen into rects and hands each
/// widget its rect, the buffer and the slice it draws (the bars get small models of their text).
enum AppView {
    /// `layout` is the runner's layout cache, where the last `reduce` laid out the route screen's
    /// blocks on screen: they are taken from it, each a memo hit. Without it (a state built by
    /// hand) they are laid out here.
    static func render(_ state: AppState, layout: LaidOutBlocks = LaidOutBlocks()) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: max(state.size.width, 0), height: max(state.size.height, 0))
        let screen = Rect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        if state.isTooSmall {
            drawTooSmall(state.size, in: screen, into: &buffer)
            return buffer
        }
        let (title, rest) = screen.splitRows(top: 1)
        let (body, status) = rest.splitRowsBottom(1)
        titleBar(of: state).draw(in: title, into: &buffer)
        // The route screen's blocks on screen, from the cache the reducer laid them out in; its
        // view and the overlay draw them.
        let detail = state.detail.map { state.routeContext(measuring: layout).layOutViewport($0) }
        if let detail {
            RouteDetailView.draw(detail, in: body, into: &buffer)
        } else if case .packs(let packs) = state.screens.last {
            PacksView.draw(packs, in: body, into: &buffer)
        } else {
            RouteListView.draw(state.routeList, routes: state.routes, languageTags: state.routeLanguageTags, in: body, into: &buffer)
        }
        statusBar(of: state).draw(in: status, into: &buffer)
        for modal in state.dialogs.modals {
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
                DialogViews.drawProgress(state.dialogs.download, in: body, into: &buffer)
            case .error(let error):
                DialogViews.drawError(error, in: body, into: &buffer)
            case .confirm(let confirm):
                DialogViews.drawConfirm(confirm, in: body, into: &buffer)
            case .overlay(let overlay):
                guard let detail, let review = state.routes[detail.detail.routeIndex].reviews.first(where: { $0.id == overlay.reviewID }) else { break }
                OverlayView.draw(overlay, original: review.text, screen: detail, in: body, into: &buffer)
            }
        }
        return buffer
    }

    /// The title bar's text: the route open, if any; detection's progress, else the notice.
    static func titleBar(of state: AppState) -> TitleBar {
        var bar = TitleBar(location: " HikeReviews")
        if let detail = state.detail {
            bar.location += " › " + state.routes[detail.routeIndex].name
        }
        if !state.detection.isFinished {
            bar.activity = "detecting languages \(state.detection.done)/\(state.detection.total)…"
        } else if let notice = state.translation.notice {
            bar.activity = notice
        }
        return bar
    }

    /// How many shown reviews have a remembered translation into the target. Counted from the
    /// remembered translations, few or none, rather than from every review shown: on a route of
    /// 100,000 reviews a count per frame held every key.
    static func rememberedCount(_ state: AppState, _ detail: RouteDetailState) -> Int {
        let remembered = state.translation.shown.remembered(into: state.translation.target)
        guard !remembered.isEmpty else { return 0 }
        let reviews = state.routes[detail.routeIndex].reviews
        guard detail.visible.count == reviews.count else {
            let wanted = Set(remembered)
            return detail.visible.count { wanted.contains(reviews[$0].id) }
        }
        return remembered.count { state.routeLanguageCounts.contains($0, route: detail.routeIndex) }
    }

    /// The status bar's text for what is on top.
    static func statusBar(of state: AppState) -> StatusBar {
        let position: String
        var remembered = 0
        if case .packs(let packs) = state.screens.last {
            position = StatusBar.position(packs.selected, of: packs.rows.count)
        } else if let detail = state.detail {
            position = StatusBar.position(detail.selected, of: detail.visible.count)
            remembered = rememberedCount(state, detail)
        } else {
            position = StatusBar.position(state.routeList.selected, of: state.routeList.visible.count)
        }
        let download = state.dialogs.download.flatMap { state.dialogs.modals.contains(.progress) ? nil : DialogViews.statusLine($0) }
        return StatusBar(hints: StatusBar.hints(in: state.keyContext, modal: state.dialogs.modals.last), message: state.statusMessage,
                         position: position, target: state.translation.target, download: download, remembered: remembered)
    }

    private static func drawTooSmall(_ size: ScreenSize, in rect: Rect, into buffer: inout ScreenBuffer) {
        let sizeText = "\(size.width)x\(size.height) < \(AppState.minimumSize.width)x\(AppState.minimumSize.height)"
        // The route list's quit key is the one the too-small screen answers (see `handleKey`).
        let quits = "\(KeyBindings.name(of: .quit, in: .routeList)) quits"
        let message = rect.width >= 18
            ? ["terminal too small", sizeText, quits]
            : ["terminal", "too small", sizeText, quits]
        for (row, line) in message.enumerated() where row < rect.height {
            let text = TerminalText.truncate(line, width: rect.width)
            let x = max(0, (rect.width - TerminalText.width(text)) / 2)
            _ = buffer.put(text, x: x, y: rect.y + row, style: row == 0 ? .error : .plain)
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
}
