import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// Issue 13 in the reducer: a route screen looks in the translation memory for what it shows,
/// shows what it finds at once (marked remembered), and `T` translates only the rest.
@Suite(.tags(.fast)) struct RecallFlowTests {
    /// The recall effects among `effects`.
    static func recalls(in effects: [Effect]) -> [RecallTask] {
        effects.compactMap { if case .recall(let task) = $0 { return task } else { return nil } }
    }

    /// What the memory would answer for a job: its text, translated.
    static func found(_ job: TranslationJob, into target: String) -> RecalledTranslation {
        RecalledTranslation(reviewID: job.reviewID, text: "Remembered \(target) \(job.reviewID)", route: [job.source, target],
                            unknownWords: [], engines: [.apertium])
    }

    @Test func openingARouteLooksInTheMemoryAndShowsWhatItHoldsAtOnce() throws {
        var state = Fixtures.state(width: 100, height: 40)
        let effects = Fixtures.press([.enter], on: &state)
        let detail = try #require(state.detail)
        let recall = try #require(Self.recalls(in: effects).first)
        #expect(recall.route == detail.routeIndex && recall.target == "en")
        #expect(TranslateFlowTests.jobs(in: effects) == nil, "opening a route translates nothing")
        // Every shown review not in English, each from its detected language.
        let reviews = state.routes[detail.routeIndex].reviews
        let expected = detail.visible.map { reviews[$0] }.filter { !LanguageNames.sameLanguage(state.languages[$0.id] ?? "und", "en") && state.languages[$0.id] != "und" }
        #expect(recall.jobs.map(\.reviewID) == expected.map(\.id))
        #expect(recall.jobs.allSatisfy { $0.source == state.languages[$0.reviewID] })

        // The memory held two of them: both show, marked, and the status line counts them.
        let held = Array(recall.jobs.prefix(2))
        _ = state.reduce(.recalled(route: recall.route, target: "en", held.map { Self.found($0, into: "en") }))
        for job in held {
            #expect(state.translation.shown[job.reviewID] == ReviewTranslation(target: "en", status: .done(
                text: "Remembered en \(job.reviewID)", route: [job.source, "en"], unknownWords: [], engines: [.apertium], remembered: true)))
        }
        let screen = Snapshot.text(of: AppView.render(state))
        #expect(screen.contains("\(held[0].source)→en · remembered"))
        #expect(screen.contains("2 from memory"))

        // T translates only what the memory did not have.
        let task = try #require(TranslateFlowTests.jobs(in: Fixtures.press([.char("T")], on: &state)))
        #expect(task.jobs.map(\.reviewID) == recall.jobs.dropFirst(2).map(\.reviewID))
        #expect(held.allSatisfy { state.translation.shown[$0.reviewID]?.status.isDone == true })
        // An answer the engine took from its memory is marked as well.
        let next = task.jobs[0]
        _ = state.reduce(.translationArrived(task: task.id, reviewID: next.reviewID, text: "From memory", route: [next.source, "en"],
                                             unknownWords: [], remembered: true))
        #expect(Snapshot.text(of: AppView.render(state)).contains("3 from memory"))
    }

    @Test func anotherTargetBeforeTLooksAgainAndLeavesNoOtherTargetOnScreen() throws {
        var state = TranslateFlowTests.spanishCares()
        let detail = try #require(state.detail)
        let ids = detail.visible.map { state.routes[detail.routeIndex].reviews[$0].id }
        let jobs = ids.map { TranslationJob(reviewID: $0, text: "", source: "es") }
        _ = state.reduce(.recalled(route: detail.routeIndex, target: "en", jobs.map { Self.found($0, into: "en") }))
        #expect(Snapshot.text(of: AppView.render(state)).contains("Remembered en"))

        Fixtures.press([.char("L")], on: &state)
        _ = state.reduce(.targetChoicesLoaded(purpose: .target, choices: [LanguageChoice(tag: "fr", name: "French", count: 0)]))
        let recall = try #require(Self.recalls(in: Fixtures.press([.enter], on: &state)).first)
        #expect(recall.target == "fr" && recall.jobs.map(\.reviewID) == ids)
        #expect(ids.allSatisfy { state.translation.shown[$0] == nil }, "the English ones are gone")
        #expect(!Snapshot.text(of: AppView.render(state)).contains("Remembered en"))

        // A late English answer is dropped; the French one shows.
        _ = state.reduce(.recalled(route: detail.routeIndex, target: "en", jobs.map { Self.found($0, into: "en") }))
        #expect(state.translation.shown.isEmpty)
        _ = state.reduce(.recalled(route: detail.routeIndex, target: "fr", [Self.found(jobs[0], into: "fr")]))
        #expect(state.translation.shown[ids[0]]?.target == "fr")
        // Another route's answer is dropped too.
        _ = state.reduce(.recalled(route: detail.routeIndex + 1, target: "fr", [Self.found(jobs[1], into: "fr")]))
        #expect(state.translation.shown[ids[1]] == nil)
    }

    @Test func aRecallNeverReplacesATranslationDoneAndLooksOnlyForWhatIsMissing() throws {
        var state = TranslateFlowTests.spanishCares()
        let task = try TranslateFlowTests.translatedIntoEnglish(&state)
        let id = task.jobs[0].reviewID
        _ = state.reduce(.recalled(route: state.detail!.routeIndex, target: "en", [Self.found(task.jobs[0], into: "en")]))
        #expect(state.translation.shown[id]?.status == .done(text: "In English \(id)", route: ["es", "en"], unknownWords: []))
        // Sorting shows the same reviews: no look. Back to the list and in again: nothing is missing.
        #expect(Self.recalls(in: Fixtures.press([.char("s")], on: &state)).isEmpty)
        let again = Fixtures.press([.escape, .enter], on: &state)
        #expect(Self.recalls(in: again).allSatisfy { recall in recall.jobs.allSatisfy { !task.jobs.map(\.reviewID).contains($0.reviewID) } })
    }

    @Test func aMemoryWarningIsSaidInTheStatusLine() {
        var state = Fixtures.state()
        _ = state.reduce(.memoryWarning("translation memory /tmp/x: disk full; translating without it"))
        #expect(Snapshot.text(of: AppView.render(state)).contains("disk full; translating without it"))
        // Like any status message, the next key clears it.
        Fixtures.press([.down], on: &state)
        #expect(state.statusMessage == nil)
    }
}
