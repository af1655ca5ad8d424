import Foundation
import Synchronization

/// Called with the translation, or nil and why not; on the main queue.
public typealias TranslatorCallback = @MainActor (String?, (any Error)?) -> Void
/// Called when the models are on disk (nil) or could not be downloaded (why); on the main queue.
public typealias TranslatorDownloadModelIfNeededCallback = @MainActor ((any Error)?) -> Void

/// Translates text from one language into another with the packs on disk, as ML Kit's
/// `Translator` does with its models.
///
/// Completion handlers run on the main queue: a command-line program must run it (an `async`
/// `main`, `dispatchMain()` or `RunLoop.main.run()`) or they never arrive. The `async` forms
/// need no main queue.
///
/// Two translators are equal only when they are the same one, as ML Kit's (an `NSObject`):
/// since `translator(options:)` gives the same translator for equal options, samples that
/// compare translators with `==` get the answer they expect.
public final class Translator: Hashable, Sendable {
    /// The languages it translates between.
    public let options: TranslatorOptions

    private static let translators = Mutex<[TranslatorOptions: Translator]>([:])

    private init(options: TranslatorOptions) {
        self.options = options
    }

    /// The translator for `options`: the same one for equal options. Safe from any thread.
    public static func translator(options: TranslatorOptions) -> Translator {
        translators.withLock { translators in
            if let known = translators[options] { return known }
            let translator = Translator(options: options)
            translators[options] = translator
            return translator
        }
    }

    public static func == (left: Translator, right: Translator) -> Bool {
        left === right
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Translates `text`; the completion gets the translation, or an error when a model the
    /// route needs is not downloaded (call `downloadModelIfNeeded` first) or an engine failed.
    public func translate(_ text: String, completion: @escaping TranslatorCallback) {
        let options = self.options
        Task {
            let result: Result<String, any Error>
            do {
                result = .success(try await ModelRegistry.shared.translate(text, options: options))
            } catch {
                result = .failure(error)
            }
            MainQueue.async {
                switch result {
                case .success(let translation): completion(translation, nil)
                case .failure(let error): completion(nil, error)
                }
            }
        }
    }

    /// Translates `text`.
    ///
    /// - Throws: an `NSError` of `MLKitErrorDomain` saying which model or pack is missing, or
    ///   which engine failed.
    public func translate(_ text: String) async throws -> String {
        try await ModelRegistry.shared.translate(text, options: options)
    }

    /// Downloads the models of both languages unless they are on disk, with ML Kit's default
    /// conditions (metered networks allowed).
    public func downloadModelIfNeeded(completion: @escaping TranslatorDownloadModelIfNeededCallback) {
        downloadModelIfNeeded(with: ModelDownloadConditions(), completion: completion)
    }

    /// Downloads the models of both languages unless they are on disk. Calling it is the
    /// consent: nothing asks the user.
    public func downloadModelIfNeeded(with conditions: ModelDownloadConditions,
                                      completion: @escaping TranslatorDownloadModelIfNeededCallback) {
        Task {
            var failure: (any Error)?
            do {
                try await downloadModelIfNeeded(with: conditions)
            } catch {
                failure = error
            }
            let error = failure
            MainQueue.async { completion(error) }
        }
    }

    /// Downloads the models of both languages unless they are on disk.
    public func downloadModelIfNeeded() async throws {
        try await downloadModelIfNeeded(with: ModelDownloadConditions())
    }

    /// Downloads the models of both languages unless they are on disk.
    ///
    /// - Throws: an `NSError` of `MLKitErrorDomain`: no packs join a language with English, the
    ///   network is metered and `conditions` allow unmetered networks only, or a download failed.
    public func downloadModelIfNeeded(with conditions: ModelDownloadConditions) async throws {
        let registry = ModelRegistry.shared
        for language in [options.sourceLanguage, options.targetLanguage] where language != .english {
            try await registry.download(language, conditions: conditions)
        }
    }
}
