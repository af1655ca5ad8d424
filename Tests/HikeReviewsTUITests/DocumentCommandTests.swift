import Foundation
import TestSupport
import Testing

/// `hike-reviews translate --file IN --out OUT`: a document whole, its format from the file,
/// OUT written at once; each refusal one line. On the test pairs (the parts compared with
/// `apertium -f docx`) and through the echo model (a neural leg keeps every part's markup).
@Suite(.timeLimit(.minutes(10)), .needs(ServeProcess.hasTestPairs && DocumentFixtures.programsAvailable,
                                        "needs the test pairs and Apertium's document programs: run make test"))
struct DocumentCommandTests {
    static func folder() throws -> String {
        try Scratch.folder("document-cli")
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func part(_ name: String, of path: String) async throws -> String {
        String(decoding: try await DocumentFixtures.unzipped(path).first { $0.name == name }?.bytes ?? [], as: UTF8.self)
    }
}

extension DocumentCommandTests {
    @Test func aDocxIsTranslatedIntoOutAsApertiumsDocxFormat() async throws {
        let folder = try Self.folder()
        let document = try await DocumentFixtures.docx(paragraphs: ["La casa blanca es muy grande.", "El agua de la fuente estaba fresca."])
        try Self.write(document, to: folder + "/reseña.docx")
        let result = try await StructuredTextCommandTests.run(["translate", "--from", "es", "--to", "en", "--json",
                                                               "--file", folder + "/reseña.docx", "--out", folder + "/review.docx"], input: "")
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "docx" && object["route"] as? [String] == ["es", "en"])
        let directory = try ApertiumCommand.dataDirectory(pairsRoot: CommandLineTests.testPairs)
        let status = try await DocumentFixtures.runOffPool(["/usr/bin/apertium", "-d", directory, "-f", "docx", "-u", "spa-eng",
                                                            folder + "/reseña.docx", folder + "/theirs.docx"], outputPath: folder + "/log")
        #expect(status == 0)
        for part in ["word/document.xml", "word/header1.xml", "word/footer1.xml"] {
            let ours = try await Self.part(part, of: folder + "/review.docx")
            #expect(ours == (try await Self.part(part, of: folder + "/theirs.docx")), "\(part): \(ours)")
        }
        #expect(try await Self.part("word/styles.xml", of: folder + "/review.docx").contains("Título"), "styles are not translated")
        #expect(FileManager.default.contents(atPath: folder + "/reseña.docx") == Data(document), "the input is never written")
    }

    @Test func eachRefusalIsOneLineAndLeavesOutAsItWas() async throws {
        let folder = try Self.folder()
        try Self.write(try await DocumentFixtures.odt(paragraphs: ["La casa."]), to: folder + "/a.docx")
        try Self.write(Array("before".utf8), to: folder + "/out.docx")
        let cases: [([String], Int32, String)] = [
            (["--file", folder + "/a.docx", "--out", folder + "/out.docx"], 1,
             "hike-reviews: translate: \(folder)/a.docx: the file is named as a Word document (.docx) but is an OpenDocument text (.odt)\n"),
            (["--file", folder + "/a.docx", "--out", folder + "/./a.docx"], 2,
             "hike-reviews: translate: --out is the input file; write the translation to another file\n"),
            (["--file", folder + "/missing.odt", "--out", folder + "/out.docx"], 1,
             "hike-reviews: translate: cannot read '\(folder)/missing.odt': No such file or directory\n"),
            (["--file", folder, "--out", folder + "/out.docx"], 1, "hike-reviews: translate: '\(folder)' is not a regular file\n"),
        ]
        for (arguments, status, message) in cases {
            let result = try await StructuredTextCommandTests.run(["translate", "--from", "es", "--to", "en"] + arguments, input: "")
            #expect(result.status == status && result.error == message, "\(arguments): \(result.status) \(result.error)")
        }
        #expect(FileManager.default.contents(atPath: folder + "/out.docx") == Data("before".utf8))
        let usage = try await StructuredTextCommandTests.run(["translate", "--to", "en", "--file", folder + "/a.docx"], input: "")
        #expect(usage.status == 2 && usage.error.hasPrefix("hike-reviews: translate: --file and --out go together (--file IN --out OUT)\n"),
                "\(usage.error)")
        let format = try await StructuredTextCommandTests.run(["translate", "--to", "en", "--format", "html", "--file", "a.html", "--out", "b.html"], input: "")
        #expect(format.status == 2 && format.error.contains("--format and --strategy are not used with --file"), "\(format.error)")
    }

    @Test(.needs(EchoArgosRepository.available && TestRepository.available, "needs the neural venv and make test's pack repository"))
    func aNeuralLegKeepsEveryPartsMarkup() async throws {
        let folder = try Self.folder()
        let store = try PacksCommandTests.freshStore()
        let urls = "file://\(try NeuralTranslateCommandTests.repository.get())/argos.json file://\(TestRepository.path)/index.json"
        let german = ["Der Weg zur Hütte war steil.", "Das Wasser war frisch."]
        try Self.write(try await DocumentFixtures.pptx(slides: german), to: folder + "/talk.pptx")
        let result = try await Subprocess.measuredOffPool(
            ["/usr/bin/env", "HIKE_REVIEWS_STORE=\(store)", "HIKE_REVIEWS_PACKS_URL=\(urls)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_PAIRS_PATH=",
             "HIKE_REVIEWS_CACHE=0", Paths.binary.path, "translate", "--from", "de", "--to", "en", "--yes", "--json",
             "--file", folder + "/talk.pptx", "--out", folder + "/out.pptx"], input: "")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("\"route\":[\"de\",\"en\"]"), "\(result.output)")
        // The echo model gives each text back: every slide is the original's, markup and text.
        for index in 1...2 {
            let name = "ppt/slides/slide\(index).xml"
            let original = try await Self.part(name, of: folder + "/talk.pptx")
            let translated = try await Self.part(name, of: folder + "/out.pptx")
            #expect(translated.split(whereSeparator: \.isWhitespace) == original.split(whereSeparator: \.isWhitespace), "\(translated)")
        }
        // Into Spanish the route mixes engines (the echo, then Apertium's eng-spa): English slides
        // labelled German come back Spanish, every run's properties in place.
        try Self.write(try await DocumentFixtures.pptx(slides: ["The house is very big.", "The water was cold."]), to: folder + "/en.pptx")
        let mixed = try await Subprocess.measuredOffPool(
            ["/usr/bin/env", "HIKE_REVIEWS_STORE=\(store)", "HIKE_REVIEWS_PACKS_URL=\(urls)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_PAIRS_PATH=",
             "HIKE_REVIEWS_CACHE=0", Paths.binary.path, "translate", "--from", "de", "--to", "es", "--yes", "--json",
             "--file", folder + "/en.pptx", "--out", folder + "/es.pptx"], input: "")
        #expect(mixed.status == 0 && mixed.output.contains("\"route\":[\"de\",\"en\",\"es\"]"), "\(mixed.output) \(mixed.error)")
        let slide = try await Self.part("ppt/slides/slide1.xml", of: folder + "/es.pptx")
        #expect(slide.contains("<a:rPr lang=\"es-ES\" b=\"1\"/><a:t>") && slide.contains("casa") && !slide.contains("house"), "\(slide)")
    }
}
