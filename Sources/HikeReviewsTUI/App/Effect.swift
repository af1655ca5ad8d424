import ReviewModel

/// Work the reducer asks for; the effect runner carries it out and answers with actions.
enum Effect: Equatable, Sendable {
    /// Detect the language of these reviews off the main actor, reporting in batches.
    case detectLanguages([Review])
}
