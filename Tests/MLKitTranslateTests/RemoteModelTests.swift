import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import MLKitTranslate

/// ML Kit's class shapes: `RemoteModel` under `TranslateRemoteModel`, `Translator` as an `NSObject`.
extension MLKitTranslateTests {
    @Test func aTranslateRemoteModelIsARemoteModelNamedForItsLanguage() {
        // Google's reference: "class TranslateRemoteModel : RemoteModel", and RemoteModel's
        // `name`: "The model name."
        let german = TranslateRemoteModel.translateRemoteModel(language: .german)
        let model: RemoteModel = german
        #expect(model.name == "translate-de")
        #expect(model == TranslateRemoteModel.translateRemoteModel(language: .german), "one language, one model")
        #expect(model != TranslateRemoteModel.translateRemoteModel(language: .french))
        #expect(Set<RemoteModel>([german, TranslateRemoteModel.translateRemoteModel(language: .german)]).count == 1)
    }

    @Test(.timeLimit(.minutes(3))) @MainActor
    func aDownloadNotificationCarriesARemoteModelThatIsATranslateRemoteModel() async throws {
        try MLKitFixtures.useFreshStore()
        // Google's reference: "To verify if such notifications belong to a TranslateRemoteModel,
        // check that the ModelDownloadUserInfoKeyRemoteModel field in the user info dictionary
        // contains an object of type TranslateRemoteModel."
        let models = Expectation<String>()
        let observer = NotificationCenter.default.addObserver(forName: .mlkitModelDownloadDidFail, object: nil, queue: nil) { notification in
            let value = notification.userInfo?[ModelDownloadUserInfoKey.remoteModel.rawValue]
            let remote = value as? RemoteModel
            let translate = value as? TranslateRemoteModel
            models.fulfill("\(remote?.name ?? "no RemoteModel") \(translate?.language.rawValue ?? "no TranslateRemoteModel")")
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        // Japanese has no route here, so its download fails at once, without the network.
        _ = ModelManager.modelManager().download(TranslateRemoteModel.translateRemoteModel(language: .japanese),
                                                 conditions: ModelDownloadConditions())
        #expect(await models.value() == "translate-ja ja")
    }

    @Test func translatorsAreEqualWhenTheyAreTheSameOne() {
        // Google's reference: "class Translator : NSObject", whose `==` is identity; and
        // translator(options:) "Gets a Translator instance for the specified options."
        let first = Translator.translator(options: TranslatorOptions(sourceLanguage: .english, targetLanguage: .german))
        let again = Translator.translator(options: TranslatorOptions(sourceLanguage: .english, targetLanguage: .german))
        let other = Translator.translator(options: TranslatorOptions(sourceLanguage: .german, targetLanguage: .english))
        #expect(first == again)
        #expect(first != other)
        #expect(Set([first, again, other]).count == 2)
    }
}
