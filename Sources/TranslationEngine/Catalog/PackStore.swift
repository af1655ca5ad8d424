import Foundation
import TextSafety

/// The per-user folder of installed language packs.
///
/// `<root>/<id>/` is one pack: its Apertium mode files under `modes/` (paths written as
/// `@DATA@/...`, meaning this folder) and its data, plus `pack.json`, written by the installer.
/// A neural pack's folder is the Argos package's one top-level folder, renamed to its id
/// (`metadata.json`, `model/`, `sentencepiece.model`), plus `pack.json`: `neuralPackage(of:)`
/// is where a worker finds it.
/// A pack appears by one `rename(2)` of a folder unpacked and checked beside it, so it is there
/// wholly or not at all; `.lock` serialises installs and removals across processes; leftovers
/// of a killed install (`.staging-*`, `.trash-*`, `.download-*`) are removed by the next
/// process that takes the lock.
public struct PackStore: Sendable, Equatable {
    /// A pack on disk.
    public struct InstalledPack: Sendable, Equatable, Codable {
        public var id: String
        public var version: String
        public var title: String
        /// [[source, target], ...] in BCP 47.
        public var directions: [[String]]
        /// Every mode file the pack ships, without `.mode`.
        public var modes: [String]
        /// The mode implementing each of `directions` (the index's `modes`, parallel to it):
        /// what the store scan reads, so a variant such as `ca-x-iec2017` keeps the tag the
        /// repository gave it. Absent in manifests written before it was recorded: those packs'
        /// directions are read from their mode names.
        public var directionModes: [String]? = nil
        public var size: Int
        public var license: String
        public var source: String
        /// Absent in manifests written before neural packs: those are Apertium's.
        public var engine: PackEngine?
        /// Lowercase hex SHA-256 of the archive it was installed from (computed over the
        /// downloaded file; absent in manifests written before it was recorded).
        public var sha256: String?

        /// The engine that runs it.
        public var packEngine: PackEngine { engine ?? .apertium }
    }

    /// The store's folder.
    public let root: String
    /// Caps on what one pack may unpack to (an archive bomb is refused past them).
    public var maxUnpackedBytes: Int64 = 512 << 20
    public var maxEntries = 20_000
    /// Tests only: where an install kills the process (`KillPoint`'s install steps); nil in use.
    package var killPoint: KillPoint?

    public init(root: String) {
        self.root = root
    }

    package init(root: String, killPoint: KillPoint?) {
        self.root = root
        self.killPoint = killPoint
    }

    /// Where pack `id` lives once installed.
    public func folder(of id: String) -> String {
        root + "/" + id
    }

    /// Packs on disk, by id; folders without a readable manifest are not packs.
    public func installed() -> [InstalledPack] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder(of: name) + "/pack.json"),
                  let pack = try? JSONDecoder().decode(InstalledPack.self, from: data), pack.id == name else { return nil }
            return pack
        }
    }

    /// The installed pack with this id.
    public func installedPack(_ id: String) -> InstalledPack? {
        installed().first { $0.id == id }
    }

    /// Takes the store's lock, waiting for another process's install to end; returns the fd
    /// to pass to `unlock`.
    func lock() throws(PackError) -> Int32 {
        try createRoot()
        let fd = open(root + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .store("cannot open \(root)/.lock: \(String(cString: strerror(errno)))") }
        guard Syscall.retryingOnInterrupt({ flock(fd, LOCK_EX) }) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .store("cannot lock \(root)/.lock: \(reason)")
        }
        return fd
    }

    static func unlock(_ fd: Int32) {
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Runs `body` holding the store's lock.
    func withLock<T>(_ body: () throws(PackError) -> T) throws(PackError) -> T {
        let fd = try lock()
        defer { Self.unlock(fd) }
        return try body()
    }

    /// Removes what killed installs left, if no other process is installing right now.
    public func cleanUpLeftovers() {
        let fd = open(root + "/.lock", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return }
        defer { flock(fd, LOCK_UN) }
        removeLeftovers()
    }

    func removeLeftovers() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        where name.hasPrefix(".staging-") || name.hasPrefix(".trash-") || name.hasPrefix(".download-") {
            try? FileManager.default.removeItem(atPath: root + "/" + name)
        }
    }

    /// A fresh temporary path inside the store (so the final rename never crosses file systems).
    func temporaryPath(_ kind: String, for id: String) -> String {
        "\(root)/.\(kind)-\(id)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Installs a downloaded archive after checking it against its index entry; call holding
    /// the lock. `digest` is the archive's SHA-256 as the downloader computed it while the bytes
    /// arrived. Either the whole pack appears or the store is unchanged.
    func install(_ entry: PackIndex.Entry, archive: String, digest: String) throws(PackError) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: archive)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        guard size == entry.size else { throw .verification("\(size) bytes, the index says \(entry.size)") }
        try Self.verify(digest, against: entry)

        let staging = try makeStaging(for: entry.id)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        try ArchiveExtractor(maxEntries: maxEntries, maxBytes: maxUnpackedBytes).extract(archive, into: staging, topFolder: entry.id)
        let unpacked = staging + "/" + entry.id
        let modes = ((try? FileManager.default.contentsOfDirectory(atPath: unpacked + "/modes")) ?? []).filter { $0.hasSuffix(".mode") }.sorted()
        guard !modes.isEmpty else { throw .archive("no mode files under \(entry.id)/modes") }
        let manifest = InstalledPack(
            id: entry.id, version: entry.version, title: entry.title,
            directions: entry.directions.map { [$0.source, $0.target] }, modes: modes.map { String($0.dropLast(5)) },
            directionModes: entry.directions.map(\.mode),
            size: entry.size, license: entry.license, source: entry.source, engine: .apertium, sha256: digest)
        try place(manifest, from: unpacked)
    }

    /// Writes the manifest into the unpacked pack and puts it in place, past the two install
    /// steps a test may kill at.
    func place(_ manifest: InstalledPack, from unpacked: String) throws(PackError) {
        try writeManifest(manifest, in: unpacked)
        killPoint?.reached(.installUnpacked)
        try replace(folder(of: manifest.id), with: unpacked)
        killPoint?.reached(.installRenamed)
    }

    /// Refuses a digest that is not the index's (an index without a checksum accepts any).
    static func verify(_ digest: String, against entry: PackIndex.Entry) throws(PackError) {
        guard digest.count == 64 else { throw .store("no SHA-256 was computed for the download") }
        if entry.hasChecksum, digest != entry.sha256 {
            throw .verification("SHA-256 \(digest.prefix(12))…, the index says \(entry.sha256.prefix(12))…")
        }
    }

    /// Writes `pack.json` into an unpacked pack (replacing whatever the archive put there).
    func writeManifest(_ manifest: InstalledPack, in folder: String) throws(PackError) {
        do {
            try? FileManager.default.removeItem(atPath: folder + "/pack.json")
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(manifest).write(to: URL(fileURLWithPath: folder + "/pack.json"), options: .withoutOverwriting)
        } catch {
            throw .store("cannot write the pack's manifest: \(Self.reason(error))")
        }
    }

    /// Deletes a pack wholly: it is renamed away first, so it is never seen half-deleted.
    public func remove(_ id: String) throws(PackError) {
        try withLock { () throws(PackError) in
            guard installedPack(id) != nil else { throw .unknownPack(id) }
            let trash = temporaryPath("trash", for: id)
            guard rename(folder(of: id), trash) == 0 else { throw .store("cannot remove \(id): \(String(cString: strerror(errno)))") }
            try? FileManager.default.removeItem(atPath: trash)
        }
    }

    /// Puts `new` at `path`, moving an older copy away first.
    func replace(_ path: String, with new: String) throws(PackError) {
        var old: String?
        if FileManager.default.fileExists(atPath: path) {
            let trash = temporaryPath("trash", for: (path as NSString).lastPathComponent)
            guard rename(path, trash) == 0 else { throw .store("cannot move the old pack away: \(String(cString: strerror(errno)))") }
            old = trash
        }
        guard rename(new, path) == 0 else {
            let code = errno
            if let old { _ = rename(old, path) }
            throw .store("cannot put the pack in place: \(String(cString: strerror(code)))")
        }
        if let old { try? FileManager.default.removeItem(atPath: old) }
    }

    /// A fresh staging folder inside the store; the caller removes it.
    func makeStaging(for id: String) throws(PackError) -> String {
        let staging = temporaryPath("staging", for: id)
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw .store("cannot create \(staging): \(Self.reason(error))")
        }
        return staging
    }

    private func createRoot() throws(PackError) {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw .store("cannot create \(root): \(Self.reason(error))")
        }
    }

    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return EscapedText.escaped(nsError.localizedDescription)
    }
}
