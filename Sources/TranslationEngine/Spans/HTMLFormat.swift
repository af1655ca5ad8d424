import Foundation

/// HTML through Apertium's own deformatter and reformatter (`apertium-deshtml`,
/// `apertium-rehtml`, from Debian's `apertium`): the parser `apertium -f html` uses, run once
/// per document, so an Apertium route's output equals the command's (DECISIONS).
///
/// The deformatter writes markup, scripts, comments and entities as superblanks and leaves
/// the text between; a blank over its size limit it writes to a file under /tmp and names
/// (`[@/tmp/fileXXXXXX]`): those are read back into the stream and the files removed at once,
/// so nothing is left behind whatever happens to the request later.
public struct HTMLFormat: Sendable {
    /// `apertium-deshtml`: everything but text kept.
    let deformatter: String
    /// `apertium-deshtml-alt`: the same, and `alt` values as text, for routes whose engines
    /// take text segment by segment.
    let readableDeformatter: String
    /// `apertium-rehtml`.
    let reformatter: String
    /// The variables the programs run with (the locale pinned, as the stages').
    let environment: [String]
    /// How long one program may run on one document.
    let timeout: Duration

    /// The programs found on `searchPath`; throws `ModeFileError.programNotFound` naming the
    /// first missing one.
    public init(searchPath: String, environment: [String: String], timeout: Duration = .seconds(300)) throws {
        deformatter = try ModeFile.resolve("apertium-deshtml", searchPath: searchPath)
        readableDeformatter = try ModeFile.resolve("apertium-deshtml-alt", searchPath: searchPath)
        reformatter = try ModeFile.resolve("apertium-rehtml", searchPath: searchPath)
        self.environment = ChildProcess.environment(environment)
        self.timeout = timeout
    }

    /// `html` in Apertium's stream format, as `apertium -f html` feeds its first stage, every
    /// blank inline. With `readableAttributes` the `alt` values are text too.
    public func stream(of html: String, readableAttributes: Bool = false) async throws -> [UInt8] {
        let program = readableAttributes ? readableDeformatter : deformatter
        let output = try await ChildProcess.filter(program, input: Array(html.utf8), environment: environment, timeout: timeout)
        return Self.inliningFileBlanks(output)
    }

    /// The HTML of a translated stream, as `apertium -f html` writes it.
    public func html(of stream: [UInt8]) async throws -> String {
        String(decoding: try await ChildProcess.filter(reformatter, input: stream, environment: environment, timeout: timeout), as: UTF8.self)
    }

    /// `html` as a spanned text: its text segments to translate, everything else kept (the
    /// deformatter's blanks, whitespace included), `alt` values as text. What a route with a
    /// neural or remote leg translates; the segments joined again are `html` itself.
    public func spannedText(of html: String) async throws -> SpannedText {
        Self.withReadableTitles(Self.spannedText(ofStream: try await stream(of: html, readableAttributes: true)))
    }

    /// `text` with the values of `title` attributes in its markup made text (the deformatter
    /// makes `alt` values text, and keeps `title`, which people read as a tooltip). Only spans
    /// that are tags are looked into, never a comment, script or style; a value holding `<`,
    /// `>` or `&` is left kept, since its text is not plain.
    static func withReadableTitles(_ text: SpannedText) -> SpannedText {
        var segments: [SpannedText.Segment] = []
        for segment in text.segments {
            guard case .kept(let span) = segment, span.contains("title"), !span.contains("<!--"),
                  !span.lowercased().contains("<script"), !span.lowercased().contains("<style") else {
                segments.append(segment)
                continue
            }
            var rest = span[...]
            while let match = rest.firstMatch(of: titleValue) {
                let value = match.output.value
                segments.append(.kept(String(rest[..<value.startIndex])))
                segments.append(value.contains(where: { "<>&".contains($0) }) ? .kept(String(value)) : .text(String(value)))
                rest = rest[value.endIndex...]
            }
            segments.append(.kept(String(rest)))
        }
        return SpannedText(segments)
    }

    /// A `title` attribute inside a tag, its value quoted: the value is what is read. (Made
    /// on each use: a `Regex` is not `Sendable`, and a static one would need an unchecked escape.)
    private static var titleValue: Regex<(Substring, quote: Substring, value: Substring)> { #/<[A-Za-z][^<>]*?\stitle\s*=\s*(?<quote>["'])(?<value>[^"'<>]*)\k<quote>/# }

    /// A deformatter's stream as a spanned text: text runs to translate, blanks kept. The "."
    /// and empty blank the deformatter adds at a sentence end it made up are dropped, as its
    /// reformatter drops them.
    static func spannedText(ofStream stream: [UInt8]) -> SpannedText {
        var segments: [SpannedText.Segment] = []
        for run in StreamFormat.runs(of: stream) {
            switch run {
            case .text(let text):
                segments.append(.text(text))
            case .blank(let blank) where blank == StreamFormat.emptyBlank:
                if case .text(let text)? = segments.last, text.hasSuffix(".") {
                    segments[segments.count - 1] = .text(String(text.dropLast()))
                }
            case .blank(let blank):
                segments.append(.kept(StreamFormat.content(ofBlank: blank)))
            }
        }
        return SpannedText(segments)
    }

    /// The stream with each `[@/path]` blank replaced by the file's content as an inline blank,
    /// the file removed. Only an unescaped `@` right after the bracket names a file (the
    /// deformatter escapes the document's own).
    static func inliningFileBlanks(_ stream: [UInt8]) -> [UInt8] {
        let runs = StreamFormat.rawRuns(of: stream)
        guard runs.contains(where: { $0.isBlank && isFileBlank(stream[$0.range]) }) else { return stream }
        var out: [UInt8] = []
        out.reserveCapacity(stream.count)
        for run in runs {
            let bytes = stream[run.range]
            guard run.isBlank && isFileBlank(bytes) else {
                out += bytes
                continue
            }
            let path = String(decoding: bytes.dropFirst(2).dropLast(), as: UTF8.self)
            let content = FileManager.default.contents(atPath: path) ?? Data()
            unlink(path)
            out.append(UInt8(ascii: "["))
            for byte in content {
                if blankEscaped.contains(byte) { out.append(UInt8(ascii: "\\")) }
                out.append(byte == 0 ? StreamFormat.space : byte)
            }
            out.append(UInt8(ascii: "]"))
        }
        return out
    }

    /// What the deformatter escapes inside a blank and its reformatter unescapes (measured on
    /// Debian's 3.8.3: `<`, `>` and quotes stay bare, and an escaped `<` would come out with its backslash).
    static let blankEscaped: Set<UInt8> = Set("\\@^${}[]/".utf8)

    private static func isFileBlank(_ blank: ArraySlice<UInt8>) -> Bool {
        let start = blank.startIndex
        return blank.count > 3 && blank[start + 1] == UInt8(ascii: "@") && blank[start + 2] == UInt8(ascii: "/") && blank.last == UInt8(ascii: "]")
    }
}
