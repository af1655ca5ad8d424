/// Names the language a piece of text is written in.
///
/// Implementations are called from several tasks at once, off the main actor,
/// so they must be safe to share.
public protocol LanguageDetecting: Sendable {
    /// A BCP 47 tag for the language of `text`, such as `"es"` or `"nb"`, or `"und"` when it cannot be determined.
    func detectLanguage(of text: String) -> String
}
