/// How a text to translate is written: plain text, or an HTML document (LibreTranslate's and
/// APy's `format`, the CLI's `--format`).
public enum TextFormat: String, Sendable, Hashable, CaseIterable {
    /// Plain text: every character is text (a glossary's terms and given spans aside).
    case text
    /// One HTML document: markup kept, text translated (`HTMLFormat`).
    case html
}
