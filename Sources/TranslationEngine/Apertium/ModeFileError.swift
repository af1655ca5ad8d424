/// Why a mode file could not be turned into a pipeline.
public enum ModeFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String)
    /// The pipeline has an empty stage (e.g. `a || b` or a trailing `|`).
    case emptyStage(index: Int)
    /// A single quote was opened and never closed.
    case unterminatedQuote(stage: Int)
    /// A program named in the mode was not found on `PATH`.
    case programNotFound(String)

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read mode file \(path)"
        case .emptyStage(let index): "mode file has an empty stage at position \(index)"
        case .unterminatedQuote(let stage): "unterminated single quote in stage \(stage)"
        case .programNotFound(let name): "program \(name) not found on PATH"
        }
    }
}
