/// Why a translation could not be made, with what the user can do next.
public enum TranslationError: Error, Sendable, Equatable, CustomStringConvertible {
    case nothingToTranslate
    case unableToIdentifyLanguage
    case unsupportedSourceLanguage(String)
    case unsupportedTargetLanguage(String)
    case unsupportedLanguagePairing(source: String, target: String)
    case notInstalled(packs: [String])
    case alreadyCancelled
    /// Packs were approved but could not be downloaded or installed (the reason follows).
    case downloadFailed(String)
    case internalError(String)

    public var description: String {
        switch self {
        case .nothingToTranslate:
            return "there is nothing to translate"
        case .unableToIdentifyLanguage:
            return "the language of the text could not be identified; name it with --from"
        case .unsupportedSourceLanguage(let tag):
            return "no offline translation from \(LanguageNames.name(of: tag)) [\(tag)]"
        case .unsupportedTargetLanguage(let tag):
            return "no offline translation into \(LanguageNames.name(of: tag)) [\(tag)]"
        case .unsupportedLanguagePairing(let source, let target):
            return "no offline route from \(LanguageNames.name(of: source)) [\(source)] to \(LanguageNames.name(of: target)) [\(target)]"
        case .notInstalled(let packs):
            return "language packs needed: run: hike-reviews packs install \(packs.joined(separator: " "))"
        case .downloadFailed(let reason):
            return reason
        case .alreadyCancelled:
            return "the session was cancelled"
        case .internalError(let detail):
            return "translation failed: \(detail)"
        }
    }
}
