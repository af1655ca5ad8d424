import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import MLKitTranslate

extension MLKitTranslateTests {
    @Test func theTranslatorForEqualOptionsIsTheSameOne() {
        // Google's reference, translator(options:): "Gets a Translator instance for the specified
        // options. This method is thread safe."
        let first = Translator.translator(options: TranslatorOptions(sourceLanguage: .english, targetLanguage: .german))
        let again = Translator.translator(options: TranslatorOptions(sourceLanguage: .english, targetLanguage: .german))
        let other = Translator.translator(options: TranslatorOptions(sourceLanguage: .german, targetLanguage: .english))
        #expect(first === again)
        #expect(first !== other)
        #expect(first.options.sourceLanguage == .english && first.options.targetLanguage == .german)
    }

    @Test func translatingBeforeTheModelIsDownloadedSaysWhichModelAndWhichPacks() async throws {
        let store = try MLKitFixtures.useFreshStore()
        // Google's reference, translate(_:completion:): "This method will return an error if the
        // model files have not been downloaded."
        let translator = Translator.translator(options: TranslatorOptions(sourceLanguage: .english, targetLanguage: .german))
        let error = await #expect(throws: NSError.self) { try await translator.translate(MLKitFixtures.english) }
        #expect(error?.domain == MLKitErrorDomain && error?.code == MLKitErrorCode.failedPrecondition.rawValue)
        #expect(error?.localizedDescription == "Translating English → German needs the German model, which is not downloaded (translate-en_de)")
        #expect(MLKitFixtures.installed(store).isEmpty, "translate never downloads")
    }

    @Test(.timeLimit(.minutes(3)))
    func completionHandlersRunOnTheMainQueueWhereverTheCallCameFrom() async throws {
        try MLKitFixtures.useFreshStore()
        let translator = Translator.translator(options: TranslatorOptions(sourceLanguage: .english, targetLanguage: .spanish))
        let downloaded = Expectation<Bool>()
        let translated = Expectation<(onMain: Bool, text: String?)>()
        // Called from a thread of the cooperative pool, not the main queue.
        await Task.detached {
            #expect(!Queue.isMain)
            translator.downloadModelIfNeeded { error in
                #expect(error == nil)
                downloaded.fulfill(Queue.isMain)
            }
        }.value
        #expect(await downloaded.value(), "downloadModelIfNeeded(completion:) on the main queue")
        await Task.detached {
            translator.translate("The water was cold.") { translatedText, _ in
                translated.fulfill((Queue.isMain, translatedText))
            }
        }.value
        let result = await translated.value()
        #expect(result.onMain, "translate(_:completion:) on the main queue")
        #expect(result.text?.contains("agua") == true, "\(result.text ?? "nil")")
    }

    @Test(.timeLimit(.minutes(3)))
    func theAsyncFormsDownloadSpanishsPairAndTranslateBothWays() async throws {
        let store = try MLKitFixtures.useFreshStore()
        let toSpanish = Translator.translator(options: TranslatorOptions(sourceLanguage: .english, targetLanguage: .spanish))
        try await toSpanish.downloadModelIfNeeded()
        #expect(MLKitFixtures.installed(store) == ["eng-spa"], "one Apertium pair ships both directions")
        let spanish = try await toSpanish.translate("The water of the spring was cold.")
        #expect(spanish.contains("agua"), "\(spanish)")
        let toEnglish = Translator.translator(options: TranslatorOptions(sourceLanguage: .spanish, targetLanguage: .english))
        let english = try await toEnglish.translate(spanish)
        #expect(english.contains("water"), "\(english)")
    }

    @Test(.timeLimit(.minutes(3)))
    func aTranslationBetweenTwoModelsPivotsThroughEnglish() async throws {
        let store = try MLKitFixtures.useFreshStore()
        let translator = Translator.translator(options: TranslatorOptions(sourceLanguage: .spanish, targetLanguage: .german))
        try await translator.downloadModelIfNeeded(with: ModelDownloadConditions(allowsCellularAccess: false, allowsBackgroundDownloading: false))
        #expect(MLKitFixtures.installed(store) == ["eng-spa", "translate-de_en", "translate-en_de"])
        let text = "El agua de la fuente estaba fría."
        let german = try await translator.translate(text)
        // The echo model hands English on unchanged: what arrives is Spanish -> English.
        let english = try await Translator.translator(options: TranslatorOptions(sourceLanguage: .spanish, targetLanguage: .english)).translate(text)
        #expect(german == english && english.contains("water"), "\(german) / \(english)")
    }

    @Test func theSameLanguageOnBothSidesIsRefusedAndBlankTextComesBack() async throws {
        try MLKitFixtures.useFreshStore()
        let same = Translator.translator(options: TranslatorOptions(sourceLanguage: .english, targetLanguage: .english))
        let error = await #expect(throws: NSError.self) { try await same.translate("Hello") }
        #expect(error?.code == MLKitErrorCode.invalidArgument.rawValue)
        #expect(error?.localizedDescription.contains("the source and target languages are the same") == true)
        let blank = Translator.translator(options: TranslatorOptions(sourceLanguage: .english, targetLanguage: .german))
        #expect(try await blank.translate(" \n") == " \n", "nothing to translate is not an error")
    }
}
