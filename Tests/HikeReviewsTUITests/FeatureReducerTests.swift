import Testing
import ReviewModel
import TranslationEngine
@testable import HikeReviewsTUI

/// The feature reducers on their own: each is given its state and a read-only context, with no
/// `AppState`, and answers with an outcome.
@Suite struct FeatureReducerTests {
    static let routes = Fixtures.catalog.routes

    static func context(height: Int = 24) -> RouteScreenContext {
        RouteScreenContext(routes: routes, languages: Fixtures.languages, languageCounts: counts,
                           textWidth: 78, bodyHeight: height - 2, blocks: LaidOutBlocks())
    }

    static let counts: RouteLanguageCounts = {
        var counts = RouteLanguageCounts(routes: routes)
        _ = counts.record(Fixtures.languages, previous: [:])
        return counts
    }()

    @Test func theRouteListOpensTheSelectedRouteAndSearches() {
        var list = RouteListState(visible: Array(Self.routes.indices))
        #expect(list.run(.moveDown, routes: Self.routes, rows: 20) == .none)
        #expect(list.run(.open, routes: Self.routes, rows: 20) == .open(1))
        #expect(list.run(.search, routes: Self.routes, rows: 20) == .openSearch(TextInputState(purpose: .searchRoutes, text: "")))
    }

    @Test func theRouteScreensLanguageFilterChangesWhatIsShown() {
        let route = Fixtures.routeIndex("cares-gorge")
        var detail = RouteDetailState(opening: route, in: Self.context())
        let all = detail.visible.count
        guard case .openPicker(let picker) = detail.run(.pickLanguage, in: Self.context()) else {
            Issue.record("no picker")
            return
        }
        #expect(picker.choices.first?.name == "All")
        #expect(picker.choices.contains { $0.tag == "es" })
        let changed = detail.changeQuery(in: Self.context(), fromTop: true) { $0.language = "es" }
        #expect(changed)
        #expect(detail.visible.count < all)
        #expect(detail.visible.allSatisfy { Fixtures.languages[Self.routes[route].reviews[$0].id] == "es" })
        #expect(detail.run(.back, in: Self.context()) == .back)
    }

    @Test func tTranslatesWhatIsShownThroughTheConfiguration() throws {
        let route = Fixtures.routeIndex("cares-gorge")
        var detail = RouteDetailState(opening: route, in: Self.context())
        _ = detail.changeQuery(in: Self.context(), fromTop: true) { $0.language = "es" }
        var translation = TranslationState(target: "en")
        let context = TranslationContext(route: route, reviews: Self.routes[route].reviews, languages: Fixtures.languages)
        let outcome = try #require(translation.run(.translateAll, detail: &detail, in: context))
        #expect(detail.configuration == TranslationSession.Configuration(sourceTag: "es", targetTag: "en"))
        #expect(outcome.reveal)
        guard case .translate(let task) = outcome.effects.first else {
            Issue.record("no translate effect: \(outcome.effects)")
            return
        }
        #expect(task.purpose == .route(route))
        #expect(task.jobs.count == detail.visible.count)
        #expect(task.jobs.allSatisfy { translation.shown[$0.reviewID]?.status == .pending })
        // The same configuration again starts nothing; a new target starts the task again.
        #expect(translation.reconfigure(&detail, shownChanged: false, in: context) == .none)
        var screen: RouteDetailState? = detail
        let retargeted = try #require(translation.retarget("fr", &screen, in: context))
        #expect(retargeted.effects.contains { if case .translate = $0 { return true } else { return false } })
        #expect(screen?.configuration?.targetTag == "fr")
    }

    @Test func aConsentAnsweredStartsTheDownloadAndItsProgressDialog() {
        var dialogs = DialogStack()
        let request = ConsentRequest(reason: "Spanish -> English", packs: [TranslateFlowTests.englishSpanish], repository: nil)
        dialogs.consentRequested(id: 7, request)
        #expect(dialogs.run(.confirm) == .effects([.answerConsent(id: 7, answer: .download)]))
        #expect(dialogs.modals == [.progress])
        #expect(dialogs.download?.packIDs == ["eng-spa"])
        #expect(dialogs.run(.cancelDownload) == .effects([.cancelDownloads]))
        #expect(dialogs.modals.isEmpty && dialogs.download == nil)
    }
}
