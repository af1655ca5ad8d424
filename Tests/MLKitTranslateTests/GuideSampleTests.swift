import Foundation
import MLKitTranslate
import TestSupport
import Testing

/// A screen written the way Google's "Translate text with ML Kit on iOS" guide writes its
/// client code: the same calls, argument labels, trailing closures, `guard error == nil` checks,
/// `userInfo` keyed by `ModelDownloadUserInfoKey.…rawValue`, `[weak self]` observers and a kept
/// `progress`. Only `import MLKitTranslate` here (no `@testable`; TestSupport for `Expectation`):
/// the public API alone compiles it. Where the guide leaves a comment for the app's own code, this
/// screen reports to `events`.
///
/// One change the guide's code needs on Linux: Foundation's `addObserver(forName:object:queue:using:)`
/// is not `@discardableResult` there, so the tokens are kept (they are needed to remove the
/// observers anyway).
@MainActor
final class HikeReviewScreen {
    nonisolated let events = Expectation<String>()
    var progress: Progress?
    private var observers: [any NSObjectProtocol] = []

    func makeTranslator() -> Translator {
        let options = TranslatorOptions(sourceLanguage: .english, targetLanguage: .german)
        let reviewTranslator = Translator.translator(options: options)
        return reviewTranslator
    }

    func getReady(_ reviewTranslator: Translator) {
        let conditions = ModelDownloadConditions(
            allowsCellularAccess: false,
            allowsBackgroundDownloading: true
        )
        reviewTranslator.downloadModelIfNeeded(with: conditions) { error in
            guard error == nil else {
                self.events.fulfill("not ready: \(error?.localizedDescription ?? "")")
                return
            }
            self.events.fulfill("ready")
        }
    }

    func show(_ review: String, with reviewTranslator: Translator) {
        reviewTranslator.translate(review) { translatedText, error in
            guard error == nil, let translatedText = translatedText else {
                self.events.fulfill("failed: \(error?.localizedDescription ?? "")")
                return
            }
            self.events.fulfill(translatedText)
        }
    }

    func modelsOnDisk() -> Set<TranslateRemoteModel> {
        let onDisk = ModelManager.modelManager().downloadedTranslateModels
        return onDisk
    }

    func forget(_ language: TranslateLanguage) {
        let unwanted = TranslateRemoteModel.translateRemoteModel(language: language)
        ModelManager.modelManager().deleteDownloadedModel(unwanted) { error in
            guard error == nil else {
                self.events.fulfill("kept: \(error?.localizedDescription ?? "")")
                return
            }
            self.events.fulfill("deleted")
        }
    }

    func fetchAhead(_ language: TranslateLanguage) {
        let wanted = TranslateRemoteModel.translateRemoteModel(language: language)
        progress = ModelManager.modelManager().download(
            wanted,
            conditions: ModelDownloadConditions(
                allowsCellularAccess: false,
                allowsBackgroundDownloading: true
            )
        )
        let succeeded = NotificationCenter.default.addObserver(
            forName: .mlkitModelDownloadDidSucceed,
            object: nil,
            queue: nil
        ) { [weak self] notification in
            guard let screen = self,
                  let userInfo = notification.userInfo,
                  let model = userInfo[ModelDownloadUserInfoKey.remoteModel.rawValue]
                      as? TranslateRemoteModel,
                  model == wanted
            else { return }
            screen.events.fulfill("downloaded \(model.language.rawValue)")
        }
        let failed = NotificationCenter.default.addObserver(
            forName: .mlkitModelDownloadDidFail,
            object: nil,
            queue: nil
        ) { [weak self] notification in
            guard let screen = self,
                  let userInfo = notification.userInfo,
                  let model = userInfo[ModelDownloadUserInfoKey.remoteModel.rawValue]
                      as? TranslateRemoteModel
            else { return }
            let error = userInfo[ModelDownloadUserInfoKey.error.rawValue]
            screen.events.fulfill("failed \(model.language.rawValue): \((error as? NSError)?.localizedDescription ?? "no error")")
        }
        observers += [succeeded, failed]
    }

    func stopObserving() {
        observers.forEach(NotificationCenter.default.removeObserver)
        observers = []
    }
}

extension MLKitTranslateTests {
    @Test(.timeLimit(.minutes(5))) @MainActor
    func theGuidesTranslatorDownloadsGermanAndTranslatesWithIt() async throws {
        let store = try MLKitFixtures.useFreshStore()
        let screen = HikeReviewScreen()
        let translator = screen.makeTranslator()
        screen.getReady(translator)
        #expect(await screen.events.value() == "ready")
        #expect(MLKitFixtures.installed(store) == ["translate-de_en", "translate-en_de"], "German's model is both directions")
        screen.show(MLKitFixtures.english, with: translator)
        #expect(await screen.events.value() == MLKitFixtures.english, "the echo model gives back its input")
    }

    @Test(.timeLimit(.minutes(5))) @MainActor
    func theGuidesModelManagementListsDeletesAndDownloadsAhead() async throws {
        let store = try MLKitFixtures.useFreshStore()
        let screen = HikeReviewScreen()
        let english = TranslateRemoteModel.translateRemoteModel(language: .english)
        let german = TranslateRemoteModel.translateRemoteModel(language: .german)
        #expect(screen.modelsOnDisk() == [english], "English is built in")

        try await screen.makeTranslator().downloadModelIfNeeded()
        #expect(screen.modelsOnDisk() == [english, german])
        screen.forget(.german)
        #expect(await screen.events.value() == "deleted")
        #expect(MLKitFixtures.installed(store).isEmpty)
        #expect(screen.modelsOnDisk() == [english])

        screen.fetchAhead(.french)
        #expect(await screen.events.value() == "downloaded fr")
        defer { screen.stopObserving() }
        #expect(screen.progress?.isFinished == true)
        #expect(screen.progress?.fractionCompleted == 1)
        #expect(MLKitFixtures.installed(store) == ["fr-es", "eng-spa"], "French's routes to English go through Spanish")
        let french = TranslateRemoteModel.translateRemoteModel(language: .french)
        let spanish = TranslateRemoteModel.translateRemoteModel(language: .spanish)
        #expect(screen.modelsOnDisk() == [english, french, spanish], "eng-spa is Spanish's model as well")
    }

    @Test(.timeLimit(.minutes(5))) @MainActor
    func theGuidesFailureObserverGetsTheModelAndTheError() async throws {
        try MLKitFixtures.useFreshStore()
        let screen = HikeReviewScreen()
        screen.fetchAhead(.japanese)
        defer { screen.stopObserving() }
        let event = await screen.events.value()
        #expect(event.hasPrefix("failed ja: There is no Japanese model"), "\(event)")
        #expect(event.contains("Japanese → English, English → Japanese has no route"), "\(event)")
    }
}
