import CArchive
import TextSafety

/// An archive entry's name as both readers of archives check it (pack archives,
/// `ArchiveExtractor`; documents, `DocumentArchive`): relative, and never climbing out.
enum ArchivePath {
    /// Why a name is refused, as one line.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// `name`'s parts, empty and `.` parts dropped.
    /// - Throws: `Refusal` for an absolute path or a `..` part.
    static func parts(of name: String) throws(Refusal) -> [String] {
        if name.hasPrefix("/") { throw Refusal(description: "absolute path in the archive: \(EscapedText.singleQuoted(name))") }
        let parts = name.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if parts.contains("..") { throw Refusal(description: "'..' in an archive path: \(EscapedText.singleQuoted(name))") }
        return parts.map(String.init)
    }

    /// The name of libarchive's `entry` and its parts (at least one).
    /// - Throws: `Refusal` for a missing or empty name, an absolute path or a `..` part.
    static func checkedName(of entry: OpaquePointer) throws(Refusal) -> (name: String, parts: [String]) {
        guard let raw = archive_entry_pathname(entry) else { throw Refusal(description: "an entry has no name") }
        let name = String(cString: raw)
        let parts = try parts(of: name)
        if parts.isEmpty { throw Refusal(description: "an entry has an empty name") }
        return (name, parts)
    }
}
