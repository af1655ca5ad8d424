/// The typed answers of APy's tools that come in its envelope (field names as APy's).
extension ApyTools {
    /// `/pipedebug`'s data: the text after each stage, and the stages that made it.
    struct PipeDebug: Codable, Equatable {
        /// A stage as APy lists it: a name (`deformat`) or a command with its arguments.
        enum Step: Codable, Equatable {
            case name(String)
            case command([String])

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let name = try? container.decode(String.self) {
                    self = .name(name)
                } else {
                    self = .command(try container.decode([String].self))
                }
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .name(let name): try container.encode(name)
                case .command(let command): try container.encode(command)
                }
            }
        }

        var output: [String]
        var pipeline: [Step]
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
