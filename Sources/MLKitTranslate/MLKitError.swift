import Foundation

/// The domain of the `NSError`s this module reports.
public let MLKitErrorDomain = "MLKitTranslate"

/// What went wrong, numbered as ML Kit numbers its status codes.
public enum MLKitErrorCode: Int, Sendable {
    /// The download was cancelled (through its `Progress`).
    case cancelled = 1
    /// A language no engine here translates, or the same language on both sides.
    case invalidArgument = 3
    /// No repository has packs that join the language with English.
    case notFound = 5
    /// The model is not downloaded, or the download conditions refuse the network.
    case failedPrecondition = 9
    /// An engine failed while translating, or the store could not be written.
    case `internal` = 13
    /// The repository could not be read or a pack could not be fetched.
    case unavailable = 14
}

/// The errors of this module: `NSError`s whose `localizedDescription` says which languages and
/// which packs, as ML Kit reports `NSError`s.
enum MLKitError {
    static func make(_ code: MLKitErrorCode, _ description: String, reason: String? = nil, suggestion: String? = nil) -> NSError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let reason { info[NSLocalizedFailureReasonErrorKey] = reason }
        if let suggestion { info[NSLocalizedRecoverySuggestionErrorKey] = suggestion }
        return NSError(domain: MLKitErrorDomain, code: code.rawValue, userInfo: info)
    }

    /// One line for an error of TranslationEngine: its localized description where it has one,
    /// else its `description`.
    static func message(of error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription { return description }
        return String(describing: error)
    }

    /// "translate-de_en, translate-en_de".
    static func list(_ packs: [String]) -> String {
        packs.joined(separator: ", ")
    }
}
