import Foundation
import TextSafety
import TranslationEngine

/// Each command's options and operands, checked before anything runs.
extension CommandLineOptions {
    static func parseAvailability(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var operands: [String] = []
        var engine = EnginePreference.auto
        var strategy = TranslationSession.Strategy.highFidelity
        var arguments = arguments
        while let argument = arguments.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "--engine": engine = try engineValue(try value(of: argument, from: &arguments))
            case "--strategy": strategy = try strategyValue(try value(of: argument, from: &arguments))
            default:
                if argument.hasPrefix("--engine=") {
                    engine = try engineValue(String(argument.dropFirst("--engine=".count)))
                } else if argument.hasPrefix("--strategy=") {
                    strategy = try strategyValue(String(argument.dropFirst("--strategy=".count)))
                } else {
                    operands.append(argument)
                }
            }
        }
        guard operands.count == 2 else { throw UsageError(message: "availability needs two languages: FROM TO") }
        for tag in operands where !PreferredLanguage.isWellFormedTag(tag) {
            throw UsageError(message: "availability: '\(EscapedText.escaped(tag))' is not a language tag (try en, es or pt-BR)")
        }
        return .availability(from: LanguageTag.canonical(operands[0]), to: LanguageTag.canonical(operands[1]), engine: engine,
                             strategy: strategy)
    }

    static func parseDetect(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var json = false
        var threads: Int?
        var files: [String] = []
        var onlyFiles = false
        var rest = arguments
        while let argument = rest.popFirst() {
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
                continue
            }
            switch argument {
            case "--json": json = true
            case "--threads": threads = try threadCount(rest.popFirst())
            case "--": onlyFiles = true
            case "-h", "--help": return .help
            default:
                if splitInlineValue(argument, of: ["--threads"], into: &rest) { continue }
                throw UsageError(message: "detect: unknown option '\(argument)'")
            }
        }
        return .detect(json: json, threads: threads, files: files)
    }

    /// `detect --threads`' value: a whole number in `DetectCommand.threadRange`.
    private static func threadCount(_ value: String?) throws(UsageError) -> Int {
        let range = DetectCommand.threadRange
        guard let value, let count = Int(value), range.contains(count) else {
            let given = value.map { ", not '\(EscapedText.escaped($0))'" } ?? ""
            throw UsageError(message: "detect: --threads needs a number of threads from \(range.lowerBound) to \(range.upperBound)\(given)")
        }
        return count
    }

    static func parseTranslate(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var rest = arguments
        var from: String?
        var to: String?
        var json = false
        var yes = false
        var engine = EnginePreference.auto
        var strategy = TranslationSession.Strategy.highFidelity
        var files: [String] = []
        var format = TextFormat.text
        var glossary: String?
        var formatGiven = false
        var strategyGiven = false
        var input: String?
        var output: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--engine": engine = try engineValue(try value(of: argument, from: &rest))
            case "--strategy":
                strategy = try strategyValue(try value(of: argument, from: &rest))
                strategyGiven = true
            case "--format":
                let name = try value(of: argument, from: &rest)
                guard let value = TextFormat(rawValue: name) else {
                    throw UsageError(message: "translate: --format takes text or html, not '\(EscapedText.escaped(name))'")
                }
                format = value
                formatGiven = true
            case "--file": input = try value(of: argument, from: &rest)
            case "--out": output = try value(of: argument, from: &rest)
            case "--glossary": glossary = try value(of: argument, from: &rest)
            case "--to": to = try tag(try value(of: argument, from: &rest), option: argument)
            case "--from": from = try tag(try value(of: argument, from: &rest), option: argument)
            case "--json": json = true
            case "--yes", "-y": yes = true
            case "-h", "--help": return .help
            case "--": files += rest; rest = []
            default:
                if splitInlineValue(argument, of: ["--to", "--from", "--engine", "--strategy", "--format", "--glossary", "--file", "--out"], into: &rest) { continue }
                guard argument == "-" || !argument.hasPrefix("-") else {
                    throw UsageError(message: "translate: unknown option '\(EscapedText.escaped(argument))'")
                }
                files.append(argument)
            }
        }
        guard let to else { throw UsageError(message: "translate needs --to LANG") }
        let document = try documentPaths(input: input, output: output, files: files, formatOrStrategyGiven: formatGiven || strategyGiven)
        return .translate(from: from, to: to, json: json, yes: yes, engine: engine, strategy: strategy, files: files, format: format, glossary: glossary,
                          document: document)
    }

    /// `--file IN --out OUT`, both or neither, and alone: the document's format comes from the
    /// file, and a document is not a list of input files.
    private static func documentPaths(input: String?, output: String?, files: [String],
                                      formatOrStrategyGiven: Bool) throws(UsageError) -> DocumentCommand.Paths? {
        guard input != nil || output != nil else { return nil }
        guard let input, let output else { throw UsageError(message: "translate: --file and --out go together (--file IN --out OUT)") }
        if !files.isEmpty { throw UsageError(message: "translate: --file takes one document; input files are not read with it") }
        if formatOrStrategyGiven {
            throw UsageError(message: "translate: --format and --strategy are not used with --file (the format comes from the file)")
        }
        return DocumentCommand.Paths(input: input, output: output)
    }

    static func parseCache(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var rest = arguments
        guard let action = rest.popFirst() else { throw UsageError(message: "cache needs stats or clear") }
        var json = false
        for argument in rest {
            switch argument {
            case "--json" where action == "stats": json = true
            case "-h", "--help": return .help
            default: throw UsageError(message: "cache \(EscapedText.escaped(action)): unexpected argument '\(EscapedText.escaped(argument))'")
            }
        }
        switch action {
        case "stats": return .cacheStats(json: json)
        case "clear": return .cacheClear
        case "-h", "--help": return .help
        default: throw UsageError(message: "cache: unknown action '\(EscapedText.escaped(action))' (stats or clear)")
        }
    }

    static func parsePacks(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var rest = arguments
        guard let action = rest.popFirst() else { throw UsageError(message: "packs needs list, install or remove") }
        if action == "-h" || action == "--help" { return .help }
        var json = false
        var yes = false
        var ids: [String] = []
        for argument in rest {
            switch argument {
            case "--json" where action == "list": json = true
            case "--yes" where action == "install", "-y" where action == "install": yes = true
            case "-h", "--help": return .help
            default:
                guard !argument.hasPrefix("-") else { throw UsageError(message: "packs \(action): unknown option '\(argument)'") }
                guard argument.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                    throw UsageError(message: "packs \(action): '\(EscapedText.escaped(argument))' is not a pack id (see: hike-reviews packs list)")
                }
                ids.append(argument)
            }
        }
        switch action {
        case "list":
            guard ids.isEmpty else { throw UsageError(message: "packs list takes no pack ids") }
            return .packsList(json: json)
        case "install":
            guard !ids.isEmpty else { throw UsageError(message: "packs install needs pack ids (see: hike-reviews packs list)") }
            return .packsInstall(ids: ids, yes: yes)
        case "remove":
            guard !ids.isEmpty else { throw UsageError(message: "packs remove needs pack ids") }
            return .packsRemove(ids: ids)
        default:
            throw UsageError(message: "packs: unknown action '\(EscapedText.escaped(action))' (list, install or remove)")
        }
    }
}
