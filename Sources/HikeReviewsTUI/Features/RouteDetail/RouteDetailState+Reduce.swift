import ReviewModel
import TranslationEngine

/// What a route screen key asks of the app beyond the screen's own change.
enum RouteDetailOutcome: Equatable {
    case none
    /// Leave the screen.
    case back
    case openPicker(LanguagePickerState)
    case openSearch(TextInputState)
    /// The query changed; `shownChanged` when other reviews are shown (not only another order).
    case filtered(shownChanged: Bool)
}

/// The route screen's reducer: its keys, its filter and its scroll, from a read-only context.
extension RouteDetailState {
    /// The screen of route `index`, showing every review that passes the default query.
    init(opening index: Int, in context: RouteScreenContext) {
        self.init(routeIndex: index)
        visible = query.apply(toIndicesOf: context.routes[index].reviews, languages: context.languages)
    }

    mutating func run(_ command: Command, in context: RouteScreenContext) -> RouteDetailOutcome {
        let page = context.bodyHeight - 1
        switch command {
        case .moveDown: context.scroller(for: self).moveDown(&self)
        case .moveUp: context.scroller(for: self).moveUp(&self)
        case .pageDown: context.scroller(for: self).page(&self, by: page)
        case .pageUp: context.scroller(for: self).page(&self, by: -page)
        case .moveToTop:
            moveToTop()
        case .moveToBottom:
            selected = max(visible.count - 1, 0)
            context.scroller(for: self).scrollToEnd(&self)
        case .back:
            return .back
        case .pickLanguage:
            return .openPicker(languagePicker(in: context))
        case .search:
            return .openSearch(TextInputState(purpose: .searchReviews, text: query.searchText))
        case .clearFilters:
            return .filtered(shownChanged: changeQuery(in: context) { $0.language = nil; $0.searchText = "" })
        case .cycleSort:
            let orders = ReviewSort.allCases
            let next = (orders.firstIndex(of: query.sort) ?? 0) + 1
            return .filtered(shownChanged: changeQuery(in: context) { $0.sort = orders[next % orders.count] })
        default:
            break
        }
        return .none
    }

    /// Changes the query and shows what passes it (from the top when `fromTop`); returns
    /// whether other reviews are shown.
    mutating func changeQuery(in context: RouteScreenContext, fromTop: Bool = false, _ edit: (inout ReviewQuery) -> Void) -> Bool {
        edit(&query)
        let changed = refilter(in: context)
        if fromTop { moveToTop() }
        return changed
    }

    private mutating func moveToTop() {
        selected = 0
        top = 0
        topOffset = 0
    }

    /// The filter picker: "All" and the route's languages with their counts.
    func languagePicker(in context: RouteScreenContext) -> LanguagePickerState {
        let counts = context.languageCounts.counts(ofRoute: routeIndex)
        var choices = [LanguageChoice(tag: nil, name: "All", count: context.reviews(of: self).count)]
        choices += counts.map { LanguageChoice(tag: $0.tag, name: LanguageNames.name(of: $0.tag), count: $0.count) }
        var picker = LanguagePickerState(choices: choices)
        if let current = query.language, let index = choices.firstIndex(where: { $0.tag == current }) {
            picker.selected = index
        }
        return picker
    }

    /// Recomputes which reviews pass the query, keeping the selected review when it still passes.
    /// `visible`, when given, is what passes, worked out by the caller. Returns whether other
    /// reviews are shown (not only another order): a filter costs O(reviews) already, so the
    /// comparison adds nothing a key pays for.
    @discardableResult
    mutating func refilter(in context: RouteScreenContext, to visible: [Int]? = nil) -> Bool {
        let previous = self.visible.indices.contains(selected) ? self.visible[selected] : nil
        let old = self.visible
        self.visible = visible ?? query.apply(toIndicesOf: context.reviews(of: self), languages: context.languages)
        let changed = old != self.visible && Set(old) != Set(self.visible)
        if let previous, let kept = self.visible.firstIndex(of: previous) {
            selected = kept
            context.scroller(for: self).reveal(&self)
        } else {
            moveToTop()
        }
        return changed
    }

    /// Detection reported languages for the routes in `touched`: a screen filtered by language
    /// on one of them refilters (`firstRead` reviews can only join it; a review `reread` in
    /// another language may leave it, so then the list is worked out afresh). Returns whether
    /// other reviews are shown; false when the report does not touch this screen.
    mutating func languagesDetected(touched: Set<Int>, firstRead: [String], reread: Bool, in context: RouteScreenContext) -> Bool {
        guard query.language != nil, touched.contains(routeIndex) else { return false }
        if reread { return refilter(in: context) }
        let added = context.languageCounts.positions(of: firstRead, route: routeIndex)
        return refilter(in: context, to: query.adding(added, to: visible, in: context.reviews(of: self), languages: context.languages))
    }
}
