/// Why a catalog could not be loaded, with the place in the file where the problem is.
///
/// `line` and `column` are 1-based. Lines end at LF (so CRLF counts once), and
/// `column` counts Unicode scalars, not bytes or grapheme clusters: a tab is one
/// column, and so is each scalar of a composed emoji. A leading byte order mark is
/// not counted. Both are 0 when the problem concerns the file as a whole (missing,
/// unreadable or too large), and `description` then leaves them out.
public struct CatalogLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Name of the file (its last path component), or the name given to `CatalogLoader.decode`.
    public var file: String
    /// 1-based line of the problem, or 0 for a problem with the whole file.
    public var line: Int
    /// 1-based column in Unicode scalars, or 0 for a problem with the whole file.
    public var column: Int
    /// One-line explanation; text taken from the file has its control characters escaped.
    public var message: String

    /// Creates an error; `message` is used as given.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error as `file:line:column: message`, or `file: message` without a position.
    public var description: String {
        // File names can hold control characters too, and the result must stay one line.
        let name = DiagnosticText.sanitized(file)
        guard line > 0 else { return "\(name): \(message)" }
        return "\(name):\(line):\(column): \(message)"
    }
}
