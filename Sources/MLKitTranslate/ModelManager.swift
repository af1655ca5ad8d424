import Foundation

/// The models on disk, their downloads and deletions, as ML Kit's `ModelManager`.
///
/// A model is the packs that join its language with English in both directions (see
/// `TranslateRemoteModel`); English's is built in. Downloads come from the pack repositories
/// of the engine in use (`Engine.default` unless the host set another: its environment's
/// `repositoryURLs`), never from Google.
public final class ModelManager: Sendable {
    private static let shared = ModelManager()

    private init() {}

    /// The model manager.
    public static func modelManager() -> ModelManager {
        shared
    }

    /// The models whose every pack is on disk, English's included.
    public var downloadedTranslateModels: Set<TranslateRemoteModel> {
        Set(ModelRegistry.shared.downloadedLanguages().map { TranslateRemoteModel.translateRemoteModel(language: $0) })
    }

    /// Whether every pack of `remoteModel` is on disk (read now, not remembered); false for a
    /// model that is not a `TranslateRemoteModel`, which this manager never downloads.
    public func isModelDownloaded(_ remoteModel: RemoteModel) -> Bool {
        guard let translate = remoteModel as? TranslateRemoteModel else { return false }
        return ModelRegistry.shared.plan(translate.language).isDownloaded
    }

    /// Downloads the packs `remoteModel` lacks; `.mlkitModelDownloadDidSucceed` or
    /// `.mlkitModelDownloadDidFail` is posted on the main queue when it ends (success at once when
    /// nothing is missing).
    ///
    /// A model that is not a `TranslateRemoteModel` fails at once: `.mlkitModelDownloadDidFail`
    /// carries it with an `invalidArgument` error, as no other model is served here. The result
    /// is discardable, as ML Kit's (an Objective-C method's): Google's quickstart calls it for
    /// the notifications alone.
    ///
    /// - Returns: its progress: bytes, then installing, each pack's; it is finished only once the
    ///   model is on disk (`isModelDownloaded` is true, a translator can translate), never for a
    ///   download that failed. `cancel()` on it cancels the download.
    @discardableResult
    public func download(_ remoteModel: RemoteModel, conditions: ModelDownloadConditions) -> Progress {
        let progress = Progress(totalUnitCount: -1)
        let feed = DownloadProgress(progress)
        guard let translate = remoteModel as? TranslateRemoteModel else {
            ModelDownloadNotification.postFailed(remoteModel, error: Self.notTranslation(remoteModel))
            return progress
        }
        let task = Task {
            try await ModelRegistry.shared.download(translate.language, conditions: conditions, progress: feed)
        }
        progress.cancellationHandler = { task.cancel() }
        return progress
    }

    /// Deletes `remoteModel`'s packs from the store (not those another downloaded model needs);
    /// the completion gets nil, or why not, on the main queue.
    public func deleteDownloadedModel(_ remoteModel: RemoteModel,
                                      completion: @escaping @MainActor ((any Error)?) -> Void) {
        Task {
            var failure: (any Error)?
            do {
                try await deleteDownloadedModel(remoteModel)
            } catch {
                failure = error
            }
            let error = failure
            MainQueue.async { completion(error) }
        }
    }

    /// Deletes `remoteModel`'s packs from the store (not those another downloaded model needs).
    ///
    /// - Throws: an `NSError` of `MLKitErrorDomain` when it is English's, installed by Debian
    ///   system-wide, not a `TranslateRemoteModel`, or the store cannot be written.
    public func deleteDownloadedModel(_ remoteModel: RemoteModel) async throws {
        guard let translate = remoteModel as? TranslateRemoteModel else { throw Self.notTranslation(remoteModel) }
        try await ModelRegistry.shared.delete(translate.language)
    }

    /// The error for a model of another kind: ML Kit's manager serves every ML Kit feature's
    /// models, this one translation's alone.
    private static func notTranslation(_ model: RemoteModel) -> NSError {
        MLKitError.make(.invalidArgument, "\(model.name) is not a translation model: this ModelManager manages TranslateRemoteModel models only")
    }
}
