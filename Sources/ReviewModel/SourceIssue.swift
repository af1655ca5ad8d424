/// A problem found while parsing or decoding, at a byte offset that `SourceLocator` turns into a line and column later.
struct SourceIssue: Error {
    /// Byte offset into the file where the problem starts.
    let offset: Int
    /// One-line message, already escaped.
    let message: String
}
