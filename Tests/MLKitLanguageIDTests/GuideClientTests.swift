import Foundation
import TestSupport
import Testing

/// The guide's screen (GuideClient.swift) run against the real recognizer.
extension MLKitLanguageIDTests {
    @Test(.timeLimit(.minutes(10))) @MainActor
    func theGuidesCodePrintsTheLanguageThePossibleLanguagesAndUndetermined() async throws {
        let printed = Expectation<String>()
        let screen = LanguageScreen { printed.fulfill($0) }
        // Guide: "To identify the language of a string, get an instance of LanguageIdentification,
        // and then pass the string to the identifyLanguage(for:) method." and "To get the
        // confidence values of a string's most likely languages, get an instance of
        // LanguageIdentification, and then pass the string to the identifyPossibleLanguages(for:)
        // method."
        screen.identify(LanguageIDFixtures.german)
        #expect(await printed.value() == "Identified Language: de")
        screen.identify("1234 5678")
        #expect(await printed.value() == "No language was identified")
        screen.identifyPossible(LanguageIDFixtures.norwegian)
        #expect(await printed.value() == "Identified Languages:\n(no, 0.99)")
        screen.identifyPossible("🏔️🥾")
        #expect(await printed.value() == "No language was identified")
        // Guide: "You can change this threshold by passing a LanguageIdentificationOptions object";
        // 0.4 names the language of "Muy bonito", whose confidence (0.46) is under the default.
        screen.identify("Muy bonito")
        #expect(await printed.value() == "No language was identified")
        screen.identifyWithThreshold("Muy bonito")
        #expect(await printed.value() == "Identified Language: es")
    }

    @Test(.timeLimit(.minutes(10))) @MainActor
    func theQuickstartNamesTheLanguagesOfItsOwnPlaceholderText() async throws {
        let printed = Expectation<String>()
        let screen = LanguageScreen { printed.fulfill($0) }
        // The quickstart's text view starts with "Type here"; its buttons name languages by Locale.
        screen.quickstartIdentifyLanguage("Type here")
        #expect(await printed.value() == "Identified Language: English")
        screen.quickstartIdentifyPossibleLanguages("Type here")
        #expect(await printed.value() == "Identified Languages:\n(English, 0.64)\n(Norwegian, 0.18)\n(Danish, 0.13)")
        screen.quickstartIdentifyLanguage(LanguageIDFixtures.chinese)
        #expect(await printed.value() == "Identified Language: Chinese")
        // Guide: "If no language meets this threshold, the list will have one item, with the value und."
        screen.quickstartIdentifyPossibleLanguages("xqzv plmk")
        #expect(await printed.value() == "Identified Languages:\n(Undetermined Language, 1.00)")
    }

    @Test @MainActor
    func theTranslateGuidesUnknownSourceIsIdentifiedFirst() async throws {
        let screen = LanguageScreen { _ in }
        let translator = try await screen.translator(for: LanguageIDFixtures.norwegian)
        #expect(translator?.options.sourceLanguage.rawValue == "no")
        #expect(try await screen.translator(for: "12345") == nil)
    }
}
