import TestSupport
import Testing
@testable import HikeReviewsTUI

/// The route screen is laid out by the reducer, once per change, and drawn from what it kept.
@Suite(.tags(.fast)) struct LayoutOnceTests {
    /// The screen drawn from the kept lines and the same screen laid out afresh.
    static func bothWays(_ state: AppState, _ layout: LaidOutBlocks) -> (kept: String, fresh: String) {
        (Snapshot.text(of: AppView.render(state, layout: layout)), Snapshot.text(of: AppView.render(state, layout: LaidOutBlocks())))
    }
}

extension LayoutOnceTests {
    @Test func eachArrivalIsLaidOutOnceAndTheRendererLaysOutNothing() throws {
        let layout = LaidOutBlocks()
        var state = TranslateFlowTests.spanishCares()
        let task = try #require(TranslateFlowTests.jobs(in: Fixtures.press([.char("T")], on: &state, layout: layout)))
        let detail = try #require(state.detail)
        let reviews = state.routes[detail.routeIndex].reviews
        let counter = LaidOutBlocks.Counter()
        try layout.counting(in: counter) {
            for job in task.jobs {
                _ = state.reduce(.translationArrived(task: task.id, reviewID: job.reviewID, text: "In English \(job.reviewID)",
                                                     route: ["es", "en"], unknownWords: []), layout: layout)
                let laidOut = counter.total
                let screen = Snapshot.text(of: AppView.render(state, layout: layout))
                #expect(counter.total == laidOut, "drawing the frame laid nothing out again")
                let index = try #require(reviews.firstIndex { $0.id == job.reviewID })
                #expect(counter.count(route: detail.routeIndex, review: index) <= 1, "\(job.reviewID) laid out once at most")
                if screen.contains("In English \(job.reviewID)") {
                    #expect(counter.count(route: detail.routeIndex, review: index) == 1)
                }
            }
            // Only what changed is laid out: the header and the reviews without news are kept.
            #expect(counter.count(route: detail.routeIndex, review: nil) == 0)
        }
        #expect(counter.total > 0)
    }

    @Test func scrollingBackOverLaidOutReviewsLaysNothingOut() {
        let layout = LaidOutBlocks()
        var state = Fixtures.state(width: 40, height: 12)
        Fixtures.press([.enter], on: &state, layout: layout)
        Fixtures.press(Array(repeating: .char("j"), count: 12), on: &state, layout: layout)
        let counter = LaidOutBlocks.Counter()
        layout.counting(in: counter) {
            for key in Array(repeating: Key.char("k"), count: 12) + [.pageDown, .pageUp, .char("g")] {
                Fixtures.press([key], on: &state, layout: layout)
                _ = AppView.render(state, layout: layout)
            }
        }
        #expect(counter.total == 0, "every block on the way back was kept from the way down")
        #expect(state.detail?.selected == 0 && state.detail?.top == 0)
    }

    @Test func keptLinesDrawWhatAFreshLayoutDraws() throws {
        let layout = LaidOutBlocks()
        var state = TranslateFlowTests.spanishCares()
        let task = try #require(TranslateFlowTests.jobs(in: Fixtures.press([.char("T")], on: &state, layout: layout)))
        var screens: [(kept: String, fresh: String)] = [Self.bothWays(state, layout)]
        for job in task.jobs {
            _ = state.reduce(.translationArrived(task: task.id, reviewID: job.reviewID, text: "In English \(job.reviewID), a longer text that wraps",
                                                 route: ["es", "en"], unknownWords: ["wraps"]), layout: layout)
            screens.append(Self.bothWays(state, layout))
        }
        for keys: [Key] in [[.char("j")], [.char("o")], [.char("j"), .char("O")], [.char("O"), .char("s")], [.char("G")], [.char("c")]] {
            Fixtures.press(keys, on: &state, layout: layout)
            screens.append(Self.bothWays(state, layout))
        }
        for (width, height) in [(50, 14), (80, 24)] {
            _ = state.reduce(.resized(width: width, height: height), layout: layout)
            screens.append(Self.bothWays(state, layout))
        }
        _ = state.reduce(.languagesDetected([:], done: 1, total: 1), layout: layout)
        screens.append(Self.bothWays(state, layout))
        for (index, screen) in screens.enumerated() {
            #expect(screen.kept == screen.fresh, "frame \(index)")
        }
    }

    @Test func helpScrollsOverTheTablesLines() throws {
        let layout = LaidOutBlocks()
        var state = Fixtures.state(width: 80, height: 12)
        Fixtures.press([.enter, .char("?"), .char("G")], on: &state, layout: layout)
        guard case .help(let help) = state.dialogs.modals.last else { Issue.record("no help"); return }
        let lines = KeyBindings.helpLines(for: .routeDetail).count
        #expect(help.scroll == lines - (state.bodyHeight - 4))
        #expect(Snapshot.text(of: AppView.render(state, layout: layout)).contains(try #require(KeyBindings.helpLines(for: .routeDetail).last)))
    }
}
