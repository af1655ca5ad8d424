import Foundation

/// A request's parameters from wherever the client put them: the query string, then a form
/// body, then a JSON object body (a later source wins). Values are strings, arrays of strings
/// (a JSON array, or a form field given more than once), JSON numbers, or something else (a JSON
/// object, ...), which the routes refuse by name. A text holding U+0000 is refused wherever it
/// came from: Apertium's pipelines read NUL as the end of a text, so it would silently cut the
/// translation.
struct RequestParameters: Sendable {
    enum Value: Sendable, Equatable {
        case text(String)
        case texts([String])
        /// A JSON number (or true or false, 1 and 0 as in Python): a count such as `alternatives`.
        case number(Double)
        /// A JSON value of another type, or an array holding one.
        case wrongType
    }

    /// A request that cannot be read: its one-line reason.
    struct Invalid: Error {
        let reason: String
    }

    private(set) var values: [String: Value] = [:]

    /// No parameters: a request whose body its route does not read.
    init() {}

    init(_ request: HTTPRequest) throws(Invalid) {
        for (name, bytes) in request.query where !name.isEmpty { values[name] = .text(try Self.text(bytes, name)) }
        if let form = try Self.form(request) {
            // A field given more than once is an array, as a JSON array would be: a batch of `q`.
            var fields: [String: [String]] = [:]
            for (name, bytes) in form { fields[name, default: []].append(try Self.text(bytes, name)) }
            for (name, texts) in fields { values[name] = texts.count == 1 ? .text(texts[0]) : .texts(texts) }
        } else if request.mediaType == "application/json" || (request.mediaType.isEmpty && request.body.first == UInt8(ascii: "{")) {
            try readJSON(request.body)
        } else if !request.body.isEmpty, request.method == "POST", !request.mediaType.isEmpty {
            throw Invalid(reason: "unsupported Content-Type '\(MicroHTTPServer.printable(request.mediaType))': send application/json or a form")
        }
    }

    subscript(name: String) -> Value? { values[name] }

    /// A parameter that must be one string when given.
    func string(_ name: String) throws(Invalid) -> String? {
        switch values[name] {
        case nil: nil
        case .text(let text): text
        default: throw Invalid(reason: "'\(name)' must be a string")
        }
    }

    private mutating func readJSON(_ body: [UInt8]) throws(Invalid) {
        guard String(validating: body, as: UTF8.self) != nil else { throw Invalid(reason: "the body is not UTF-8") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(body), options: [])
        } catch {
            throw Invalid(reason: "the body is not valid JSON")
        }
        guard let fields = object as? [String: Any] else { throw Invalid(reason: "the JSON body must be an object") }
        for (name, value) in fields {
            switch value {
            case let text as String: values[name] = .text(try Self.checked(text, name))
            case let array as [Any]:
                let texts = try array.compactMap { $0 as? String }.map { text throws(Invalid) in try Self.checked(text, name) }
                values[name] = texts.count == array.count ? .texts(texts) : .wrongType
            case is NSNull: values[name] = nil
            case let number as NSNumber: values[name] = .number(number.doubleValue)
            default: values[name] = .wrongType
            }
        }
    }

    private static func text(_ bytes: [UInt8], _ name: String) throws(Invalid) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Invalid(reason: "'\(MicroHTTPServer.printable(name, limit: 40))' is not UTF-8") }
        return try checked(text, name)
    }

    private static func checked(_ text: String, _ name: String) throws(Invalid) -> String {
        guard !text.unicodeScalars.contains("\u{0}") else {
            throw Invalid(reason: "'\(MicroHTTPServer.printable(name, limit: 40))' holds a NUL character (U+0000), which this server does not translate")
        }
        return text
    }

    /// The fields of a form body, nil when the body is no form.
    private static func form(_ request: HTTPRequest) throws(Invalid) -> [(name: String, value: [UInt8])]? {
        switch request.mediaType {
        case "application/x-www-form-urlencoded": return FormBody.urlencoded(request.body)
        case "multipart/form-data":
            guard let boundary = FormBody.boundary(request.headers["content-type"] ?? "") else {
                throw Invalid(reason: "the multipart Content-Type has no boundary of 1 to 70 characters")
            }
            do {
                return try FormBody.multipart(request.body, boundary: boundary)
            } catch {
                throw Invalid(reason: error.reason)
            }
        default: return nil
        }
    }
}
