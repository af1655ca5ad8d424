/// A language pack: one Apertium pair's data or one neural model, and the directions it ships.
public struct PackInfo: Hashable, Sendable {
    /// Pack id, e.g. `eng-spa`.
    public var id: String
    /// Whether the pack is on disk already.
    public var installed: Bool
    /// Bytes to fetch when the pack is not installed.
    public var downloadSize: Int
    /// Directions the pack provides.
    public var directions: [Direction]

    /// Creates a pack.
    public init(id: String, installed: Bool, downloadSize: Int, directions: [Direction]) {
        self.id = id
        self.installed = installed
        self.downloadSize = downloadSize
        self.directions = directions
    }

    /// Whether the pack is a remote server's pairs: there without a download, but the text
    /// leaves the machine (ranked after installed packs, before downloads).
    public var isRemote: Bool {
        directions.contains { $0.engine == .remote }
    }

    /// The same pack with only the directions `preference` allows.
    func keeping(_ preference: EnginePreference) -> PackInfo {
        PackInfo(id: id, installed: installed, downloadSize: downloadSize, directions: directions.filter { preference.allows($0.engine) })
    }
}
