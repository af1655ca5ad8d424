/// `/spec`'s Swagger 2.0 document (LibreTranslate's `/spec` is one) as typed values: the paths
/// come from the route table (`Route.documented`), each route's operation from its own
/// declaration, and `HTTPResponse.encoded` writes it like every other answer.
struct SpecDocument: Encodable, Sendable {
    struct Info: Encodable, Sendable {
        let title: String
        let version: String
        let description: String
    }

    struct Tag: Encodable, Sendable {
        let name: String
        let description: String
    }

    var swagger = "2.0"
    let info: Info
    var basePath = "/"
    let consumes: [String]
    let produces: [String]
    let tags: [Tag]
    /// Path -> lowercase method -> what the route does there.
    let paths: [String: [String: SpecOperation]]
    let definitions: [String: SpecSchema]
}

/// What a route does with one method: its summary, tag, parameters and answers by status.
struct SpecOperation: Encodable, Sendable {
    let summary: String
    let tags: [String]
    var produces: [String]?
    let parameters: [SpecParameter]
    let responses: [String: SpecAnswer]
    /// Parameters this server adds to a LibreTranslate operation, under a vendor extension
    /// (`x-extra-parameters`) so `parameters` stay LibreTranslate's for clients generated from its spec.
    var extraParameters: [SpecParameter]?

    private enum CodingKeys: String, CodingKey {
        case summary, tags, produces, parameters, responses
        case extraParameters = "x-extra-parameters"
    }

    init(_ summary: String, tag: String, produces: [String]? = nil, _ parameters: [SpecParameter], _ responses: [String: SpecAnswer]) {
        self.summary = summary
        self.tags = [tag]
        self.produces = produces
        self.parameters = parameters
        self.responses = responses
    }
}

/// One parameter, in the query or the form (a JSON body's fields are documented as form data).
struct SpecParameter: Encodable, Sendable {
    let place: String
    let name: String
    let type: String
    let required: Bool
    let description: String
    var items: SpecSchema?
    var collectionFormat: String?
    var enumeration: [String]?

    enum CodingKeys: String, CodingKey {
        case place = "in", name, type, required, description, items, collectionFormat, enumeration = "enum"
    }

    /// A form (or JSON body) field; an array one is a repeated field (`collectionFormat: multi`).
    static func form(_ name: String, _ type: String, _ description: String, required: Bool = false,
                     items: Bool = false, enumeration: [String]? = nil) -> SpecParameter {
        SpecParameter(place: "formData", name: name, type: type, required: required, description: description,
                      items: items ? .string : nil, collectionFormat: items ? "multi" : nil, enumeration: enumeration)
    }

    /// A query parameter (a string).
    static func query(_ name: String, _ description: String, required: Bool = false, enumeration: [String]? = nil) -> SpecParameter {
        SpecParameter(place: "query", name: name, type: "string", required: required, description: description, enumeration: enumeration)
    }

    /// An uploaded file in a multipart form.
    static func file(_ name: String, _ description: String) -> SpecParameter {
        SpecParameter(place: "formData", name: name, type: "file", required: true, description: description)
    }
}

/// One answer of an operation: what it means, its body's schema and headers worth naming.
struct SpecAnswer: Encodable, Sendable {
    let description: String
    var schema: SpecSchema?
    var headers: [String: SpecSchema]?

    init(_ description: String, schema: SpecSchema?, headers: [String: SpecSchema]? = nil) {
        self.description = description
        self.schema = schema
        self.headers = headers
    }
}

/// A JSON schema as Swagger 2.0 has it: only the members the documents here use.
final class SpecSchema: Encodable, Sendable {
    let type: String?
    let format: String?
    let description: String?
    let example: String?
    let minimum: Int?
    let maximum: Int?
    let items: SpecSchema?
    let properties: [String: SpecSchema]?
    let additionalProperties: SpecSchema?
    let required: [String]?
    let reference: String?

    enum CodingKeys: String, CodingKey {
        case type, format, description, example, minimum, maximum, items, properties, additionalProperties, required
        case reference = "$ref"
    }

    init(type: String? = nil, format: String? = nil, description: String? = nil, example: String? = nil,
         minimum: Int? = nil, maximum: Int? = nil, items: SpecSchema? = nil, properties: [String: SpecSchema]? = nil,
         additionalProperties: SpecSchema? = nil, required: [String]? = nil, reference: String? = nil) {
        self.type = type
        self.format = format
        self.description = description
        self.example = example
        self.minimum = minimum
        self.maximum = maximum
        self.items = items
        self.properties = properties
        self.additionalProperties = additionalProperties
        self.required = required
        self.reference = reference
    }

    static let string = SpecSchema(type: "string")
    static let integer = SpecSchema(type: "integer")
    static let number = SpecSchema(type: "number")
    static let boolean = SpecSchema(type: "boolean")
    static let file = SpecSchema(type: "file")
    /// An object whose members are not described further.
    static let anyObject = SpecSchema(type: "object")

    static func object(_ properties: [String: SpecSchema], required: [String]? = nil) -> SpecSchema {
        SpecSchema(type: "object", properties: properties, required: required)
    }

    static func array(of items: SpecSchema) -> SpecSchema { SpecSchema(type: "array", items: items) }

    /// An object mapping any key to `values`.
    static func map(of values: SpecSchema) -> SpecSchema { SpecSchema(type: "object", additionalProperties: values) }

    /// A definition of the document, by name.
    static func named(_ name: String) -> SpecSchema { SpecSchema(reference: "#/definitions/\(name)") }

    /// A member that is only described (its type varies).
    static func described(_ description: String) -> SpecSchema { SpecSchema(description: description) }
}
