import CArchive
import Foundation
import TextSafety

/// A docx, odt or pptx as its zip entries, read from memory and written back with libarchive.
///
/// Read under `DocumentLimits`: entries' names as pack archives' are (`ArchivePath`: no
/// absolute path, no `..`), only files and folders (a symlink, hard link or device is
/// refused), entry count, each entry's and the total unpacked size, and the ratio of unpacked
/// to packed bytes, counted as the bytes come out, so a bomb stops at the limit, not at the end.
struct DocumentArchive {
    struct Entry {
        /// The name as the archive spells it (written back the same).
        var name: String
        var isDirectory: Bool
        var bytes: [UInt8]
        /// Modification time, kept.
        var modified: Int
    }

    var entries: [Entry]

    /// Which document the entries make: an OpenDocument text by its `mimetype`, a docx by its
    /// `word/document.xml`, a pptx by its `ppt/presentation.xml`.
    var format: DocumentFormat? {
        if let mimetype = entries.first(where: { $0.name == "mimetype" }),
           String(decoding: mimetype.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "application/vnd.oasis.opendocument.text" {
            return .odt
        }
        if entries.contains(where: { $0.name == "word/document.xml" }) { return .docx }
        if entries.contains(where: { $0.name == "ppt/presentation.xml" }) { return .pptx }
        return nil
    }

    /// The zip `bytes` as entries, in the archive's order.
    static func read(_ bytes: [UInt8], limits: DocumentLimits) throws(DocumentError) -> DocumentArchive {
        if bytes.count > limits.maxDocumentBytes { throw .tooLarge(bytes: bytes.count, limit: limits.maxDocumentBytes) }
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(DocumentError) in try read(buffer, packedSize: bytes.count, limits: limits) } }
        return try result.get()
    }

    private static func read(_ buffer: UnsafeRawBufferPointer, packedSize: Int, limits: DocumentLimits) throws(DocumentError) -> DocumentArchive {
        guard let reader = archive_read_new() else { throw .archive("libarchive could not start") }
        defer { archive_read_free(reader) }
        // The central directory is read (as office programs read a zip): a zip cut short has
        // none and is refused, where a streaming read would take its first entries for all.
        archive_read_support_format_zip_seekable(reader)
        guard archive_read_open_memory(reader, buffer.baseAddress, buffer.count) == carchive_ok() else {
            throw .archive("it cannot be opened as a zip: \(ArchiveExtractor.message(reader))")
        }
        // Unpacked bytes allowed in all: the size cap, and the ratio's above its floor.
        let allowed = min(limits.maxUnpackedBytes, max(limits.ratioFloorBytes, Int64(packedSize) * limits.maxRatio))
        var entries: [Entry] = []
        var total: Int64 = 0
        var names = Set<String>()
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(reader, &entry)
            if status == carchive_eof() { break }
            guard status == carchive_ok() || status == carchive_warn(), let entry else {
                throw .archive("the zip is truncated or corrupt: \(ArchiveExtractor.message(reader))")
            }
            if entries.count == limits.maxEntries { throw .archive("the zip has more than \(limits.maxEntries) entries") }
            let (name, parts): (String, [String])
            do {
                (name, parts) = try ArchivePath.checkedName(of: entry)
            } catch {
                throw .archive(error.description)
            }
            if !names.insert(parts.joined(separator: "/")).inserted { throw .archive("two entries named \(EscapedText.singleQuoted(name))") }
            let type = archive_entry_filetype(entry)
            if archive_entry_hardlink(entry) != nil || (type != carchive_type_regular() && type != carchive_type_directory()) {
                throw .archive("\(EscapedText.singleQuoted(name)) is not a plain file or folder (a link or device)")
            }
            let isDirectory = type == carchive_type_directory()
            let declared = archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : 0
            if declared > limits.maxEntryBytes { throw .archive("\(EscapedText.singleQuoted(name)) unpacks to more than \(limits.maxEntryBytes >> 20) MB") }
            if declared > allowed - total { throw bomb(limits, allowed: allowed) }
            var bytes: [UInt8] = []
            if !isDirectory {
                bytes = try data(of: reader, name: name, limit: min(limits.maxEntryBytes, allowed - total), limits: limits, allowed: allowed)
            }
            total += Int64(bytes.count)
            entries.append(Entry(name: name, isDirectory: isDirectory, bytes: bytes, modified: archive_entry_mtime(entry)))
        }
        return DocumentArchive(entries: entries)
    }

    /// An entry's bytes, stopped as soon as they pass `limit`.
    private static func data(of reader: OpaquePointer, name: String, limit: Int64, limits: DocumentLimits,
                             allowed: Int64) throws(DocumentError) -> [UInt8] {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { archive_read_data(reader, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            guard count > 0 else { throw .archive("the zip is truncated or corrupt: \(ArchiveExtractor.message(reader))") }
            bytes += block[0..<count]
            if Int64(bytes.count) > limit {
                if limit == limits.maxEntryBytes { throw .archive("\(EscapedText.singleQuoted(name)) unpacks to more than \(limits.maxEntryBytes >> 20) MB") }
                throw bomb(limits, allowed: allowed)
            }
        }
    }

    private static func bomb(_ limits: DocumentLimits, allowed: Int64) -> DocumentError {
        allowed == limits.maxUnpackedBytes
            ? .archive("the zip unpacks to more than \(limits.maxUnpackedBytes >> 20) MB")
            : .archive("the zip unpacks to more than \(limits.maxRatio) times its size (a zip bomb?)")
    }

    /// The entries as a zip, in their order and with their names. A `mimetype` entry (an
    /// OpenDocument's, which must come first) is stored uncompressed, as the format asks;
    /// the rest deflated.
    func zipped() throws(DocumentError) -> [UInt8] {
        guard let writer = archive_write_new() else { throw .archive("libarchive could not start") }
        defer { archive_write_free(writer) }
        archive_write_set_format_zip(writer)
        let output = ZipOutput()
        let context = Unmanaged.passUnretained(output).toOpaque()
        let opened = archive_write_open2(writer, context, nil, { _, context, buffer, length in
            guard let context, let buffer else { return -1 }
            Unmanaged<ZipOutput>.fromOpaque(context).takeUnretainedValue().bytes += UnsafeRawBufferPointer(start: buffer, count: length)
            return la_ssize_t(length)
        }, nil, nil)
        guard opened == carchive_ok() else { throw .archive("cannot write the zip: \(ArchiveExtractor.message(writer))") }
        for item in entries {
            guard let entry = archive_entry_new() else { throw .archive("libarchive could not start") }
            defer { archive_entry_free(entry) }
            _ = item.name == "mimetype" ? archive_write_zip_set_compression_store(writer) : archive_write_zip_set_compression_deflate(writer)
            archive_entry_set_pathname(entry, item.name)
            archive_entry_set_filetype(entry, item.isDirectory ? carchive_type_directory() : carchive_type_regular())
            archive_entry_set_perm(entry, item.isDirectory ? 0o755 : 0o644)
            archive_entry_set_size(entry, Int64(item.bytes.count))
            archive_entry_set_mtime(entry, item.modified, 0)
            guard archive_write_header(writer, entry) == carchive_ok() else {
                throw .archive("cannot write \(EscapedText.singleQuoted(item.name)): \(ArchiveExtractor.message(writer))")
            }
            let written = item.bytes.withUnsafeBytes { archive_write_data(writer, $0.baseAddress, $0.count) }
            guard written == item.bytes.count else {
                throw .archive("cannot write \(EscapedText.singleQuoted(item.name)): \(ArchiveExtractor.message(writer))")
            }
        }
        guard archive_write_close(writer) == carchive_ok() else { throw .archive("cannot finish the zip: \(ArchiveExtractor.message(writer))") }
        return output.bytes
    }
}

/// Where libarchive's write callback puts the zip (one per `zipped()` call, never shared).
private final class ZipOutput {
    var bytes: [UInt8] = []
}
