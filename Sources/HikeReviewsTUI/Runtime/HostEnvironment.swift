import Foundation
import TranslationEngine

/// The engine environment of `hike-reviews`: the process's variables (`EngineEnvironment.fromProcess`),
/// what ships beside the binary where no variable names another (`ShippedFile`: the pack
/// repository `make run` builds, the neural worker, the language-ID model), then the command
/// line's `--packs-url`, `--store`, `--no-cache` and `--remote`. The one place the app and the CLI
/// configure the engine; nothing is written back into the process environment. The app's own
/// path variables (`HIKE_REVIEWS_DATA`, `HIKE_REVIEWS_TRACE`) join the engine's `problems` when
/// their bytes are not UTF-8, as the engine's do.
enum HostEnvironment {
    static func make(_ globals: GlobalOptions = GlobalOptions(rest: []),
                     variables: [String: String] = ProcessInfo.processInfo.environment,
                     notUTF8: [String: [UInt8]] = EngineEnvironment.variablesNotUTF8,
                     executable: URL = ShippedFile.executable,
                     currentDirectory: String = FileManager.default.currentDirectoryPath) -> EngineEnvironment {
        var environment = EngineEnvironment.fromProcess(variables, notUTF8: notUTF8, remembersTranslations: !globals.noCache)
        for name in ["HIKE_REVIEWS_DATA", "HIKE_REVIEWS_TRACE"] {
            if let bytes = notUTF8[name] { environment.problems.append(.notUTF8(variable: name, bytes: bytes)) }
        }
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
            environment.store = PackStore(root: store.hasPrefix("/") ? store : currentDirectory + "/" + store, killPoint: environment.store.killPoint)
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
}
