import Foundation
import TestSupport
import Testing

/// The translate quickstart's screen (QuickstartClient.swift) over make test's packs.
extension MLKitTranslateTests {
    @Test(.timeLimit(.minutes(5))) @MainActor
    func theQuickstartDownloadsDeletesAndListsLanguagesByName() async throws {
        let store = try MLKitFixtures.useFreshStore()
        let status = Expectation<String>()
        let screen = QuickstartScreen { status.fulfill($0) }
        screen.observeDownloads()
        defer { screen.stopObserving() }
        // Google's reference, allLanguages: "Returns a set that contains TranslateLanguage codes
        // of all languages supported by the translate API"; the quickstart lists them by name.
        let names = screen.allLanguages.map(screen.name(of:))
        #expect(names.first == "Albanian" && names == names.sorted() && names.contains("Spanish"), "\(names)")

        // Reference, download(_:conditions:): "To know when this method is done, observe the
        // .mlkitModelDownloadDidSucceed and .mlkitModelDownloadDidFail notifications".
        #expect(!screen.isLanguageDownloaded(.spanish))
        screen.handleDownloadDelete(.spanish)
        #expect(await status.value() == "Downloading Spanish")
        #expect(await status.value() == "Download succeeded for Spanish")
        #expect(screen.isLanguageDownloaded(.spanish) && MLKitFixtures.installed(store) == ["eng-spa"])

        // Reference, deleteDownloadedModel(_:completion:): "Deletes the downloaded model from the
        // device." and its completion is "called back on the main queue" when it ends.
        screen.handleDownloadDelete(.spanish)
        #expect(await status.value() == "Deleting Spanish")
        #expect(await status.value() == "Deleted Spanish")
        #expect(!screen.isLanguageDownloaded(.spanish) && MLKitFixtures.installed(store).isEmpty)

        // A language no repository here joins with English: the failure notification.
        screen.handleDownloadDelete(.japanese)
        #expect(await status.value() == "Downloading Japanese")
        #expect(await status.value() == "Download failed for Japanese")
        screen.handleDownloadDelete(.english)
        #expect(screen.isLanguageDownloaded(.english), "English is built in: the quickstart's toggle skips it")
    }

    @Test(.timeLimit(.minutes(5))) @MainActor
    func theQuickstartIdentifiesTheInputsLanguageThenDownloadsAndTranslates() async throws {
        let store = try MLKitFixtures.useFreshStore()
        let status = Expectation<String>()
        let screen = QuickstartScreen { status.fulfill($0) }
        // Translate guide: "If you don't know the language of the input text, you can use the
        // language identification API first." Reference, downloadModelIfNeeded(completion:):
        // "Downloads the model files required for translation, if they are not already downloaded."
        screen.inputText = "El perro bebe agua en la fuente y la casa del pueblo es muy grande."
        screen.identifyThenTranslate(to: .english)
        let translated = await status.value()
        #expect(translated == "The dog drinks water in the source and the house of the village is very big.", "\(translated)")
        #expect(screen.translator?.options.sourceLanguage == .spanish)
        #expect(MLKitFixtures.installed(store) == ["eng-spa"])

        screen.inputText = "12345 678"
        screen.identifyThenTranslate(to: .english)
        #expect(await status.value() == "No language was identified")
    }
}
