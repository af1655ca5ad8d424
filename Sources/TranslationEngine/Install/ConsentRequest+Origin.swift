import Foundation

extension ConsentRequest {
    /// Where the packs come from, each origin once in pack order (`PackIndex.Entry.origin`:
    /// the repository's server, or a local index's path); a pack whose repository is not known
    /// counts as the request's `repository`.
    public var origins: [String] {
        var found: [String] = []
        for pack in packs {
            let origin = pack.repository == nil ? repository.map(PackIndex.origin(of:)) ?? pack.origin : pack.origin
            if !found.contains(origin) { found.append(origin) }
        }
        return found
    }
}
