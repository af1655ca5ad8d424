import Foundation
import TextSafety

/// Why a glossary file cannot be used: one line naming the file and, for a bad line, its number.
public struct GlossaryError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// The 1-based line at fault, nil when the file itself cannot be read.
    public var line: Int?
    public var reason: String

    public var description: String {
        if let line { return "\(path):\(line): \(reason)" }
        return "\(path): \(reason)"
    }

    /// `description` safe for a terminal: control characters escaped, and a long path shown
    /// whole (only an absurd one is cut), so the line number and reason always come after it.
    public var shown: String {
        let path = EscapedText.escaped(path, limit: 4096)
        let reason = EscapedText.escaped(reason)
        if let line { return "\(path):\(line): \(reason)" }
        return "\(path): \(reason)"
    }
}

extension Glossary {
    /// Reads a glossary file (UTF-8), one entry a line:
    /// - `term`: kept as written (spaces at its ends are not part of it);
    /// - `term<TAB>lang<TAB>translation`: translated as `translation` into `lang` (a BCP 47
    ///   tag; `es` serves every Spanish), kept as written into any other language;
    /// - an empty or whitespace-only line, or one whose first non-space character is `#`: skipped.
    ///
    /// Anything else (one tab, more than two, an empty field, a tag that is not one) is an
    /// error naming the file and the line: a glossary is used whole or not at all.
    public init(contentsOf path: String) throws(GlossaryError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GlossaryError(path: path, line: nil, reason: "cannot read the glossary file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw GlossaryError(path: path, line: nil, reason: "the glossary is not UTF-8 text")
        }
        try self.init(parsing: text, path: path)
    }

    /// `init(contentsOf:)` over text already read; `path` names it in errors.
    public init(parsing text: String, path: String) throws(GlossaryError) {
        var terms: [Term] = []
        // "\r\n" is one Character to Swift: lines end at either, so a CRLF file reads alike.
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            func bad(_ reason: String) -> GlossaryError { GlossaryError(path: path, line: number + 1, reason: reason) }
            switch fields.count {
            case 1:
                terms.append(Term(fields[0]))
            case 3:
                guard !fields[0].isEmpty else { throw bad("the term is empty") }
                guard LanguageTag.isPlausible(fields[1]) else { throw bad("\"\(fields[1])\" is not a language tag") }
                guard !fields[2].isEmpty else { throw bad("the translation is empty") }
                terms.append(Term(fields[0], translations: [fields[1]: fields[2]]))
            default:
                throw bad("expected a term, or term<TAB>language<TAB>translation (found \(fields.count - 1) tabs)")
            }
        }
        self.init(terms: terms)
    }
}
