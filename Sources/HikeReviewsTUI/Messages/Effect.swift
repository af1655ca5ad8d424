import ReviewModel
import TranslationEngine

/// Work the reducer asks for; the effect runner carries it out and answers with actions.
enum Effect: Equatable, Sendable {
    /// Detect the language of these reviews off the main actor, reporting in batches.
    case detectLanguages([Review])
    /// Translate the task's reviews, each group from its own language, streaming results; it
    /// replaces a running task of the same purpose.
    case translate(TranslationTask)
    /// Look up the reviews' translations in the translation memory only; it replaces a running
    /// look-up.
    case recall(RecallTask)
    /// Answer the engine's consent request.
    case answerConsent(id: Int, answer: ConsentAnswer)
    /// Stop the downloads (and the translations waiting for them).
    case cancelDownloads
    /// Stop inline and overlay translations (leaving the screen, quitting).
    case cancelTranslations
    /// Work out the choices of a target picker (languages and their availability).
    case loadTargetChoices(purpose: PickerPurpose, source: String?)
    case loadPacks
    /// Ask the servers for the sizes the repository did not give, then ask the user about
    /// installing these packs (the packs screen's `i`).
    case askToInstall([PackIndex.Entry])
    /// Read every repository once at start, so an unreachable public index is said at once.
    case checkRepositories
    case installPacks([String])
    case removePack(String)
}
