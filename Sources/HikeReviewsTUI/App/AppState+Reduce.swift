import Foundation
import ReviewModel
import TranslationEngine

extension AppState {
    /// The effects to run when the app starts.
    var initialEffects: [Effect] {
        let reviews = routes.flatMap(\.reviews)
        return (reviews.isEmpty ? [] : [.detectLanguages(reviews)]) + [.checkRepositories]
    }

    /// The languages of a route's reviews, most frequent first, undetermined left out.
    static func languageTags(of route: Route, languages: [String: String]) -> [String] {
        languageCounts(of: route.reviews, languages: languages).map(\.tag).filter { $0 != "und" }
    }

    /// Rows of the screen between the title bar and the status bar.
    var bodyHeight: Int { max(1, size.height - 2) }

    /// Applies one action; returns the work it asks for.
    ///
    /// An action that changes a route screen's translation configuration (`T`, `L`, a filter
    /// that changes what is shown) returns the task of the changed configuration, which the
    /// runner starts under its purpose's key (cancelling the one in flight); one that changes which
    /// reviews want a translation returns a look in the memory (`recallShown`).
    ///
    /// `layout` is the runner's layout cache: it is handed to every step that measures the route
    /// screen (heights for `j`, the page keys and reveal), and what is on screen is laid out into
    /// it, where the renderer then takes it. A caller that keeps no layouts (a test of the
    /// state alone) passes none and gets a fresh cache: the same state, only laid out afresh.
    mutating func reduce(_ action: Action, layout blocks: LaidOutBlocks = LaidOutBlocks()) -> [Effect] {
        // Whatever the action changed on screen is laid out once, on the way out, into the cache
        // the renderer takes it from; the selection is revealed first when a step changed
        // heights (also on a screen too small to draw, which keeps the place it will show).
        defer {
            if var detail {
                let context = routeContext(measuring: blocks)
                if revealsSelection { context.scroller(for: detail).reveal(&detail) }
                if !isTooSmall { _ = context.layOutViewport(detail) }
                self.detail = detail
            }
            revealsSelection = false
        }
        switch action {
        case .keyPressed(let key):
            statusMessage = nil
            return handleKey(key, measuring: blocks)
        case .resized(let width, let height):
            size = ScreenSize(width: max(0, width), height: max(0, height))
            clampAfterChange(measuring: blocks)
        case .languagesDetected(let found, let done, let total):
            // What a batch costs is its own size: on 100,000 reviews a recount per batch held the loop.
            let touched = routeLanguageCounts.record(found, previous: languages)
            for route in touched {
                routeLanguageTags[route] = routeLanguageCounts.counts(ofRoute: route).map(\.tag).filter { $0 != "und" }
            }
            // Reviews read for the first time can only join a filtered list; one read again in
            // another language may leave it, so then the list is worked out afresh.
            let firstRead = found.keys.filter { languages[$0] == nil }
            let reread = firstRead.count < found.count
            languages.merge(found) { _, new in new }
            detection = DetectionProgress(done: done, total: total)
            let shownChanged = refreshDetailAfterLanguages(touched: touched, firstRead: firstRead, reread: reread, measuring: blocks)
            // Detection reports in batches: what it learns is looked up in the memory once, when it
            // ends (a look after every batch held the loop on big routes).
            let learned = !firstRead.isEmpty && detection.isFinished
            let reconfigured = shownChanged ? translating(Self.onScreen { $0.reconfigure(&$1, shownChanged: true, in: $2) }) ?? [] : []
            return reconfigured + (shownChanged || learned ? recallShown() : [])
        case .terminationRequested:
            quit()
        case .translationArrived(let task, let reviewID, let text, let route, let unknownWords, let engines, let remembered):
            // A result of the configuration its route screen has now is shown (a review left since takes none).
            let result = TranslatedText(text: text, route: route, unknownWords: unknownWords, engines: engines, remembered: remembered)
            if isCurrent(task), translation.arrived(result, for: reviewID) { revealsSelection = true }
        case .recalled, .memoryWarning, .translationFailed, .overlayTranslated:
            return reduceTranslationResult(action)
        case .consentRequested, .downloadProgressed, .downloadStalled, .downloadFinished, .downloadFailed:
            return reduceDownload(action)
        case .targetChoicesLoaded(let purpose, let choices):
            dialogs.choicesLoaded(purpose, choices, target: translation.target)
        case .packsLoaded, .packsChanged, .installQuestionReady, .repositoryUnreachable:
            return reducePacks(action)
        case .inputReady:
            break
        }
        return []
    }

    /// Quit and help are answered here for every context, from the keybinding table; a terminal
    /// too small to draw in answers only the quit keys (the route list's).
    private mutating func handleKey(_ key: Key, measuring blocks: LaidOutBlocks) -> [Effect] {
        let context = isTooSmall ? KeyContext.routeList : keyContext
        let command = KeyBindings.command(for: key, in: context)
        if command == .quit {
            quit()
            return []
        }
        guard !isTooSmall else { return [] }
        guard let command else {
            dialogs.type(key)
            return []
        }
        if command == .showHelp {
            dialogs.open(.help(HelpState(context: context)))
            return []
        }
        switch context {
        case .help: runHelp(command)
        case .languagePicker: return decided(dialogs.runPicker(command), measuring: blocks)
        case .textInput: return decided(dialogs.runTextInput(command), measuring: blocks)
        case .routeList:
            if command == .showPacks { return openPacks() }
            return runRouteList(command, measuring: blocks)
        case .routeDetail:
            if command == .showPacks { return openPacks() }
            if let effects = translating(Self.onScreen { $0.run(command, detail: &$1, in: $2) }) { return effects }
            return runRouteDetail(command, measuring: blocks)
        case .consent, .confirmDialog, .progress, .errorDialog, .overlay: return runDialog(command)
        case .packs: return runPacks(command)
        }
        return []
    }

    /// The one place the app is told to stop (a quit key, a signal).
    private mutating func quit() {
        shouldQuit = true
    }

    private mutating func runHelp(_ command: Command) {
        guard case .help(var help) = dialogs.modals.last else { return }
        let lines = KeyBindings.helpLines(for: help.context).count
        let page = max(1, bodyHeight - 4)
        if let moved = Command.move(command, from: help.scroll, last: lines, page: page) {
            help.scroll = min(max(moved, 0), max(lines - page, 0))
            dialogs.modals[dialogs.modals.count - 1] = .help(help)
            return
        }
        switch command {
        case .back: dialogs.modals.removeLast()
        default: break
        }
    }
}
