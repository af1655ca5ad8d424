/// A document's type from its bytes, named as `file --mime-type` names it (APy asks `file`):
/// a few cheap checks where `file`'s answer decides what APy does, not libmagic's database.
/// Side by side with `file` 5.44 on samples: empty is `inode/x-empty`; a zip, `%PDF` or
/// `{\rtf` start is that type; a byte `file` counts as binary (NUL, 0x01-0x06, 0x0E-0x1A,
/// 0x1C-0x1F) makes `application/octet-stream`; a start (after a BOM and whitespace) of
/// `<!doctype html`, `<html`, `<head`, `<body`, `<title` or `<script` is `text/html`, and
/// `<?xml` is `text/xml`; the rest is `text/plain`. Where they differ: bytes that are not
/// UTF-8 are `application/octet-stream` here (`file` says `text/plain` for Latin-1 and
/// UTF-16; this server reads UTF-8 only), `file` also finds HTML tags further in (`x <html>`),
/// and it calls some texts holding DEL (0x7F) data, some not (here DEL is text).
enum DocumentType: Equatable {
    case plainText
    case other(String)

    init(sniffing bytes: [UInt8]) {
        guard !bytes.isEmpty else { self = .other("inode/x-empty"); return }
        for (magic, type) in Self.magics where bytes.starts(with: magic) {
            self = .other(type)
            return
        }
        guard !bytes.contains(where: Self.isBinary), String(validating: bytes, as: UTF8.self) != nil else {
            self = .other("application/octet-stream")
            return
        }
        var start = bytes[...]
        if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
        let lowered = start.drop { [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains($0) }.prefix(16).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        if Self.htmlStarts.contains(where: { lowered.starts(with: $0.utf8) }) {
            self = .other("text/html")
        } else if lowered.starts(with: "<?xml".utf8) {
            self = .other("text/xml")
        } else {
            self = .plainText
        }
    }

    var mimeType: String {
        switch self {
        case .plainText: "text/plain"
        case .other(let type): type
        }
    }

    /// Whether APy translates this type (its ALLOWED_MIME_TYPES; a zip may be an office
    /// document it opens), so a refusal here says the server, not the file, is the limit.
    var isTranslatedByApy: Bool {
        ["text/plain", "text/html", "text/rtf", "application/zip"].contains(mimeType)
    }

    private static let magics: [([UInt8], String)] = [
        ([0x50, 0x4B, 0x03, 0x04], "application/zip"), (Array("%PDF-".utf8), "application/pdf"), (Array("{\\rtf".utf8), "text/rtf"),
    ]

    private static let htmlStarts = ["<!doctype html", "<html", "<head", "<body", "<title", "<script"]

    /// The control bytes `file` reads as binary (BEL to CR and ESC are text to it).
    private static func isBinary(_ byte: UInt8) -> Bool {
        byte <= 0x06 || (0x0E...0x1A).contains(byte) || (0x1C...0x1F).contains(byte)
    }
}
