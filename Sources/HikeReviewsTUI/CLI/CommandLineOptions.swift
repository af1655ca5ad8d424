import Foundation
import HikeReviewsServer
import TextSafety
import TranslationEngine

/// What the command line asked for.
enum Invocation: Equatable {
    case browse(data: String?, target: String?)
    /// `threads` nil: `DetectCommand.defaultThreads`.
    case detect(json: Bool, threads: Int?, files: [String])
    case translate(from: String?, to: String, json: Bool, yes: Bool, engine: EnginePreference,
                   strategy: TranslationSession.Strategy = .highFidelity, files: [String], format: TextFormat = .text,
                   glossary: String? = nil, document: DocumentCommand.Paths? = nil)
    case availability(from: String, to: String, engine: EnginePreference, strategy: TranslationSession.Strategy = .highFidelity)
    case packsList(json: Bool)
    case packsInstall(ids: [String], yes: Bool)
    case packsRemove(ids: [String])
    case cacheStats(json: Bool)
    case cacheClear
    case serve(ServeCommand.Options)
    case help
    case version

    /// Whether the command's work is what it prints (the app draws on the terminal instead,
    /// and removing packs only reports on stderr).
    var writesStandardOutput: Bool {
        switch self {
        case .browse, .packsInstall, .packsRemove, .cacheClear, .serve: false
        default: true
        }
    }
}

/// A command-line mistake: printed with the usage (or alone, one line, when the value of an
/// option that was written right is refused: the usage would bury the reason), exit status 2.
struct UsageError: Error, Equatable {
    var message: String
    var showsUsage = true
}

/// Parses `hike-reviews`' arguments (without the program name): the command and the browse
/// options here, each command's own in CommandLineOptions+Commands.swift, the options taken
/// anywhere in +Globals, the usage and help texts in +Help.
enum CommandLineOptions {
    static let version = ServerIdentity.version

    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var rest = arguments[...]
        switch rest.first {
        case "detect": return try parseDetect(rest.dropFirst())
        case "translate": return try parseTranslate(rest.dropFirst())
        case "packs": return try parsePacks(rest.dropFirst())
        case "cache": return try parseCache(rest.dropFirst())
        case "serve": return try ServeCommand.parse(rest.dropFirst())
        case "availability": return try parseAvailability(rest.dropFirst())
        default: break
        }
        var data: String?
        var target: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "-V", "--version": return .version
            case "--data":
                data = try path(try value(of: argument, from: &rest), option: argument)
            case "--target":
                target = try tag(try value(of: argument, from: &rest), option: argument)
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

    /// A language option's value: a well-formed tag of a language ICU or Apertium knows (`xx`,
    /// `qq` and `und` are usage errors, whatever the command does next), in canonical case
    /// (`--to EN` is `en`).
    static func tag(_ value: String, option: String) throws(UsageError) -> String {
        guard PreferredLanguage.isWellFormedTag(value) else {
            throw UsageError(message: "\(option): '\(value)' is not a language tag (try en, es or pt-BR)")
        }
        guard LanguageNames.isKnownLanguage(value) else {
            throw UsageError(message: "\(option): '\(value)' is an unknown language (try en, es or pt-BR)")
        }
        return LanguageTag.canonical(value)
    }

    /// A path option's value, refused when it is not UTF-8: as text it would name another file
    /// (`ArgumentBytes`), and the store, the repositories and the routes file are opened by text.
    static func path(_ value: String, option: String) throws(UsageError) -> String {
        guard ArgumentBytes.isNotUTF8(value) else { return value }
        throw UsageError(message: "\(option): '\(EscapedText.escaped(ArgumentBytes.shown(value), limit: 4096))' is not UTF-8: give \(SettingProblem.pathInUTF8)")
    }

    /// `--strategy`'s value: Apple's strategy names, spelt as options are.
    static func strategyValue(_ value: String) throws(UsageError) -> TranslationSession.Strategy {
        do {
            return try TranslationSession.Strategy(parsing: value)
        } catch {
            throw UsageError(message: "--strategy: \(error)")
        }
    }

    /// `--engine`'s value.
    static func engineValue(_ value: String) throws(UsageError) -> EnginePreference {
        guard let engine = EnginePreference(rawValue: value) else {
            throw UsageError(message: "--engine: '\(EscapedText.escaped(value))' is not an engine (auto, neural, apertium or remote)")
        }
        return engine
    }

    /// `--option=value` for one of `options`, put back at the front of `rest` as `--option` and
    /// `value` so it is read as those two are; false (and `rest` untouched) for anything else.
    static func splitInlineValue(_ argument: String, of options: Set<String>, into rest: inout ArraySlice<String>) -> Bool {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "="), options.contains(String(argument[..<equals])) else {
            return false
        }
        rest.insert(contentsOf: [String(argument[..<equals]), String(argument[argument.index(after: equals)...])], at: rest.startIndex)
        return true
    }

    static func value(of option: String, from rest: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let value = rest.popFirst(), !value.isEmpty else {
            throw UsageError(message: "\(option) needs a value")
        }
        return value
    }
}
