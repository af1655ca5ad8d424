import Foundation
import ReviewModel
import TranslationEngine

/// The route screen: its reviews' filter, selection and scroll.
extension AppState {

    mutating func openRoute(_ index: Int) {
        var detail = RouteDetailState(routeIndex: index)
        detail.visible = detail.query.apply(toIndicesOf: routes[index].reviews, languages: languages)
        screens.append(.routeDetail(detail))
        laidOut.removeAll()
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

    mutating func runRouteDetail(_ command: Command) -> [Effect] {
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
            laidOut.removeAll()
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
        default:
            break
        }
        self.detail = detail
        return []
    }

    func languagePicker(for detail: RouteDetailState) -> LanguagePickerState {
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
    mutating func refilter(_ detail: inout RouteDetailState, to visible: [Int]? = nil) -> Bool {
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
    mutating func refreshDetailAfterLanguages(touched: Set<Int>, firstRead: [String], reread: Bool) -> Bool {
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

    mutating func clampAfterChange() {
        routeList.clamp(rows: routeListRows)
        for index in screens.indices {
            guard case .routeDetail(var detail) = screens[index] else { continue }
            scroll(&detail) { $0.reveal(&$1) }
            screens[index] = .routeDetail(detail)
        }
    }
}
