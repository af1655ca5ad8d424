import Foundation

/// What can be translated now and with which downloads: the packs on disk (the store, extra
/// roots, Debian's) and the repositories' indexes, read without a network round trip.
public struct PackCatalog: Sendable {
    public let store: PackStore
    /// The repositories, in order of preference.
    public let repositoryURLs: [URL]
    /// The repositories' indexes as last known, merged (the first wins on the same id); nil
    /// when none is known.
    public let repository: PackIndex?
    let pairs: InstalledPairs
    /// The data roots whose pairs count (read again by `rescanned()`).
    let pairRoots: [String]
    /// The pairs of remote translation servers (`RemoteServers`), as packs that are there
    /// without a download; empty until the engine's servers were probed.
    var remote: [PackInfo] = []

    /// The first repository.
    public var repositoryURL: URL? { repositoryURLs.first }

    init(store: PackStore, repositoryURLs: [URL], repository: PackIndex?, pairs: InstalledPairs, pairRoots: [String] = []) {
        self.store = store
        self.repositoryURLs = repositoryURLs
        self.repository = repository
        self.pairs = pairs
        self.pairRoots = pairRoots
    }

    init(store: PackStore, repositoryURL: URL?, repository: PackIndex?, pairs: InstalledPairs) {
        self.init(store: store, repositoryURLs: repositoryURL.map { [$0] } ?? [], repository: repository, pairs: pairs)
    }

    /// The catalog of a store, repositories and data roots (by default Debian's alone).
    public static func load(store: PackStore, repositoryURLs: [URL], pairRoots: [String] = [ModeFile.installedPrefix]) -> PackCatalog {
        PackCatalog(store: store, repositoryURLs: repositoryURLs, repository: PackRepository.localIndex(repositoryURLs, store: store),
                    pairs: InstalledPairs.scan(store: store, roots: pairRoots), pairRoots: pairRoots)
    }

    /// The catalog of a store and one repository, with Debian's pairs.
    public static func load(store: PackStore, repositoryURL: URL?) -> PackCatalog {
        load(store: store, repositoryURLs: repositoryURL.map { [$0] } ?? [])
    }

    /// Packs Debian installed under /usr/share/apertium, with their directions.
    public var systemPacks: [(id: String, directions: [[String]])] {
        pairs.packs.filter { pairs.systemPacks.contains($0.id) }.map { pack in
            (pack.id, pack.directions.map { [$0.source, $0.target] })
        }
    }

    /// Installed packs first (Apertium pairs and neural models), then the repositories' packs
    /// not on disk, with their download size (0 when the repository does not say).
    var packInfos: [PackInfo] {
        // The scan's record of the store: this is computed for every availability rebuild.
        let installed = Set(pairs.packs.map(\.id)).union(pairs.storeIDs)
        let available = (repository?.packs ?? []).filter { !installed.contains($0.id) }.map {
            PackInfo(id: $0.id, installed: false, downloadSize: $0.size, directions: $0.directions)
        }
        return pairs.packs + remote + available
    }

    /// The same catalog with a freshly fetched index.
    func with(repository: PackIndex) -> PackCatalog {
        var catalog = PackCatalog(store: store, repositoryURLs: repositoryURLs, repository: repository, pairs: pairs, pairRoots: pairRoots)
        catalog.remote = remote
        return catalog
    }

    /// The same catalog with the remote servers' pairs.
    func with(remote packs: [PackInfo]) -> PackCatalog {
        var catalog = self
        catalog.remote = packs
        return catalog
    }

    /// The same catalog, its disk part read again (after an install or removal).
    func rescanned() -> PackCatalog {
        var catalog = PackCatalog(store: store, repositoryURLs: repositoryURLs, repository: repository,
                                  pairs: InstalledPairs.scan(store: store, roots: pairRoots), pairRoots: pairRoots)
        catalog.remote = remote
        return catalog
    }
}
