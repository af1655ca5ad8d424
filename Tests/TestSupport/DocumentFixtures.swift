import Foundation

/// Office documents and hostile zips made at test time with Python's `zipfile` (an
/// independent writer: names, order, compression and links exactly as a test asks, `../`
/// and absolute names included, which the `zip` command would clean).
public enum DocumentFixtures {
    /// Whether Apertium's document programs, `zip`, `unzip` and Python are here.
    public static var programsAvailable: Bool {
        ["/usr/bin/apertium", "/usr/bin/apertium-deswxml", "/usr/bin/apertium-desodt", "/usr/bin/apertium-despptx",
         "/usr/bin/apertium-adapt-docx", "/usr/bin/zip", "/usr/bin/unzip", "/usr/bin/python3"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
    }

    /// One entry of a zip to make.
    public struct Entry: Sendable {
        public var name: String
        public var bytes: [UInt8]
        /// Deflated (else stored).
        public var deflated: Bool
        /// A symlink to the path in `bytes`.
        public var symlink: Bool

        public init(_ name: String, _ text: String, deflated: Bool = true, symlink: Bool = false) {
            self.init(name, bytes: Array(text.utf8), deflated: deflated, symlink: symlink)
        }

        public init(_ name: String, bytes: [UInt8], deflated: Bool = true, symlink: Bool = false) {
            self.name = name
            self.bytes = bytes
            self.deflated = deflated
            self.symlink = symlink
        }
    }

    /// The zip of `entries`, in order.
    public static func zip(_ entries: [Entry]) async throws -> [UInt8] {
        let folder = try Scratch.folder("zip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var manifest: [[String: Any]] = []
        for (index, entry) in entries.enumerated() {
            try Data(entry.bytes).write(to: URL(fileURLWithPath: "\(folder)/\(index)"))
            manifest.append(["name": entry.name, "file": "\(folder)/\(index)", "deflated": entry.deflated, "symlink": entry.symlink])
        }
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: folder + "/manifest.json"))
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/make.py"))
        let status = try await runOffPool(["/usr/bin/python3", folder + "/make.py", folder + "/manifest.json", folder + "/out.zip"],
                                          outputPath: folder + "/log")
        guard status == 0, let data = FileManager.default.contents(atPath: folder + "/out.zip") else {
            throw Subprocess.Failure(description: "make.py exited \(status): \((try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "")")
        }
        return Array(data)
    }

    private static let script = """
        import json, sys, zipfile
        entries = json.load(open(sys.argv[1]))
        with zipfile.ZipFile(sys.argv[2], "w") as out:
            for e in entries:
                info = zipfile.ZipInfo(e["name"], date_time=(2026, 12, 3, 12, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED if e["deflated"] else zipfile.ZIP_STORED
                info.external_attr = ((0o120777 if e["symlink"] else 0o100644) << 16)
                if e["name"].endswith("/"):
                    info.external_attr = (0o40755 << 16) | 0x10
                out.writestr(info, open(e["file"], "rb").read())
        """

    /// A Word document whose body has one paragraph per text (the first run of each bold),
    /// a header and a footer, and the parts a docx must have.
    public static func docx(paragraphs: [String], header: String = "Mi casa", footer: String = "Página 1") async throws -> [UInt8] {
        let body = paragraphs.map { text -> String in
            let words = escaped(text).split(separator: " ", maxSplits: 1).map(String.init)
            let rest = words.count > 1 ? "<w:r><w:t xml:space=\"preserve\"> \(words[1])</w:t></w:r>" : ""
            return "<w:p><w:pPr><w:pStyle w:val=\"Title\"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t>\(words[0])</w:t></w:r>\(rest)</w:p>"
        }.joined(separator: "\n")
        let namespace = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\""
        return try await zip([
            Entry("[Content_Types].xml", xmlHead + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default Extension=\"xml\" ContentType=\"application/xml\"/><Override PartName=\"/word/document.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/></Types>"),
            Entry("_rels/.rels", xmlHead + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"word/document.xml\"/></Relationships>"),
            Entry("word/document.xml", xmlHead + "<w:document \(namespace)><w:body>\(body)</w:body></w:document>\n"),
            Entry("word/styles.xml", xmlHead + "<w:styles \(namespace)><w:style w:styleId=\"Title\"><w:name w:val=\"Título\"/></w:style></w:styles>"),
            Entry("word/header1.xml", xmlHead + "<w:hdr \(namespace)><w:p><w:r><w:t>\(header)</w:t></w:r></w:p></w:hdr>"),
            Entry("word/footer1.xml", xmlHead + "<w:ftr \(namespace)><w:p><w:r><w:t>\(footer)</w:t></w:r></w:p></w:ftr>"),
            Entry("docProps/core.xml", xmlHead + "<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\"><cp:keywords>casa blanca</cp:keywords></cp:coreProperties>"),
            Entry("word/media/image1.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 1, 2, 3], deflated: false),
        ])
    }

    /// An OpenDocument text: `mimetype` first and stored, paragraphs in content.xml (one span
    /// each), a header in styles.xml, a manifest.
    public static func odt(paragraphs: [String], header: String = "Mi casa") async throws -> [UInt8] {
        let namespaces = "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" xmlns:style=\"urn:oasis:names:tc:opendocument:xmlns:style:1.0\""
        let body = paragraphs.map { text -> String in
            let words = escaped(text).split(separator: " ", maxSplits: 1).map(String.init)
            return "<text:p text:style-name=\"P1\"><text:span text:style-name=\"T1\">\(words[0])</text:span>\(words.count > 1 ? " " + words[1] : "")</text:p>"
        }.joined(separator: "\n")
        return try await zip([
            Entry("mimetype", "application/vnd.oasis.opendocument.text", deflated: false),
            Entry("content.xml", xmlHead + "<office:document-content \(namespaces) office:version=\"1.2\"><office:body><office:text>\(body)</office:text></office:body></office:document-content>\n"),
            Entry("styles.xml", xmlHead + "<office:document-styles \(namespaces)><office:master-styles><style:master-page style:name=\"Standard\"><style:header><text:p>\(header)</text:p></style:header></style:master-page></office:master-styles></office:document-styles>"),
            Entry("meta.xml", xmlHead + "<office:document-meta \(namespaces)><office:meta/></office:document-meta>"),
            Entry("META-INF/manifest.xml", xmlHead + "<manifest:manifest xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\" manifest:version=\"1.2\"><manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"application/vnd.oasis.opendocument.text\"/><manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/></manifest:manifest>"),
        ])
    }

    /// A presentation: one slide per text (a bold run, then the rest), a notes page.
    public static func pptx(slides: [String], note: String = "Una nota para mí.") async throws -> [UInt8] {
        let namespaces = "xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" xmlns:p=\"http://schemas.openxmlformats.org/presentationml/2006/main\""
        var entries = [
            Entry("[Content_Types].xml", xmlHead + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default Extension=\"xml\" ContentType=\"application/xml\"/></Types>"),
            Entry("ppt/presentation.xml", xmlHead + "<p:presentation \(namespaces)/>"),
        ]
        for (index, text) in slides.enumerated() {
            let words = escaped(text).split(separator: " ", maxSplits: 1).map(String.init)
            let rest = words.count > 1 ? "<a:r><a:rPr lang=\"es-ES\"/><a:t> \(words[1])</a:t></a:r>" : ""
            entries.append(Entry("ppt/slides/slide\(index + 1).xml", xmlHead + "<p:sld \(namespaces)><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:rPr lang=\"es-ES\" b=\"1\"/><a:t>\(words[0])</a:t></a:r>\(rest)</a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>\n"))
        }
        entries.append(Entry("ppt/notesSlides/notesSlide1.xml", xmlHead + "<p:notes \(namespaces)><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>\(note)</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:notes>"))
        return try await zip(entries)
    }

    /// `text` as XML character data.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static let xmlHead = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"

    /// The entries of the zip at `path`, in order, read with `unzip` (never our reader).
    public static func unzipped(_ path: String) async throws -> [(name: String, bytes: [UInt8])] {
        let folder = try Scratch.folder("unzipped")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard try await runOffPool(["/usr/bin/unzip", "-Z1", path], outputPath: folder + "/list") == 0,
              let list = try? String(contentsOfFile: folder + "/list", encoding: .utf8) else {
            throw Subprocess.Failure(description: "unzip -Z1 \(path) failed")
        }
        // Unpacked whole: a name given to `unzip -p` is a pattern (`[Content_Types].xml`).
        let status = try await runOffPool(["/usr/bin/unzip", "-q", "-d", folder + "/files", path], outputPath: folder + "/log")
        guard status == 0 else { throw Subprocess.Failure(description: "unzip \(path) exited \(status)") }
        var entries: [(name: String, bytes: [UInt8])] = []
        for name in list.split(separator: "\n").map(String.init) {
            entries.append((name, Array(FileManager.default.contents(atPath: folder + "/files/" + name) ?? Data())))
        }
        return entries
    }

    /// Runs `argv` to its end, waited for off the cooperative pool; returns its exit status.
    public static func runOffPool(_ argv: [String], outputPath: String) async throws -> Int32 {
        let running = try Subprocess.start(argv, outputPath: outputPath, errorPath: outputPath + ".err")
        close(running.input)
        defer { try? FileManager.default.removeItem(atPath: outputPath + ".err") }
        return try await Subprocess.waitOffPool(for: running.pid, program: argv[0])
    }
}
