/// LibreTranslate's answers as typed values, encoded by `HTTPResponse.encoded` into the bytes its
/// clients read (field names as LibreTranslate's).
extension LibreTranslateRoutes {
    /// `{"error": ...}`: every refusal.
    struct Failure: Codable, Equatable {
        var error: String
    }

    /// `/health`.
    struct Health: Codable, Equatable {
        var status = "ok"
    }

    /// One language of `/languages`.
    struct Language: Codable, Equatable {
        var code: String
        var name: String
        var targets: [String]
    }

    /// A language named in `/frontend/settings`.
    struct NamedLanguage: Codable, Equatable {
        var code: String
        var name: String
    }

    /// `/frontend/settings`: what LibreTranslate's front end reads.
    struct Settings: Codable, Equatable {
        struct Pair: Codable, Equatable {
            var source: NamedLanguage
            var target: NamedLanguage
        }

        var apiKeys: Bool
        var charLimit: Int
        var filesTranslation = false
        var frontendTimeout = 500
        var keyRequired: Bool
        var language: Pair
        var suggestions = false
        var supportedFilesFormat: [String] = []
    }

    /// A guessed language with its confidence (0-100): `/detect`'s entries, `/translate`'s `detectedLanguage`.
    struct Detection: Codable, Equatable {
        var confidence: Double
        var language: String
    }

    /// `/translate`'s answer: each field one value for one text, a list for a `q` array.
    struct Translation: Encodable {
        var translatedText: OneOrMany<String>
        var detectedLanguage: OneOrMany<Detection>?
        var alternatives: OneOrMany<[String]>?
    }

    /// A value for a request of one text, or the list of them for a `q` array.
    enum OneOrMany<Element: Encodable>: Encodable {
        case one(Element)
        case many([Element])

        /// `values[0]` alone, or all of them when the request sent an array.
        init(_ values: [Element], isArray: Bool) {
            self = isArray ? .many(values) : .one(values[0])
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .one(let value): try container.encode(value)
            case .many(let values): try container.encode(values)
            }
        }
    }
}
