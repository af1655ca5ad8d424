import Foundation
import ReviewModel
import TestSupport
import Testing

@Suite(.tags(.fast)) struct LoaderSyntaxTests {}

extension LoaderSyntaxTests {
    static let malformed: [ExpectedFailure] = [
        ExpectedFailure(
            name: "empty file",
            json: "",
            line: 1, column: 1, message: "file is empty"
        ),
        ExpectedFailure(
            name: "only whitespace",
            json: "  \n ",
            line: 2, column: 2, message: "unexpected end of file; expected a JSON value"
        ),
        ExpectedFailure(
            name: "unexpected character",
            json: CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\": *5"),
            line: 18, column: 21, message: "unexpected character \"*\"; expected a JSON value"
        ),
        ExpectedFailure(
            name: "unexpected non-ASCII character",
            json: CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\": é"),
            line: 18, column: 21, message: "unexpected character \"é\"; expected a JSON value"
        ),
        ExpectedFailure(
            name: "NaN is not JSON",
            json: CatalogJSON.sample(replacing: "\"lengthKm\": 12", with: "\"lengthKm\": NaN"),
            line: 8, column: 19, message: "unexpected character \"N\"; expected a JSON value"
        ),
        ExpectedFailure(
            name: "unterminated string at end of file",
            json: #"{"routes": [], "note": "abc"#,
            line: 1, column: 24, message: "unterminated string"
        ),
        ExpectedFailure(
            name: "line break inside a string",
            json: CatalogJSON.sample(replacing: "\"Precioso.\"", with: "\"Precioso."),
            line: 19, column: 19,
            message: "unterminated string (a line break inside a string must be written as \\n)"
        ),
        ExpectedFailure(
            name: "raw control character in a string",
            json: CatalogJSON.sample(replacing: "Precioso.", with: "Pre\u{07}cioso."),
            line: 19, column: 23, message: "control character \"\\u0007\" must be escaped in a string"
        ),
        ExpectedFailure(
            name: "backslash at end of file",
            json: #"{"routes": [], "x": "ab\"#,
            line: 1, column: 21, message: "unterminated string"
        ),
        ExpectedFailure(
            name: "bad escape",
            json: CatalogJSON.sample(replacing: "Precioso.", with: #"Pre\qcioso."#),
            line: 19, column: 23, message: #"invalid escape "\\q" in string"#
        ),
        ExpectedFailure(
            name: "bad unicode escape",
            json: CatalogJSON.sample(replacing: "Precioso.", with: #"\u12G4"#),
            line: 19, column: 20, message: #"invalid \u escape; expected four hex digits"#
        ),
        ExpectedFailure(
            name: "lone high surrogate",
            json: CatalogJSON.sample(replacing: "Precioso.", with: #"\uD83D tail"#),
            line: 19, column: 20, message: #"unpaired surrogate \uD83D in string"#
        ),
        ExpectedFailure(
            name: "high surrogate followed by a non-surrogate escape",
            json: CatalogJSON.sample(replacing: "Precioso.", with: #"ok \uD83D\u0041"#),
            line: 19, column: 23, message: #"unpaired surrogate \uD83D in string"#
        ),
        ExpectedFailure(
            name: "lone low surrogate",
            json: CatalogJSON.sample(replacing: "Precioso.", with: #"\uDE00\uD83D"#),
            line: 19, column: 20, message: #"unpaired surrogate \uDE00 in string"#
        ),
        ExpectedFailure(
            name: "trailing garbage",
            json: CatalogJSON.sample + "x",
            line: 32, column: 1, message: "unexpected character \"x\" after the top-level value"
        ),
        ExpectedFailure(
            name: "second top-level value",
            json: #"{"routes": []} {}"#,
            line: 1, column: 16, message: "unexpected character \"{\" after the top-level value"
        ),
        ExpectedFailure(
            name: "trailing comma in an array",
            json: CatalogJSON.sample(replacing: "        }\n      ]", with: "        },\n      ]"),
            line: 27, column: 10, message: "trailing comma before \"]\""
        ),
        ExpectedFailure(
            name: "trailing comma in an object",
            json: CatalogJSON.sample(replacing: "\"Fin tur.\"", with: "\"Fin tur.\","),
            line: 26, column: 29, message: "trailing comma before \"}\""
        ),
        ExpectedFailure(
            name: "missing comma",
            json: CatalogJSON.sample(replacing: "\"rating\": 5,", with: "\"rating\": 5"),
            line: 19, column: 11, message: #"unexpected character "\""; expected "," or "}""#
        ),
        ExpectedFailure(
            name: "missing colon",
            json: CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\" 5"),
            line: 18, column: 20, message: #"unexpected character "5"; expected ":" after the key"#
        ),
        ExpectedFailure(
            name: "unquoted key",
            json: #"{routes: []}"#,
            line: 1, column: 2, message: #"unexpected character "r"; expected a string key"#
        ),
        ExpectedFailure(
            name: "leading zero",
            json: CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\": 05"),
            line: 18, column: 21, message: "numbers must not have leading zeros"
        ),
        ExpectedFailure(
            name: "decimal point without digits",
            json: CatalogJSON.sample(replacing: "\"lengthKm\": 12", with: "\"lengthKm\": 12."),
            line: 8, column: 22, message: #"unexpected character ","; expected a digit after the decimal point"#
        ),
        ExpectedFailure(
            name: "exponent without digits",
            json: CatalogJSON.sample(replacing: "\"lengthKm\": 12", with: "\"lengthKm\": 1e"),
            line: 8, column: 21, message: #"unexpected character ","; expected a digit in the exponent"#
        ),
        ExpectedFailure(
            name: "minus without digits",
            json: CatalogJSON.sample(replacing: "\"lengthKm\": 12", with: "\"lengthKm\": -x"),
            line: 8, column: 20, message: #"unexpected character "x"; expected a digit after "-""#
        ),
        ExpectedFailure(
            name: "misspelled literal",
            json: CatalogJSON.sample(replacing: "\"rating\": 5", with: "\"rating\": tru"),
            line: 18, column: 21, message: "invalid literal; expected true"
        ),
        ExpectedFailure(
            name: "end of file inside an array",
            json: #"{"routes": ["#,
            line: 1, column: 13, message: "unexpected end of file; expected a JSON value"
        ),
        ExpectedFailure(
            name: "end of file inside an object",
            json: #"{"routes": []"#,
            line: 1, column: 14, message: #"unexpected end of file; expected "," or "}""#
        ),
    ]

    @Test(arguments: malformed)
    func reportsMalformedJSON(_ expected: ExpectedFailure) throws {
        let error = try #require(try loadFailure(expected.json))
        #expect(error == CatalogLoadError(file: "routes.json", line: expected.line, column: expected.column, message: expected.message))
        #expect(error.description == "routes.json:\(expected.line):\(expected.column): \(expected.message)")
    }
}

extension LoaderSyntaxTests {
    /// `sample` with `target` replaced by raw bytes that need not be valid UTF-8.
    private func sampleBytes(replacing target: String, with bytes: [UInt8]) -> Data {
        let parts = CatalogJSON.sample.components(separatedBy: target)
        precondition(parts.count == 2)
        return Data(parts[0].utf8) + Data(bytes) + Data(parts[1].utf8)
    }

    @Test func reportsAnInvalidByteInAString() throws {
        let data = sampleBytes(replacing: "Precioso.", with: Array("Prec".utf8) + [0xFF] + Array("ioso.".utf8))
        let error = try #require(try loadFailure(data))
        #expect(error == CatalogLoadError(file: "routes.json", line: 19, column: 24, message: "invalid UTF-8 byte 0xFF"))
    }

    @Test func countsColumnsInScalarsBeforeAnInvalidByte() throws {
        // "Ñandú" is 7 bytes but 5 scalars; 0xC3 is then cut short by "x".
        let data = sampleBytes(replacing: "Precioso.", with: Array("Ñandú".utf8) + [0xC3] + Array("x".utf8))
        let error = try #require(try loadFailure(data))
        #expect(error == CatalogLoadError(file: "routes.json", line: 19, column: 25, message: "invalid UTF-8 byte 0xC3"))
    }

    @Test func rejectsOverlongAndSurrogateEncodings() throws {
        let overlong = try #require(try loadFailure(sampleBytes(replacing: "Precioso.", with: [0xC0, 0xAF])))
        #expect(overlong.message == "invalid UTF-8 byte 0xC0")
        #expect(overlong.column == 20)

        let surrogate = try #require(try loadFailure(sampleBytes(replacing: "Precioso.", with: [0x41, 0xED, 0xA0, 0x80])))
        #expect(surrogate.message == "invalid UTF-8 byte 0xED")
        #expect(surrogate.column == 21)

        let beyondUnicode = try #require(try loadFailure(sampleBytes(replacing: "Precioso.", with: [0xF4, 0x90, 0x80, 0x80])))
        #expect(beyondUnicode.message == "invalid UTF-8 byte 0xF4")
    }

    @Test func reportsAnInvalidByteOutsideStrings() throws {
        let data = sampleBytes(replacing: "\"rating\": 5", with: Array("\"rating\": ".utf8) + [0xFE])
        let error = try #require(try loadFailure(data))
        #expect(error == CatalogLoadError(file: "routes.json", line: 18, column: 21, message: "invalid UTF-8 byte 0xFE"))
    }

    @Test func reportsASequenceCutOffByTheEndOfFile() throws {
        let data = Data(#"{"routes": [], "x": "ab"#.utf8) + Data([0xE2, 0x82])
        let error = try #require(try loadFailure(data))
        #expect(error == CatalogLoadError(file: "routes.json", line: 1, column: 24, message: "invalid UTF-8 byte 0xE2"))
    }
}
