import Foundation

/// One line of a pack list: installed, system or available, whichever applies first.
public struct PackListing: Sendable, Equatable {
    public var id: String
    public var title: String
    public var status: PackManager.Status
    /// "-" for Debian's own packs, whose version this app does not track.
    public var version: String
    public var size: Int
    /// [[source, target], ...] in BCP 47.
    public var directions: [[String]]
    /// The repository's entry, for a pack that can be installed.
    public var entry: PackIndex.Entry?
    /// The engine that runs it.
    public var engine: PackEngine = .apertium
    /// Lowercase hex SHA-256 of the archive: the one recorded at install time, else the
    /// repository's; nil when neither is known (Debian's packs, Argos's index).
    public var sha256: String?
    /// An available pack whose repository did not answer: listed from its cached index, it
    /// cannot be downloaded now.
    public var unreachable = false
}

extension PackManager {
    /// Every pack: installed, then Debian's, then the repository's others, each group by id.
    /// Without a reachable repository, its last known index is used and the reason comes back
    /// (not for the public index alone: `unreachableRepositories()` names it).
    public func listing() async -> (packs: [PackListing], problem: PackError?) {
        var problem: PackError?
        var available: [PackIndex.Entry]
        let catalog = catalog()
        do {
            available = try await availablePacks()
            problem = requiredProblems().first?.reason
        } catch {
            problem = error
            available = catalog.repository?.packs ?? []
        }
        var packs = installedPacks().map {
            PackListing(id: $0.id, title: $0.title, status: .installed, version: $0.version, size: $0.size, directions: $0.directions,
                        engine: $0.packEngine, sha256: $0.sha256)
        }
        for pack in catalog.systemPacks where !packs.contains(where: { $0.id == pack.id }) {
            packs.append(PackListing(id: pack.id, title: pack.id, status: .system, version: "-", size: 0, directions: pack.directions))
        }
        let unreachable = Set(unreachable(available).map(\.id))
        for entry in available where !packs.contains(where: { $0.id == entry.id }) {
            packs.append(PackListing(id: entry.id, title: entry.title, status: .available, version: entry.version, size: entry.size,
                                     directions: entry.directions.map { [$0.source, $0.target] }, entry: entry,
                                     engine: entry.engine, sha256: entry.hasChecksum ? entry.sha256 : nil,
                                     unreachable: unreachable.contains(entry.id)))
        }
        let rank: [Status: Int] = [.installed: 0, .system: 1, .available: 2]
        packs.sort { (rank[$0.status] ?? 3, $0.id) < (rank[$1.status] ?? 3, $1.id) }
        return (packs, problem)
    }
}
