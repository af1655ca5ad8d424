import TranslationEngine

/// What the command line asked for.
enum Invocation: Equatable {
    case browse(data: String?, target: String?)
    case detect(json: Bool, files: [String])
    case translate(from: String?, to: String, json: Bool, files: [String])
    case availability(from: String, to: String)
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
               hike-reviews translate --to LANG [--from LANG] [--json] [FILE...]
               hike-reviews availability FROM TO
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

        translate: translate texts, one per line, from the files or standard input, offline with
          the Apertium pairs on this machine (Debian's, and the data roots named in
          HIKE_REVIEWS_PAIRS_PATH). One output line per input line, in order. Without --from the
          language of each line is detected. --json prints one JSON object per line.
        availability: prints installed, supported or unsupported for a language pair.

        In the app press ? for the keys. Exit status: 0 done, 1 error, 2 usage error.
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var rest = arguments[...]
        switch rest.first {
        case "detect": return try parseDetect(rest.dropFirst())
        case "translate": return try parseTranslate(rest.dropFirst())
        case "availability":
            let operands = Array(rest.dropFirst())
            if operands.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help }
            guard operands.count == 2 else { throw UsageError(message: "availability needs two languages: FROM TO") }
            for tag in operands where !PreferredLanguage.isWellFormedTag(tag) {
                throw UsageError(message: "availability: '\(tag)' is not a language tag (try en, es or pt-BR)")
            }
            return .availability(from: operands[0], to: operands[1])
        default: break
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

    private static func parseTranslate(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var rest = arguments
        var from: String?
        var to: String?
        var json = false
        var files: [String] = []
        while let argument = rest.popFirst() {
            switch argument {
            case "--to": to = try tag(try value(of: argument, from: &rest), option: argument)
            case "--from": from = try tag(try value(of: argument, from: &rest), option: argument)
            case "--json": json = true
            case "--yes": break  // packs come with the pack store; nothing to approve yet
            case "-h", "--help": return .help
            case "--": files += rest; rest = []
            default:
                guard argument == "-" || !argument.hasPrefix("-") else {
                    throw UsageError(message: "translate: unknown option '\(argument)'")
                }
                files.append(argument)
            }
        }
        guard let to else { throw UsageError(message: "translate needs --to LANG") }
        return .translate(from: from, to: to, json: json, files: files)
    }

    private static func tag(_ value: String, option: String) throws(UsageError) -> String {
        guard PreferredLanguage.isWellFormedTag(value) else {
            throw UsageError(message: "\(option): '\(value)' is not a language tag (try en, es or pt-BR)")
        }
        return value
    }

    private static func value(of option: String, from rest: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let value = rest.popFirst(), !value.isEmpty else {
            throw UsageError(message: "\(option) needs a value")
        }
        return value
    }
}
