import Foundation
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// A download whose server goes quiet, through the reducer and on screen: the progress dialog
/// says "stalled" while no byte comes, and after the failure the error dialog's Retry downloads
/// again without asking (and, from a route, translates it again).
@Suite struct StalledDownloadDialogTests {
    /// The Cares route filtered to Spanish, `T` pressed, consent given, 1.3 MB of 2.7 MB in.
    static func downloading() -> (state: AppState, version: Int) {
        var state = TranslateFlowTests.spanishCares()
        let version = TranslateFlowTests.jobs(in: Fixtures.press([.char("T")], on: &state))?.configuration.version ?? -1
        _ = state.reduce(.consentRequested(id: 1, request: ConsentRequest(reason: "Spanish -> English", packs: [TranslateFlowTests.englishSpanish], repository: nil)))
        Fixtures.press([.enter], on: &state)
        _ = state.reduce(.downloadProgressed(packID: "eng-spa", bytes: 100_000, total: 2_684_782, time: 10))
        _ = state.reduce(.downloadProgressed(packID: "eng-spa", bytes: 1_342_391, total: 2_684_782, time: 11))
        return (state, version)
    }

    static let stalledMessage = EngineErrorText.message(PackError.timedOut(pack: "eng-spa", server: "127.0.0.1:8080", .noData(.seconds(30))))
}

extension StalledDownloadDialogTests {
    @Test func theProgressDialogSaysStalledUntilBytesFlowAgain() {
        var (state, _) = Self.downloading()
        #expect(!Snapshot.text(of: AppView.render(state)).contains("Stalled"))
        _ = state.reduce(.downloadStalled(packID: "eng-spa", seconds: 3))
        _ = state.reduce(.downloadStalled(packID: "eng-spa", seconds: 4))
        #expect(state.dialogs.download?.stalledSeconds == 4)
        #expect(Snapshot.text(of: AppView.render(state)).contains("Stalled: no data from the server for 4 s"))
        // Hidden, the status bar says it too.
        Fixtures.press([.char("h")], on: &state)
        #expect(Snapshot.text(of: AppView.render(state)).contains("↓ eng-spa 50% stalled"))
        _ = state.reduce(.downloadProgressed(packID: "eng-spa", bytes: 1_400_000, total: 2_684_782, time: 16))
        #expect(state.dialogs.download?.stalledSeconds == nil)
        #expect(!Snapshot.text(of: AppView.render(state)).contains("stalled"))
        // A stall of a download nobody shows is ignored.
        _ = state.reduce(.downloadStalled(packID: "fr-es", seconds: 5))
        #expect(state.dialogs.download?.stalled["fr-es"] == nil)
    }

    @Test func afterAStallRetryDownloadsAgainWithoutAskingThenTranslates() throws {
        var (state, version) = Self.downloading()
        _ = state.reduce(.downloadStalled(packID: "eng-spa", seconds: 29))
        _ = state.reduce(.downloadFailed(packID: "eng-spa", message: Self.stalledMessage))
        #expect(state.dialogs.download == nil && !state.dialogs.modals.contains(.progress))
        guard case .error(let error) = state.dialogs.modals.last else { Issue.record("no error dialog"); return }
        #expect(error.message == Self.stalledMessage, "the pack is named once")
        #expect(error.canRetry)

        #expect(Fixtures.press([.char("r")], on: &state) == [.installPacks(["eng-spa"])])
        #expect(state.dialogs.modals.last == .progress)
        let retried = try #require(state.dialogs.download)
        #expect(retried.packIDs == ["eng-spa"] && retried.doneBytes == 0 && retried.stalledSeconds == nil)
        #expect(retried.totals["eng-spa"] == 2_684_782, "the dialog knows the size before the first byte")
        _ = state.reduce(.downloadProgressed(packID: "eng-spa", bytes: 2_684_782, total: 2_684_782, time: 40))
        let effects = state.reduce(.downloadFinished(packID: "eng-spa"))
        #expect(!state.dialogs.modals.contains(.progress))
        #expect(TranslateFlowTests.jobs(in: effects)?.configuration.version == version + 1, "the route is translated again")
    }

    @Test func aFailureOnThePacksScreenOffersRetryToo() {
        var state = Fixtures.state()
        Fixtures.press([.char("P")], on: &state)
        let entry = TranslateFlowTests.englishSpanish
        _ = state.reduce(.packsLoaded([PackRow(id: entry.id, title: entry.title, status: .available, size: entry.size, directions: ["es>en"], entry: entry)], message: nil))
        #expect(Fixtures.press([.char("i")], on: &state).isEmpty)
        #expect(Fixtures.press([.enter], on: &state) == [.installPacks(["eng-spa"])])
        _ = state.reduce(.downloadFailed(packID: "eng-spa", message: Self.stalledMessage))
        #expect(Fixtures.press([.char("r")], on: &state) == [.installPacks(["eng-spa"])])
        #expect(state.reduce(.downloadFinished(packID: "eng-spa")) == [.loadPacks], "the list is read again, nothing translated")
        // Esc closes the error dialog without a retry.
        _ = state.reduce(.downloadFailed(packID: "eng-spa", message: Self.stalledMessage))
        #expect(Fixtures.press([.escape], on: &state).isEmpty)
        #expect(state.dialogs.modals.isEmpty)
    }

    @Test func snapshotsOfTheStallAndTheRetry() {
        var (state, _) = Self.downloading()
        _ = state.reduce(.downloadStalled(packID: "eng-spa", seconds: 12))
        Snapshot.check(AppView.render(state), named: "progress-dialog-stalled")
        _ = state.reduce(.downloadFailed(packID: "eng-spa", message: Self.stalledMessage))
        Snapshot.check(AppView.render(state), named: "download-failed-retry")
    }
}
