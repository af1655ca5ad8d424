import Foundation
import ReviewModel
import TextSafety
import TranslationEngine

/// The `hike-reviews` command.
@main
enum HikeReviews {
    static func main() async {
        // A closed pipe (`hike-reviews detect | head`) must end the write, not the process.
        signal(SIGPIPE, SIG_IGN)
        // Before anything opens a file: a closed 0, 1 or 2 is put on /dev/null (see there).
        let closed = StandardStreams.closedAtStart
        let invocation: Invocation
        let globals: GlobalOptions
        do {
            // From argv's bytes: a FILE operand that is not UTF-8 is opened by its own bytes.
            globals = try CommandLineOptions.extractGlobals(Array(ArgumentBytes.arguments.dropFirst()))
            invocation = try CommandLineOptions.parse(globals.rest)
        } catch {
            StandardError.print("hike-reviews: \(error.message)" + (error.showsUsage ? "\n\(CommandLineOptions.usage)" : ""))
            exit(2)
        }
        if closed.contains(STDOUT_FILENO), invocation.writesStandardOutput {
            StandardError.print("hike-reviews: standard output is closed; nothing could be printed")
            exit(1)
        }
        // One engine for the whole run, from the variables, what ships with the binary and the
        // flags. Nothing is opened before its first use; the app replaces the memory's warning
        // handler (stderr is under curses there). Code that asks for the default engine gets it.
        var environment = HostEnvironment.make(globals)
        // A server never downloads, nor asks an index: it serves the packs on disk. And its
        // stages pass work on at least every third queued text (`TaggerReset.flushWaitsKey`).
        if case .serve = invocation {
            environment.offline = true
            environment.childEnvironment[TaggerReset.flushWaitsKey] = String(TaggerReset.serveFlushWaits)
        }
        // A setting that cannot be used stops every command that reads settings (all but
        // --help and --version), one line each, before anything starts: a default in its place
        // would hide a typo, and `inf` or a huge number must never reach a conversion.
        if !environment.problems.isEmpty, invocation != .help, invocation != .version {
            for problem in environment.problems { StandardError.print("hike-reviews: \(problem)") }
            exit(2)
        }
        let engine = Engine(environment: environment, memoryWarnings: CacheCommand.printWarning)
        Engine.default = engine
        switch invocation {
        case .help:
            StandardOutput.shared.line(CommandLineOptions.help)
            exit(StandardOutput.shared.flush() ? 0 : StandardOutput.shared.failureStatus)
        case .version:
            StandardOutput.shared.line("hike-reviews \(CommandLineOptions.version)")
            exit(StandardOutput.shared.flush() ? 0 : StandardOutput.shared.failureStatus)
        case .detect(let json, let threads, let files):
            exit(await DetectCommand.run(json: json, threads: threads ?? DetectCommand.defaultThreads, files: files, recognizer: engine.recognizer))
        case .translate(let source, let target, let json, let yes, let preference, let strategy, let files, let format, let glossaryPath, let document):
            var glossary: Glossary?
            if let glossaryPath {
                do throws(GlossaryError) {
                    glossary = try Glossary(contentsOf: glossaryPath)
                } catch {
                    StandardError.print("hike-reviews: translate: \(error.shown)")
                    exit(2)
                }
            }
            if let document {
                let status = await DocumentCommand.run(from: source, to: target, json: json, yes: yes, engine: preference, paths: document,
                                                       glossary: glossary, in: engine)
                await engine.shutdown()
                exit(status)
            }
            let options = TranslateCommand.Options(format: format, glossary: glossary)
            let status = await TranslateCommand.run(from: source, to: target, json: json, yes: yes, engine: preference, strategy: strategy,
                                                    files: files,
                                                    options: options, in: engine)
            await engine.shutdown()
            exit(status)
        case .packsList(let json):
            exit(await PacksCommand.list(json: json, manager: engine.packs, remotes: engine.remotes))
        case .packsInstall(let ids, let yes):
            exit(await PacksCommand.install(ids, yes: yes, manager: engine.packs))
        case .packsRemove(let ids):
            // What the memory remembered through the removed packs goes with them.
            exit(await PacksCommand.remove(ids, manager: engine.packs, memory: engine.memory))
        case .cacheStats(let json):
            exit(await CacheCommand.stats(json: json))
        case .cacheClear:
            exit(await CacheCommand.clear())
        case .availability(let source, let target, let preference, let strategy):
            exit(await TranslateCommand.availability(from: source, to: target, engine: preference, strategy: strategy, in: engine))
        case .serve(let options):
            exit(await ServeCommand.run(options, engine: engine))
        case .browse(let data, let target):
            exit(await browse(data: data, target: target, engine: engine))
        }
    }

    @MainActor
    private static func browse(data: String?, target: String?, engine: Engine) async -> Int32 {
        guard let url = DataLocator.locate(data) else {
            StandardError.print("hike-reviews: no routes file found; pass --data PATH or set HIKE_REVIEWS_DATA (see --help)")
            return 1
        }
        // Read off the main actor, as every disk step of the app is.
        let loaded = await Task.detached { Result { () throws(CatalogLoadError) in try CatalogLoader.load(contentsOf: url) } }.value
        let catalog: RouteCatalog
        switch loaded {
        case .success(let routes): catalog = routes
        case .failure(let error):
            StandardError.print("hike-reviews: \(error.description)")
            return 1
        }
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
            StandardError.print("hike-reviews: the app needs a terminal; for scripts use 'hike-reviews detect' (see --help)")
            return 1
        }
        let language = target ?? engine.environment.preferredLanguage
        return await AppRunner.run(catalog: catalog, target: language, engine: engine)
    }
}
