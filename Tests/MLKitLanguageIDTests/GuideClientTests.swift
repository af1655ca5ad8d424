import Foundation
import TestSupport
import Testing

/// The guide's screen (GuideClient.swift) run against the real recognizer.
extension MLKitLanguageIDTests {
    @Test(.timeLimit(.minutes(2))) @MainActor
    func theGuidesCodePrintsTheLanguageThePossibleLanguagesAndUndetermined() async throws {
        let printed = Expectation<String>()
        let screen = LanguageScreen { printed.fulfill($0) }
        screen.identify(LanguageIDFixtures.german)
        #expect(await printed.value() == "Identified Language: de")
        screen.identify("1234 5678")
        #expect(await printed.value() == "No language was identified")
        screen.identifyPossible(LanguageIDFixtures.norwegian)
        let possible = await printed.value()
        #expect(possible.hasPrefix("Identified Languages:\n(no, 0.") || possible == "Identified Languages:\n(no, 1.00)", "\(possible)")
        screen.identifyPossible("🏔️🥾")
        #expect(await printed.value() == "No language was identified")
        screen.identifyWithThreshold(LanguageIDFixtures.chinese)
        #expect(await printed.value() == "Identified Language: Chinese")
        screen.identifyWithThreshold("xqzv plmk")
        #expect(await printed.value() == "Identified Language: Undetermined Language")
    }

    @Test @MainActor
    func theTranslateGuidesUnknownSourceIsIdentifiedFirst() async throws {
        let screen = LanguageScreen { _ in }
        let translator = try await screen.translator(for: LanguageIDFixtures.norwegian)
        #expect(translator?.options.sourceLanguage.rawValue == "no")
        #expect(try await screen.translator(for: "12345") == nil)
    }
}
