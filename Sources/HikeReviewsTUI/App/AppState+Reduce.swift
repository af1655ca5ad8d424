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
    /// that changes what is shown) returns the task of the changed configuration, and the
    /// runner's host for it runs it (Apple's `translationTask(_:)`); one that changes which
    /// reviews want a translation returns a look in the memory (`recallShown`).
    mutating func reduce(_ action: Action) -> [Effect] {
        let effects = apply(action)
        layOutViewport()
        return effects
    }

    /// Lays out the route screen's blocks that are on screen, so the renderer draws kept lines:
    /// whatever an action changed (a translation arriving, the languages detected, a resize) is
    /// laid out here once, and not again while it is drawn.
    private mutating func layOutViewport() {
        guard let detail, !isTooSmall else { return }
        let layout = detailLayout(detail)
        var y = -detail.topOffset
        var block = detail.top
        while y < bodyHeight && block < layout.blockCount {
            y += layout.height(ofBlock: block, keepingIn: &detailBlocks)
            block += 1
        }
    }

    private mutating func apply(_ action: Action) -> [Effect] {
        switch action {
        case .keyPressed(let key):
            statusMessage = nil
            return handleKey(key)
        case .resized(let width, let height):
            size = Size(width: max(0, width), height: max(0, height))
            clampAfterChange()
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
            let shownChanged = refreshDetailAfterLanguages(touched: touched, firstRead: firstRead, reread: reread)
            // Detection reports in batches: what it learns is looked up in the memory once, when it
            // ends (a look after every batch held the loop on big routes).
            let learned = !firstRead.isEmpty && detection.isFinished
            return (shownChanged ? reconfigure(shownChanged: true) : []) + (shownChanged || learned ? recallShown() : [])
        case .terminationRequested:
            shouldQuit = true
        default:
            return reduceTranslation(action)
        }
        return []
    }

    private mutating func handleKey(_ key: Key) -> [Effect] {
        if isTooSmall {
            if key == .char("q") || key == .ctrl("c") { shouldQuit = true }
            return []
        }
        let context = keyContext
        guard let command = KeyBindings.command(for: key, in: context) else {
            typeIntoModal(key)
            return []
        }
        switch context {
        case .help: runHelp(command)
        case .languagePicker: return runPicker(command)
        case .textInput: return runTextInput(command)
        case .routeList:
            if command == .showPacks { return openPacks() }
            return runRouteList(command)
        case .routeDetail:
            if command == .showPacks { return openPacks() }
            if let effects = runTranslationCommand(command) { return effects }
            return runRouteDetail(command)
        case .consent, .confirmDialog, .progress, .errorDialog, .overlay: return runDialog(command)
        case .packs: return runPacks(command)
        }
        return []
    }

    private mutating func openPacks() -> [Effect] {
        screens.append(.packs(PacksScreenState()))
        return [.loadPacks]
    }

    // MARK: Route list

    private mutating func runRouteList(_ command: Command) -> [Effect] {
        let count = routeList.visible.count
        if let moved = Command.move(command, from: routeList.selected, last: count - 1, page: max(1, routeListRows - 1)) {
            routeList.selected = moved
            clampRouteList()
            return []
        }
        switch command {
        case .open:
            guard count > 0 else { return [] }
            openRoute(routeList.visible[routeList.selected])
            // What the memory holds for the route shows at once.
            return recallShown()
        case .search:
            modals.append(.textInput(TextInputState(purpose: .searchRoutes, text: routeList.searchText)))
        case .clearFilters:
            applyRouteSearch("")
        case .showHelp:
            modals.append(.help(HelpState(context: .routeList)))
        case .quit:
            shouldQuit = true
        default:
            break
        }
        return []
    }

    /// Rows the route list has for routes (below its column header).
    var routeListRows: Int { max(1, bodyHeight - 1) }

    private mutating func clampRouteList() {
        let count = routeList.visible.count
        routeList.selected = min(max(routeList.selected, 0), max(count - 1, 0))
        let rows = routeListRows
        if routeList.selected < routeList.scroll {
            routeList.scroll = routeList.selected
        } else if routeList.selected >= routeList.scroll + rows {
            routeList.scroll = routeList.selected - rows + 1
        }
        routeList.scroll = min(max(routeList.scroll, 0), max(count - rows, 0))
    }

    private mutating func applyRouteSearch(_ text: String) {
        routeList.searchText = text
        let needle = text.trimmingCharacters(in: .whitespaces)
        routeList.visible = routes.indices.filter { index in
            guard !needle.isEmpty else { return true }
            let route = routes[index]
            return [route.name, route.country, route.region, route.id].contains {
                $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
        routeList.selected = 0
        routeList.scroll = 0
    }

    private mutating func openRoute(_ index: Int) {
        var detail = RouteDetailState(routeIndex: index)
        detail.visible = detail.query.apply(toIndicesOf: routes[index].reviews, languages: languages)
        screens.append(.routeDetail(detail))
        detailBlocks = LaidOutBlocks()
    }

    // MARK: Route detail

    /// The route detail on top of the stack, read and written in place.
    var detail: RouteDetailState? {
        get {
            if case .routeDetail(let detail) = screens.last { return detail }
            return nil
        }
        set {
            guard let newValue, case .routeDetail = screens.last else { return }
            screens[screens.count - 1] = .routeDetail(newValue)
        }
    }

    /// Columns the route detail gives to text: the screen, but no wider than is comfortable to read.
    var detailTextWidth: Int { min(max(1, size.width - 2), Self.readableTextWidth) }

    /// Lines longer than this are hard to follow on a wide terminal.
    static let readableTextWidth = 100

    func detailLayout(_ detail: RouteDetailState) -> RouteDetailLayout {
        RouteDetailLayout(route: routes[detail.routeIndex], routeIndex: detail.routeIndex, visible: detail.visible, query: detail.query,
                          languages: languages, width: detailTextWidth, translations: translations,
                          showingOriginal: showingOriginal, originalsOnly: originalsOnly, overrides: languageOverrides)
    }

    /// What the route screen's view draws: its layout and the lines kept for it.
    func detailLines(_ detail: RouteDetailState) -> RouteDetailLines {
        RouteDetailLines(layout: detailLayout(detail), blocks: detailBlocks)
    }

    /// Moves `detail`'s selection or viewport with `move`, keeping the blocks it lays out.
    mutating func scroll(_ detail: inout RouteDetailState, _ move: (inout DetailScroller, inout RouteDetailState) -> Void) {
        var scroller = DetailScroller(layout: detailLayout(detail), viewHeight: bodyHeight, blocks: detailBlocks)
        // The scroller holds the only copy while it works, so keeping a block copies no others.
        detailBlocks = LaidOutBlocks()
        move(&scroller, &detail)
        detailBlocks = scroller.blocks
    }

    private mutating func runRouteDetail(_ command: Command) -> [Effect] {
        guard var detail else { return [] }
        let page = bodyHeight - 1
        switch command {
        case .moveDown: scroll(&detail) { $0.moveDown(&$1) }
        case .moveUp: scroll(&detail) { $0.moveUp(&$1) }
        case .pageDown: scroll(&detail) { $0.page(&$1, by: page) }
        case .pageUp: scroll(&detail) { $0.page(&$1, by: -page) }
        case .moveToTop:
            detail.selected = 0
            detail.top = 0
            detail.topOffset = 0
        case .moveToBottom:
            detail.selected = max(detail.visible.count - 1, 0)
            scroll(&detail) { $0.scrollToEnd(&$1) }
        case .back:
            screens.removeLast()
            detailBlocks = LaidOutBlocks()
            // Leaving the screen stops its translations (approved downloads go on).
            return [.cancelTranslations]
        case .pickLanguage:
            modals.append(.languagePicker(languagePicker(for: detail)))
        case .search:
            modals.append(.textInput(TextInputState(purpose: .searchReviews, text: detail.query.searchText)))
        case .clearFilters:
            detail.query.language = nil
            detail.query.searchText = ""
            let changed = refilter(&detail)
            self.detail = detail
            return filtered(shownChanged: changed)
        case .cycleSort:
            let orders = ReviewSort.allCases
            let next = (orders.firstIndex(of: detail.query.sort) ?? 0) + 1
            detail.query.sort = orders[next % orders.count]
            let changed = refilter(&detail)
            self.detail = detail
            return filtered(shownChanged: changed)
        case .showHelp:
            modals.append(.help(HelpState(context: .routeDetail)))
        case .quit:
            shouldQuit = true
        default:
            break
        }
        self.detail = detail
        return []
    }

    private func languagePicker(for detail: RouteDetailState) -> LanguagePickerState {
        let reviews = routes[detail.routeIndex].reviews
        let counts = routeLanguageCounts.counts(ofRoute: detail.routeIndex)
        var choices = [LanguageChoice(tag: nil, name: "All", count: reviews.count)]
        choices += counts.map { LanguageChoice(tag: $0.tag, name: LanguageNames.name(of: $0.tag), count: $0.count) }
        var picker = LanguagePickerState(choices: choices)
        if let current = detail.query.language, let index = choices.firstIndex(where: { $0.tag == current }) {
            picker.selected = index
        }
        return picker
    }

    /// Recomputes which reviews pass the query, keeping the selected review when it still passes.
    /// `visible`, when given, is what passes, worked out by the caller. Returns whether other
    /// reviews are shown (not only another order): a filter costs O(reviews) already, so the
    /// comparison adds nothing a key pays for.
    @discardableResult
    private mutating func refilter(_ detail: inout RouteDetailState, to visible: [Int]? = nil) -> Bool {
        let reviews = routes[detail.routeIndex].reviews
        let previous = detail.visible.indices.contains(detail.selected) ? detail.visible[detail.selected] : nil
        let old = detail.visible
        detail.visible = visible ?? detail.query.apply(toIndicesOf: reviews, languages: languages)
        let changed = old != detail.visible && Set(old) != Set(detail.visible)
        if let previous, let kept = detail.visible.firstIndex(of: previous) {
            detail.selected = kept
            scroll(&detail) { $0.reveal(&$1) }
        } else {
            detail.selected = 0
            detail.top = 0
            detail.topOffset = 0
        }
        return changed
    }

    /// Refilters the route screens whose filter the detected languages touch; returns whether
    /// the top screen shows other reviews now.
    private mutating func refreshDetailAfterLanguages(touched: Set<Int>, firstRead: [String], reread: Bool) -> Bool {
        var topChanged = false
        for index in screens.indices {
            guard case .routeDetail(var detail) = screens[index], detail.query.language != nil,
                  touched.contains(detail.routeIndex) else { continue }
            let changed: Bool
            if reread {
                changed = refilter(&detail)
            } else {
                let added = routeLanguageCounts.positions(of: firstRead, route: detail.routeIndex)
                let visible = detail.query.adding(added, to: detail.visible, in: routes[detail.routeIndex].reviews, languages: languages)
                changed = refilter(&detail, to: visible)
            }
            screens[index] = .routeDetail(detail)
            if index == screens.count - 1 { topChanged = changed }
        }
        if case .languagePicker(var picker) = modals.last, let detail {
            let fresh = languagePicker(for: detail)
            let selectedTag = picker.matches.indices.contains(picker.selected) ? picker.matches[picker.selected].tag : nil
            picker.choices = fresh.choices
            picker.selected = picker.matches.firstIndex { $0.tag == selectedTag } ?? 0
            modals[modals.count - 1] = .languagePicker(picker)
        }
        return topChanged
    }

    private mutating func clampAfterChange() {
        clampRouteList()
        for index in screens.indices {
            guard case .routeDetail(var detail) = screens[index] else { continue }
            scroll(&detail) { $0.reveal(&$1) }
            screens[index] = .routeDetail(detail)
        }
    }

    // MARK: Modals

    private mutating func runHelp(_ command: Command) {
        guard case .help(var help) = modals.last else { return }
        let lines = KeyBindings.helpLines(for: help.context).count
        let page = max(1, bodyHeight - 4)
        if let moved = Command.move(command, from: help.scroll, last: lines, page: page) {
            help.scroll = min(max(moved, 0), max(lines - page, 0))
            modals[modals.count - 1] = .help(help)
            return
        }
        switch command {
        case .back: modals.removeLast()
        case .quit: shouldQuit = true
        default: break
        }
    }

    private mutating func runPicker(_ command: Command) -> [Effect] {
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
            case .quit:
                shouldQuit = true
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
        case .quit:
            shouldQuit = true
        default:
            break
        }
        return []
    }

    private mutating func runTextInput(_ command: Command) -> [Effect] {
        guard case .textInput(let input) = modals.last else { return [] }
        switch command {
        case .apply:
            modals.removeLast()
            switch input.purpose {
            case .searchRoutes:
                applyRouteSearch(input.text)
            case .searchReviews:
                guard var detail else { return [] }
                detail.query.searchText = input.text
                let changed = refilter(&detail)
                self.detail = detail
                return filtered(shownChanged: changed)
            }
        case .cancel:
            modals.removeLast()
        case .quit:
            shouldQuit = true
        default:
            break
        }
        return []
    }

    /// Typing into the picker's filter or the search field.
    private mutating func typeIntoModal(_ key: Key) {
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
    private func edit(_ text: inout String, with key: Key) -> Bool {
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
