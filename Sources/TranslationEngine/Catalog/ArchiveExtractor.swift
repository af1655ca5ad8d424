import CArchive
import Foundation
import TextSafety

/// Unpacks a pack archive (gzip tar for Apertium packs, zip for Argos packages) into a folder
/// with libarchive, refusing anything that could write outside it or fill the disk.
///
/// Refused: absolute paths, `..`, entries outside the pack's top folder, symlinks whose target
/// leaves the pack, hard links to outside it, device files, FIFOs and sockets, more than
/// `maxEntries` entries or `maxBytes` bytes, and more than one top-level folder (or a file at
/// the top). libarchive's own secure-extraction flags are on as well, as a second line.
struct ArchiveExtractor {
    /// The container the archive must be: no other format is even tried.
    enum Format: Sendable {
        case tarGzip
        case zip
    }

    /// At most this many entries.
    var maxEntries = 20_000
    /// At most this many bytes written in all.
    var maxBytes: Int64 = 512 << 20

    /// Extracts `archivePath` into `destination` (an existing empty folder); every entry must
    /// lie under one top folder: `topFolder` when given, else whichever the first entry names.
    /// Returns that folder's name.
    @discardableResult
    func extract(_ archivePath: String, into folder: String, topFolder: String?, format: Format = .tarGzip) throws(PackError) -> String {
        // Without symlinks in the prefix, libarchive's check for symlinks on the way applies
        // to what the archive itself creates.
        guard let resolved = realpath(folder, nil) else { throw .store("cannot resolve \(folder)") }
        let destination = String(cString: resolved)
        free(resolved)
        guard let reader = archive_read_new() else { throw .archive("libarchive could not start") }
        defer { archive_read_free(reader) }
        switch format {
        case .tarGzip:
            archive_read_support_filter_gzip(reader)
            archive_read_support_format_tar(reader)
        case .zip:
            archive_read_support_format_zip(reader)
        }
        guard archive_read_open_filename(reader, archivePath, 1 << 16) == carchive_ok() else {
            throw .archive("cannot open the archive\(format == .zip ? " as a zip (an Argos package is one)" : ""): \(Self.message(reader))")
        }
        guard let writer = archive_write_disk_new() else { throw .archive("libarchive could not start") }
        defer { archive_write_free(writer) }
        archive_write_disk_set_options(writer, carchive_secure_flags())

        var entries = 0
        var written: Int64 = 0
        var top = topFolder
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(reader, &entry)
            if status == carchive_eof() { break }
            guard status == carchive_ok() || status == carchive_warn(), let entry else {
                throw .archive("the archive is truncated or corrupt: \(Self.message(reader))")
            }
            entries += 1
            if entries > maxEntries { throw .archive("the archive has more than \(maxEntries) entries") }
            let path = try Self.checkedPath(entry, topFolder: &top)
            guard let folderName = top else { throw .archive("an entry has no name") }
            try Self.checkType(entry, path: path, topFolder: folderName)
            if path == folderName && archive_entry_filetype(entry) != carchive_type_directory() {
                throw .archive("the archive's top level must be one folder, not the file \(EscapedText.singleQuoted(path))")
            }
            let declared = archive_entry_size(entry)
            if declared > maxBytes - written { throw .archive("the archive unpacks to more than \(maxBytes >> 20) MB") }
            archive_entry_set_pathname(entry, destination + "/" + path)
            if let link = archive_entry_hardlink(entry) {
                archive_entry_set_hardlink(entry, destination + "/" + Self.normalized(String(cString: link)))
            }
            // Owner and mode bits from the archive do not matter here; keep ours.
            archive_entry_set_uid(entry, Int64(getuid()))
            archive_entry_set_gid(entry, Int64(getgid()))
            archive_entry_set_perm(entry, archive_entry_filetype(entry) == carchive_type_directory() ? 0o755 : 0o644)
            guard archive_write_header(writer, entry) == carchive_ok() else {
                throw .archive("cannot write \(EscapedText.singleQuoted(path)): \(Self.message(writer))")
            }
            written += try Self.copyData(from: reader, to: writer, limit: maxBytes - written, path: path)
            guard archive_write_finish_entry(writer) == carchive_ok() else {
                throw .archive("cannot finish \(EscapedText.singleQuoted(path)): \(Self.message(writer))")
            }
        }
        guard archive_write_close(writer) == carchive_ok() else { throw .archive("cannot finish unpacking: \(Self.message(writer))") }
        guard let top else { throw .archive("the archive is empty") }
        return top
    }

    private static func copyData(from reader: OpaquePointer, to writer: OpaquePointer, limit: Int64, path: String) throws(PackError) -> Int64 {
        var total: Int64 = 0
        var block: UnsafeRawPointer?
        var size = 0
        var offset: Int64 = 0
        while true {
            let status = archive_read_data_block(reader, &block, &size, &offset)
            if status == carchive_eof() { return total }
            guard status == carchive_ok() || status == carchive_warn() else {
                throw .archive("the archive is truncated or corrupt: \(message(reader))")
            }
            total += Int64(size)
            if total > limit { throw .archive("the archive unpacks to more than allowed (stopped in \(EscapedText.singleQuoted(path)))") }
            guard archive_write_data_block(writer, block, size, offset) == carchive_ok() else {
                throw .archive("cannot write \(EscapedText.singleQuoted(path)): \(message(writer))")
            }
        }
    }

    /// The entry's path, relative and normalised, under `topFolder` (set from the first entry
    /// when nil).
    private static func checkedPath(_ entry: OpaquePointer, topFolder: inout String?) throws(PackError) -> String {
        let (name, parts): (String, [String])
        do {
            (name, parts) = try ArchivePath.checkedName(of: entry)
        } catch {
            throw .archive(error.description)
        }
        let first = parts[0]
        guard let top = topFolder else {
            guard !first.hasPrefix(".") else { throw .archive("a hidden top-level folder: \(EscapedText.singleQuoted(name))") }
            topFolder = first
            return parts.joined(separator: "/")
        }
        guard first == top else {
            throw .archive("more than one top-level folder, or an entry outside the pack's folder \(EscapedText.singleQuoted(top))/: \(EscapedText.singleQuoted(name))")
        }
        return parts.joined(separator: "/")
    }

    /// Only folders, regular files and links that stay inside the pack.
    private static func checkType(_ entry: OpaquePointer, path: String, topFolder: String) throws(PackError) {
        if let link = archive_entry_hardlink(entry) {
            let target = String(cString: link)
            let parts = target.split(separator: "/").filter { $0 != "." }
            if target.hasPrefix("/") || parts.contains("..") || parts.first.map(String.init) != topFolder {
                throw .archive("hard link leaving the pack: \(EscapedText.singleQuoted(path)) -> \(EscapedText.singleQuoted(target))")
            }
            return
        }
        let type = archive_entry_filetype(entry)
        if type == carchive_type_regular() || type == carchive_type_directory() { return }
        if type == carchive_type_symlink() {
            let target = archive_entry_symlink(entry).map { String(cString: $0) } ?? ""
            if target.isEmpty || target.hasPrefix("/") { throw .archive("symlink leaving the pack: \(EscapedText.singleQuoted(path)) -> \(EscapedText.singleQuoted(target))") }
            // Resolve the target against the link's own folder; it must stay under the top folder.
            var stack = path.split(separator: "/").dropLast().map(String.init)
            for part in target.split(separator: "/") where part != "." {
                if part == ".." {
                    if stack.count <= 1 { throw .archive("symlink leaving the pack: \(EscapedText.singleQuoted(path)) -> \(EscapedText.singleQuoted(target))") }
                    stack.removeLast()
                } else {
                    stack.append(String(part))
                }
            }
            return
        }
        throw .archive("not a file or folder (device, FIFO or socket): \(EscapedText.singleQuoted(path))")
    }

    private static func normalized(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    /// libarchive's last error on `archive`, escaped, with the system's reason when it has one.
    static func message(_ archive: OpaquePointer) -> String {
        let text = archive_error_string(archive).map { EscapedText.escaped(String(cString: $0)) } ?? "unknown error"
        let code = archive_errno(archive)
        // libarchive's own text for a failed write is just "write failed": add the system's reason
        // (not for its format and programmer errors, which it reports as EILSEQ and EINVAL).
        return code > 0 && code != EINVAL && code != EILSEQ ? "\(text) (\(String(cString: strerror(code))))" : text
    }
}
