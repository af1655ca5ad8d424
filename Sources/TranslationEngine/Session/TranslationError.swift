import Foundation

/// Why a translation could not be made, shaped like Apple's `TranslationError`: a struct with one
/// static value per kind, matched with `catch TranslationError.notInstalled`, `~=` or `==`.
///
/// Two errors are equal when they are of the same kind, as Apple's are; the detail this engine
/// knows (which pair, which packs) is in `errorDescription` (`localizedDescription`,
/// `description`) and `failureReason`, and as data in `packs`, `sourceTag`, `targetTag` and
/// `underlyingError`: the host words its own advice from them (the CLI names its command).
public struct TranslationError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    enum Kind: String, Sendable, Hashable {
        case nothingToTranslate, unableToIdentifyLanguage, unsupportedSourceLanguage, unsupportedTargetLanguage
        case unsupportedLanguagePairing, notInstalled, alreadyCancelled, downloadFailed, internalError
    }

    let kind: Kind
    /// The packs a `notInstalled` error needs, in route order.
    public let packs: [String]
    /// The remote servers (`host:port`) a `notInstalled` error would have sent texts to, had
    /// that been approved; empty for missing packs.
    public let servers: [String]
    /// The source language in question (BCP 47), when known.
    public let sourceTag: String?
    /// The target language in question (BCP 47), when known.
    public let targetTag: String?
    /// What went wrong inside, for `internalError` and `downloadFailed`.
    public let detail: String?
    /// The error inside an `internalError`, as it was thrown: a `ChildProcessError`, a
    /// `ModeFileError` or the neural worker's, so a caller can match it instead of reading
    /// `detail`.
    public let underlyingError: (any Error)?

    init(_ kind: Kind, packs: [String] = [], servers: [String] = [], source: String? = nil, target: String? = nil, detail: String? = nil,
         underlying: (any Error)? = nil) {
        self.kind = kind
        self.packs = packs
        self.servers = servers
        self.sourceTag = source
        self.targetTag = target
        self.detail = detail
        self.underlyingError = underlying
    }

    /// `error` itself when it is a `TranslationError`, otherwise an `internalError` that
    /// keeps it as `underlyingError`.
    public init(_ error: any Error) {
        if let error = error as? TranslationError {
            self = error
        } else {
            self.init(.internalError, detail: "\(error)", underlying: error)
        }
    }

    /// No content to translate (empty or only whitespace).
    public static let nothingToTranslate = TranslationError(.nothingToTranslate)
    /// The source language could not be identified from the text (or there is no text yet).
    public static let unableToIdentifyLanguage = TranslationError(.unableToIdentifyLanguage)
    /// No offline route starts from the source language.
    public static let unsupportedSourceLanguage = TranslationError(.unsupportedSourceLanguage)
    /// No offline route reaches the target language.
    public static let unsupportedTargetLanguage = TranslationError(.unsupportedTargetLanguage)
    /// No offline route joins the pair, or the two are one language (`en-US` to `en-GB`).
    public static let unsupportedLanguagePairing = TranslationError(.unsupportedLanguagePairing)
    /// Packs are missing and the session cannot ask for them, or the person said not now.
    public static let notInstalled = TranslationError(.notInstalled)
    /// The session was cancelled.
    public static let alreadyCancelled = TranslationError(.alreadyCancelled)
    /// Packs were approved but could not be downloaded or installed (not in Apple's set).
    public static let downloadFailed = TranslationError(.downloadFailed)
    /// The engine failed (a pipeline or worker that could not start or answer).
    public static let internalError = TranslationError(.internalError)

    // The same kinds with this engine's detail (equal to the plain values above).
    public static func unsupportedSourceLanguage(_ tag: String) -> TranslationError { TranslationError(.unsupportedSourceLanguage, source: tag) }
    public static func unsupportedTargetLanguage(_ tag: String) -> TranslationError { TranslationError(.unsupportedTargetLanguage, target: tag) }
    public static func unsupportedLanguagePairing(source: String, target: String) -> TranslationError {
        TranslationError(.unsupportedLanguagePairing, source: source, target: target)
    }
    public static func notInstalled(packs: [String]) -> TranslationError { TranslationError(.notInstalled, packs: packs) }
    /// The route takes remote servers' legs and sending them texts was not approved (a kind of
    /// `notInstalled`: the translation needs something the user did not allow).
    public static func notInstalled(servers: [String]) -> TranslationError { TranslationError(.notInstalled, servers: servers) }
    public static func downloadFailed(_ reason: String) -> TranslationError { TranslationError(.downloadFailed, detail: reason) }
    /// A download that failed with `error`, kept as `underlyingError` for the host's advice.
    public static func downloadFailed(_ error: PackError) -> TranslationError {
        TranslationError(.downloadFailed, detail: error.description, underlying: error)
    }
    public static func internalError(_ detail: String) -> TranslationError { TranslationError(.internalError, detail: detail) }
    /// An engine failure in one pipeline or worker (`what`, a mode such as `eng-spa`), keeping
    /// the error it threw.
    public static func internalError(in what: String, _ error: any Error) -> TranslationError {
        TranslationError(.internalError, detail: "\(what): \(error)", underlying: error)
    }

    /// Whether `error` is a `TranslationError` of this one's kind: `catch TranslationError.notInstalled`.
    public static func ~= (lhs: TranslationError, rhs: any Error) -> Bool {
        (rhs as? TranslationError)?.kind == lhs.kind
    }

    public static func == (lhs: TranslationError, rhs: TranslationError) -> Bool {
        lhs.kind == rhs.kind
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }

    /// What happened and what to do, in one line: "no offline route from German [de] to Welsh [cy]".
    public var description: String {
        switch kind {
        case .nothingToTranslate:
            return "there is nothing to translate"
        case .unableToIdentifyLanguage:
            return "the language of the text could not be identified"
        case .unsupportedSourceLanguage:
            return "no offline translation from \(Self.named(sourceTag, "the source language"))"
        case .unsupportedTargetLanguage:
            return "no offline translation into \(Self.named(targetTag, "the target language"))"
        case .unsupportedLanguagePairing:
            guard let sourceTag, let targetTag else { return "no offline route between these languages" }
            return "no offline route from \(Self.named(sourceTag, "")) to \(Self.named(targetTag, ""))"
        case .notInstalled:
            if !servers.isEmpty {
                return "the route sends texts to \(servers.joined(separator: ", ")) to translate, and that was not approved"
            }
            if packs.isEmpty { return "language packs needed and not installed" }
            return "language packs needed and not installed: \(packs.joined(separator: " "))"
        case .downloadFailed:
            return detail ?? "the language packs could not be downloaded"
        case .alreadyCancelled:
            return "the session was cancelled"
        case .internalError:
            return "translation failed" + (detail.map { ": \($0)" } ?? "")
        }
    }

    public var errorDescription: String? {
        description
    }

    /// Why, as Apple's `failureReason` says it, with this engine's detail.
    public var failureReason: String? {
        switch kind {
        case .nothingToTranslate: return "The text is empty."
        case .unableToIdentifyLanguage: return "The source language could not be told from the text."
        case .unsupportedLanguagePairing where sourceTag.map(LanguageTag.base) == targetTag.map(LanguageTag.base) && sourceTag != nil:
            return "The source and target are the same language: there is nothing to translate between them."
        case .unsupportedSourceLanguage, .unsupportedTargetLanguage, .unsupportedLanguagePairing:
            return "No installed or downloadable language pack joins these languages."
        case .notInstalled where !servers.isEmpty:
            return "Sending texts to \(servers.joined(separator: ", ")) was not approved."
        case .notInstalled:
            return packs.isEmpty ? "The language packs are not installed." : "Not installed: \(packs.joined(separator: ", "))."
        case .downloadFailed: return detail.map { "The download failed: \($0)." } ?? "The download failed."
        case .alreadyCancelled: return "The session was cancelled before."
        case .internalError: return detail.map { "The engine failed: \($0)." } ?? "The engine failed."
        }
    }

    private static func named(_ tag: String?, _ fallback: String) -> String {
        guard let tag else { return fallback }
        return "\(LanguageNames.name(of: tag)) [\(tag)]"
    }
}
