import Foundation
import ReviewModel
import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// Issue 19, "the app freezes on big data", in the reducer: what an action costs must not grow
/// with the route, so detection batches and keys on a route of 100,000 reviews stay cheap.
@Suite(.timeLimit(.minutes(5))) struct BigRouteTests {
    /// The app on one route of `count` reviews, at 100x40, nothing detected yet.
    static func state(_ count: Int) -> (state: AppState, languages: [String: String]) {
        let (reviews, languages) = BigRoute.reviews(count)
        return (AppState(routes: [BigRoute.route(reviews)], size: .init(width: 100, height: 40), targetLanguage: "en"), languages)
    }

    /// Detection reports in batches while the route is open: each batch used to look in the
    /// translation memory for every shown review again (100,000 jobs a batch), which held the
    /// loop. The memory is asked once, when the last batch arrives.
    @Test func detectionBatchesOnAnOpenRouteAskTheMemoryOnceAtTheEnd() throws {
        var (state, languages) = Self.state(20_000)
        Fixtures.press([.enter], on: &state)
        let ids = state.routes[0].reviews.map(\.id)
        let batch = 1_000
        var recalls: [[RecallTask]] = []
        for start in stride(from: 0, to: ids.count, by: batch) {
            let found = Dictionary(uniqueKeysWithValues: ids[start..<min(start + batch, ids.count)].map { ($0, languages[$0]!) })
            let effects = state.reduce(.languagesDetected(found, done: min(start + batch, ids.count), total: ids.count))
            recalls.append(RecallFlowTests.recalls(in: effects))
        }
        #expect(recalls.dropLast().allSatisfy { $0.isEmpty }, "no look-up while detection runs")
        let last = try #require(recalls.last?.first)
        let notEnglish = languages.values.filter { $0 != "en" }.count
        #expect(last.jobs.count == notEnglish, "the last batch looks up every shown review not in English")
        // Keys ask for nothing more once it is done.
        #expect(Fixtures.press([.char("j"), .char("G"), .char("g")], on: &state).isEmpty)
    }

    /// The route list's languages per route are kept in step batch by batch (a batch once
    /// counted every review of every route again), including a review detected again.
    @Test func routeLanguagesFollowEachBatch() {
        let (reviews, languages) = BigRoute.reviews(3_000)
        let routes = Fixtures.catalog.routes + [BigRoute.route(reviews)]
        var state = AppState(routes: routes, size: .init(width: 100, height: 40))
        var all = Fixtures.languages.merging(languages) { $1 }
        let ids = Array(all.keys).sorted()
        for start in stride(from: 0, to: ids.count, by: 500) {
            let found = Dictionary(uniqueKeysWithValues: ids[start..<min(start + 500, ids.count)].map { ($0, all[$0]!) })
            _ = state.reduce(.languagesDetected(found, done: min(start + 500, ids.count), total: ids.count))
            #expect(state.routeLanguageTags == routes.map { AppState.languageTags(of: $0, languages: state.languages) })
        }
        // A review read again in another language moves from one count to the other.
        all["big-0"] = "pt"
        all["big-1"] = "und"
        _ = state.reduce(.languagesDetected(["big-0": "pt", "big-1": "und"], done: ids.count, total: ids.count))
        #expect(state.routeLanguageTags == routes.map { AppState.languageTags(of: $0, languages: all) })
        #expect(state.routeLanguageTags.last?.contains("pt") == true)
    }

    /// Opening a route of 100,000 reviews and pressing `G` lays out what is on screen, not the
    /// route: the last review (the oldest) is drawn at the bottom.
    @Test func openingAndGOnAHundredThousandReviewsLayOutOnlyWhatIsShown() throws {
        var (state, languages) = Self.state(100_000)
        _ = state.reduce(.languagesDetected(languages, done: languages.count, total: languages.count))
        let counter = LaidOutBlocks.Counter()
        let layout = LaidOutBlocks()
        var screen = ""
        layout.counting(in: counter) {
            Fixtures.press([.enter], on: &state, layout: layout)
            #expect(counter.total <= state.bodyHeight, "opening laid out \(counter.total) blocks")
            let opened = counter.total
            Fixtures.press([.char("G")], on: &state, layout: layout)
            #expect(counter.total - opened <= state.bodyHeight, "G laid out \(counter.total - opened) blocks")
            screen = Snapshot.text(of: AppView.render(state, layout: layout))
        }
        #expect(screen.contains(BigRoute.oldestText), "\(screen)")
        #expect(state.detail?.selected == 99_999)
    }

    /// A signal that arrives behind a backlog (detection batches waiting to be reduced) is
    /// answered first: the app quits without reducing them. A held loop once ignored SIGTERM.
    @MainActor @Test func aSignalIsAnsweredBeforeTheBatchesWaitingWithIt() async {
        let store = Scratch.root.appendingPathComponent("big-store-\(UUID().uuidString)").path
        let manager = PackManager(store: PackStore(root: store), repositoryURL: URL(fileURLWithPath: store + "/index.json"), offline: true)
        let queue = ActionQueue()
        let backend = TestBackend(size: .init(width: 100, height: 30), queue: queue)
        let runner = EffectRunner(queue: queue, detector: RecognizerDetector(), engine: .testRunner, manager: manager)
        let ids = Fixtures.languages.keys.sorted()
        for start in stride(from: 0, to: ids.count, by: 10) {
            let found = Dictionary(uniqueKeysWithValues: ids[start..<min(start + 10, ids.count)].map { ($0, Fixtures.languages[$0]!) })
            queue.send(.languagesDetected(found, done: min(start + 10, ids.count), total: ids.count))
        }
        queue.send(.terminationRequested)
        let state = AppState(routes: Fixtures.catalog.routes, size: backend.size, targetLanguage: "en")
        let final = await AppRunner.loop(backend, state: state, runner: runner, queue: queue)
        await runner.cancelAll()
        #expect(final.shouldQuit)
        #expect(final.languages.isEmpty, "no batch was reduced before quitting")
        try? FileManager.default.removeItem(atPath: store)
    }

    /// A route filtered to one language while detection runs takes each batch's matches in,
    /// in order, the selected review kept (a full re-sort of the route per batch held the loop).
    @Test func aFilteredRouteTakesEachBatchsMatchesInOrder() throws {
        var (state, languages) = Self.state(20_000)
        let ids = state.routes[0].reviews.map(\.id)
        let first = Dictionary(uniqueKeysWithValues: ids[0..<1_000].map { ($0, languages[$0]!) })
        _ = state.reduce(.languagesDetected(first, done: 1_000, total: ids.count))
        Fixtures.press([.enter], on: &state)
        var detail = try #require(state.detail)
        detail.query.language = "es"
        detail.visible = detail.query.apply(toIndicesOf: state.routes[0].reviews, languages: state.languages)
        state.detail = detail
        Fixtures.press([.char("j"), .char("j")], on: &state)
        let selectedID = try #require(state.detail.map { ids[$0.visible[$0.selected]] })
        for start in stride(from: 1_000, to: ids.count, by: 1_000) {
            var found = Dictionary(uniqueKeysWithValues: ids[start..<min(start + 1_000, ids.count)].map { ($0, languages[$0]!) })
            // Now and then a review already known is read again in another language.
            if start == 5_000, let spanish = ids[0..<1_000].first(where: { languages[$0] == "es" && $0 != selectedID }) { found[spanish] = "pt" }
            _ = state.reduce(.languagesDetected(found, done: min(start + 1_000, ids.count), total: ids.count))
            let shown = try #require(state.detail)
            #expect(shown.visible == shown.query.apply(toIndicesOf: state.routes[0].reviews, languages: state.languages))
            #expect(ids[shown.visible[shown.selected]] == selectedID)
        }
    }
}
