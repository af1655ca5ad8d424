import Foundation
import TextSafety

/// Apertium's deformatter and reformatter for one document format (Debian's `apertium`
/// package), and the parts of an archive they read, chosen and joined as `apertium -f FORMAT`
/// does, so an Apertium route's document is the command's (DECISIONS).
///
/// | format | programs | parts translated |
/// |---|---|---|
/// | txt | `apertium-destxt`, `-retxt` | the whole file |
/// | docx | `apertium-adapt-docx -n`, `-deswxml`, `-rewxml` | every `.xml` but settings, themes, styles, fonts, rels, docProps and `[Content_Types]` |
/// | odt | `apertium-desodt`, `-reodt` | every `content.xml` and `styles.xml` (headers and footers live there) |
/// | pptx | `apertium-despptx`, `-repptx` | `ppt/slides/slide*.xml` (not the notes, as the command) |
///
/// HTML goes through `HTMLFormat`. Every other entry of an archive is kept byte for byte.
struct DocumentPrograms: Sendable {
    let format: DocumentFormat
    let deformatter: String
    let reformatter: String
    /// docx only: `apertium-adapt-docx`, which moves the runs' word boundaries first.
    let adapter: String?
    let environment: [String]
    let timeout: Duration

    /// The programs for `format` (not HTML), found where `html`'s were (the engine's PATH).
    init(format: DocumentFormat, alongside html: HTMLFormat) throws {
        let searchPath = html.environment.first { $0.hasPrefix("PATH=") }.map { String($0.dropFirst(5)) } ?? ChildProcess.systemPath
        let names: (String, String)
        switch format {
        case .txt, .html: names = ("apertium-destxt", "apertium-retxt")
        case .docx: names = ("apertium-deswxml", "apertium-rewxml")
        case .odt: names = ("apertium-desodt", "apertium-reodt")
        case .pptx: names = ("apertium-despptx", "apertium-repptx")
        }
        self.format = format
        deformatter = try ModeFile.resolve(names.0, searchPath: searchPath)
        reformatter = try ModeFile.resolve(names.1, searchPath: searchPath)
        adapter = format == .docx ? try ModeFile.resolve("apertium-adapt-docx", searchPath: searchPath) : nil
        environment = html.environment
        timeout = html.timeout
    }

    /// A document opened: a text's bytes, or an archive and which of its entries are read.
    struct Opened {
        var text: [UInt8]?
        var archive: DocumentArchive?
        var parts: [Int] = []
    }

    /// `bytes` opened as `format` (an archive read under `limits`, unless sniffing read it:
    /// `archive`).
    func open(_ bytes: [UInt8], archive read: DocumentArchive? = nil, limits: DocumentLimits) throws(DocumentError) -> Opened {
        guard format.isArchive else { return Opened(text: bytes) }
        let archive: DocumentArchive
        if let read { archive = read } else { archive = try DocumentArchive.read(bytes, limits: limits) }
        guard archive.format == format else { throw .notTheFormatItSays(named: format, found: archive.format) }
        let parts = archive.entries.indices.filter { !archive.entries[$0].isDirectory && Self.isTranslated(archive.entries[$0].name, in: format) }
        return Opened(archive: archive, parts: parts)
    }

    /// Whether `apertium -f FORMAT` translates the entry `name`.
    static func isTranslated(_ name: String, in format: DocumentFormat) -> Bool {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        switch format {
        case .docx:
            let lowered = name.lowercased()
            return lowered.hasSuffix(".xml")
                && !["settings", "theme", "styles", "font", "rels", "docprops", "content_types"].contains { lowered.contains($0) }
        case .odt:
            return file == "content.xml" || file == "styles.xml"
        case .pptx:
            return name.contains("slides/") && name.split(separator: "/").dropLast().last == "slides" && file.hasPrefix("slide") && file.hasSuffix(".xml")
        case .txt, .html:
            return false
        }
    }

    /// The stream the first stage of `apertium -f FORMAT` reads for `opened`, every blank inline.
    func stream(of opened: Opened) async throws -> [UInt8] {
        if let text = opened.text { return try await deformat(text) }
        guard let archive = opened.archive else { return [] }
        if let adapter {
            // adapt-docx reads the parts from files, named one a line on its stdin.
            let folder = try DocumentScratch()
            defer { folder.remove() }
            var names: [UInt8] = []
            for index in opened.parts {
                let path = folder.path + "/\(index).xml"
                guard FileManager.default.createFile(atPath: path, contents: Data(archive.entries[index].bytes)) else {
                    throw DocumentError.formatter(program: "apertium-adapt-docx", detail: "cannot write its input under \(folder.path)")
                }
                names += Array((path + "\n").utf8)
            }
            let adapted = Self.renamed(try await run(adapter, ["-n"], names), from: folder.path + "/", suffix: ".xml")
            // It skips a part libxml2 cannot parse (not XML, or nested deeper than its 256
            // levels) and still exits 0: that part would come back untranslated, so say so.
            for index in opened.parts where adapted.firstRange(of: Array("<file name=\"\(index)\"/>".utf8)) == nil {
                throw DocumentError.formatter(program: "apertium-adapt-docx",
                                              detail: "cannot parse \(EscapedText.singleQuoted(archive.entries[index].name)) (not XML, or nested deeper than 256 levels)")
            }
            return try await deformat(adapted)
        }
        // As the command's awk: `<file name="N"/>`, then each line of the part after a space, one line per part.
        var joined: [UInt8] = []
        for index in opened.parts {
            joined += Array("<file name=\"\(index)\"/>".utf8)
            var lines = archive.entries[index].bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            if archive.entries[index].bytes.last == UInt8(ascii: "\n") { lines.removeLast() }
            for line in lines { joined += [StreamFormat.space] + line }
            joined.append(UInt8(ascii: "\n"))
        }
        return try await deformat(joined)
    }

    /// The document for a translated `stream` of `opened`: a text's bytes, or the archive with
    /// each part the reformatter gave back replaced (the rest as it was).
    func document(from stream: [UInt8], of opened: Opened) async throws -> [UInt8] {
        let output = try await run(reformatter, [], stream)
        guard var archive = opened.archive else { return output }
        for (index, bytes) in Self.parts(ofReformatted: output) where opened.parts.contains(index) {
            archive.entries[index].bytes = bytes
        }
        return try archive.zipped()
    }

    /// The reformatter's output split back into parts, as the command's awk does: a line per
    /// part, `<file name="N"/>` and one character after it dropped, `?> ` made `?>` and a newline.
    static func parts(ofReformatted output: [UInt8]) -> [Int: [UInt8]] {
        var parts: [Int: [UInt8]] = [:]
        var lines = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if output.last == UInt8(ascii: "\n") { lines.removeLast() }
        for line in lines {
            let record = Array(line)
            guard let close = record.firstRange(of: Array("/>".utf8)) else { continue }
            let head = record[..<min(record.count, close.upperBound + 1)]
            let quoted = head.split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: false)
            guard quoted.count > 1, let index = Int(String(decoding: quoted[1], as: UTF8.self)) else { continue }
            var tail = Array(record[min(record.count, close.upperBound + 1)...])
            tail.replace(Array("?> ".utf8), with: Array("?>\n".utf8))
            parts[index, default: []] += tail + [UInt8(ascii: "\n")]
        }
        return parts
    }

    /// adapt-docx's `<file name="FOLDER/N.xml"/>` headers made `<file name="N"/>`.
    private static func renamed(_ bytes: [UInt8], from prefix: String, suffix: String) -> [UInt8] {
        var out = bytes
        out.replace(Array("<file name=\"\(prefix)".utf8), with: Array("<file name=\"".utf8))
        out.replace(Array("\(suffix)\"/>".utf8), with: Array("\"/>".utf8))
        return out
    }

    private func deformat(_ input: [UInt8]) async throws -> [UInt8] {
        HTMLFormat.inliningFileBlanks(try await run(deformatter, [], input))
    }

    private func run(_ program: String, _ arguments: [String], _ input: [UInt8]) async throws -> [UInt8] {
        do {
            return try await ChildProcess.filter(program, arguments: arguments, input: input, environment: environment, timeout: timeout)
        } catch let error as ChildProcessError {
            throw DocumentError.formatter(program: (program as NSString).lastPathComponent, detail: "\(error)")
        }
    }
}

/// A private folder for adapt-docx's input files, removed after each document.
private struct DocumentScratch {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/hike-reviews-docx.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw DocumentError.formatter(program: "apertium-adapt-docx", detail: "cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
