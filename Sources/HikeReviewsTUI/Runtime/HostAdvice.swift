import TextSafety
import TranslationEngine

/// What `hike-reviews` tells its user to do about an engine error: the engine says what
/// happened and carries the data (packs, languages, the failure inside); the words that name
/// this program's commands, flags and setup scripts live here, once for the CLI and the app.
enum HostAdvice {
    /// Where the advice is read: on a command line, or in the app (which has screens for packs).
    enum Place {
        case commandLine
        case app
    }

    /// A translation error's line with what to do next.
    static func text(_ error: TranslationError, in place: Place = .commandLine) -> String {
        switch error {
        case TranslationError.notInstalled where !error.servers.isEmpty:
            let consent = place == .commandLine ? "pass --yes to send them" : "answer the question to send them"
            return "texts would go to \(error.servers.joined(separator: ", ")) to translate: \(consent), or install a pack"
        case TranslationError.notInstalled where !error.packs.isEmpty:
            return "language packs needed: run: hike-reviews packs install \(error.packs.joined(separator: " "))"
        case TranslationError.unableToIdentifyLanguage where place == .commandLine:
            return "\(error.description); name it with --from"
        case TranslationError.downloadFailed:
            if let underlying = error.underlyingError as? PackError { return text(underlying, in: place) }
            return error.description
        case TranslationError.internalError where lacksNeuralRuntime(error):
            return "translation failed: \(neuralRuntimeText)"
        default:
            return error.description
        }
    }

    /// A pack error's line with what to do next.
    static func text(_ error: PackError, in place: Place = .commandLine) -> String {
        let repository = place == .commandLine ? "--packs-url" : "start with --packs-url"
        switch error {
        case .unknownPack:
            return "\(error); see: hike-reviews packs list"
        case .download:
            return "\(error); check the repository URL (\(repository)) and try again"
        case .timedOut:
            return "\(error); try again later, or use another repository (\(repository))"
        case .offline(let url):
            return "downloads are switched off (HIKE_REVIEWS_OFFLINE); not fetching \(EscapedText.escaped(url))"
        case .notApproved(let ids):
            return "language packs needed: run: hike-reviews packs install \(ids.joined(separator: " "))"
        case .noRepository:
            return "\(error): set HIKE_REVIEWS_PACKS_URL or pass --packs-url (make run builds a local one)"
        default:
            return error.description
        }
    }

    /// The one line for the public Argos index when it did not answer (or was not asked:
    /// offline). The user never named it, so there is no URL of theirs to check: it says what
    /// is left (installed packs, or its packs listed from its last copy), then the cause.
    static func publicIndexLine(_ reason: PackError, copyAge: Duration?) -> String {
        let left = copyAge.map { "its packs are listed from its copy of \(PackRepository.describeAge($0)) and cannot be downloaded now" }
            ?? "offline packs only"
        if case .offline = reason { return "the public Argos index is not asked (HIKE_REVIEWS_OFFLINE): \(left)" }
        let cause = "\(reason)"
        let label = "Argos index: "
        return "the public Argos index is unreachable: \(left) (\(cause.hasPrefix(label) ? String(cause.dropFirst(label.count)) : cause))"
    }

    /// No neural runtime, and what sets one up.
    static let neuralRuntimeText = "\(ChildProcessError.noNeuralRuntime); run scripts/setup-neural in the checkout (or set HIKE_REVIEWS_NEURAL_PYTHON and HIKE_REVIEWS_NEURAL_WORKER)"

    /// Whether the engine failed because no neural runtime is set up.
    static func lacksNeuralRuntime(_ error: TranslationError) -> Bool {
        error == .internalError && (error.underlyingError as? ChildProcessError) == .noNeuralRuntime
    }

    /// Any error the engine threw, typed where it can be.
    static func text(_ error: any Error, in place: Place = .commandLine) -> String {
        switch error {
        case let error as TranslationError: text(error, in: place)
        case let error as PackError: text(error, in: place)
        case ChildProcessError.noNeuralRuntime: "translation failed: \(neuralRuntimeText)"
        default: "\(error)"
        }
    }
}
