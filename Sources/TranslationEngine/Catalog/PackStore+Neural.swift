import Foundation

extension PackStore {
    /// The folder a neural worker loads for pack `id` (`metadata.json`, `model/`,
    /// `sentencepiece.model`): `<root>/<id>`, when a neural pack of that id is installed.
    ///
    /// This is the one place that says where an Argos package lands in the store; pass the
    /// result to `NeuralWorker(package:)`.
    public func neuralPackage(of id: String) -> String? {
        installedPack(id).flatMap(neuralPackage(of:))
    }

    /// The same for a manifest already read (a scan of the store need not read it again).
    func neuralPackage(of pack: InstalledPack) -> String? {
        guard pack.packEngine == .neural else { return nil }
        let folder = folder(of: pack.id)
        return FileManager.default.fileExists(atPath: folder + "/metadata.json") ? folder : nil
    }

    /// Installs a downloaded Argos package (a zip) after checking it; call holding the lock.
    ///
    /// The size and SHA-256 are checked when the index gives them (Argos's gives neither; the
    /// downloader held the server to its Content-Length). `digest`, the SHA-256 the downloader
    /// computed while the bytes arrived, is recorded in `pack.json` either way. Either the whole
    /// pack appears or the store is unchanged.
    func installNeural(_ entry: PackIndex.Entry, archive: String, digest: String) throws(PackError) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: archive)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        if entry.sizeIsKnown, size != entry.size { throw .verification("\(size) bytes, the index says \(entry.size)") }
        try Self.verify(digest, against: entry)
        let staging = try makeStaging(for: entry.id)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let top = try ArchiveExtractor(maxEntries: maxEntries, maxBytes: maxUnpackedBytes)
            .extract(archive, into: staging, topFolder: nil, format: .zip)
        let unpacked = staging + "/" + top
        try ArgosPackage.check(unpacked, against: entry)
        let manifest = InstalledPack(
            id: entry.id, version: entry.version, title: entry.title, directions: entry.directions.map { [$0.source, $0.target] },
            modes: [], size: size, license: entry.license, source: entry.source, engine: .neural, sha256: digest)
        try place(manifest, from: unpacked)
    }
}
