import Foundation

/// A request's parameters from wherever the client put them: the query string, then a form
/// body, then a JSON object body (a later source wins). Values are strings, arrays of strings,
/// or something else (a JSON number, object, ...), which the routes refuse by name.
struct RequestParameters: Sendable {
    enum Value: Sendable, Equatable {
        case text(String)
        case texts([String])
        /// A JSON value of another type, or an array holding one.
        case wrongType
    }

    /// A request that cannot be read: its one-line reason.
    struct Invalid: Error {
        let reason: String
    }

    private(set) var values: [String: Value] = [:]

    init(_ request: HTTPRequest) throws(Invalid) {
        for (name, bytes) in request.query { values[name] = .text(try Self.text(bytes, name)) }
        if let form = request.form {
            for (name, bytes) in form { values[name] = .text(try Self.text(bytes, name)) }
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
            case let text as String: values[name] = .text(text)
            case let array as [Any]:
                let texts = array.compactMap { $0 as? String }
                values[name] = texts.count == array.count ? .texts(texts) : .wrongType
            case is NSNull: values[name] = nil
            default: values[name] = .wrongType
            }
        }
    }

    private static func text(_ bytes: [UInt8], _ name: String) throws(Invalid) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Invalid(reason: "'\(name)' is not UTF-8") }
        return text
    }
}
