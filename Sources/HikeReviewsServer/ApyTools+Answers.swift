/// The typed answers of APy's tools that come in its envelope (field names as APy's).
extension ApyTools {
    /// A string or a list of strings, where APy's JSON mixes them: a stage of `/pipedebug`'s
    /// pipeline (`deformat`, or a command with its arguments), a reading of `/perWord` (a
    /// disambiguated unit, or a unit's analyses).
    enum TextOrList: Codable, Equatable {
        case text(String)
        case list([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .list(try container.decode([String].self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .list(let list): try container.encode(list)
            }
        }
    }

    /// `/pipedebug`'s data: the text after each stage, and the stages that made it.
    struct PipeDebug: Codable, Equatable {
        var output: [String]
        var pipeline: [TextOrList]
    }

    /// One unit of `/perWord`: its input and the readings of each mode asked for.
    struct PerWordUnit: Codable, Equatable {
        var input: String
        var morph: TextOrList?
        var tagger: TextOrList?
        var disambig: TextOrList?
    }

    /// `/stats`' data: APy's figures, for this server's APy translations.
    struct Stats: Codable, Equatable {
        /// The figures over the last translations `requests` asked for.
        struct Period: Codable, Equatable {
            var ageFirstRequest: Double
            var charsPerSec: Double
            var requests: Int
            var totChars: Int
            var totTimeSpent: Double
        }

        var holdingPipes = 0
        var periodStats: Period
        var runningPipes: [String: Int]
        var uptime: Int
        var useCount: [String: Int]
    }
}
