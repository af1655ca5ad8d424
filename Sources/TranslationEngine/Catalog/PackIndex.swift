import Foundation
import TextSafety

/// A pack repository's index.json: what packs exist, where, how big, with which checksum.
///
/// Format 1: `{"format":1,"packs":[{"id","version","title","directions":[[src,tgt],...],
/// "modes":[...],"size","sha256","url","license","source"}]}`; `url` is relative to the index
/// or absolute. The index is untrusted: it is refused when over 8 MB or nested deeper than 32,
/// and every field is checked before use.
///
/// Argos Translate's package index (a JSON array of `{code, package_version, argos_version,
/// from_code, from_name, to_code, to_name, links}`, no size, no checksum) is read too, told
/// apart by its shape: see `PackIndex+Argos.swift`. There a bad entry is refused alone (its
/// reason in `refused`), never the whole index.
public struct PackIndex: Sendable, Equatable {
    /// One pack the repository offers.
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var version: String
        public var title: String
        /// BCP 47 source and target of each direction.
        public var directions: [Direction]
        /// Bytes of the archive; 0 when the repository does not say (Argos's index): then the
        /// download takes the server's Content-Length, if any.
        public var size: Int
        /// Lowercase hex SHA-256 of the archive; empty when the repository publishes none.
        public var sha256: String
        /// Where the archive is, resolved against the index's own URL.
        public var url: URL
        public var license: String
        public var source: String
        /// The engine that runs it.
        public var engine: PackEngine
        /// The index that lists it (where it comes from, for the consent text; a repository that
        /// cannot be reached offers nothing to download).
        public var repository: URL?

        public init(id: String, version: String, title: String, directions: [Direction], size: Int, sha256: String,
                    url: URL, license: String, source: String, engine: PackEngine = .apertium, repository: URL? = nil) {
            self.id = id
            self.version = version
            self.title = title
            self.directions = directions
            self.size = size
            self.sha256 = sha256
            self.url = url
            self.license = license
            self.source = source
            self.engine = engine
            self.repository = repository
        }

        /// Whether the repository said how big the archive is.
        public var sizeIsKnown: Bool { size > 0 }
        /// Whether the repository publishes the archive's SHA-256.
        public var hasChecksum: Bool { !sha256.isEmpty }

        /// Where it comes from, for a consent text: its repository's server
        /// ("raw.githubusercontent.com", "127.0.0.1:8080") or, for a local index, its path; the
        /// archive's when the repository is not known. Made harmless for a terminal.
        public var origin: String {
            PackIndex.origin(of: repository ?? url)
        }
    }

    public var packs: [Entry]
    /// One line for each entry that was refused alone (Argos format), in index order.
    public var refused: [String] = []

    /// Largest index accepted.
    public static let maxBytes = 8 << 20
    /// Deepest nesting accepted (format 1 needs 4).
    public static let maxDepth = 32

    public init(packs: [Entry], refused: [String] = []) {
        self.packs = packs
        self.refused = refused
    }

    /// Several indexes as one, in order: the first to list an id wins; their refusals kept.
    public static func merging(_ indexes: [PackIndex]) -> PackIndex {
        var merged = PackIndex(packs: [])
        var seen: Set<String> = []
        for index in indexes {
            merged.packs += index.packs.filter { seen.insert($0.id).inserted }
            merged.refused += index.refused
        }
        return merged
    }

    /// A repository as a consent text names it: its server (host, and port when one is given),
    /// or a local index's path; made harmless for a terminal.
    public static func origin(of url: URL) -> String {
        EscapedText.escaped(url.isFileURL ? url.path : PackDownloader.server(of: url), limit: 200)
    }

    /// The entry with this id.
    public func entry(_ id: String) -> Entry? {
        packs.first { $0.id == id }
    }

    /// Parses an index fetched from `indexURL` (which relative pack URLs are resolved against).
    public init(data: Data, indexURL: URL) throws(PackError) {
        guard data.count <= Self.maxBytes else { throw .index("it is \(data.count >> 20) MB; at most \(Self.maxBytes >> 20) MB is accepted") }
        try Self.checkDepth(data)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .index("not valid JSON")
        }
        if let list = object as? [Any] {
            self = Self.argos(list, indexURL: indexURL)
            return
        }
        guard let root = object as? [String: Any] else { throw .index("the top level is neither an object nor an Argos package list") }
        guard let format = root["format"] as? Int, format == 1 else { throw .index("unknown format (this app reads format 1)") }
        guard let list = root["packs"] as? [Any] else { throw .index("no \"packs\" list") }
        var packs: [Entry] = []
        var seen: Set<String> = []
        for (position, item) in list.enumerated() {
            let entry = try Self.entry(item, position: position, indexURL: indexURL)
            guard seen.insert(entry.id).inserted else { throw .index("pack \(EscapedText.singleQuoted(entry.id)) is listed twice") }
            packs.append(entry)
        }
        self.packs = packs
    }

    private static func entry(_ item: Any, position: Int, indexURL: URL) throws(PackError) -> Entry {
        let at = "pack \(position + 1)"
        guard let fields = item as? [String: Any] else { throw .index("\(at) is not an object") }
        func string(_ key: String, max: Int = 200) throws(PackError) -> String {
            guard let value = fields[key] as? String, !value.isEmpty, value.count <= max else {
                throw .index("\(at): \"\(key)\" is missing, empty or longer than \(max)")
            }
            return value
        }
        let id = try string("id", max: 64)
        guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }), !id.hasPrefix("-") else {
            throw .index("\(at): the id \(EscapedText.singleQuoted(id)) may use only letters, digits, - and _")
        }
        let version = try string("version", max: 64)
        let title = (fields["title"] as? String).map { String($0.prefix(200)) } ?? id
        guard let size = fields["size"] as? Int, size >= 0, size <= 4 << 30 else { throw .index("\(at): \"size\" is not a byte count") }
        let sha256 = try string("sha256", max: 64).lowercased()
        guard sha256.count == 64, sha256.allSatisfy(\.isHexDigit) else { throw .index("\(at): \"sha256\" is not 64 hex digits") }
        let urlText = try string("url", max: 2000)
        guard let url = URL(string: urlText, relativeTo: indexURL)?.absoluteURL,
              ["http", "https", "file"].contains(url.scheme?.lowercased() ?? "") else {
            throw .index("\(at): \"url\" is not an http, https or file URL")
        }
        guard let pairs = fields["directions"] as? [Any], !pairs.isEmpty else { throw .index("\(at): no \"directions\"") }
        let modes = fields["modes"] as? [Any]
        var directions: [Direction] = []
        for (index, pair) in pairs.enumerated() {
            guard let tags = pair as? [Any], tags.count == 2, let source = tags[0] as? String, let target = tags[1] as? String,
                  LanguageTag.isPlausible(source), LanguageTag.isPlausible(target) else {
                throw .index("\(at): direction \(index + 1) is not a pair of language tags")
            }
            let mode = (modes?.count == pairs.count ? modes?[index] as? String : nil) ?? "\(source)-\(target)"
            directions.append(Direction(source: source, target: target, mode: mode, pack: id))
        }
        return Entry(id: id, version: version, title: title, directions: directions, size: size, sha256: sha256, url: url,
                     license: (fields["license"] as? String).map { String($0.prefix(100)) } ?? "unknown",
                     source: (fields["source"] as? String).map { String($0.prefix(200)) } ?? "", repository: indexURL)
    }

    /// Refuses deep nesting before the JSON parser recurses into it.
    static func checkDepth(_ data: Data) throws(PackError) {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maxDepth { throw .index("nested deeper than \(maxDepth)") }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
    }
}
