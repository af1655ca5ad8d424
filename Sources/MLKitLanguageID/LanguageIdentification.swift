import Dispatch
import Synchronization
import TranslationEngine

/// Called with the main language's tag (`IdentifiedLanguage.undetermined` when there is none),
/// or nil and why not; on the main queue.
public typealias IdentifyLanguageCallback = @MainActor (String?, (any Error)?) -> Void
/// Called with the possible languages, most likely first, or nil and why not; on the main queue.
public typealias IdentifyPossibleLanguagesCallback = @MainActor ([IdentifiedLanguage]?, (any Error)?) -> Void

/// Identifies the language of a text with the engine's recognizer (CLD2, and the short-text
/// model where the engine has one), as ML Kit's `LanguageIdentification` does with its model.
///
/// Completion handlers run on the main queue: a command-line program must run it (an `async`
/// `main`, `dispatchMain()` or `RunLoop.main.run()`) or they never arrive. The `async` forms
/// need no main queue. The recognizer always answers, so the error is always nil and the
/// `async` forms never throw; they are `throws` because ML Kit's are, so `try await` compiles.
///
/// Two instances are equal only when they are the same one, as ML Kit's (an `NSObject`).
public final class LanguageIdentification: Hashable, Sendable {
    /// The threshold given, or nil for each call's default.
    public let options: LanguageIdentificationOptions?

    private init(options: LanguageIdentificationOptions?) {
        self.options = options
    }

    /// A language identification with ML Kit's default thresholds.
    public static func languageIdentification() -> LanguageIdentification {
        LanguageIdentification(options: nil)
    }

    /// A language identification with `options`' threshold for both calls.
    public static func languageIdentification(options: LanguageIdentificationOptions) -> LanguageIdentification {
        LanguageIdentification(options: options)
    }

    /// Identifies the main language of `text`'s first 200 characters; the completion gets its
    /// tag, or `IdentifiedLanguage.undetermined` when no language reaches the threshold.
    public func identifyLanguage(for text: String, completion: @escaping IdentifyLanguageCallback) {
        let threshold = threshold(orDefault: DefaultIdentifyLanguageConfidenceThreshold)
        // Off the caller's actor: a text is recognized on the pool, whoever asks.
        Task.detached {
            let tag = Self.verdict(on: text).mainLanguage(threshold: threshold)
            Self.onMainQueue { completion(tag, nil) }
        }
    }

    /// Identifies the possible languages of `text`'s first 200 characters; the completion gets
    /// those that reach the threshold, most likely first, or a single undetermined language
    /// with confidence 1 when none does.
    public func identifyPossibleLanguages(for text: String, completion: @escaping IdentifyPossibleLanguagesCallback) {
        let threshold = threshold(orDefault: DefaultIdentifyPossibleLanguagesConfidenceThreshold)
        Task.detached {
            let languages = Self.verdict(on: text).possibleLanguages(threshold: threshold)
            Self.onMainQueue { completion(languages, nil) }
        }
    }

    /// The main language of `text`'s first 200 characters, or `IdentifiedLanguage.undetermined`.
    public func identifyLanguage(for text: String) async throws -> String {
        Self.verdict(on: text).mainLanguage(threshold: threshold(orDefault: DefaultIdentifyLanguageConfidenceThreshold))
    }

    /// The possible languages of `text`'s first 200 characters, most likely first, or a single
    /// undetermined language.
    public func identifyPossibleLanguages(for text: String) async throws -> [IdentifiedLanguage] {
        Self.verdict(on: text).possibleLanguages(threshold: threshold(orDefault: DefaultIdentifyPossibleLanguagesConfidenceThreshold))
    }

    public static func == (left: LanguageIdentification, right: LanguageIdentification) -> Bool {
        left === right
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    private func threshold(orDefault fallback: Float) -> Float {
        options?.threshold(orDefault: fallback) ?? fallback
    }

    // MARK: The engine

    /// The engine `use(_:)` named, else nil for `Engine.default`.
    private static let chosen = Mutex<Engine?>(nil)

    /// Makes `engine`'s recognizer the one every identification uses from now on (nil:
    /// `Engine.default`'s again): the hook tests use, since ML Kit's API names no engine.
    static func use(_ engine: Engine?) {
        chosen.withLock { $0 = engine }
    }

    /// The verdict of the engine in use: its recognizer is made per call (the short-text model
    /// stays loaded in the engine), so a replaced `Engine.default` takes effect at once.
    static func verdict(on text: String) -> LanguageVerdict {
        let engine = chosen.withLock { $0 } ?? Engine.default
        return LanguageVerdict(text, recognizer: engine.recognizer)
    }

    /// Runs `body` on the main queue, where ML Kit calls its completion handlers.
    private static func onMainQueue(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(body) }
    }
}
