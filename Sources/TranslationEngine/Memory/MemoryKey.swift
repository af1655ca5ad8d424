import CCrypto
import Foundation

/// What a remembered translation is keyed on: the source text exactly as given, and the route
/// with each leg's languages, engine, mode, pack and pack version, and the engine options that
/// change output.
///
/// The entry's primary key is the SHA-256 of `material`; `material` itself is stored beside it
/// and compared on every hit, so a collision can never answer with another text's translation.
struct MemoryKey: Sendable, Hashable {
    /// Bumped when a change to the engines changes what the same pack makes of the same text
    /// (the deformatter's rules, the neural worker's decoding options): every older entry is
    /// then unreachable and cleaned like those of a removed pack.
    static let engineRevision: [PackEngine: String] = [
        // Modes run with -g, the marks stripped, destxt's rules, the final ".[]" (DECISIONS).
        .apertium: "apertium/1 -g destxt",
        // Argos's decoding: beam 4, length penalty 0.2, unknowns replaced, cap 256, compute default.
        .neural: "argos/1 beam4 lp0.2 unk max256 default",
        // A server's own engine: APy asked for its marks (taken out here) unless the text has
        // mark characters of its own, LibreTranslate with format=text.
        .remote: "remote/2 apy-marks format=text",
    ]

    /// Everything the key is made of, one field a line (texts and tags cannot hold the
    /// separators' meaning: the text comes last and is taken whole).
    let material: String
    /// SHA-256 of `material`.
    let digest: [UInt8]
    /// `id@version` of every pack on the route, sorted, separated by "\n": stored in its own
    /// column so entries of packs no longer installed can be found and deleted.
    let packs: String

    /// The key of `text` translated from `source` along `route`, or nil when a pack's version is
    /// not known (then nothing is remembered). `spanned`: `text` is a text with kept spans in
    /// its memory form, which its own first line sets apart from every plain text's key, so a
    /// translation made with other spans (or another glossary's) is never an answer.
    init?(text: String, source: String, route: [Direction], versions: [String: String], spanned: Bool = false) {
        var lines = [spanned ? "hike-reviews memory 1 spans" : "hike-reviews memory 1", source]
        var packs: Set<String> = []
        for leg in route {
            guard let version = versions[leg.pack], let revision = Self.engineRevision[leg.engine] else { return nil }
            lines.append([leg.source, leg.target, leg.engine.rawValue, leg.mode, leg.pack, version, revision].joined(separator: "\u{1F}"))
            packs.insert(leg.pack + "@" + version)
        }
        lines.append(text)
        material = lines.joined(separator: "\n")
        digest = Self.sha256(Array(material.utf8))
        self.packs = packs.sorted().joined(separator: "\n")
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        bytes.withUnsafeBytes { input in
            _ = EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
        }
        return Array(digest.prefix(Int(length)))
    }
}
