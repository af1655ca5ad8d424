import TranslationEngine

/// Something that happened: a key, a resize, or the result of background work.
enum Action: Equatable, Sendable {
    case keyPressed(Key)
    case resized(width: Int, height: Int)
    /// Keys can be read (from the input watcher; the main loop reads them with curses, the
    /// reducer never sees this).
    case inputReady
    /// Detected languages for some reviews (review id -> BCP 47 tag) and the running count.
    case languagesDetected([String: String], done: Int, total: Int)
    /// A signal (SIGINT, SIGTERM, SIGHUP) asked the app to stop.
    case terminationRequested
    /// One review's translation arrived (for the task `task`).
    case translationArrived(task: TranslationTask.ID, reviewID: String, text: String, route: [String], unknownWords: [String], engines: [PackEngine] = [],
                            remembered: Bool = false)
    /// What the translation memory held for a route screen's reviews, in one go.
    case recalled(route: Int, target: String, [RecalledTranslation])
    /// The translation memory could not be used (it is off; translating goes on without it).
    case memoryWarning(String)
    /// A group of reviews could not be translated (reported once for the group).
    case translationFailed(task: TranslationTask.ID, reviewIDs: [String], failure: TranslationFailure)
    /// The overlay's translation arrived or failed.
    case overlayTranslated(task: TranslationTask.ID, status: TranslationStatus)
    /// The engine needs packs and waits for the user's answer.
    case consentRequested(id: Int, request: ConsentRequest)
    case downloadProgressed(packID: String, bytes: Int, total: Int, time: Double)
    /// No byte of the pack has come for `seconds` (about once a second while that lasts).
    case downloadStalled(packID: String, seconds: Int)
    case downloadFinished(packID: String)
    case downloadFailed(packID: String, message: String)
    /// The choices for a target-language picker, with their availability.
    case targetChoicesLoaded(purpose: PickerPurpose, choices: [LanguageChoice])
    case packsLoaded([PackRow], message: String?)
    /// The packs screen's install question is ready (sizes asked of the servers).
    case installQuestionReady(ConsentRequest)
    /// A repository did not answer: its packs cannot be downloaded now (`packIDs` are those a
    /// translation or the packs screen wanted from it, if any).
    case repositoryUnreachable(RepositoryOutage)
    /// A pack was installed or removed from the packs screen: list them again.
    case packsChanged(message: String?)
}
