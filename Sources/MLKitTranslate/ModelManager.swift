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

    /// Whether every pack of `remoteModel` is on disk (read now, not remembered).
    public func isModelDownloaded(_ remoteModel: TranslateRemoteModel) -> Bool {
        ModelRegistry.shared.plan(remoteModel.language).isDownloaded
    }

    /// Downloads the packs `remoteModel` lacks; `.mlkitModelDownloadDidSucceed` or
    /// `.mlkitModelDownloadDidFail` is posted on the main queue when it ends (success at once when
    /// nothing is missing).
    ///
    /// - Returns: its progress: bytes, then installing, each pack's; it is finished only once the
    ///   model is on disk (`isModelDownloaded` is true, a translator can translate), never for a
    ///   download that failed. `cancel()` on it cancels the download.
    public func download(_ remoteModel: TranslateRemoteModel, conditions: ModelDownloadConditions) -> Progress {
        let progress = Progress(totalUnitCount: -1)
        let feed = DownloadProgress(progress)
        let task = Task {
            try await ModelRegistry.shared.download(remoteModel.language, conditions: conditions, progress: feed)
        }
        progress.cancellationHandler = { task.cancel() }
        return progress
    }

    /// Deletes `remoteModel`'s packs from the store (not those another downloaded model needs);
    /// the completion gets nil, or why not, on the main queue.
    public func deleteDownloadedModel(_ remoteModel: TranslateRemoteModel,
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
    ///   system-wide, or the store cannot be written.
    public func deleteDownloadedModel(_ remoteModel: TranslateRemoteModel) async throws {
        try await ModelRegistry.shared.delete(remoteModel.language)
    }
}
