import Foundation
import ReviewModel
import TestSupport
import Testing

@Suite(.tags(.fast)) struct LoaderSchemaTests {}

extension LoaderSchemaTests {
    static let invalid: [ExpectedFailure] = [
        ExpectedFailure(
            name: "top level is not an object",
            json: "[]",
            line: 1, column: 1, message: "top level: expected an object, found an array"
        ),
        ExpectedFailure(
            name: "routes missing",
            json: #"{"routers": []}"#,
            line: 1, column: 1, message: #"missing field "routes""#
        ),
        ExpectedFailure(
            name: "routes is not an array",
            json: #"{"routes": {}}"#,
            line: 1, column: 12, message: "routes: expected an array, found an object"
        ),
        ExpectedFailure(
            name: "route is not an object",
            json: #"{"routes": [42]}"#,
            line: 1, column: 13, message: "route 1: expected an object, found a number"
        ),
        ExpectedFailure(
            name: "missing field in the third route",
            json: CatalogJSON.catalog([
                CatalogJSON.route(id: "besseggen"),
                CatalogJSON.route(id: "tour-du-mont-blanc"),
                CatalogJSON.replacingOnce("      \"country\": \"ES\",\n", with: "", in: CatalogJSON.route(id: "cares-gorge")),
            ]),
            line: 57, column: 5, message: #"route 3 ("cares-gorge"): missing field "country""#
        ),
        ExpectedFailure(
            name: "missing field in a review",
            json: CatalogJSON.sample(replacing: ",\n          \"text\": \"Precioso.\"", with: ""),
            line: 14, column: 9, message: #"route 1 ("cares-gorge"), review 1 ("r1"): missing field "text""#
        ),
        ExpectedFailure(
            name: "missing id",
            json: CatalogJSON.sample(replacing: "      \"id\": \"cares-gorge\",\n", with: ""),
            line: 3, column: 5, message: #"route 1: missing field "id""#
        ),
        ExpectedFailure(
            name: "number given as a string",
            json: CatalogJSON.sample(replacing: "\"lengthKm\": 12", with: "\"lengthKm\": \"12\""),
            line: 8, column: 19, message: #"route 1 ("cares-gorge"): lengthKm: expected a number, found a string"#
        ),
        ExpectedFailure(
            name: "rating given as a string",
            json: CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\": \"5\""),
            line: 18, column: 21,
            message: #"route 1 ("cares-gorge"), review 1 ("r1"): rating: expected an integer, found a string"#
        ),
        ExpectedFailure(
            name: "rating given as a boolean",
            json: CatalogJSON.sample(replacing: "\"rating\": 4", with: "\"rating\": true"),
            line: 25, column: 21,
            message: #"route 1 ("cares-gorge"), review 2 ("r2"): rating: expected an integer, found a boolean"#
        ),
        ExpectedFailure(
            name: "string given as null",
            json: CatalogJSON.sample(replacing: "\"country\": \"ES\"", with: "\"country\": null"),
            line: 6, column: 18, message: #"route 1 ("cares-gorge"): country: expected a string, found null"#
        ),
        ExpectedFailure(
            name: "reviews given as an object",
            json: CatalogJSON.sample(replacing: "\"reviews\": [", with: "\"reviews\": {}, \"old\": ["),
            line: 13, column: 18, message: #"route 1 ("cares-gorge"): reviews: expected an array, found an object"#
        ),
        ExpectedFailure(
            name: "rating above 5",
            json: CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\": 7"),
            line: 18, column: 21, message: #"route 1 ("cares-gorge"), review 1 ("r1"): rating: must be from 1 to 5, found 7"#
        ),
        ExpectedFailure(
            name: "rating of 0",
            json: CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\": 0"),
            line: 18, column: 21, message: #"route 1 ("cares-gorge"), review 1 ("r1"): rating: must be from 1 to 5, found 0"#
        ),
        ExpectedFailure(
            name: "fractional rating",
            json: CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\": 4.5"),
            line: 18, column: 21, message: #"route 1 ("cares-gorge"), review 1 ("r1"): rating: expected an integer, found 4.5"#
        ),
        ExpectedFailure(
            name: "fractional ascent",
            json: CatalogJSON.sample(replacing: "\"ascentM\": 350", with: "\"ascentM\": 850.5"),
            line: 9, column: 18, message: #"route 1 ("cares-gorge"): ascentM: expected an integer, found 850.5"#
        ),
        ExpectedFailure(
            name: "integer too large",
            json: CatalogJSON.sample(replacing: "\"ascentM\": 350", with: "\"ascentM\": 1e30"),
            line: 9, column: 18, message: #"route 1 ("cares-gorge"): ascentM: 1e30 is out of range"#
        ),
        ExpectedFailure(
            name: "number too large for a double",
            json: CatalogJSON.sample(replacing: "\"lengthKm\": 12", with: "\"lengthKm\": 1e400"),
            line: 8, column: 19, message: #"route 1 ("cares-gorge"): lengthKm: 1e400 is out of range"#
        ),
        ExpectedFailure(
            name: "negative length",
            json: CatalogJSON.sample(replacing: "\"lengthKm\": 12", with: "\"lengthKm\": -3.5"),
            line: 8, column: 19, message: #"route 1 ("cares-gorge"): lengthKm: must not be negative, found -3.5"#
        ),
        ExpectedFailure(
            name: "negative ascent",
            json: CatalogJSON.sample(replacing: "\"ascentM\": 350", with: "\"ascentM\": -350.0"),
            line: 9, column: 18, message: #"route 1 ("cares-gorge"): ascentM: must not be negative, found -350"#
        ),
        ExpectedFailure(
            name: "malformed date",
            json: CatalogJSON.sample(replacing: "2024-05-01", with: "2024-5-1"),
            line: 17, column: 19,
            message: #"route 1 ("cares-gorge"), review 1 ("r1"): date: expected a date as YYYY-MM-DD, found "2024-5-1""#
        ),
        ExpectedFailure(
            name: "date with a time",
            json: CatalogJSON.sample(replacing: "2024-05-01", with: "2024-05-01T10:00:00Z"),
            line: 17, column: 19,
            message: #"route 1 ("cares-gorge"), review 1 ("r1"): date: expected a date as YYYY-MM-DD, found "2024-05-01T10:00:00Z""#
        ),
        ExpectedFailure(
            name: "date that does not exist",
            json: CatalogJSON.sample(replacing: "2024-06-12", with: "2023-02-29"),
            line: 24, column: 19,
            message: #"route 1 ("cares-gorge"), review 2 ("r2"): date: "2023-02-29" is not a calendar date"#
        ),
        ExpectedFailure(
            name: "empty route id",
            json: CatalogJSON.sample(replacing: "\"id\": \"cares-gorge\"", with: "\"id\": \"\""),
            line: 4, column: 13, message: "route 1: id: must not be empty"
        ),
        ExpectedFailure(
            name: "duplicate route id",
            json: CatalogJSON.catalog([
                CatalogJSON.route(id: "besseggen"),
                CatalogJSON.route(id: "cares-gorge"),
                CatalogJSON.route(id: "besseggen"),
            ]),
            line: 58, column: 13, message: #"route 3 ("besseggen"): id: duplicate route id; route 1 already uses it"#
        ),
        ExpectedFailure(
            name: "duplicate review id",
            json: CatalogJSON.sample(replacing: "\"id\": \"r2\"", with: "\"id\": \"r1\""),
            line: 22, column: 17,
            message: #"route 1 ("cares-gorge"), review 2 ("r1"): id: duplicate review id; review 1 of this route already uses it"#
        ),
        ExpectedFailure(
            name: "duplicate field",
            json: CatalogJSON.sample(replacing: "\"rating\": 5,", with: "\"rating\": 5, \"rating\": 4,"),
            line: 18, column: 24, message: #"route 1 ("cares-gorge"), review 1 ("r1"): duplicate field "rating""#
        ),
    ]

    @Test(arguments: invalid)
    func reportsSchemaErrors(_ expected: ExpectedFailure) throws {
        let error = try #require(try loadFailure(expected.json))
        #expect(error == CatalogLoadError(file: "routes.json", line: expected.line, column: expected.column, message: expected.message))
    }

    @Test func allowsTheSameReviewIDInDifferentRoutes() throws {
        let catalog = try loadCatalog(CatalogJSON.catalog([
            CatalogJSON.route(id: "besseggen"),
            CatalogJSON.route(id: "cares-gorge"),
        ]))
        #expect(catalog.routes.map { $0.reviews.map(\.id) } == [["r1", "r2"], ["r1", "r2"]])
    }
}

extension LoaderSchemaTests {
    /// True when `text` holds a scalar that could break a one-line message or drive a terminal.
    private func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{202E}" }
    }

    @Test func escapesControlCharactersFromABadField() throws {
        let text = CatalogJSON.sample(replacing: "2024-05-01", with: #"2024-05-01\u001b[2J\r\n"#)
        let error = try #require(try loadFailure(text))
        #expect(error.line == 17)
        #expect(error.column == 19)
        #expect(error.message == #"route 1 ("cares-gorge"), review 1 ("r1"): date: expected a date as YYYY-MM-DD, found "2024-05-01\u001B[2J\r\n""#)
        #expect(!hasControlCharacters(error.description))
    }

    @Test func escapesControlCharactersInIdentifiers() throws {
        let text = CatalogJSON.catalog([
            CatalogJSON.replacingOnce("      \"country\": \"ES\",\n", with: "", in: CatalogJSON.route(id: #"evil\n\u202Eid\u0007"#)),
        ])
        let error = try #require(try loadFailure(text))
        #expect(error.message == #"route 1 ("evil\n\u202Eid\u0007"): missing field "country""#)
        #expect(!hasControlCharacters(error.description))
    }

    @Test func shortensLongValuesInMessages() throws {
        let longDate = String(repeating: "9", count: 100)
        let error = try #require(try loadFailure(CatalogJSON.sample(replacing: "2024-05-01", with: longDate)))
        let shown = String(repeating: "9", count: 48) + "…"
        #expect(error.message == #"route 1 ("cares-gorge"), review 1 ("r1"): date: expected a date as YYYY-MM-DD, found ""# + shown + "\"")
    }
}
