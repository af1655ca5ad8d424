import TranslationEngine

/// The one mapping from the engine's errors to what the screen says: the effect runner hands
/// every thrown error here, typed, and the screens show only what comes out.
extension TranslationFailure {
    /// Why reviews in `source` could not be translated, from what the engine threw: no route,
    /// packs not approved, or the engine's own failure in words.
    init(_ error: any Error, source: String) {
        switch error {
        case TranslationError.unsupportedSourceLanguage, TranslationError.unsupportedTargetLanguage, TranslationError.unsupportedLanguagePairing:
            self = .noRoute(source: source)
        case TranslationError.notInstalled:
            self = .needsPack(TranslationError(error).packs)
        default:
            self = .failed(EngineErrorText.message(error))
        }
    }

    /// What the review (or the overlay) shows for the failure.
    var status: TranslationStatus {
        switch self {
        case .noRoute(let source, let index): return .noRoute(source: source, index: index)
        case .needsPack(let packs): return .needsPack(packs)
        case .failed(let message): return .failed(message)
        }
    }
}

/// The words for an engine error, one function per error type.
enum EngineErrorText {
    /// A translation error: what happened and what to do, as the engine says it; for the
    /// engine's own failure only its detail ("eng-spa: timed out"), because the screen already
    /// says "translation failed:" before it. Anything else the session let through (the neural
    /// worker's own errors), as it describes itself.
    static func message(_ error: any Error) -> String {
        guard let error = error as? TranslationError else { return HostAdvice.text(error, in: .app) }
        if HostAdvice.lacksNeuralRuntime(error) { return HostAdvice.neuralRuntimeText }
        if error == .internalError, let detail = error.detail { return detail }
        return HostAdvice.text(error, in: .app)
    }

    /// A failed pack download, for the error dialog.
    static func message(_ error: PackError) -> String {
        HostAdvice.text(error, in: .app)
    }
}
