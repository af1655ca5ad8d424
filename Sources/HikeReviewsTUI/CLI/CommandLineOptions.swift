import Foundation
import TextSafety
import TranslationEngine

/// What the command line asked for.
enum Invocation: Equatable {
    case browse(data: String?, target: String?)
    case detect(json: Bool, files: [String])
    case translate(from: String?, to: String, json: Bool, yes: Bool, engine: EnginePreference, files: [String])
    case availability(from: String, to: String, engine: EnginePreference)
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
               hike-reviews translate --to LANG [--from LANG] [--engine E] [--json] [--yes] [--no-cache] [FILE...]
               hike-reviews availability FROM TO [--engine E]
               hike-reviews packs list [--json]
               hike-reviews packs install ID... [--yes]
               hike-reviews packs remove ID...
               hike-reviews cache stats [--json]
               hike-reviews cache clear
               hike-reviews serve [--listen ADDR:PORT] [--api-keys FILE] [--char-limit N]
               hike-reviews --help | --version
        Anywhere: --packs-url URL (a pack repository's index.json; again for more), --store DIR (the pack store),
                  --no-cache (translate without the translation memory),
                  --remote URL (a LibreTranslate or Apertium-APy server to translate with; again for more)
        """

    static let help = """
        hike-reviews: hiking routes across Europe and their reviews in any language, in the terminal.

        \(usage)

        Browse (the default):
          --data PATH      routes.json, or a folder that holds one. Without it: $HIKE_REVIEWS_DATA,
                           else ./sample-data/routes.json, else the sample data of the checkout
                           the binary was built in, or of its installation (make install).
          --target LANG    the language to translate into (BCP 47, e.g. en, es, pt-BR). Default:
                           from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en.

        detect: identify the language of texts, one per line, from the files or standard input.
          Prints TAG<TAB>CONFIDENCE<TAB>reliable|unreliable per input line; TAG is und when the
          text is too short or ambiguous. --json prints one JSON object per line instead.

        translate: translate texts, one per line, from the files or standard input, offline with
          the language packs installed (and Debian's Apertium pairs, and the data roots named in
          HIKE_REVIEWS_PAIRS_PATH). One output line per input line, in order, each printed as soon
          as it is ready. Without --from the language of each line is detected. --json prints one
          JSON object per line. --yes downloads the packs a translation needs; without it such
          lines fail and the exit status is 3.
          --engine auto|neural|apertium|remote: the engines a route may use. auto (the default)
          takes installed packs, then remote servers, before downloads; then a direct neural model,
          a direct Apertium pair, then the fewest legs, neural ones preferred.
          --remote URL (again for more; else $HIKE_REVIEWS_REMOTE, URLs separated by spaces): a
          LibreTranslate or Apertium-APy server whose pairs are legs of engine remote. Several
          servers of one kind share the load; one that fails is left out for 30 s. Texts go to a
          server only with consent: --yes gives it (naming the servers on stderr); without it
          such lines fail naming the servers (exit status 3).
          Every translation is remembered (see cache): a line translated before on the same route
          with the same pack versions is answered from memory; --json says "remembered": true.
        availability: prints installed, supported (packs to download) or unsupported for a pair
          (--engine as for translate).

        packs: the language packs. list shows installed, available and system packs (--json: a JSON
          array); install downloads, verifies and installs packs, asking first on a terminal
          (--yes: without asking); remove deletes packs from the store.
          The repositories are --packs-url (any number of times) or $HIKE_REVIEWS_PACKS_URL (URLs
          separated by spaces): each an index.json over http, https or file, ours or Argos
          Translate's package index; the first to list a pack wins. By default the one `make run`
          builds in .build/pack-repo (installed: PREFIX/share/hike-reviews/pack-repo), then the
          public Argos index (raw.githubusercontent.com/argosopentech/argospm-index), asked for 5 s
          at most; when it does not answer its last copy is listed and its packs wait. The store is
          $HIKE_REVIEWS_STORE or --store, by default $XDG_DATA_HOME/hike-reviews/packs
          (~/.local/share/hike-reviews/packs). HIKE_REVIEWS_OFFLINE=1 refuses network downloads
          and never asks the public index.
          A download that gets no data for 30 s ($HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS), or under
          1000 bytes/s ($HIKE_REVIEWS_DOWNLOAD_MIN_RATE), is given up; nothing of it is kept.

        cache: the translation memory, one SQLite file per user: $HIKE_REVIEWS_CACHE_DIR/memory.sqlite,
          else $XDG_CACHE_HOME/hike-reviews/memory.sqlite (~/.cache/hike-reviews/memory.sqlite). It is
          keyed by the text exactly as given, the route, each leg's engine, pack and pack version:
          an updated or removed pack's entries are never used again and are deleted later. stats
          prints its entries, size and hit rates (this process's and overall; --json: one object);
          clear forgets everything. --no-cache or HIKE_REVIEWS_CACHE=0 translates without it;
          HIKE_REVIEWS_CACHE_MAX_MB (default 256) caps it, least recently used entries go first.

        serve: a translation server over the installed packs (it never downloads: install packs first with
          `packs install`), speaking LibreTranslate's API (GET /languages, POST /translate, POST /detect,
          GET /frontend/settings) and Apertium-APy's (GET /listPairs, GET|POST /translate?langpair=spa|eng&q=...,
          /identifyLang), until SIGTERM or SIGINT (it then finishes what is in flight, 10 s at most).
          --listen ADDR:PORT   the IPv4 address and port (default 127.0.0.1:5000)
          --api-keys FILE      keys a request must give as api_key, one per line (default: none needed)
          --char-limit N       characters of text per request, at most (default 20000); also at most
                               128 texts and a 1 MB body per request. One access line per request on stderr.

        In the app press ? for the keys.
        Exit status: 0 done, 1 error, 2 usage error or no offline route, 3 packs needed and not approved.
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var rest = arguments[...]
        switch rest.first {
        case "detect": return try parseDetect(rest.dropFirst())
        case "translate": return try parseTranslate(rest.dropFirst())
        case "packs": return try parsePacks(rest.dropFirst())
        case "cache": return try parseCache(rest.dropFirst())
        case "serve": return try ServeCommand.parse(rest.dropFirst())
        case "availability":
            var operands: [String] = []
            var engine = EnginePreference.auto
            var arguments = rest.dropFirst()
            while let argument = arguments.popFirst() {
                switch argument {
                case "-h", "--help": return .help
                case "--engine": engine = try engineValue(try value(of: argument, from: &arguments))
                default:
                    if argument.hasPrefix("--engine=") {
                        engine = try engineValue(String(argument.dropFirst("--engine=".count)))
                    } else {
                        operands.append(argument)
                    }
                }
            }
            guard operands.count == 2 else { throw UsageError(message: "availability needs two languages: FROM TO") }
            for tag in operands where !PreferredLanguage.isWellFormedTag(tag) {
                throw UsageError(message: "availability: '\(EscapedText.escaped(tag))' is not a language tag (try en, es or pt-BR)")
            }
            return .availability(from: LanguageTag.canonical(operands[0]), to: LanguageTag.canonical(operands[1]), engine: engine)
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
        var yes = false
        var engine = EnginePreference.auto
        var files: [String] = []
        while let argument = rest.popFirst() {
            switch argument {
            case "--engine": engine = try engineValue(try value(of: argument, from: &rest))
            case "--to": to = try tag(try value(of: argument, from: &rest), option: argument)
            case "--from": from = try tag(try value(of: argument, from: &rest), option: argument)
            case "--json": json = true
            case "--yes", "-y": yes = true
            case "-h", "--help": return .help
            case "--": files += rest; rest = []
            default:
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--"), ["--to", "--from", "--engine"].contains(argument[..<equals]) {
                    rest.insert(contentsOf: [String(argument[..<equals]), String(argument[argument.index(after: equals)...])], at: rest.startIndex)
                    continue
                }
                guard argument == "-" || !argument.hasPrefix("-") else {
                    throw UsageError(message: "translate: unknown option '\(EscapedText.escaped(argument))'")
                }
                files.append(argument)
            }
        }
        guard let to else { throw UsageError(message: "translate needs --to LANG") }
        return .translate(from: from, to: to, json: json, yes: yes, engine: engine, files: files)
    }

    private static func parseCache(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
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

    private static func parsePacks(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
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

    /// What `extractGlobals` takes out of the arguments.
    struct Globals: Equatable {
        var rest: [String]
        var packsURLs: [URL] = []
        var store: String?
        /// `--no-cache`: translate without the translation memory (the app and `translate`).
        var noCache = false
        /// `--remote`, any number of times: translation servers, in order.
        var remoteURLs: [URL] = []
    }

    /// Takes `--packs-url` and `--remote` (any number of times, in order of preference),
    /// `--store` and `--no-cache` out of the arguments, wherever they are.
    static func extractGlobals(_ arguments: [String]) throws(UsageError) -> Globals {
        var rest: [String] = []
        var packsURLs: [URL] = []
        var remoteURLs: [URL] = []
        var store: String?
        var noCache = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--no-cache" {
                noCache = true
                index += 1
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard name == "--packs-url" || name == "--store" || name == "--remote" else {
                rest.append(argument)
                index += 1
                continue
            }
            let value: String
            if let inline {
                value = inline
                index += 1
            } else {
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else { throw UsageError(message: "\(name) needs a value") }
                value = arguments[index + 1]
                index += 2
            }
            guard !value.isEmpty else { throw UsageError(message: "\(name) needs a value") }
            _ = try path(value, option: name)
            if name == "--store" {
                store = value
            } else if name == "--remote" {
                guard let url = RemoteLimits.serverURL(value) else {
                    throw UsageError(message: "--remote: '\(EscapedText.escaped(value))' is not \(RemoteLimits.urlExpectation)")
                }
                remoteURLs.append(url)
            } else {
                guard let url = PackRepository.indexURL(value) else {
                    throw UsageError(message: "--packs-url: '\(EscapedText.escaped(value))' is not an http, https or file URL of an index.json")
                }
                packsURLs.append(url)
            }
        }
        return Globals(rest: rest, packsURLs: packsURLs, store: store, noCache: noCache, remoteURLs: remoteURLs)
    }

    /// A language option's value: a well-formed tag of a language ICU or Apertium knows (`xx`,
    /// `qq` and `und` are usage errors, whatever the command does next), in canonical case
    /// (`--to EN` is `en`).
    private static func tag(_ value: String, option: String) throws(UsageError) -> String {
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
    private static func path(_ value: String, option: String) throws(UsageError) -> String {
        guard ArgumentBytes.isNotUTF8(value) else { return value }
        throw UsageError(message: "\(option): '\(EscapedText.escaped(ArgumentBytes.shown(value), limit: 4096))' is not UTF-8: give \(SettingProblem.pathInUTF8)")
    }

    /// `--engine`'s value.
    private static func engineValue(_ value: String) throws(UsageError) -> EnginePreference {
        guard let engine = EnginePreference(rawValue: value) else {
            throw UsageError(message: "--engine: '\(EscapedText.escaped(value))' is not an engine (auto, neural, apertium or remote)")
        }
        return engine
    }

    private static func value(of option: String, from rest: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let value = rest.popFirst(), !value.isEmpty else {
            throw UsageError(message: "\(option) needs a value")
        }
        return value
    }
}
