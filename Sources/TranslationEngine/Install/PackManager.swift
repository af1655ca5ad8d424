import Foundation
import Synchronization

/// Installed and available language packs, and their downloads: the role of ML Kit's
/// `ModelManager`.
///
/// Downloads are verified (size, SHA-256) and installed atomically into the `PackStore`; an
/// `events()` stream reports progress, success and failure to any number of listeners.
public actor PackManager {
    /// Where one pack stands.
    public enum Status: String, Sendable, Equatable {
        /// In the user's store.
        case installed
        /// Installed by Debian under /usr/share/apertium (shared with other programs).
        case system
        /// In the repository, not on disk.
        case available
        /// Nowhere.
        case unknown
    }

    /// Something that happened to a download.
    public enum Event: Sendable, Equatable {
        case progress(id: String, bytes: Int, total: Int)
        /// No byte has come for `idle` (about once a second from `DownloadLimits.stallNotice`
        /// on, until bytes flow again or the download is given up).
        case stalled(id: String, idle: Duration)
        case succeeded(id: String)
        case failed(id: String, reason: PackError)
    }

    public nonisolated let store: PackStore
    /// The repositories, in order of preference (the first wins on the same id).
    public nonisolated let repositoryURLs: [URL]
    /// The first repository.
    public nonisolated var repositoryURL: URL? { repositoryURLs.first }
    /// Refuse every network download.
    public nonisolated let offline: Bool
    /// When a silent or trickling server is given up.
    public nonisolated let limits: DownloadLimits
    /// The public Argos index, when it is among the repositories: asked with
    /// `PackRepository.publicIndexTimeout` at most, never when offline, not again for
    /// `publicIndexRetry` after it could not be reached; its failure fails nothing else.
    public nonisolated let publicIndexURL: URL?
    /// The data roots whose pairs count as installed (listed as system packs).
    public nonisolated let pairRoots: [String]
    private var index: PackIndex?
    /// Why repositories could not be read at the last fetch (one line each), while others were.
    private(set) var repositoryProblems: [(url: URL, reason: PackError)] = []
    /// The fetch under way, shared by everyone who asks meanwhile (the sessions of one batch).
    private var fetching: Task<Result<PackIndex, PackError>, Never>?
    /// When the last fetch ended.
    private var lastFetch: ContinuousClock.Instant?
    /// The public index did not answer: it is not asked again before this.
    private var publicIndexRetryAt: ContinuousClock.Instant?
    /// How long an unreachable public index is left alone (its last copy is used meanwhile).
    static let publicIndexRetry: Duration = .seconds(60)
    private var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]

    /// A manager of `store` over `repositoryURLs`; `publicIndexURL` says which of them is the
    /// public index (ignored when it is not among them).
    /// public index (ignored when it is not among them); `pairRoots` are the data roots whose
    /// pairs are listed as system packs (by default Debian's).
    public init(store: PackStore, repositoryURLs: [URL], offline: Bool = false, limits: DownloadLimits = DownloadLimits(),
                publicIndexURL: URL? = PackRepository.argosIndex, pairRoots: [String] = [ModeFile.installedPrefix]) {
        self.store = store
        self.repositoryURLs = repositoryURLs
        self.offline = offline
        self.limits = limits
        self.publicIndexURL = publicIndexURL.flatMap { repositoryURLs.contains($0) ? $0 : nil }
        self.pairRoots = pairRoots
        store.cleanUpLeftovers()
    }

    /// One repository.
    public init(store: PackStore, repositoryURL: URL?, offline: Bool = false, limits: DownloadLimits = DownloadLimits()) {
        self.init(store: store, repositoryURLs: repositoryURL.map { [$0] } ?? [], offline: offline, limits: limits)
    }

    /// The packs on disk and in the repositories' last known indexes (no network round trip).
    public nonisolated func catalog() -> PackCatalog {
        PackCatalog.load(store: store, repositoryURLs: repositoryURLs, pairRoots: pairRoots)
    }

    /// The repositories' packs, fetched fresh (and remembered for offline use), merged in
    /// order. Throws when no repository could be read (the public index aside: it alone
    /// failing leaves its last copy, if any); when only some could, the others count with their
    /// last fetched index, if any, and `unreachableRepositories()` says why.
    public func availablePacks() async throws(PackError) -> [PackIndex.Entry] {
        try await freshIndex().packs
    }

    /// The repositories that could not be read, fetching them first unless a fetch ended in
    /// the last `maxAge` (or one is under way): what a host checks before offering a download.
    public func checkRepositories(maxAge: Duration = .seconds(60)) async -> [(url: URL, reason: PackError)] {
        if fetching != nil || lastFetch.map({ ContinuousClock.now - $0 > maxAge }) ?? true {
            _ = try? await freshIndex()
        }
        return repositoryProblems
    }

    /// Whether an http(s) repository has no copy of its index fetched (or confirmed unchanged)
    /// within `maxAge`, in the store or by this manager: what an answer that is only as good as
    /// the last fetch needs first. Never when offline; file: repositories are read fresh anyway.
    public func needsIndexFetch(maxAge: Duration = .seconds(3600)) -> Bool {
        guard !offline, lastFetch.map({ ContinuousClock.now - $0 > maxAge }) ?? true else { return false }
        return repositoryURLs.contains { url in
            !url.isFileURL && (PackRepository.indexAge(of: url, in: store).map { $0 > maxAge } ?? true)
        }
    }

    /// Fetches the repositories' indexes when `needsIndexFetch(maxAge:)`: the public index
    /// within `PackRepository.publicIndexTimeout` (as every fetch of it), the others within
    /// their download limits (a silent server is given up after `limits.idleTimeout`). Returns
    /// whether it fetched.
    @discardableResult
    public func refreshIndexes(maxAge: Duration = .seconds(3600)) async -> Bool {
        guard needsIndexFetch(maxAge: maxAge) else { return false }
        _ = try? await freshIndex()
        return true
    }

    /// The entries that cannot be fetched now: their repository did not answer at the last
    /// fetch (they are listed from its cached index).
    public func unreachable(_ entries: [PackIndex.Entry]) -> [PackIndex.Entry] {
        let down = Set(repositoryProblems.map(\.url))
        return entries.filter { $0.repository.map(down.contains) ?? false }
    }

    /// The lines of the last fetched indexes' entries that were refused alone (Argos format).
    public func refusedEntries() -> [String] {
        index?.refused ?? []
    }

    /// The repositories that could not be read at the last fetch, each with why.
    public func unreachableRepositories() -> [(url: URL, reason: PackError)] {
        repositoryProblems
    }

    /// The packs in the user's store.
    public nonisolated func installedPacks() -> [PackStore.InstalledPack] {
        store.installed()
    }

    /// The status of one pack, from the disk and the last known index.
    public func status(of id: String) -> Status {
        if store.installedPack(id) != nil { return .installed }
        let catalog = catalog()
        if catalog.pairs.systemPacks.contains(id) { return .system }
        if (index ?? catalog.repository)?.entry(id) != nil { return .available }
        return .unknown
    }

    /// A stream of download events from now on.
    public nonisolated func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        Task { await self.addListener(id, continuation) }
        continuation.onTermination = { _ in Task { await self.removeListener(id) } }
        return stream
    }

    /// Downloads and installs packs, one after another; already installed ones are skipped.
    ///
    /// `progress(id, bytes, total)` is called as bytes arrive. Cancelling the calling task
    /// cancels the download; the store is left as it was for the pack being fetched, and so it
    /// is after any failure: nothing of a failed download stays on disk.
    public func download(_ ids: [String], progress: (@Sendable (String, Int, Int) -> Void)? = nil) async throws(PackError) {
        let index = try await knownIndex(containing: ids)
        for id in ids {
            // A repository that could not be read may be the one that has it: say so.
            guard let entry = index.entry(id) else { throw repositoryProblems.first?.reason ?? .unknownPack(id) }
            if let installed = store.installedPack(id), installed.version == entry.version {
                // Someone else fetched it meanwhile: listeners waiting for it may stop waiting.
                broadcast(.succeeded(id: id))
                continue
            }
            do {
                try await install(entry, progress: progress)
                broadcast(.succeeded(id: id))
            } catch {
                broadcast(.failed(id: id, reason: error))
                throw error
            }
        }
    }

    /// Removes packs from the store.
    ///
    /// The store's lock is waited for off the actor and the cooperative pool: an install of
    /// this manager holds it across awaits on the actor, so a removal blocking the actor for it
    /// would wait forever (a deletion beside a running download once hung that way).
    public func remove(_ ids: [String]) async throws(PackError) {
        let store = self.store
        try await Self.offPool { () throws(PackError) in
            for id in ids { try store.remove(id) }
        }
    }

    private func install(_ entry: PackIndex.Entry, progress: (@Sendable (String, Int, Int) -> Void)?) async throws(PackError) {
        let lock = try await StoreLock.acquire(store)
        defer { lock.release() }
        // Another process may have installed it while we waited for the lock.
        if let installed = store.installedPack(entry.id), installed.version == entry.version { return }
        let temporary = store.temporaryPath("download", for: entry.id)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let id = entry.id
        let downloader = PackDownloader(offline: offline, limits: limits, label: id)
        // Without a size from the index, the store's unpacked cap bounds the archive too.
        let bound = entry.sizeIsKnown ? entry.size : Int(store.maxUnpackedBytes)
        let killPoint = store.killPoint
        let reports = Mutex(0)
        let result = try await downloader.download(entry.url, to: temporary, expectedSize: bound, exactSize: entry.sizeIsKnown,
                                      progress: { [weak self] bytes, total in
            if let killPoint { killPoint.reached(.installDownloading, count: reports.withLock { $0 += 1; return $0 }) }
            progress?(id, bytes, total)
            if let self { Task { await self.broadcast(.progress(id: id, bytes: bytes, total: total)) } }
        }, stalled: { [weak self] idle in
            if let self { Task { await self.broadcast(.stalled(id: id, idle: idle)) } }
        })
        if Task.isCancelled { throw .cancelled }
        killPoint?.reached(.installDownloaded)
        // Hashed while it arrived: checked against the index and recorded, never read again for it.
        let digest = result.sha256 ?? ""
        let store = self.store
        try await Self.offPool { () throws(PackError) in
            switch entry.engine {
            case .apertium: try store.install(entry, archive: temporary, digest: digest)
            case .neural: try store.installNeural(entry, archive: temporary, digest: digest)
            case .remote: throw .store("\(entry.id) is a remote server's, not a pack to install")
            }
        }
    }

    /// Keeps a size learnt from the server in the index in hand, for the same entry only.
    func learnSize(of entry: PackIndex.Entry) {
        guard let position = index?.packs.firstIndex(where: { $0.id == entry.id && $0.url == entry.url && !$0.sizeIsKnown }) else { return }
        index?.packs[position].size = entry.size
    }

    /// The index, fetched unless the one in hand already lists every id.
    private func knownIndex(containing ids: [String]) async throws(PackError) -> PackIndex {
        if let index, ids.allSatisfy({ index.entry($0) != nil }) { return index }
        return try await freshIndex()
    }

    /// Every repository's index, fetched once for everyone asking while it runs.
    private func freshIndex() async throws(PackError) -> PackIndex {
        guard !repositoryURLs.isEmpty else {
            throw .noRepository
        }
        if let fetching { return try await fetching.value.get() }
        let task = Task { await self.fetchAll() }
        fetching = task
        let result = await task.value
        fetching = nil
        lastFetch = .now
        return try result.get()
    }

    private func fetchAll() async -> Result<PackIndex, PackError> {
        var fetched: [PackIndex] = []
        var problems: [(url: URL, reason: PackError)] = []
        var anyFresh = false
        for url in repositoryURLs {
            let isPublic = url == publicIndexURL
            // Left alone for a while after it did not answer: the same reason stands.
            if isPublic, let retry = publicIndexRetryAt, ContinuousClock.now < retry,
               let known = repositoryProblems.first(where: { $0.url == url }) {
                problems.append(known)
                if let cached = PackRepository.cachedIndex(in: store, for: url) { fetched.append(cached) }
                continue
            }
            do throws(PackError) {
                let deadline = isPublic ? PackRepository.publicIndexTimeout : nil
                fetched.append(try await PackRepository.fetchIndex(url, offline: offline, cacheIn: store, limits: limits, deadline: deadline,
                                                                   label: isPublic ? "Argos index" : "index"))
                anyFresh = true
                if isPublic { publicIndexRetryAt = nil }
            } catch {
                problems.append((url, error))
                if isPublic, !offline { publicIndexRetryAt = .now + Self.publicIndexRetry }
                // Its last known index keeps its place in the order, so the first still wins.
                if let cached = PackRepository.cachedIndex(in: store, for: url) { fetched.append(cached) }
            }
        }
        repositoryProblems = problems
        // The public index is best effort: only the others failing, all of them, is an error.
        let required = problems.filter { $0.url != publicIndexURL }
        guard anyFresh || required.isEmpty else { return .failure(required[0].reason) }
        let merged = PackIndex.merging(fetched)
        index = merged
        return .success(merged)
    }

    /// The repository problems that are errors: all but the public index's.
    func requiredProblems() -> [(url: URL, reason: PackError)] {
        repositoryProblems.filter { $0.url != publicIndexURL }
    }

    private func addListener(_ id: UUID, _ continuation: AsyncStream<Event>.Continuation) {
        listeners[id] = continuation
    }

    private func removeListener(_ id: UUID) {
        listeners[id] = nil
    }

    private func broadcast(_ event: Event) {
        for listener in listeners.values { listener.yield(event) }
    }

    /// Runs blocking file work on a Dispatch thread rather than the cooperative pool.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws(PackError) -> T) async throws(PackError) -> T {
        let result: Result<T, PackError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                do throws(PackError) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}

/// The store's lock, held across an asynchronous download.
final class StoreLock: Sendable {
    private let fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    /// Waits (off the cooperative pool) until no other process installs into `store`.
    static func acquire(_ store: PackStore) async throws(PackError) -> StoreLock {
        try await PackManager.offPool { () throws(PackError) in
            let fd = try store.lock()
            // Whatever a killed installer left is ours to clear now.
            store.removeLeftovers()
            return StoreLock(fd: fd)
        }
    }

    func release() {
        PackStore.unlock(fd)
    }
}
