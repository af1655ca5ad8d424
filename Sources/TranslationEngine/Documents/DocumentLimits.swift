/// What a document may hold before it is refused: a zip bomb (by ratio or by size), an archive
/// of many entries or one that is not what it says stops here, before any of it is translated.
public struct DocumentLimits: Sendable, Hashable {
    /// The largest document read, its bytes as they arrive (packed, for an archive).
    public var maxDocumentBytes = 32 << 20
    /// At most this many entries in an archive (a large docx has a few hundred).
    public var maxEntries = 2_000
    /// At most this many bytes unpacked from one entry.
    public var maxEntryBytes: Int64 = 64 << 20
    /// At most this many bytes unpacked from the whole archive.
    public var maxUnpackedBytes: Int64 = 256 << 20
    /// At most this many unpacked bytes per packed byte, over the whole archive, once it
    /// unpacks to more than `ratioFloorBytes` (XML packs about 10 to 1; a bomb 1000 to 1).
    public var maxRatio: Int64 = 100
    /// Unpacked sizes up to this are never refused for their ratio (a tiny document of
    /// repeated markup packs very well).
    public var ratioFloorBytes: Int64 = 1 << 20

    public init() {}
}
