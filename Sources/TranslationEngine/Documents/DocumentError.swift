import TextSafety

/// Why a document was not translated; each message is one line.
public enum DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file name whose extension is none of `DocumentFormat`'s.
    case unsupported(String)
    /// The name says one format and the bytes are another (nil: no format at all).
    case notTheFormatItSays(named: DocumentFormat, found: DocumentFormat?)
    /// A zip that is not a docx, odt or pptx.
    case unknownArchive
    /// A text document that is not UTF-8.
    case notUTF8
    /// The archive is corrupt, truncated or over a limit (`DocumentLimits`); says which.
    case archive(String)
    /// The document is larger than `DocumentLimits.maxDocumentBytes`.
    case tooLarge(bytes: Int, limit: Int)
    /// A deformatter or reformatter failed on the document.
    case formatter(program: String, detail: String)

    public var description: String {
        switch self {
        case .unsupported(let name):
            return "\(EscapedText.singleQuoted(name)) is not a document this translates (txt, html, docx, odt or pptx)"
        case .notTheFormatItSays(let named, let found):
            return "the file is named as \(named.displayName) but is \(found?.displayName ?? "not one")"
        case .unknownArchive:
            return "the zip is not a docx, odt or pptx document"
        case .notUTF8:
            return "the text document is not UTF-8"
        case .archive(let detail):
            return "the document was refused: \(detail)"
        case .tooLarge(let bytes, let limit):
            return "the document is \(bytes) bytes, over the limit of \(limit)"
        case .formatter(let program, let detail):
            return "\(program) failed on the document: \(detail)"
        }
    }
}
