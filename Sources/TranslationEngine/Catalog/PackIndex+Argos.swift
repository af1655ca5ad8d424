import Foundation
import TextSafety

/// Argos Translate's package index read as a repository.
///
/// A JSON array of `{code, package_version, argos_version, from_code, from_name, to_code,
/// to_name, links}`: one neural model (one direction) per entry, its id the `code`
/// (`translate-de_en`), no size and no checksum. Each entry is checked on its own: a bad one is
/// left out with one line in `refused`, and the rest of the index stays usable.
///
/// Links: the first acceptable one is used, never weaker than the index it came from: from an
/// https index only https; from an http index http or https; from a local (file:) index file,
/// http or https. Any other scheme (ftp, data, magnet, ipfs, ...) is ignored; an entry with no
/// acceptable link is refused.
extension PackIndex {
    /// Longest code accepted (Argos's are about 20 characters).
    static let argosMaxCode = 64
    /// Longest language name accepted.
    static let argosMaxName = 100
    /// Most links looked at in one entry.
    static let argosMaxLinks = 16

    /// Why one Argos entry was left out.
    struct Refusal: Error {
        var reason: String
    }

    /// The usable entries of an Argos index; the others are named in `refused`.
    static func argos(_ list: [Any], indexURL: URL) -> PackIndex {
        var packs: [Entry] = []
        var refused: [String] = []
        var seen: Set<String> = []
        for (position, item) in list.enumerated() {
            do throws(Refusal) {
                let entry = try argosEntry(item, indexURL: indexURL)
                guard seen.insert(entry.id).inserted else {
                    throw Refusal(reason: "\(EscapedText.singleQuoted(entry.id)) is listed twice; the first is kept")
                }
                packs.append(entry)
            } catch {
                refused.append("package \(position + 1): \(error.reason)")
            }
        }
        return PackIndex(packs: packs, refused: refused)
    }

    private static func argosEntry(_ item: Any, indexURL: URL) throws(Refusal) -> Entry {
        guard let fields = item as? [String: Any] else { throw Refusal(reason: "not an object") }
        func text(_ key: String, max: Int) throws(Refusal) -> String {
            guard let value = fields[key] as? String, !value.isEmpty else { throw Refusal(reason: "\"\(key)\" is missing or empty") }
            guard value.unicodeScalars.count <= max else { throw Refusal(reason: "\"\(key)\" is longer than \(max) characters") }
            guard !value.unicodeScalars.contains(where: EscapedText.isHarmful) else {
                throw Refusal(reason: "\"\(key)\" holds control or escape characters: \(EscapedText.singleQuoted(value))")
            }
            return value
        }
        if let type = fields["type"] as? String, type != "translate" {
            throw Refusal(reason: "a \(EscapedText.singleQuoted(String(type.prefix(40)))) package, not a translation model")
        }
        let code = try text("code", max: argosMaxCode)
        guard code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
              let first = code.first, first.isLetter || first.isNumber else {
            throw Refusal(reason: "the code \(EscapedText.singleQuoted(code)) may use only letters, digits, '-', '_' and '.'")
        }
        let version = try text("package_version", max: 32)
        guard version.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw Refusal(reason: "\(code): the version \(EscapedText.singleQuoted(version)) is not a version number")
        }
        let source = try text("from_code", max: 20), target = try text("to_code", max: 20)
        guard LanguageTag.isPlausible(source), LanguageTag.isPlausible(target), source != target else {
            throw Refusal(reason: "\(code): \(EscapedText.singleQuoted(source)) to \(EscapedText.singleQuoted(target)) is not a pair of language codes")
        }
        let sourceName = try text("from_name", max: argosMaxName), targetName = try text("to_name", max: argosMaxName)
        let url = try argosLink(fields["links"], code: code, indexURL: indexURL)
        return Entry(id: code, version: version, title: "\(sourceName) - \(targetName)",
                     directions: [Direction(source: source, target: target, mode: code, pack: code, engine: .neural)],
                     size: 0, sha256: "", url: url, license: "unknown", source: "Argos Translate package index", engine: .neural,
                     repository: indexURL)
    }

    /// The first link whose scheme `acceptsLink` allows.
    private static func argosLink(_ value: Any?, code: String, indexURL: URL) throws(Refusal) -> URL {
        guard let links = value as? [Any], !links.isEmpty else { throw Refusal(reason: "\(code): no \"links\"") }
        var schemes: [String] = []
        for link in links.prefix(argosMaxLinks) {
            guard let text = link as? String, text.utf8.count <= 2000, let url = URL(string: text, relativeTo: indexURL)?.absoluteURL else { continue }
            if acceptsLink(url, from: indexURL) { return url }
            schemes.append(EscapedText.escaped(String((url.scheme ?? "?").prefix(20))))
        }
        let seen = schemes.isEmpty ? "" : " (found: \(Array(Set(schemes)).sorted().joined(separator: ", ")))"
        throw Refusal(reason: "\(code): no usable link\(seen); accepted: https from an https index, http(s) from http, also file from a local index")
    }

    /// Whether a package link may be followed from this index: never weaker than the index.
    static func acceptsLink(_ link: URL, from index: URL) -> Bool {
        let scheme = link.scheme?.lowercased() ?? ""
        switch index.scheme?.lowercased() {
        case "https": return scheme == "https"
        case "http": return scheme == "http" || scheme == "https"
        case "file": return scheme == "file" || scheme == "http" || scheme == "https"
        default: return false
        }
    }
}
