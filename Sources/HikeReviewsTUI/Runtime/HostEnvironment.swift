import Foundation
import TranslationEngine

/// The engine environment of `hike-reviews`: the process's variables (`EngineEnvironment.fromProcess`),
/// what ships beside the binary where no variable names another (`ShippedFile`: the pack
/// repository `make run` builds, the neural worker, the language-ID model), then the command
/// line's `--packs-url`, `--store`, `--no-cache` and `--remote`. The one place the app and the CLI configure
/// the engine; nothing is written back into the process environment.
enum HostEnvironment {
    static func make(_ globals: CommandLineOptions.Globals = CommandLineOptions.Globals(rest: []),
                     variables: [String: String] = ProcessInfo.processInfo.environment,
                     executable: URL = ShippedFile.executable,
                     currentDirectory: String = FileManager.default.currentDirectoryPath) -> EngineEnvironment {
        var environment = EngineEnvironment.fromProcess(variables, remembersTranslations: !globals.noCache)
        func named(_ name: String) -> String? { variables[name].flatMap { $0.isEmpty ? nil : $0 } }
        func shipped(_ path: String) -> URL? { ShippedFile.locate(path, executable: executable) }

        if !globals.packsURLs.isEmpty {
            environment.repositoryURLs = globals.packsURLs
        } else if variables["HIKE_REVIEWS_PACKS_URL"].map({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? true,
                  let local = shipped(ShippedFile.packRepositoryIndex) {
            // The repository `make run` builds (or `make install` installs) comes before the public index.
            environment.repositoryURLs.insert(local, at: 0)
        }
        if !globals.remoteURLs.isEmpty {
            environment.remoteURLs = globals.remoteURLs
        }
        if let store = globals.store {
            environment.store = PackStore(root: store.hasPrefix("/") ? store : currentDirectory + "/" + store)
        }
        if environment.neuralRuntime == nil {
            let python = named("HIKE_REVIEWS_NEURAL_PYTHON") ?? shipped(ShippedFile.neuralPython)?.path ?? ""
            let script = named("HIKE_REVIEWS_NEURAL_WORKER") ?? shipped(ShippedFile.neuralWorker)?.path ?? ""
            let runtime = NeuralRuntime(python: python, script: script)
            environment.neuralRuntime = runtime.isInstalled ? runtime : nil
        }
        // Set even to a file that is not there, the variable turns the model off.
        if named("HIKE_REVIEWS_LANGID_MODEL") == nil {
            environment.languageIDModel = shipped(ShippedFile.langidModel)
        }
        return environment
    }

    /// A recognizer with the language-ID model that ships beside the binary (what `make()`'s
    /// engine loads), for the app's parts made before or without an engine.
    static var recognizer: LanguageRecognizer {
        LanguageRecognizer(secondOpinion: shippedSecondOpinion)
    }

    private static let shippedSecondOpinion: SecondOpinion? = make().languageIDModel.flatMap { try? SecondOpinion(contentsOf: $0) }

    /// An engine over `make()`'s environment without a memory, made on first use: the runner's
    /// when none is given (tests), as the binary would configure it but never writing into the
    /// user's cache.
    static let engine = Engine(environment: make(CommandLineOptions.Globals(rest: [], noCache: true)))
}
