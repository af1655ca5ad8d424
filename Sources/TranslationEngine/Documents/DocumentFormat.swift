/// The kinds of document the engine translates whole, each through Apertium's own
/// deformatter and reformatter for it (`apertium -f txt|html|docx|odt|pptx`), so a document
/// comes back in its own format with its markup and styles.
public enum DocumentFormat: String, Sendable, Hashable, CaseIterable {
    case txt, html, docx, odt, pptx

    /// Whether the document is a zip of parts (opened with `DocumentArchive`).
    public var isArchive: Bool {
        switch self {
        case .docx, .odt, .pptx: return true
        case .txt, .html: return false
        }
    }

    /// The file name extension it is known by (without the dot).
    public var fileExtension: String { rawValue }

    /// The media type a server answers with.
    public var mediaType: String {
        switch self {
        case .txt: return "text/plain; charset=utf-8"
        case .html: return "text/html; charset=utf-8"
        case .docx: return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        case .odt: return "application/vnd.oasis.opendocument.text"
        case .pptx: return "application/vnd.openxmlformats-officedocument.presentationml.presentation"
        }
    }

    /// What a person calls it, for errors.
    var displayName: String {
        switch self {
        case .txt: return "a text file"
        case .html: return "an HTML document"
        case .docx: return "a Word document (.docx)"
        case .odt: return "an OpenDocument text (.odt)"
        case .pptx: return "a PowerPoint presentation (.pptx)"
        }
    }

    /// The format a file name says (`.htm` is HTML); nil for any other extension.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        if ext == "htm" || ext == "xhtml" { self = .html; return }
        if ext == "text" { self = .txt; return }
        self.init(rawValue: ext)
    }

    /// The format of `bytes`, told from the bytes first: a zip is a docx, odt or pptx by the
    /// parts it holds (`DocumentArchive.format`), anything else HTML when it starts as HTML,
    /// else text. A name (`fileName`) that says one format over bytes of another is refused,
    /// as is a zip that is none of the three and a text that is not UTF-8.
    /// - Throws: `DocumentError.notTheFormatItSays`, `.unsupported`, `.notUTF8`, or an archive
    ///   error when a zip cannot be read.
    public static func sniffed(_ bytes: [UInt8], fileName: String?, limits: DocumentLimits = DocumentLimits()) throws(DocumentError) -> DocumentFormat {
        try sniffing(bytes, fileName: fileName, limits: limits).format
    }

    /// `sniffed(_:fileName:limits:)`, with the archive it read to tell (nil for text and
    /// HTML), so a document is unzipped once.
    static func sniffing(_ bytes: [UInt8], fileName: String?, limits: DocumentLimits) throws(DocumentError) -> (format: DocumentFormat, archive: DocumentArchive?) {
        let named = fileName.flatMap(DocumentFormat.init(fileName:))
        if let fileName, named == nil { throw .unsupported(fileName) }
        let found: DocumentFormat
        var archive: DocumentArchive?
        if bytes.starts(with: zipMagic) {
            let read = try DocumentArchive.read(bytes, limits: limits)
            guard let format = read.format else { throw .unknownArchive }
            (found, archive) = (format, read)
        } else if named?.isArchive == true {
            throw .notTheFormatItSays(named: named!, found: nil)
        } else {
            guard String(validating: bytes, as: UTF8.self) != nil else { throw .notUTF8 }
            found = named == .html || looksLikeHTML(bytes) ? .html : .txt
        }
        // HTML read as text (or text named .html) is still text: only the archives must agree.
        if let named, named != found, named.isArchive || found.isArchive { throw .notTheFormatItSays(named: named, found: found) }
        return (named ?? found, archive)
    }

    private static let zipMagic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// A doctype or an `<html` tag first, after a byte-order mark and blanks.
    private static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
        var head = String(decoding: bytes.prefix(512), as: UTF8.self)[...]
        if head.hasPrefix("\u{FEFF}") { head = head.dropFirst() }
        let start = head.drop(while: \.isWhitespace).prefix(14).lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }
}
