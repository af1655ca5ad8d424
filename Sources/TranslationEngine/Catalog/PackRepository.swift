import Foundation

/// Where the pack repositories are, and reading their indexes.
public enum PackRepository {
    /// The public Argos Translate package index (argospm-index), where Argos's neural models are
    /// listed.
    public static let argosIndex = URL(string: "https://raw.githubusercontent.com/argosopentech/argospm-index/main/index.json")!

    /// How long the public index may take, connection included, before the app carries on
    /// with its cached copy (or none): it is asked on the way to a translation.
    public static let publicIndexTimeout: Duration = .seconds(5)

    /// An index location as a user writes it: an http, https or file URL, or an absolute path
    /// (percent-escapes in it are decoded); nil for anything else.
    public static func indexURL(_ text: String) -> URL? {
        if text.hasPrefix("/") { return URL(fileURLWithPath: text.removingPercentEncoding ?? text) }
        guard let url = URL(string: text), ["http", "https", "file"].contains(url.scheme?.lowercased() ?? "") else { return nil }
        return url
    }

    /// Fetches and parses the index at `url` (refused beyond `PackIndex.maxBytes`), keeping a
    /// copy in `store` for offline availability; with a `deadline`, the whole fetch (connection
    /// included) is given up after it. `label` names the index in a timeout's message.
    public static func fetchIndex(_ url: URL, offline: Bool, cacheIn store: PackStore? = nil,
                                  limits: DownloadLimits = DownloadLimits(), deadline: Duration? = nil,
                                  label: String = "index") async throws(PackError) -> PackIndex {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("hike-index-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        // An http index fetched before is asked for again only if it changed (ETag, else
        // Last-Modified); a 304 answers with the cached copy.
        let cached = store.flatMap { url.isFileURL ? nil : cachedData(in: $0, for: url) }
        let result: DownloadResult
        do {
            let downloader = PackDownloader(offline: offline, limits: limits, label: label, deadline: deadline)
            result = try await downloader.download(url, to: temporary, expectedSize: PackIndex.maxBytes, exactSize: false,
                                                   conditional: cached?.validator, progress: { _, _ in })
        } catch .verification {
            throw .index("it is larger than \(PackIndex.maxBytes >> 20) MB")
        }
        let data: Data
        if result.notModified, let cached {
            data = cached.data
        } else {
            guard let fetched = FileManager.default.contents(atPath: temporary) else { throw .index("cannot read what was downloaded") }
            data = fetched
        }
        let index = try PackIndex(data: data, indexURL: url)
        if let store, !url.isFileURL { cache(data, from: url, in: store, validator: result.validator) }
        return index
    }

    /// How long ago the cached copy of `url`'s index was fetched or confirmed unchanged; nil
    /// without one.
    public static func indexAge(of url: URL, in store: PackStore, now: Date = Date()) -> Duration? {
        guard let meta = cacheMeta(in: store, for: url) else { return nil }
        return .seconds(max(0, Int(now.timeIntervalSince1970 - meta.fetched)))
    }

    /// "just now", "12 min ago", "3 h ago", "2 days ago".
    public static func describeAge(_ age: Duration) -> String {
        let seconds = age.components.seconds
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<172_800: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86_400) days ago"
        }
    }

    /// What is kept beside a cached index: its validator and when it was last fetched.
    private struct CacheMeta: Codable {
        var validator: String?
        /// Seconds since 1970.
        var fetched: Double
    }

    private static func cacheMeta(in store: PackStore, for url: URL) -> CacheMeta? {
        let base = cacheBase(for: url, in: store)
        guard let saved = try? String(contentsOfFile: base + ".url", encoding: .utf8), saved == url.absoluteString,
              let data = FileManager.default.contents(atPath: base + ".meta"), data.count <= 4096 else { return nil }
        return try? JSONDecoder().decode(CacheMeta.self, from: data)
    }

    /// The cached bytes of `url`'s index and their validator.
    private static func cachedData(in store: PackStore, for url: URL) -> (data: Data, validator: String?)? {
        let base = cacheBase(for: url, in: store)
        guard let saved = try? String(contentsOfFile: base + ".url", encoding: .utf8), saved == url.absoluteString,
              let data = FileManager.default.contents(atPath: base + ".json") else { return nil }
        return (data, cacheMeta(in: store, for: url)?.validator)
    }

    /// The index last fetched into `store` from `url`, if any (so availability works offline).
    static func cachedIndex(in store: PackStore, for url: URL) -> PackIndex? {
        guard let cached = cachedData(in: store, for: url) else { return nil }
        return try? PackIndex(data: cached.data, indexURL: url)
    }

    /// Keeps a copy of a fetched index in the store, one per repository, with its validator
    /// (ETag, else Last-Modified) and the time.
    static func cache(_ data: Data, from url: URL, in store: PackStore, validator: String? = nil) {
        let base = cacheBase(for: url, in: store)
        try? FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: base + ".json"), options: .atomic)
        try? Data(url.absoluteString.utf8).write(to: URL(fileURLWithPath: base + ".url"), options: .atomic)
        // A validator goes back into a request header: printable ASCII only.
        let usable = validator.flatMap { $0.count <= 200 && $0.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) } ? $0 : nil }
        let meta = CacheMeta(validator: usable, fetched: Date().timeIntervalSince1970)
        try? JSONEncoder().encode(meta).write(to: URL(fileURLWithPath: base + ".meta"), options: .atomic)
    }

    /// `<store>/.repository-<first 16 hex digits of the URL's SHA-256>`.
    private static func cacheBase(for url: URL, in store: PackStore) -> String {
        store.root + "/.repository-" + SHA256.hex(of: Data(url.absoluteString.utf8)).prefix(16)
    }

    /// Every repository's index without a network round trip, merged in order (the first
    /// wins on the same id); nil when none is known.
    static func localIndex(_ urls: [URL], store: PackStore) -> PackIndex? {
        let known = urls.compactMap { localIndex($0, store: store) }
        return known.isEmpty ? nil : PackIndex.merging(known)
    }

    /// The repository's index without a network round trip: read directly for file://, the
    /// cached copy for http(s).
    static func localIndex(_ url: URL?, store: PackStore) -> PackIndex? {
        guard let url else { return nil }
        if url.isFileURL {
            // A FIFO or device would block the read (or never end): regular files only.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  ((attributes[.size] as? NSNumber)?.intValue ?? .max) <= PackIndex.maxBytes,
                  let data = FileManager.default.contents(atPath: url.path) else { return nil }
            return try? PackIndex(data: data, indexURL: url)
        }
        return cachedIndex(in: store, for: url)
    }
}
