import Foundation
import TextSafety

/// An unpacked Argos Translate package, checked before it is installed: what a neural worker
/// loads (the folder holding `metadata.json`, `model/` and `sentencepiece.model`).
///
/// The archive is untrusted even after unpacking safely: `metadata.json` is read only when it
/// is a regular file of at most `maxMetadataBytes`, nested at most `PackIndex.maxDepth`, and its
/// languages must be the index entry's; `model/model.bin` and the tokenizer must be regular
/// files (not links). The tokenizer is `sentencepiece.model`, as in Argos, which loads it whenever
/// a package has one and `bpe.model` only otherwise: a package with both installs and runs its
/// SentencePiece model (the `bpe.model` beside it is never read). A package of the older Moses +
/// BPE kind, `bpe.model` alone, is refused as not supported: the worker only runs SentencePiece.
enum ArgosPackage {
    /// Largest metadata.json read (Argos's are under 2 KB).
    static let maxMetadataBytes = 64 << 10

    /// Checks the unpacked package in `folder` against the index entry it was fetched for.
    static func check(_ folder: String, against entry: PackIndex.Entry) throws(PackError) {
        let metadata = try readMetadata(folder + "/metadata.json")
        if let direction = entry.directions.first {
            let source = metadata["from_code"] as? String, target = metadata["to_code"] as? String
            guard source == direction.source, target == direction.target else {
                throw .archive("metadata.json says \(EscapedText.singleQuoted(source ?? "?")) to \(EscapedText.singleQuoted(target ?? "?")), the index says \(direction.source) to \(direction.target)")
            }
        }
        guard isRegularFile(folder + "/model/model.bin", nonEmpty: true) else { throw .archive("no model/model.bin in the package") }
        guard isRegularFile(folder + "/sentencepiece.model", nonEmpty: true) else {
            if isRegularFile(folder + "/bpe.model", nonEmpty: false) {
                throw .archive("the package uses a BPE tokenizer (bpe.model), which is not supported: only SentencePiece packages (sentencepiece.model) are")
            }
            throw .archive("no sentencepiece.model in the package")
        }
    }

    /// metadata.json as a JSON object, read within the limits.
    static func readMetadata(_ path: String) throws(PackError) -> [String: Any] {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .archive("no metadata.json in the package") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .archive("metadata.json is not a regular file") }
        guard status.st_size <= maxMetadataBytes else {
            throw .archive("metadata.json is \(status.st_size) bytes; at most \(maxMetadataBytes >> 10) KB is accepted")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= maxMetadataBytes else {
            throw .archive("cannot read metadata.json")
        }
        do {
            try PackIndex.checkDepth(data)
        } catch {
            throw .archive("metadata.json is nested deeper than \(PackIndex.maxDepth)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            throw .archive("metadata.json is not a JSON object")
        }
        return fields
    }

    /// A regular file, not a link to one.
    private static func isRegularFile(_ path: String, nonEmpty: Bool) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && (!nonEmpty || status.st_size > 0)
    }
}
