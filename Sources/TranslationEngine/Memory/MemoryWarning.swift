import TextSafety

/// Something the translation memory could not do, said once: translations go on without it.
///
/// `message` is one line, safe to print on a terminal: paths and SQLite's words pass through
/// the package's escaping sanitiser (`EscapedText`).
public struct MemoryWarning: Sendable, Hashable, CustomStringConvertible {
    public let message: String

    init(_ text: String) {
        message = EscapedText.escaped(text, limit: 400)
    }

    public var description: String { message }
}

extension TranslationMemory {
    /// Receives the memory's warnings (at most one per memory and kind of trouble). The CLI prints
    /// "hike-reviews: warning: ..." on stderr; the app shows it in its status line. Called under
    /// the memory's lock, in the task or on the queue that met the trouble: hand the message over,
    /// do not block and do not use the memory.
    public typealias WarningHandler = @Sendable (MemoryWarning) -> Void
}
