import Foundation

/// Loads `routes.json` catalogs, reporting problems with the file, line and column where they are.
///
/// Foundation's `JSONDecoder` cannot say where a mistyped value is, so the loader
/// parses the bytes with its own strict RFC 8259 parser, which remembers where
/// every value starts, and decodes the catalog from that tree. Fields that the
/// catalog does not know are ignored; a known field given twice is an error.
/// Integers written as whole decimals (`850.0`, `8.5e2`) are accepted.
public enum CatalogLoader {
    /// Reads and decodes the catalog at `url`.
    ///
    /// The file's size is checked before it is read, so a file over `limits.maxBytes`
    /// is refused without reading it. Errors about the file as a whole (missing,
    /// unreadable, too large) have line and column 0.
    public static func load(contentsOf url: URL, limits: LoadLimits = .default) throws(CatalogLoadError) -> RouteCatalog {
        let fileName = url.lastPathComponent
        let data = try readCatalogFile(at: url, fileName: fileName, limits: limits)
        return try decode(data, fileName: fileName, limits: limits)
    }

    /// Decodes a catalog from the UTF-8 bytes of a file; `fileName` only appears in errors.
    ///
    /// A leading byte order mark is skipped.
    public static func decode(
        _ data: Data,
        fileName: String,
        limits: LoadLimits = .default
    ) throws(CatalogLoadError) -> RouteCatalog {
        guard data.count <= limits.maxBytes else {
            throw tooLarge(fileName: fileName, size: data.count, limit: limits.maxBytes)
        }
        guard !data.isEmpty else {
            throw CatalogLoadError(file: fileName, line: 1, column: 1, message: "file is empty")
        }
        let outcome: Result<RouteCatalog, CatalogLoadError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(SourceIssue) {
                let document = try JSONParser.parse(bytes, maxDepth: limits.maxDepth)
                return .success(try CatalogDecoder(document: document).decodeCatalog())
            } catch {
                let (line, column) = SourceLocator.location(of: error.offset, in: bytes)
                return .failure(CatalogLoadError(file: fileName, line: line, column: column, message: error.message))
            }
        }
        return try outcome.get()
    }

    static func tooLarge(fileName: String, size: Int, limit: Int) -> CatalogLoadError {
        let shown = DiagnosticText.sizeAndLimit(size: size, limit: limit)
        return CatalogLoadError(file: fileName, line: 0, column: 0, message: "file is \(shown.size); the limit is \(shown.limit)")
    }
}
