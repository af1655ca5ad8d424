import ReviewModel
import TranslationEngine

/// The route screen as the app composes it: the top screen's state, the read-only contexts
/// its reducer and the translation reducer are given, and what their outcomes do to the rest.
///
/// Every step that scrolls the screen now (a filter, a screen opened) takes `blocks`, the layout
/// cache to measure with and keep what it lays out in, from the `reduce` under way; a step that
/// only changed heights sets `revealsSelection`, and the way out of `reduce` reveals once.
extension AppState {
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
    var detailTextWidth: Int { min(max(1, size.width - 2), RouteDetailLayout.readableTextWidth) }

    /// What the route screen's reducer reads, measuring with `blocks`.
    func routeContext(measuring blocks: LaidOutBlocks) -> RouteScreenContext {
        RouteScreenContext(routes: routes, languages: languages, languageCounts: routeLanguageCounts, overrides: translation.overrides,
                           translations: translation.shown, showingOriginal: translation.showingOriginal,
                           originalsOnly: translation.originalsOnly, textWidth: detailTextWidth, bodyHeight: bodyHeight,
                           blocks: blocks)
    }

    /// What the translation reducer reads for the route screen `detail`.
    func translationContext(_ detail: RouteDetailState) -> TranslationContext {
        TranslationContext(route: detail.routeIndex, reviews: routes[detail.routeIndex].reviews, languages: languages,
                           places: routes[detail.routeIndex].places)
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

    mutating func openRoute(_ index: Int, measuring blocks: LaidOutBlocks) -> [Effect] {
        screens.append(.routeDetail(RouteDetailState(opening: index, in: routeContext(measuring: blocks))))
        blocks.removeAll()
        // What the memory holds for the route shows at once.
        return recallShown()
    }

    /// A step of the translation reducer: the state, the top route screen (nil when there is
    /// none) and its context.
    typealias TranslationStep = (inout TranslationState, inout RouteDetailState?, TranslationContext?) -> TranslationOutcome?

    /// Runs a step of the translation reducer with the top route screen and applies its outcome
    /// in one place: the screen written back, the outcome's dialog opened and, when heights
    /// changed, the selection revealed on the way out of `reduce`. Nil when the step did nothing.
    mutating func translating(_ step: TranslationStep) -> [Effect]? {
        var screen = detail
        let context = screen.map(translationContext)
        guard let outcome = step(&translation, &screen, context) else { return nil }
        if let screen { detail = screen }
        if let modal = outcome.open { dialogs.open(modal) }
        if outcome.reveal { revealsSelection = true }
        return outcome.effects
    }

    /// `step` as `translating` takes it, for a step that needs the route screen: without one it
    /// does nothing (and `translating` returns nil).
    static func onScreen(_ step: @escaping (inout TranslationState, inout RouteDetailState, TranslationContext) -> TranslationOutcome?) -> TranslationStep {
        { state, screen, context in
            guard var detail = screen, let context else { return nil }
            defer { screen = detail }
            return step(&state, &detail, context)
        }
    }

    /// `T`, and translating the route again once its packs are in.
    mutating func translateShownAgain() -> [Effect] {
        translating(Self.onScreen { $0.run(.translateAll, detail: &$1, in: $2) }) ?? []
    }

    /// The memory is asked about the shown reviews with nothing in the target yet.
    mutating func recallShown() -> [Effect] {
        translating(Self.onScreen { $0.recall($1, in: $2) }) ?? []
    }

    /// The top screen's query changes with `edit` (from the top when `fromTop`); the
    /// configuration follows it and, when other reviews are shown, the memory is asked.
    mutating func changeQuery(fromTop: Bool = false, measuring blocks: LaidOutBlocks, _ edit: (inout ReviewQuery) -> Void) -> [Effect] {
        guard var detail else { return [] }
        let changed = detail.changeQuery(in: routeContext(measuring: blocks), fromTop: fromTop, edit)
        self.detail = detail
        return filtered(shownChanged: changed)
    }

    /// A filter was applied to the top screen, changing what it shows or not.
    mutating func filtered(shownChanged: Bool) -> [Effect] {
        translating(Self.onScreen { $0.filtered(&$1, shownChanged: shownChanged, in: $2) }) ?? []
    }

    /// Refilters the route screens whose filter the detected languages touch; returns whether
    /// the top screen shows other reviews now.
    mutating func refreshDetailAfterLanguages(touched: Set<Int>, firstRead: [String], reread: Bool, measuring blocks: LaidOutBlocks) -> Bool {
        var topChanged = false
        let context = routeContext(measuring: blocks)
        for index in screens.indices {
            guard case .routeDetail(var detail) = screens[index] else { continue }
            let changed = detail.languagesDetected(touched: touched, firstRead: firstRead, reread: reread, in: context)
            screens[index] = .routeDetail(detail)
            if index == screens.count - 1 { topChanged = changed }
        }
        if let detail { dialogs.refreshPicker(choices: detail.languagePicker(in: context).choices) }
        return topChanged
    }

    mutating func clampAfterChange(measuring blocks: LaidOutBlocks) {
        routeList.clamp(rows: routeListRows)
        let context = routeContext(measuring: blocks)
        for index in screens.indices {
            guard case .routeDetail(var detail) = screens[index] else { continue }
            context.scroller(for: detail).reveal(&detail)
            screens[index] = .routeDetail(detail)
        }
    }

    /// Rows the route list has for routes (below its column header).
    var routeListRows: Int { max(1, bodyHeight - 1) }
}
