/// Bounds that `CatalogLoader` enforces so a hostile or broken file cannot exhaust memory or time.
public struct LoadLimits: Sendable, Hashable {
    /// Largest accepted file, in bytes; larger files are refused before they are read.
    public var maxBytes: Int
    /// Deepest accepted nesting of JSON arrays and objects; a valid catalog needs 5.
    public var maxDepth: Int

    /// Creates limits; the defaults are 32 MiB and 64 levels.
    public init(maxBytes: Int = 32 * 1024 * 1024, maxDepth: Int = 64) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// 32 MiB and 64 levels of nesting.
    public static let `default` = LoadLimits()
}
