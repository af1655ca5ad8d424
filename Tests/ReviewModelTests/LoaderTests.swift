import Foundation
import ReviewModel
import TestSupport
import Testing

@Suite(.tags(.fast)) struct LoaderTests {}

extension LoaderTests {
    @Test func loadsAValidCatalog() throws {
        let catalog = try loadCatalog(CatalogJSON.sample)
        #expect(catalog == RouteCatalog(routes: [CatalogJSON.sampleRoute]))
    }

    @Test func roundTripsThroughJSONEncoder() throws {
        let original = try loadCatalog(CatalogJSON.catalog([
            CatalogJSON.route(id: "cares-gorge"),
            CatalogJSON.route(id: "besseggen"),
        ]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(original)
        let reloaded = try withTemporaryDirectory { directory in
            try CatalogLoader.load(contentsOf: writeFile(data, named: "encoded.json", in: directory))
        }
        #expect(reloaded == original)
        #expect(reloaded.routes.map(\.id) == ["cares-gorge", "besseggen"])
    }

    @Test func decodesFromDataWithTheGivenFileName() throws {
        let catalog = try CatalogLoader.decode(Data(CatalogJSON.sample.utf8), fileName: "inline.json")
        #expect(catalog.routes.count == 1)

        let error = #expect(throws: CatalogLoadError.self) {
            try CatalogLoader.decode(Data("[]".utf8), fileName: "inline.json")
        }
        #expect(error?.description == "inline.json:1:1: top level: expected an object, found an array")
    }

    @Test func ignoresUnknownFields() throws {
        let text = CatalogJSON.sample(
            replacing: "\"rating\": 5,",
            with: #""rating": 5, "helpful": {"votes": [1, -2.5e-3, true, false, null, {"deep": ["x", {}, []]}]}, "photo": null,"#
        )
        let catalog = try loadCatalog(text)
        #expect(catalog.routes[0].reviews[0].rating == 5)
    }

    @Test func acceptsWholeDecimalsAsIntegers() throws {
        var text = CatalogJSON.sample(replacing: "\"ascentM\": 350", with: "\"ascentM\": 850.0")
        text = CatalogJSON.replacingOnce("\"rating\": 5", with: "\"rating\": 4.0", in: text)
        text = CatalogJSON.replacingOnce("\"rating\": 4,", with: "\"rating\": 3e0,", in: text)
        let route = try loadCatalog(text).routes[0]
        #expect(route.ascentM == 850)
        #expect(route.reviews.map(\.rating) == [4, 3])
    }

    @Test func acceptsNumbersWithExponents() throws {
        var text = CatalogJSON.sample(replacing: "\"lengthKm\": 12", with: "\"lengthKm\": 1.25E+1")
        text = CatalogJSON.replacingOnce("\"ascentM\": 350", with: "\"ascentM\": 8.5e2", in: text)
        let route = try loadCatalog(text).routes[0]
        #expect(route.lengthKm == 12.5)
        #expect(route.ascentM == 850)
    }

    @Test func resolvesStringEscapes() throws {
        let text = CatalogJSON.sample(
            replacing: "\"Precioso.\"",
            with: #""Caf\u00e9 \ud83d\ude00 \"quoted\" a\/b\\c\n\t\u0041""#
        )
        let review = try loadCatalog(text).routes[0].reviews[0]
        #expect(review.text == "Café 😀 \"quoted\" a/b\\c\n\tA")
    }

    @Test func keepsNonASCIITextIntact() throws {
        let text = CatalogJSON.sample(replacing: "Precioso.", with: "Ñandú, Ærø og 東京 🏔️")
        #expect(try loadCatalog(text).routes[0].reviews[0].text == "Ñandú, Ærø og 東京 🏔️")
    }

    @Test func acceptsLeapDays() throws {
        let text = CatalogJSON.sample(replacing: "2024-05-01", with: "2024-02-29")
        #expect(try loadCatalog(text).routes[0].reviews[0].date == "2024-02-29")
    }

    @Test func skipsAByteOrderMark() throws {
        let error = try loadFailure(Data([0xEF, 0xBB, 0xBF]) + Data("[]".utf8))
        #expect(error == CatalogLoadError(file: "routes.json", line: 1, column: 1, message: "top level: expected an object, found an array"))

        let data = Data([0xEF, 0xBB, 0xBF]) + Data(CatalogJSON.sample.utf8)
        #expect(try loadFailure(data) == nil)
    }

    @Test func countsCRLFAsOneLineBreak() throws {
        let text = CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\": \"5\"")
            .replacingOccurrences(of: "\n", with: "\r\n")
        let error = try #require(try loadFailure(text))
        #expect(error.line == 18)
        #expect(error.column == 21)
    }

    @Test func reportsAMissingFile() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("missing.json")
            let error = #expect(throws: CatalogLoadError.self) {
                try CatalogLoader.load(contentsOf: url)
            }
            #expect(error?.file == "missing.json")
            #expect(error?.line == 0)
            #expect(error?.column == 0)
            #expect(error?.message == "no such file: \(url.path)")
            #expect(error?.description == "missing.json: no such file: \(url.path)")
        }
    }

    @Test func reportsADirectory() throws {
        try withTemporaryDirectory { directory in
            let error = #expect(throws: CatalogLoadError.self) {
                try CatalogLoader.load(contentsOf: directory)
            }
            #expect(error?.line == 0)
            #expect(error?.message == "\(directory.path) is a directory, not a regular file")
        }
    }

    @Test func refusesANonFileURL() throws {
        let url = try #require(URL(string: "https://example.com/routes.json"))
        let error = #expect(throws: CatalogLoadError.self) {
            try CatalogLoader.load(contentsOf: url)
        }
        #expect(error?.description == "routes.json: not a file URL: https://example.com/routes.json")
    }

    @Test func refusesDevicesBeforeReadingThem() {
        // /dev/zero never ends and /dev/tty would wait for the keyboard: neither is opened.
        for device in ["/dev/zero", "/dev/null"] {
            let error = #expect(throws: CatalogLoadError.self) {
                try CatalogLoader.load(contentsOf: URL(fileURLWithPath: device), limits: LoadLimits(maxBytes: 4096))
            }
            #expect(error?.message == "\(device) is a character device, not a regular file")
        }
    }

    @Test func refusesAFIFOWithoutOpeningIt() throws {
        // Opening a FIFO nobody writes would block for ever.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString).json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        let error = #expect(throws: CatalogLoadError.self) {
            try CatalogLoader.load(contentsOf: fifo)
        }
        #expect(error?.message == "\(fifo.path) is a FIFO, not a regular file")
    }

    @Test func escapesControlCharactersInTheFileName() {
        let error = CatalogLoadError(file: "bad\nname.json", line: 2, column: 3, message: "m")
        #expect(error.description == "bad\\nname.json:2:3: m")
    }
}
