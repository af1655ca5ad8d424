import Testing

/// A broken document and the position and message it must be reported with.
struct ExpectedFailure: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let line: Int
    let column: Int
    let message: String

    var testDescription: String { name }
}
