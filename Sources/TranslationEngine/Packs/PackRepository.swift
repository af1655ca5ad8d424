import Foundation

/// Where the pack repository is, and reading its index.
public enum PackRepository {
    /// The index URL: HIKE_REVIEWS_PACKS_URL (http, https or file), else the repository that
    /// `make run` builds (`<checkout>/.build/pack-repo/index.json`) or `make install` installs
    /// (`PREFIX/share/hike-reviews/pack-repo/index.json`), found from the binary's own path
    /// (`ShippedFile`), else nil.
    public static func defaultIndexURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let text = environment["HIKE_REVIEWS_PACKS_URL"], !text.isEmpty {
            if text.hasPrefix("/") { return URL(fileURLWithPath: text) }
            return URL(string: text)
        }
        return ShippedFile.locate(ShippedFile.packRepositoryIndex)
    }

    /// HIKE_REVIEWS_OFFLINE: unset, empty or 0 means online; anything else (even a typo)
    /// means offline, so a setting that was meant to forbid downloads never fails open.
    public static func offlineFromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["HIKE_REVIEWS_OFFLINE"]?.trimmingCharacters(in: .whitespaces) else { return false }
        return !(value.isEmpty || value == "0")
    }

    /// Fetches and parses the index at `url` (refused beyond `PackIndex.maxBytes`), keeping a
    /// copy in `store` for offline availability.
    public static func fetchIndex(_ url: URL, offline: Bool, cacheIn store: PackStore? = nil,
                                  limits: DownloadLimits = .fromEnvironment()) async throws(PackError) -> PackIndex {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("hike-index-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        do {
            let downloader = PackDownloader(offline: offline, limits: limits, label: "index")
            try await downloader.download(url, to: temporary, expectedSize: PackIndex.maxBytes, exactSize: false, progress: { _, _ in })
        } catch .verification {
            throw .index("it is larger than \(PackIndex.maxBytes >> 20) MB")
        }
        guard let data = FileManager.default.contents(atPath: temporary) else { throw .index("cannot read what was downloaded") }
        let index = try PackIndex(data: data, indexURL: url)
        if let store, !url.isFileURL { cache(data, from: url, in: store) }
        return index
    }

    /// The index last fetched into `store` from `url`, if any (so availability works offline).
    static func cachedIndex(in store: PackStore, for url: URL) -> PackIndex? {
        guard let saved = try? String(contentsOfFile: store.root + "/.repository-url", encoding: .utf8), saved == url.absoluteString,
              let data = FileManager.default.contents(atPath: store.root + "/.repository-index.json") else { return nil }
        return try? PackIndex(data: data, indexURL: url)
    }

    /// Keeps a copy of a fetched index in the store.
    static func cache(_ data: Data, from url: URL, in store: PackStore) {
        try? FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: store.root + "/.repository-index.json"), options: .atomic)
        try? Data(url.absoluteString.utf8).write(to: URL(fileURLWithPath: store.root + "/.repository-url"), options: .atomic)
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
