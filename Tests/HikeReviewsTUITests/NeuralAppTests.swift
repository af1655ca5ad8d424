import Foundation
import Testing
@testable import HikeReviewsTUI
import TranslationEngine

/// The app's side of the neural engine: the consent dialog with both engines' routes, the
/// route tag that names the engine, the packs screen's engine column.
@Suite struct NeuralAppTests {
    static let germanEnglish = PackIndex.Entry(
        id: "translate-de_en", version: "1.9", title: "German - English",
        directions: [Direction(source: "de", target: "en", mode: "translate-de_en", pack: "translate-de_en", engine: .neural)],
        size: 0, sha256: "", url: URL(string: "https://argos-net.example/v1/translate-de_en-1_9.argosmodel")!,
        license: "unknown", source: "Argos Translate package index", engine: .neural)

    static var spanishEnglishNeural: PackIndex.Entry {
        var entry = germanEnglish
        entry.id = "translate-es_en"
        entry.title = "Spanish - English"
        entry.size = 92_400_000
        entry.directions = [Direction(source: "es", target: "en", mode: "translate-es_en", pack: "translate-es_en", engine: .neural)]
        return entry
    }

    static func consentOpen(_ request: ConsentRequest) -> AppState {
        var state = TranslateFlowTests.spanishCares()
        Fixtures.press([.char("T")], on: &state)
        _ = state.reduce(.consentRequested(id: 1, request: request))
        return state
    }

    @Test func bothRoutesAreOfferedWithTheNeuralOneOnTheDefaultButton() {
        let request = ConsentRequest(reason: "Spanish -> English", packs: [Self.spanishEnglishNeural], repository: nil,
                                     alternative: [TranslateFlowTests.englishSpanish])
        var state = Self.consentOpen(request)
        Snapshot.check(AppView.render(state), named: "consent-two-engines")
        let screen = Snapshot.text(of: AppView.render(state))
        #expect(screen.contains("Neural (Enter)") && screen.contains("Apertium (a)") && screen.contains("Not now (Esc)"), "\(screen)")
        #expect(screen.contains("(translate-es_en) · neural · 92.4 MB") && screen.contains("with apertium (2.7 MB)"), "\(screen)")
        #expect(screen.contains("from argos-net.example · no checksum published"), "\(screen)")
        #expect(screen.contains("Enter neural  a apertium  Esc not now"), "\(screen)")
        #expect(Fixtures.press([.char("a")], on: &state) == [.answerConsent(id: 1, answer: .downloadAlternative)])
        #expect(state.dialogs.download?.packIDs == ["eng-spa"] && state.dialogs.download?.totals["eng-spa"] == 2_684_782)

        var defaulted = Self.consentOpen(request)
        #expect(Fixtures.press([.enter], on: &defaulted) == [.answerConsent(id: 1, answer: .download)])
        #expect(defaulted.dialogs.download?.packIDs == ["translate-es_en"])
    }

    @Test func aModelOfUnknownSizeSaysSoAndTheAlternativeKeyDoesNothingWithoutOne() {
        var state = Self.consentOpen(ConsentRequest(reason: "German -> English", packs: [Self.germanEnglish], repository: nil))
        let screen = Snapshot.text(of: AppView.render(state))
        #expect(screen.contains("German - English (translate-de_en) · neural · size unknown"), "\(screen)")
        #expect(screen.contains("Total size unknown") && !screen.contains("(a)"), "\(screen)")
        #expect(Fixtures.press([.char("a")], on: &state).isEmpty)
        guard case .consent = state.dialogs.modals.last else { Issue.record("the dialog closed"); return }
    }

    @Test func mergedRequestsKeepAnAlternativeForEveryLanguage() {
        var dialog = ConsentDialogState(requestID: 1, request: ConsentRequest(reason: "German -> English", packs: [Self.germanEnglish], repository: nil))
        dialog.merge(id: 2, ConsentRequest(reason: "Spanish -> English", packs: [Self.spanishEnglishNeural], repository: nil,
                                           alternative: [TranslateFlowTests.englishSpanish]))
        #expect(dialog.request.reason == "German, Spanish -> English")
        #expect(dialog.request.packs.map(\.id) == ["translate-de_en", "translate-es_en"])
        #expect(dialog.request.alternative.map(\.id) == ["translate-de_en", "eng-spa"], "German has only its model")
    }

    @Test func theRouteTagNamesTheNeuralEngine() {
        #expect(RouteDetailText.routeTag(["de", "en"], engines: [.neural]) == "de→en · neural")
        #expect(RouteDetailText.routeTag(["de", "en", "es"], engines: [.neural, .apertium]) == "de→en→es · neural+apertium")
        #expect(RouteDetailText.routeTag(["es", "en"], engines: [.apertium]) == "es→en", "Apertium-only tags read as before")
        #expect(RouteDetailText.routeTag(["es", "en"], engines: [.remote]) == "es→en · remote", "a server's translation says so")
        #expect(RouteDetailText.routeTag(["fr", "es", "en"], engines: [.apertium, .remote]) == "fr→es→en · apertium+remote")
        var state = TranslateFlowTests.spanishCares()
        let effects = Fixtures.press([.char("T")], on: &state)
        guard let task = TranslateFlowTests.jobs(in: effects), let job = task.jobs.first else { Issue.record("no jobs"); return }
        _ = state.reduce(.translationArrived(task: task.id, reviewID: job.reviewID, text: "Translated by a model", route: ["es", "en"],
                                             unknownWords: [], engines: [.neural]))
        let screen = Snapshot.text(of: AppView.render(state))
        #expect(screen.contains("↳ es→en · neural · English"), "\(screen)")
    }

    @Test func thePacksScreenShowsEachPacksEngineAndWholeIds() {
        var state = Fixtures.state()
        Fixtures.press([.char("P")], on: &state)
        _ = state.reduce(.packsLoaded([
            PackRow(id: "eng-spa", title: "English - Spanish", status: .installed, size: 2_684_782, directions: ["es>en"], entry: nil),
            PackRow(id: "translate-de_en", title: "German - English", status: .available, size: 0, directions: ["de>en"],
                    entry: Self.germanEnglish, engine: .neural),
        ], message: nil))
        Snapshot.check(AppView.render(state), named: "packs-engines")
        let screen = Snapshot.text(of: AppView.render(state))
        #expect(screen.contains("translate-de_en available  neural    unknown"), "\(screen)")
        #expect(screen.contains("eng-spa         installed  apertium  2.7 MB"), "\(screen)")
    }
}
