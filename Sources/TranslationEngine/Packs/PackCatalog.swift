import Foundation

/// What can be translated now and with which downloads: the packs on disk (the store, extra
/// roots, Debian's) and the repository's index, read without a network round trip.
public struct PackCatalog: Sendable {
    public let store: PackStore
    public let repositoryURL: URL?
    /// The repository's index as last known (nil without a repository).
    public let repository: PackIndex?
    let pairs: InstalledPairs

    init(store: PackStore, repositoryURL: URL?, repository: PackIndex?, pairs: InstalledPairs) {
        self.store = store
        self.repositoryURL = repositoryURL
        self.repository = repository
        self.pairs = pairs
    }

    /// The catalog of this user's store and repository.
    public static func load(store: PackStore = .default, repositoryURL: URL? = PackRepository.defaultIndexURL()) -> PackCatalog {
        PackCatalog(store: store, repositoryURL: repositoryURL, repository: PackRepository.localIndex(repositoryURL, store: store),
                    pairs: InstalledPairs.scan(store: store))
    }

    /// Packs Debian installed under /usr/share/apertium, with their directions.
    public var systemPacks: [(id: String, directions: [[String]])] {
        pairs.packs.filter { pairs.systemPacks.contains($0.id) }.map { pack in
            (pack.id, pack.directions.map { [$0.source, $0.target] })
        }
    }

    /// Installed packs first, then the repository's packs not on disk (with their download size).
    var packInfos: [PackInfo] {
        let installed = Set(pairs.packs.map(\.id))
        let available = (repository?.packs ?? []).filter { !installed.contains($0.id) }.map {
            PackInfo(id: $0.id, installed: false, downloadSize: $0.size, directions: $0.directions)
        }
        return pairs.packs + available
    }

    /// The same catalog with a freshly fetched index.
    func with(repository: PackIndex) -> PackCatalog {
        PackCatalog(store: store, repositoryURL: repositoryURL, repository: repository, pairs: pairs)
    }

    /// The same catalog, its disk part read again (after an install or removal).
    func rescanned() -> PackCatalog {
        PackCatalog(store: store, repositoryURL: repositoryURL, repository: repository, pairs: InstalledPairs.scan(store: store))
    }
}
