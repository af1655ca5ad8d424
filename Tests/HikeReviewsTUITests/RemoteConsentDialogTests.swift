import Foundation
import Testing
@testable import HikeReviewsTUI
import TranslationEngine

/// The app's question before texts go to a remote server: the dialog names the server, and
/// Enter sends (no download, no progress dialog); Esc answers "not now".
@Suite struct RemoteConsentDialogTests {
    static let request = ConsentRequest(reason: "Spanish -> English", remoteServers: ["10.0.0.5:5000", "10.0.0.6:5000"])

    @Test func theDialogNamesTheServersAndEnterSendsWithoutADownload() {
        var state = NeuralAppTests.consentOpen(Self.request)
        let screen = Snapshot.text(of: AppView.render(state))
        #expect(screen.contains("Send texts to a server?"), "\(screen)")
        #expect(screen.contains("Spanish -> English sends texts to:") && screen.contains("10.0.0.5:5000") && screen.contains("10.0.0.6:5000"), "\(screen)")
        #expect(screen.contains("Send (Enter)") && screen.contains("Not now (Esc)"), "\(screen)")
        #expect(Fixtures.press([.enter], on: &state) == [.answerConsent(id: 1, answer: .download)])
        #expect(state.dialogs.download == nil)
        #expect(!state.dialogs.modals.contains { if case .progress = $0 { return true } else { return false } })

        var declined = NeuralAppTests.consentOpen(Self.request)
        #expect(Fixtures.press([.escape], on: &declined) == [.answerConsent(id: 1, answer: .notNow)])
    }

    @Test func aSecondQuestionJoinsTheOpenDialogWithItsServers() {
        var state = NeuralAppTests.consentOpen(ConsentRequest(reason: "Spanish -> English", remoteServers: ["10.0.0.5:5000"]))
        _ = state.reduce(.consentRequested(id: 2, request: ConsentRequest(reason: "German -> English", remoteServers: ["10.0.0.7:5000"])))
        let screen = Snapshot.text(of: AppView.render(state))
        #expect(screen.contains("10.0.0.5:5000") && screen.contains("10.0.0.7:5000"), "\(screen)")
        #expect(Fixtures.press([.enter], on: &state) == [.answerConsent(id: 1, answer: .download), .answerConsent(id: 2, answer: .download)])
    }

    @Test func theCommandLineSaysWhereTextsGo() {
        #expect(PacksCommand.describe(Self.request) == "Spanish -> English: send texts to 10.0.0.5:5000, 10.0.0.6:5000 to translate")
    }
}
