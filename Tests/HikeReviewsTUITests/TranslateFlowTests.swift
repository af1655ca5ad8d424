import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// The whole translation flow through the reducer: keys and engine results in, state and
/// effects out. No terminal, no engine.
@Suite(.tags(.fast)) struct TranslateFlowTests {
    /// The Cares route filtered to Spanish.
    static func spanishCares() -> AppState {
        var state = Fixtures.state()
        Fixtures.press([.enter, .char("l")], on: &state)
        Fixtures.type("Spanish", on: &state)
        Fixtures.press([.enter], on: &state)
        return state
    }

    static let englishSpanish = PackIndex.Entry(
        id: "eng-spa", version: "0.8.1-2", title: "English - Spanish",
        directions: [Direction(source: "es", target: "en", mode: "spa-eng", pack: "eng-spa")],
        size: 2_684_782, sha256: String(repeating: "a", count: 64), url: URL(string: "file:///repo/eng-spa_0.8.1-2.tar.gz")!,
        license: "GPL-2.0-only", source: "Debian apertium-eng-spa")

    /// The first translation task among the effects.
    static func jobs(in effects: [Effect]) -> TranslationTask? {
        for effect in effects { if case .translate(let task) = effect { return task } }
        return nil
    }
}

extension TranslateFlowTests {
    @Test func translateConsentProgressArrivalsThenInvalidateAndAgain() throws {
        var state = Self.spanishCares()
        let detail = try #require(state.detail)
        #expect(detail.configuration == nil)
        let ids = detail.visible.map { state.routes[detail.routeIndex].reviews[$0].id }

        let first = try #require(Self.jobs(in: Fixtures.press([.char("T")], on: &state)))
        #expect(first.jobs.map(\.reviewID) == ids && first.jobs.allSatisfy { $0.source == "es" } && first.target == "en")
        #expect(state.detail?.configuration?.version == 0)
        #expect(ids.allSatisfy { state.translation.shown[$0]?.status == .pending })

        // The engine asks for consent: the dialog opens with Download as the default.
        _ = state.reduce(.consentRequested(id: 7, request: ConsentRequest(reason: "Spanish -> English", packs: [Self.englishSpanish], repository: nil)))
        #expect(state.keyContext == .consent)
        #expect(Fixtures.press([.enter], on: &state) == [.answerConsent(id: 7, answer: .download)])
        #expect(state.dialogs.modals.last == .progress)
        _ = state.reduce(.downloadProgressed(packID: "eng-spa", bytes: 1_000_000, total: 2_684_782, time: 1))
        _ = state.reduce(.downloadProgressed(packID: "eng-spa", bytes: 2_000_000, total: 2_684_782, time: 2))
        #expect(state.dialogs.download?.doneBytes == 2_000_000)
        #expect(state.dialogs.download?.speed == 2_000_000, "bytes since the first progress per second")
        // Hidden, the download goes on and the status bar shows it.
        Fixtures.press([.char("h")], on: &state)
        #expect(state.dialogs.modals.isEmpty)
        #expect(Snapshot.text(of: AppView.render(state)).contains("↓ eng-spa 74%"))
        _ = state.reduce(.downloadFinished(packID: "eng-spa"))
        #expect(state.dialogs.download == nil)

        // Every review but the first arrives; the first fails.
        for id in ids.dropFirst() {
            _ = state.reduce(.translationArrived(task: first.id, reviewID: id, text: "In English \(id)", route: ["es", "en"], unknownWords: []))
        }
        _ = state.reduce(.translationFailed(task: first.id, reviewIDs: [ids[0]], failure: .failed("the pipeline stopped")))
        #expect(ids.dropFirst().allSatisfy { state.translation.shown[$0]?.status == .done(text: "In English \($0)", route: ["es", "en"], unknownWords: []) })

        // The second T invalidates the configuration, so the task runs again, for what is
        // missing only: the translations done stay (issue 13: `T` translates only what is missing).
        let second = try #require(Self.jobs(in: Fixtures.press([.char("T")], on: &state)))
        #expect(second.id != first.id && second.purpose == first.purpose)
        #expect(state.detail?.configuration?.version == 1)
        #expect(second.jobs.map(\.reviewID) == [ids[0]])
        #expect(state.translation.shown[ids[0]]?.status == .pending)
        #expect(ids.dropFirst().allSatisfy { state.translation.shown[$0]?.status == .done(text: "In English \($0)", route: ["es", "en"], unknownWords: []) })
        // A late answer of the first run is ignored.
        _ = state.reduce(.translationArrived(task: first.id, reviewID: ids[0], text: "stale", route: ["es", "en"], unknownWords: []))
        #expect(state.translation.shown[ids[0]]?.status == .pending)
        _ = state.reduce(.translationArrived(task: second.id, reviewID: ids[0], text: "Again", route: ["es", "en"], unknownWords: []))
        #expect(state.translation.shown[ids[0]]?.status == .done(text: "Again", route: ["es", "en"], unknownWords: []))
        // With everything done, T has nothing to translate.
        #expect(Self.jobs(in: Fixtures.press([.char("T")], on: &state)) == nil)
        #expect(state.translation.shown[ids[0]]?.status == .done(text: "Again", route: ["es", "en"], unknownWords: []))
    }

    /// Translates the shown reviews into English and lets every translation arrive.
    static func translatedIntoEnglish(_ state: inout AppState) throws -> TranslationTask {
        let task = try #require(jobs(in: Fixtures.press([.char("T")], on: &state)))
        for job in task.jobs {
            _ = state.reduce(.translationArrived(task: task.id, reviewID: job.reviewID, text: "In English \(job.reviewID)", route: [job.source, "en"], unknownWords: []))
        }
        return task
    }

    @Test func choosingAnotherTargetTranslatesWhatIsShownIntoIt() throws {
        var state = Self.spanishCares()
        let english = try Self.translatedIntoEnglish(&state)
        let ids = english.jobs.map(\.reviewID)
        #expect(Snapshot.text(of: AppView.render(state)).contains("In English"))

        #expect(Fixtures.press([.char("L")], on: &state) == [.loadTargetChoices(purpose: .target, source: "es")])
        let choices = [LanguageChoice(tag: "en", name: "English", count: 0), LanguageChoice(tag: "fr", name: "French", count: 0)]
        _ = state.reduce(.targetChoicesLoaded(purpose: .target, choices: choices))
        Fixtures.type("French", on: &state)
        // The new target is a changed configuration: that alone starts the task.
        let french = try #require(Self.jobs(in: Fixtures.press([.enter], on: &state)))
        #expect(state.detail?.configuration?.targetTag == "fr" && state.detail?.configuration?.sourceTag == "es")
        #expect(french.purpose == english.purpose && french.target == "fr" && french.jobs.map(\.reviewID) == ids)
        #expect(ids.allSatisfy { state.translation.shown[$0] == ReviewTranslation(target: "fr", status: .pending) })
        #expect(!Snapshot.text(of: AppView.render(state)).contains("In English"), "no English is left on screen")
        // A late answer for English is dropped; the French one is shown.
        _ = state.reduce(.translationArrived(task: english.id, reviewID: ids[0], text: "late English", route: ["es", "en"], unknownWords: []))
        #expect(state.translation.shown[ids[0]]?.status == .pending)
        _ = state.reduce(.translationArrived(task: french.id, reviewID: ids[0], text: "En français", route: ["es", "fr"], unknownWords: []))
        #expect(state.translation.shown[ids[0]] == ReviewTranslation(target: "fr", status: .done(text: "En français", route: ["es", "fr"], unknownWords: [])))

        // The same target again changes nothing, so nothing runs.
        Fixtures.press([.char("L")], on: &state)
        _ = state.reduce(.targetChoicesLoaded(purpose: .target, choices: choices))
        #expect(Self.jobs(in: Fixtures.press([.enter], on: &state)) == nil)
    }

    @Test func beforeTheFirstTChoosingATargetTranslatesNothing() throws {
        var state = Self.spanishCares()
        Fixtures.press([.char("L")], on: &state)
        _ = state.reduce(.targetChoicesLoaded(purpose: .target, choices: [LanguageChoice(tag: "fr", name: "French", count: 0)]))
        // Only a look in the memory, for French (no translation task).
        let effects = Fixtures.press([.enter], on: &state)
        #expect(Self.jobs(in: effects) == nil && !effects.isEmpty)
        #expect(effects.allSatisfy { if case .recall(let task) = $0 { return task.target == "fr" } else { return false } })
        #expect(state.translation.target == "fr" && state.detail?.configuration == nil && state.translation.shown.isEmpty)
    }

    @Test func aFilterThatShowsOtherReviewsTranslatesThoseAndKeepsTheRest() throws {
        var state = Self.spanishCares()
        let spanish = try Self.translatedIntoEnglish(&state).jobs.map(\.reviewID)
        // Another order shows the same reviews: the configuration stays, nothing runs.
        #expect(Self.jobs(in: Fixtures.press([.char("s")], on: &state)) == nil)
        // Clearing the filter shows every language: the source becomes nil and the new reviews are translated.
        let all = try #require(Self.jobs(in: Fixtures.press([.char("c")], on: &state)))
        #expect(state.detail?.configuration?.sourceTag == nil)
        #expect(!all.jobs.isEmpty && all.jobs.allSatisfy { !spanish.contains($0.reviewID) }, "what is translated already stays")
        #expect(spanish.allSatisfy { state.translation.shown[$0]?.status.isDone == true })
    }

    @Test func notNowMarksTheReviewsAndADownloadFailureOffersARetry() throws {
        var state = Self.spanishCares()
        let run = try #require(Self.jobs(in: Fixtures.press([.char("T")], on: &state))).id
        _ = state.reduce(.consentRequested(id: 1, request: ConsentRequest(reason: "Spanish -> English", packs: [Self.englishSpanish], repository: nil)))
        #expect(Fixtures.press([.escape], on: &state) == [.answerConsent(id: 1, answer: .notNow)])
        let ids = Array(state.translation.shown.keys)
        _ = state.reduce(.translationFailed(task: run, reviewIDs: ids, failure: .needsPack(["eng-spa"])))
        #expect(ids.allSatisfy { state.translation.shown[$0]?.status == .needsPack(["eng-spa"]) })
        #expect(Snapshot.text(of: AppView.render(state)).contains("needs a language pack"))

        _ = state.reduce(.downloadFailed(packID: "eng-spa", message: "HTTP 500"))
        guard case .error(let error) = state.dialogs.modals.last else { Issue.record("no error dialog"); return }
        #expect(error.message.contains("HTTP 500") && error.canRetry)
        // Retry downloads the pack again without asking, then translates the route again.
        #expect(Fixtures.press([.char("r")], on: &state) == [.installPacks(["eng-spa"])])
        let translated = state.reduce(.downloadFinished(packID: "eng-spa"))
        #expect(Self.jobs(in: translated)?.configuration.version == run.configuration.version + 1, "retry translates again")
    }

    @Test func requestsWhileTheDialogIsOpenJoinIt() throws {
        var state = Self.spanishCares()
        Fixtures.press([.char("T")], on: &state)
        let french = PackIndex.Entry(id: "fr-es", version: "1", title: "French - Spanish", directions: [], size: 3_805_691,
                                     sha256: String(repeating: "b", count: 64), url: URL(string: "file:///repo/fr-es.tar.gz")!, license: "GPL-2.0-only", source: "")
        _ = state.reduce(.consentRequested(id: 1, request: ConsentRequest(reason: "Spanish -> English", packs: [Self.englishSpanish], repository: nil)))
        _ = state.reduce(.consentRequested(id: 2, request: ConsentRequest(reason: "French -> English", packs: [french, Self.englishSpanish], repository: nil)))
        #expect(state.dialogs.modals.filter { if case .consent = $0 { return true } else { return false } }.count == 1)
        guard case .consent(let dialog) = state.dialogs.modals.last else { Issue.record("no dialog"); return }
        #expect(dialog.request.packs.map(\.id) == ["eng-spa", "fr-es"])
        #expect(Fixtures.press([.char("y")], on: &state) == [.answerConsent(id: 1, answer: .download), .answerConsent(id: 2, answer: .download)])
    }

    @Test func allLanguagesAreGroupedAndAnUnreachableOneIsReportedOnce() throws {
        var state = Fixtures.state()
        Fixtures.press([.enter], on: &state)
        let task = try #require(Self.jobs(in: Fixtures.press([.char("T")], on: &state)))
        let jobs = task.jobs
        let sources = Set(jobs.map(\.source))
        #expect(sources.count > 3, "every review goes from its own language: \(sources)")
        #expect(!sources.contains("en"), "English reviews are not translated into English")
        let german = jobs.filter { $0.source == "de" }.map(\.reviewID)
        try #require(!german.isEmpty)
        _ = state.reduce(.translationFailed(task: task.id, reviewIDs: german, failure: .noRoute(source: "de")))
        #expect(state.translation.notice == "No offline translation from German into English (\(german.count) review\(german.count == 1 ? "" : "s"))")
        #expect(german.allSatisfy { state.translation.shown[$0]?.status == .noRoute(source: "de") })
    }

    @Test func unidentifiedReviewsAreAskedAboutOnceAndTheAnswerIsRemembered() throws {
        var state = Fixtures.state()
        Fixtures.press([.enter], on: &state)
        let detail = try #require(state.detail)
        let reviews = detail.visible.map { state.routes[detail.routeIndex].reviews[$0] }
        let unknown = Array(reviews.prefix(2)).map(\.id)
        for id in unknown { state.languages[id] = "und" }
        let effects = Fixtures.press([.char("T")], on: &state)
        #expect(effects.contains(.loadTargetChoices(purpose: .identify(reviewIDs: unknown), source: nil)))
        #expect(Self.jobs(in: effects)?.jobs.contains { unknown.contains($0.reviewID) } == false)
        _ = state.reduce(.targetChoicesLoaded(purpose: .identify(reviewIDs: unknown),
                                              choices: [LanguageChoice(tag: "es", name: "Spanish", count: 0), LanguageChoice(tag: "ca", name: "Catalan", count: 0)]))
        guard case .languagePicker(let picker) = state.dialogs.modals.last else { Issue.record("no picker"); return }
        #expect(picker.title == "Which language are these 2 reviews in?")
        Fixtures.type("Catalan", on: &state)
        let answer = Fixtures.press([.enter], on: &state)
        #expect(Self.jobs(in: answer)?.jobs.map(\.reviewID) == unknown)
        #expect(Self.jobs(in: answer)?.jobs.allSatisfy { $0.source == "ca" } == true)
        #expect(unknown.allSatisfy { state.translation.overrides[$0] == "ca" })
        // Asked once: the next T knows them.
        let again = Fixtures.press([.char("T")], on: &state)
        #expect(!again.contains { if case .loadTargetChoices = $0 { return true } else { return false } })
    }

    @Test func originalsToggleForOneAndForAll() throws {
        var state = Self.spanishCares()
        let run = try #require(Self.jobs(in: Fixtures.press([.char("T")], on: &state))).id
        let detail = try #require(state.detail)
        let ids = detail.visible.map { state.routes[detail.routeIndex].reviews[$0].id }
        for id in ids { _ = state.reduce(.translationArrived(task: run, reviewID: id, text: "TRANSLATED \(id)", route: ["es", "en"], unknownWords: [])) }
        #expect(Snapshot.text(of: AppView.render(state)).contains("TRANSLATED \(ids[0])"))
        Fixtures.press([.char("o")], on: &state)
        #expect(!Snapshot.text(of: AppView.render(state)).contains("TRANSLATED \(ids[0])"))
        Fixtures.press([.char("o"), .char("O")], on: &state)
        #expect(!Snapshot.text(of: AppView.render(state)).contains("TRANSLATED"))
        Fixtures.press([.char("O")], on: &state)
        #expect(Snapshot.text(of: AppView.render(state)).contains("TRANSLATED \(ids[0])"))
    }

    @Test func overlayTranslatesOneReviewAndPutsItInline() throws {
        var state = Self.spanishCares()
        let effects = Fixtures.press([.char("t")], on: &state)
        guard case .translate(let task)? = effects.first, let job = task.jobs.first, task.jobs.count == 1 else { Issue.record("\(effects)"); return }
        #expect(task.purpose == .overlay(reviewID: job.reviewID))
        #expect(job.source == "es" && task.target == "en")
        #expect(state.keyContext == .overlay)
        _ = state.reduce(.overlayTranslated(task: task.id, status: .done(text: "The overlay text", route: ["es", "en"], unknownWords: [])))
        #expect(Snapshot.text(of: AppView.render(state)).contains("The overlay text"))
        let picked = Fixtures.press([.char("L")], on: &state)
        #expect(picked == [.loadTargetChoices(purpose: .overlayTarget, source: "es")])
        // The picker opened over the overlay: Esc closes it, the overlay stays.
        Fixtures.press([.escape], on: &state)
        #expect(state.keyContext == .overlay)
        Fixtures.press([.char("r")], on: &state)
        #expect(state.dialogs.modals.isEmpty)
        #expect(state.translation.shown[job.reviewID]?.status == .done(text: "The overlay text", route: ["es", "en"], unknownWords: []))
    }

    @Test func leavingTheScreenCancelsItsTranslations() {
        var state = Self.spanishCares()
        Fixtures.press([.char("T")], on: &state)
        #expect(Fixtures.press([.escape], on: &state) == [.cancelTranslations])
    }
}

extension TranslateFlowTests {
    @Test func packsScreenInstallsThroughTheDialogAndDeletesAfterAConfirmation() throws {
        var state = Fixtures.state()
        #expect(Fixtures.press([.char("P")], on: &state) == [.loadPacks])
        let installed = PackRow(id: "fr-es", title: "French - Spanish", status: .installed, size: 3_805_691, directions: ["fr>es"], entry: nil)
        let available = PackRow(id: "eng-spa", title: "English - Spanish", status: .available, size: 2_684_782, directions: ["es>en"], entry: Self.englishSpanish)
        _ = state.reduce(.packsLoaded([installed, available], message: nil))
        #expect(Snapshot.text(of: AppView.render(state)).contains("eng-spa   available  apertium"))
        Fixtures.press([.char("j"), .char("i")], on: &state)
        guard case .consent(let dialog) = state.dialogs.modals.last else { Issue.record("no consent dialog"); return }
        #expect(dialog.requestIDs.isEmpty && dialog.request.packs.map(\.id) == ["eng-spa"])
        #expect(Fixtures.press([.enter], on: &state) == [.installPacks(["eng-spa"])])
        #expect(state.reduce(.packsChanged(message: "installed eng-spa")) == [.loadPacks])
        Fixtures.press([.char("h"), .char("k"), .char("d")], on: &state)
        guard case .confirm = state.dialogs.modals.last else { Issue.record("no confirmation"); return }
        #expect(Fixtures.press([.enter], on: &state) == [.removePack("fr-es")])
        // Debian's own packs are not ours to delete.
        _ = state.reduce(.packsLoaded([PackRow(id: "eng-cat", title: "eng-cat", status: .system, size: 0, directions: [], entry: nil)], message: nil))
        Fixtures.press([.char("g"), .char("d")], on: &state)
        #expect(state.dialogs.modals.isEmpty)
        guard case .packs(let packs) = state.screens.last else { Issue.record("left the packs screen"); return }
        #expect(packs.message?.contains("apt") == true)
    }
}
