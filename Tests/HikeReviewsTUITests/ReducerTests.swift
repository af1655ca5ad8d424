import TestSupport
import Testing
import ReviewModel
@testable import HikeReviewsTUI

/// Action in, state and effects out: no terminal.
@Suite(.tags(.fast)) struct ReducerTests {}

extension ReducerTests {
    @Test func startAsksForLanguageDetectionOfEveryReviewAndChecksTheRepositories() {
        let state = AppState(routes: Fixtures.catalog.routes, size: .init(width: 80, height: 24))
        let total = Fixtures.catalog.routes.reduce(0) { $0 + $1.reviews.count }
        guard case .detectLanguages(let reviews) = state.initialEffects.first else {
            Issue.record("no detection effect")
            return
        }
        #expect(reviews.count == total)
        #expect(state.initialEffects == [.detectLanguages(reviews), .checkRepositories])
    }

    @Test func detectionProgressFillsInLanguages() {
        var state = AppState(routes: Fixtures.catalog.routes, size: .init(width: 80, height: 24))
        let firstRoute = Fixtures.catalog.routes[0]
        let partial = Dictionary(uniqueKeysWithValues: firstRoute.reviews.map { ($0.id, Fixtures.languages[$0.id]!) })
        _ = state.reduce(.languagesDetected(partial, done: partial.count, total: 286))
        #expect(state.detection.isFinished == false)
        #expect(state.languages.count == partial.count)
        _ = state.reduce(.languagesDetected(Fixtures.languages, done: 286, total: 286))
        #expect(state.detection.isFinished)
    }

    @Test func listNavigationClampsAtBothEnds() {
        var state = Fixtures.state()
        Fixtures.press([.char("k"), .up], on: &state)
        #expect(state.routeList.selected == 0)
        Fixtures.press([.char("j"), .down, .wheelDown], on: &state)
        #expect(state.routeList.selected == 3)
        Fixtures.press([.char("G")], on: &state)
        #expect(state.routeList.selected == state.routes.count - 1)
        Fixtures.press([.char("j")], on: &state)
        #expect(state.routeList.selected == state.routes.count - 1)
        #expect(state.routeList.scroll + state.routeListRows > state.routeList.selected)
        Fixtures.press([.char("g")], on: &state)
        #expect(state.routeList.selected == 0 && state.routeList.scroll == 0)
    }

    @Test func enterOpensTheSelectedRouteAndEscGoesBack() {
        var state = Fixtures.state()
        Fixtures.press([.down, .enter], on: &state)
        #expect(state.detail?.routeIndex == 1)
        #expect(state.detail?.visible.count == state.routes[1].reviews.count)
        #expect(state.keyContext == .routeDetail)
        Fixtures.press([.escape], on: &state)
        #expect(state.detail == nil)
        Fixtures.press([.enter, .backspace], on: &state)
        #expect(state.detail == nil)
        #expect(state.routeList.selected == 1)
    }

    @Test func languagePickerNarrowsByNameAndCodeAndApplies() throws {
        var state = Fixtures.state()
        let cares = Fixtures.routeIndex("cares-gorge")
        state.routeList.selected = state.routeList.visible.firstIndex(of: cares)!
        Fixtures.press([.enter, .char("l")], on: &state)
        guard case .languagePicker(let picker) = state.dialogs.modals.last else {
            Issue.record("no picker")
            return
        }
        #expect(picker.choices.first?.name == "All")
        #expect(picker.choices.dropFirst().map(\.count) == picker.choices.dropFirst().map(\.count).sorted(by: >))
        Fixtures.type("Spanish", on: &state)
        guard case .languagePicker(let narrowed) = state.dialogs.modals.last else { return }
        #expect(narrowed.matches.map(\.tag) == [nil, "es"])
        #expect(narrowed.selected == 1, "typing selects the first language, not All")
        Fixtures.press([.enter], on: &state)
        #expect(state.dialogs.modals.isEmpty)
        let detail = try #require(state.detail)
        #expect(detail.query.language == "es")
        let spanish = state.routes[cares].reviews.filter { Fixtures.languages[$0.id] == "es" }
        #expect(detail.visible.count == spanish.count)
        #expect(detail.visible.allSatisfy { Fixtures.languages[state.routes[cares].reviews[$0].id] == "es" })

        // By code, then "All" clears the filter.
        Fixtures.press([.char("l")], on: &state)
        Fixtures.type("ca", on: &state)
        guard case .languagePicker(let byCode) = state.dialogs.modals.last else { return }
        #expect(byCode.matches.contains { $0.tag == "ca" })
        Fixtures.press([.backspace, .backspace, .home, .enter], on: &state)
        #expect(state.detail?.query.language == nil)
        #expect(state.detail?.visible.count == state.routes[cares].reviews.count)
    }

    @Test func escapeInThePickerChangesNothing() {
        var state = Fixtures.state()
        Fixtures.press([.enter, .char("l"), .down, .down], on: &state)
        Fixtures.press([.escape], on: &state)
        #expect(state.dialogs.modals.isEmpty)
        #expect(state.detail?.query.language == nil)
        #expect(state.detail != nil, "Esc closed the picker, not the route")
    }

    @Test func searchFiltersReviewsAndRoutes() throws {
        var state = Fixtures.state()
        Fixtures.press([.char("/")], on: &state)
        Fixtures.type("norway", on: &state)
        Fixtures.press([.enter], on: &state)
        #expect(state.routeList.visible.map { state.routes[$0].id } == ["besseggen"])
        Fixtures.press([.char("c")], on: &state)
        #expect(state.routeList.visible.count == state.routes.count)

        Fixtures.press([.enter, .char("/")], on: &state)
        Fixtures.type("parking", on: &state)
        Fixtures.press([.enter], on: &state)
        let detail = try #require(state.detail)
        let route = state.routes[detail.routeIndex]
        #expect(!detail.visible.isEmpty)
        #expect(detail.visible.allSatisfy { route.reviews[$0].text.localizedCaseInsensitiveContains("parking") || route.reviews[$0].author.localizedCaseInsensitiveContains("parking") })
    }

    @Test func qQuitsFromEveryScreenButTypesInTextFields() {
        var state = Fixtures.state()
        Fixtures.press([.char("/"), .char("q")], on: &state)
        #expect(!state.shouldQuit)
        guard case .textInput(let input) = state.dialogs.modals.last else { return }
        #expect(input.text == "q")
        Fixtures.press([.escape, .enter, .char("?"), .char("q")], on: &state)
        #expect(state.shouldQuit)
        var picker = Fixtures.state()
        Fixtures.press([.enter, .char("l"), .ctrl("c")], on: &picker)
        #expect(picker.shouldQuit)
    }

    @Test func detailScrollingKeepsTheSelectionOnScreen() throws {
        var state = Fixtures.state(width: 40, height: 12)
        Fixtures.press([.enter], on: &state)
        for _ in 0..<40 {
            Fixtures.press([.char("j")], on: &state)
            let detail = try #require(state.detail)
            let layout = state.routeContext(measuring: LaidOutBlocks()).layOutViewport(detail)
            let block = detail.selected + 1
            #expect(block >= detail.top, "selected review is not above the screen")
            var linesBefore = -detail.topOffset
            for b in detail.top..<block { linesBefore += layout.height(ofBlock: b) }
            #expect(linesBefore < state.bodyHeight, "selected review starts on screen")
        }
        Fixtures.press([.char("G")], on: &state)
        let last = try #require(state.detail)
        #expect(last.selected == last.visible.count - 1)
        Fixtures.press([.pageUp, .pageUp, .pageDown], on: &state)
        Fixtures.press([.char("g")], on: &state)
        #expect(state.detail?.top == 0 && state.detail?.selected == 0)
    }

    @Test func resizingBelowTheMinimumShowsTooSmallAndKeepsState() {
        var state = Fixtures.state()
        Fixtures.press([.down, .enter], on: &state)
        _ = state.reduce(.resized(width: 19, height: 5))
        #expect(state.isTooSmall)
        Fixtures.press([.char("j"), .escape], on: &state)
        #expect(state.detail != nil, "keys other than q are ignored while too small")
        _ = state.reduce(.resized(width: 80, height: 24))
        #expect(!state.isTooSmall)
        #expect(state.detail?.routeIndex == 1)
    }

    @Test func signalsEndTheLoop() {
        var state = Fixtures.state()
        _ = state.reduce(.terminationRequested)
        #expect(state.shouldQuit)
    }

    @Test func noContextHasClashingKeys() {
        for context in KeyContext.allCases {
            var seen: [Key: Command] = [:]
            for binding in KeyBindings.table where binding.contexts.contains(context) {
                for key in binding.keys {
                    if let other = seen[key] {
                        #expect(other == binding.command, "\(key.label) means both \(other) and \(binding.command) in \(context)")
                    }
                    seen[key] = binding.command
                }
            }
        }
    }

    @Test func helpListsEveryBindingOfItsContext() {
        for context in KeyContext.allCases {
            let help = KeyBindings.helpLines(for: context).joined(separator: "\n")
            for binding in KeyBindings.bindings(in: context) {
                #expect(help.contains(binding.help))
            }
        }
    }
}

extension ReducerTests {
    /// docs/USAGE.md's key table is generated from the keybinding table; this keeps them in step.
    @Test func usageKeyTableMatchesTheBindings() throws {
        let usage = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/USAGE.md"), encoding: .utf8)
        let table = KeyBindings.markdownTable()
        #expect(usage.contains("<!-- keys -->\n\(table)\n<!-- /keys -->"), "update docs/USAGE.md's key table to:\n\(table)")
    }
}

extension ReducerTests {
    @Test func sortCyclesThroughEveryOrderAndKeepsTheSelectedReview() throws {
        var state = Fixtures.state()
        Fixtures.press([.enter, .char("j")], on: &state)
        let route = state.routes[try #require(state.detail).routeIndex]
        let selectedBefore = try #require(state.detail).visible[1]
        var seen: [ReviewSort] = []
        for _ in ReviewSort.allCases {
            Fixtures.press([.char("s")], on: &state)
            let detail = try #require(state.detail)
            seen.append(detail.query.sort)
            #expect(detail.visible[detail.selected] == selectedBefore, "the selected review stays selected")
            let reviews = detail.visible.map { route.reviews[$0] }
            switch detail.query.sort {
            case .oldest: #expect(reviews.map(\.date) == reviews.map(\.date).sorted())
            case .bestRated: #expect(reviews.map(\.rating) == reviews.map(\.rating).sorted(by: >))
            case .worstRated: #expect(reviews.map(\.rating) == reviews.map(\.rating).sorted())
            case .newest: #expect(reviews.map(\.date) == reviews.map(\.date).sorted(by: >))
            }
        }
        #expect(Set(seen) == Set(ReviewSort.allCases))
        #expect(seen.last == .newest)
    }
}
