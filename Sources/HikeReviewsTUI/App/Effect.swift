import ReviewModel
import TranslationEngine

/// Work the reducer asks for; the effect runner carries it out and answers with actions.
enum Effect: Equatable, Sendable {
    /// Detect the language of these reviews off the main actor, reporting in batches.
    case detectLanguages([Review])
    /// Translate reviews inline: each group by its own language, streaming results.
    case translate(run: Int, jobs: [TranslationJob], target: String)
    /// Translate one review for the overlay.
    case translateForOverlay(run: Int, job: TranslationJob, target: String)
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
