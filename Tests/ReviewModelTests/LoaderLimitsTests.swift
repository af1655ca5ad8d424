import Foundation
import ReviewModel
import TestSupport
import Testing

@Suite(.tags(.fast)) struct LoaderLimitsTests {}

extension LoaderLimitsTests {
    @Test func refusesNestingDeeperThanTheLimit() throws {
        let text = String(repeating: "[", count: 10_000)
        let error = try #require(try loadFailure(text))
        // The 65th bracket is the first one too deep.
        #expect(error == CatalogLoadError(file: "routes.json", line: 1, column: 65, message: "nesting is deeper than the limit of 64 levels"))
    }

    @Test func parsesDeepNestingWithoutRecursion() throws {
        let depth = 10_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = try #require(try loadFailure(text, limits: LoadLimits(maxDepth: depth)))
        // Parsing got through all 10,000 levels; only the catalog shape is wrong.
        #expect(error.message == "top level: expected an object, found an array")
        #expect(error.line == 1)
        #expect(error.column == 1)
    }

    @Test func ignoresDeepUnknownFieldsWithinTheLimit() throws {
        let depth = 10_000
        let deep = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let text = CatalogJSON.sample(replacing: "\"rating\": 5,", with: "\"rating\": 5, \"extra\": \(deep),")
        let catalog = try loadCatalog(text, limits: LoadLimits(maxDepth: depth + 10))
        #expect(catalog.routes[0].reviews[0].rating == 5)

        let error = try #require(try loadFailure(text))
        #expect(error.line == 18)
        // `"rating": 5, "extra": ` takes columns 11 to 32. Its first brace is level 6,
        // inside the root, routes, route, reviews and review, and level 65 is too deep.
        #expect(error.column == 33 + (65 - 6) * 5)
    }

    @Test func refusesAFileOverTheSizeLimitBeforeReadingIt() throws {
        try withTemporaryDirectory { directory in
            // 50 MiB: an opening that looks like a catalog, then spaces.
            let mebibyte = 1 << 20
            var first = Data("{\"routes\": [".utf8)
            first.append(Data(repeating: UInt8(ascii: " "), count: mebibyte - first.count))
            let url = try writeFile(first, in: directory)
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            let spaces = Data(repeating: UInt8(ascii: " "), count: mebibyte)
            for _ in 1..<50 {
                try handle.write(contentsOf: spaces)
            }
            try handle.close()

            let error = #expect(throws: CatalogLoadError.self) {
                try CatalogLoader.load(contentsOf: url)
            }
            #expect(error == CatalogLoadError(file: "routes.json", line: 0, column: 0, message: "file is 50.0 MB; the limit is 32 MB"))
            #expect(error?.description == "routes.json: file is 50.0 MB; the limit is 32 MB")
        }
    }

    @Test func refusesDataOverACustomLimit() {
        let data = Data(repeating: UInt8(ascii: " "), count: 2048)
        let error = #expect(throws: CatalogLoadError.self) {
            try CatalogLoader.decode(data, fileName: "routes.json", limits: LoadLimits(maxBytes: 1024))
        }
        #expect(error?.description == "routes.json: file is 2.0 KB; the limit is 1 KB")

        let small = #expect(throws: CatalogLoadError.self) {
            try CatalogLoader.decode(Data(count: 1001), fileName: "routes.json", limits: LoadLimits(maxBytes: 1000))
        }
        #expect(small?.message == "file is 1001 bytes; the limit is 1000 bytes")

        let unevenLimit = #expect(throws: CatalogLoadError.self) {
            try CatalogLoader.decode(Data(count: 1535), fileName: "routes.json", limits: LoadLimits(maxBytes: 1500))
        }
        #expect(unevenLimit?.message == "file is 1535 bytes; the limit is 1500 bytes")

        // Rounded, both would read "1.0 MB".
        let barelyOver = #expect(throws: CatalogLoadError.self) {
            try CatalogLoader.decode(Data(count: (1 << 20) + 1), fileName: "routes.json", limits: LoadLimits(maxBytes: 1 << 20))
        }
        #expect(barelyOver?.message == "file is 1048577 bytes; the limit is 1048576 bytes")
    }

    @Test func loadsALargeCatalog() throws {
        let expected = LargeCatalog.make(routes: 100, reviewsPerRoute: 1_000)
        let data = try JSONEncoder().encode(expected)
        #expect(data.count > 20 << 20)
        #expect(data.count < 32 << 20)
        let catalog = try withTemporaryDirectory { directory in
            try CatalogLoader.load(contentsOf: writeFile(data, in: directory))
        }
        #expect(catalog.routes.count == 100)
        #expect(catalog.routes.reduce(0) { $0 + $1.reviews.count } == 100_000)
        #expect(catalog == expected)
    }
}
