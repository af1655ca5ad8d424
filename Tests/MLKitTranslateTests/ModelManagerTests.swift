import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import MLKitTranslate

extension MLKitTranslateTests {
    /// Observes the download notifications until `stop()`, reporting "succeeded LANG" or
    /// "failed LANG: DESCRIPTION" (the model's name for one that is not a translation model),
    /// and whether they came on the main queue.
    final class DownloadObserver {
        let events = Expectation<(event: String, onMain: Bool, error: NSError?)>()
        private var tokens: [any NSObjectProtocol] = []

        init() {
            let events = self.events
            func observe(_ name: Notification.Name, _ word: String) -> any NSObjectProtocol {
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { notification in
                    let model = notification.userInfo?[ModelDownloadUserInfoKey.remoteModel.rawValue] as? RemoteModel
                    let name = (model as? TranslateRemoteModel)?.language.rawValue ?? model?.name ?? "?"
                    let error = notification.userInfo?[ModelDownloadUserInfoKey.error.rawValue] as? NSError
                    let event = "\(word) \(name)" + (error.map { ": \($0.localizedDescription)" } ?? "")
                    events.fulfill((event, Queue.isMain, error))
                }
            }
            tokens = [observe(.mlkitModelDownloadDidSucceed, "succeeded"), observe(.mlkitModelDownloadDidFail, "failed")]
        }

        func stop() {
            tokens.forEach(NotificationCenter.default.removeObserver)
        }
    }

    @Test func englishIsBuiltInAndCannotBeDeleted() async throws {
        let store = try MLKitFixtures.useFreshStore()
        // Google's reference, downloadedTranslateModels: "A set of already-downloaded translate
        // models (including built-in models, currently only English)."; translateRemoteModel:
        // "Please do not instantiate with TranslateLanguage.english given it is built-in.
        // Otherwise such instance cannot be downloaded or deleted."
        let english = TranslateRemoteModel.translateRemoteModel(language: .english)
        #expect(ModelManager.modelManager() === ModelManager.modelManager())
        #expect(ModelManager.modelManager().downloadedTranslateModels == [english])
        #expect(ModelManager.modelManager().isModelDownloaded(english))
        #expect(!ModelManager.modelManager().isModelDownloaded(TranslateRemoteModel.translateRemoteModel(language: .spanish)))
        let error = await #expect(throws: NSError.self) { try await ModelManager.modelManager().deleteDownloadedModel(english) }
        #expect(error?.code == MLKitErrorCode.invalidArgument.rawValue)
        #expect(error?.localizedDescription == "English is built in: its model cannot be deleted")
        #expect(MLKitFixtures.installed(store).isEmpty)
    }

    @Test(.timeLimit(.minutes(5)))
    func aDownloadsProgressCountsBytesAndItsEndIsPostedOnTheMainQueue() async throws {
        let store = try MLKitFixtures.useFreshStore()
        let observer = DownloadObserver()
        defer { observer.stop() }
        let spanish = TranslateRemoteModel.translateRemoteModel(language: .spanish)
        let progress = ModelManager.modelManager().download(spanish, conditions: ModelDownloadConditions())
        let posted = await observer.events.value()
        #expect(posted.event == "succeeded es" && posted.onMain)
        // Google's reference, ModelDownloadUserInfoKey.error: "The corresponding value is nil if
        // the model download completed successfully."
        #expect(posted.error == nil)
        let size = try #require(ModelRegistry.shared.catalog().repository?.entry("eng-spa")?.size)
        #expect(progress.totalUnitCount == Int64(size) + DownloadProgress.installUnits(forSize: size) + 1,
                "the unit is the byte: eng-spa's size in the index, then its install, then the check that the model is on disk")
        #expect(progress.completedUnitCount == progress.totalUnitCount && progress.isFinished)
        #expect(MLKitFixtures.installed(store) == ["eng-spa"])
        #expect(ModelManager.modelManager().isModelDownloaded(spanish))

        // Downloaded already: success is posted again, nothing fetched. Google's reference: "If the
        // latest model is already downloaded, completes without additional work and posts
        // .mlkitModelDownloadDidSucceed notification, indicating that the model is ready to use."
        let again = ModelManager.modelManager().download(spanish, conditions: ModelDownloadConditions())
        #expect(await observer.events.value().event == "succeeded es")
        #expect(again.isFinished)
    }

    @Test(.timeLimit(.minutes(5)))
    func deletingAModelKeepsThePacksAnotherDownloadedModelNeeds() async throws {
        let store = try MLKitFixtures.useFreshStore()
        let manager = ModelManager.modelManager()
        let (french, spanish) = (TranslateRemoteModel.translateRemoteModel(language: .french), TranslateRemoteModel.translateRemoteModel(language: .spanish))
        // Observed from the start: the translator's downloads post their own successes on the
        // main queue, which may come late. Taken here, they cannot pass later for the download
        // below while it still runs (a deletion then ran beside it and once hung the suite).
        let observer = DownloadObserver()
        defer { observer.stop() }
        try await Translator.translator(options: TranslatorOptions(sourceLanguage: .french, targetLanguage: .spanish)).downloadModelIfNeeded()
        #expect(await observer.events.value().event == "succeeded fr")
        #expect(await observer.events.value().event == "succeeded es")
        #expect(MLKitFixtures.installed(store) == ["fr-es", "eng-spa"])
        #expect(manager.isModelDownloaded(french) && manager.isModelDownloaded(spanish))

        try await manager.deleteDownloadedModel(french)
        #expect(MLKitFixtures.installed(store) == ["eng-spa"], "eng-spa is Spanish's model too")
        #expect(!manager.isModelDownloaded(french) && manager.isModelDownloaded(spanish))

        // The other way round nothing is French's alone: Spanish's deletion must still undo Spanish.
        _ = manager.download(french, conditions: ModelDownloadConditions())
        #expect(await observer.events.value().event == "succeeded fr")
        try await manager.deleteDownloadedModel(spanish)
        #expect(MLKitFixtures.installed(store) == ["fr-es"])
        #expect(!manager.isModelDownloaded(spanish) && !manager.isModelDownloaded(french))
    }

    @Test(.timeLimit(.minutes(5)))
    func aLanguageNoRepositoryJoinsWithEnglishFailsWithNotFound() async throws {
        try MLKitFixtures.useFreshStore()
        let observer = DownloadObserver()
        defer { observer.stop() }
        _ = ModelManager.modelManager().download(TranslateRemoteModel.translateRemoteModel(language: .japanese), conditions: ModelDownloadConditions())
        let posted = await observer.events.value()
        #expect(posted.onMain)
        #expect(posted.error?.code == MLKitErrorCode.notFound.rawValue)
        #expect(posted.event.hasPrefix("failed ja: There is no Japanese model: no pack joins Japanese and English"), "\(posted.event)")
        #expect(posted.event.contains(".build/test-repo/index.json"), "the repositories asked are named: \(posted.event)")
    }

    @Test(.timeLimit(.minutes(3)))
    func aModelOfAnotherKindIsNeitherDownloadedNorDeleted() async throws {
        let store = try MLKitFixtures.useFreshStore()
        let manager = ModelManager.modelManager()
        // Google's reference declares the manager over any model ("Manages models that are used
        // by MLKit features."): "func isModelDownloaded(_ remoteModel: RemoteModel) -> Bool",
        // "func download(_ remoteModel: RemoteModel, conditions: ModelDownloadConditions) ->
        // Progress", "func deleteDownloadedModel(_ remoteModel: RemoteModel, completion:)". Only
        // translation models are served here: another is never downloaded, and says so.
        let other = RemoteModel(name: "custom-labeler")
        #expect(!manager.isModelDownloaded(other))
        let observer = DownloadObserver()
        defer { observer.stop() }
        let progress = manager.download(other, conditions: ModelDownloadConditions())
        let posted = await observer.events.value()
        #expect(posted.onMain)
        #expect(posted.error?.code == MLKitErrorCode.invalidArgument.rawValue)
        #expect(posted.event == "failed custom-labeler: custom-labeler is not a translation model: this ModelManager manages TranslateRemoteModel models only")
        #expect(!progress.isFinished)
        let deleted = Expectation<String>()
        manager.deleteDownloadedModel(other) { error in deleted.fulfill((error as NSError?)?.localizedDescription ?? "no error") }
        #expect(await deleted.value().hasPrefix("custom-labeler is not a translation model"))
        #expect(MLKitFixtures.installed(store).isEmpty)
    }
}
