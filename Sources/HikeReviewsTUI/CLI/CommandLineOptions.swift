import TranslationEngine

/// What the command line asked for.
enum Invocation: Equatable {
    case browse(data: String?, target: String?)
    case detect(json: Bool, files: [String])
    case help
    case version
}

/// A command-line mistake: printed with the usage, exit status 2.
struct UsageError: Error, Equatable {
    var message: String
}

/// Parses `hike-reviews`' arguments (without the program name).
enum CommandLineOptions {
    static let version = "0.1.0"

    static let usage = """
        usage: hike-reviews [--data PATH] [--target LANG]
               hike-reviews detect [--json] [FILE...]
               hike-reviews --help | --version
        """

    static let help = """
        hike-reviews: hiking routes across Europe and their reviews in any language, in the terminal.

        \(usage)

        Browse (the default):
          --data PATH      routes.json, or a folder that holds one. Without it: $HIKE_REVIEWS_DATA,
                           else ./sample-data/routes.json, else the sample-data folder of the
                           checkout the binary was built in.
          --target LANG    the language to translate into (BCP 47, e.g. en, es, pt-BR). Default:
                           from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en.

        detect: identify the language of texts, one per line, from the files or standard input.
          Prints TAG<TAB>CONFIDENCE<TAB>reliable|unreliable per input line; TAG is und when the
          text is too short or ambiguous. --json prints one JSON object per line instead.

        In the app press ? for the keys. Exit status: 0 done, 1 error, 2 usage error.
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var rest = arguments[...]
        if let first = rest.first, first == "detect" {
            rest = rest.dropFirst()
            return try parseDetect(rest)
        }
        var data: String?
        var target: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "-V", "--version": return .version
            case "--data":
                data = try value(of: argument, from: &rest)
            case "--target":
                let tag = try value(of: argument, from: &rest)
                guard PreferredLanguage.isWellFormedTag(tag) else {
                    throw UsageError(message: "--target: '\(tag)' is not a language tag (try en, es or pt-BR)")
                }
                target = tag
            default:
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                    rest.insert(contentsOf: [String(argument[..<equals]), String(argument[argument.index(after: equals)...])], at: rest.startIndex)
                    continue
                }
                throw UsageError(message: argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
            }
        }
        return .browse(data: data, target: target)
    }

    private static func parseDetect(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var json = false
        var files: [String] = []
        var onlyFiles = false
        for argument in arguments {
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
                continue
            }
            switch argument {
            case "--json": json = true
            case "--": onlyFiles = true
            case "-h", "--help": return .help
            default: throw UsageError(message: "detect: unknown option '\(argument)'")
            }
        }
        return .detect(json: json, files: files)
    }

    private static func value(of option: String, from rest: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let value = rest.popFirst(), !value.isEmpty else {
            throw UsageError(message: "\(option) needs a value")
        }
        return value
    }
}
