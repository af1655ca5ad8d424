import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import MLKitTranslate

/// Every MLKitTranslate test: one suite, serialized, because `ModelManager.modelManager()` and
/// `Translator.translator(options:)` answer from one configuration for the whole process.
@Suite(.serialized, .needs(MLKitFixtures.available, "needs make test's pack repository and the neural venv (scripts/setup-neural)"))
struct MLKitTranslateTests {}

/// Real packs for the tests: make test's repository (.build/test-repo: eng-spa and fr-es, Apertium)
/// and the echo model packaged as German's two directions (translate-de_en, translate-en_de: an
/// Argos index whose models return their input). So the German model is neural, the Spanish one
/// an Apertium pair with both directions, and the French one a chain (fr-es, then eng-spa).
enum MLKitFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let testRepository = packageRoot.appendingPathComponent(".build/test-repo").path
    static let serverScript = packageRoot.appendingPathComponent("Tests/TranslationEngineTests/Fixtures/pack_server.py").path

    static var available: Bool {
        FileManager.default.fileExists(atPath: testRepository + "/index.json") && FileManager.default.isExecutableFile(atPath: "/usr/bin/lt-proc")
            && EchoArgosRepository.available
    }

    /// The echo model as German <-> English, built once per run.
    static let echoRepository = Result { try EchoArgosRepository.build(pairs: ["de:en", "en:de"]) }

    /// A new empty folder under the temporary directory.
    static func folder(_ name: String) throws -> String {
        let path = Scratch.root.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Makes a fresh store over both repositories (file: URLs, no public index, no Debian pairs)
    /// the configuration of `ModelManager` and every `Translator`; returns the store.
    @discardableResult
    static func useFreshStore(repositories: [URL]? = nil, metering: NetworkMetering = .unknown("not asked in tests")) throws -> PackStore {
        let store = PackStore(root: try folder("mlkit-store"))
        let urls = try repositories ?? [URL(fileURLWithPath: testRepository + "/index.json"),
                                        URL(fileURLWithPath: try echoRepository.get() + "/argos.json")]
        let environment = EngineEnvironment(store: store, repositoryURLs: urls, includesSystemPairs: false,
                                            neuralRuntime: NeuralRuntime.checkout(at: packageRoot.path))
        ModelRegistry.use(Engine(environment: environment), networkMetering: { metering })
        return store
    }

    /// The ids of the packs in `store`.
    static func installed(_ store: PackStore) -> Set<String> {
        Set(store.installed().map(\.id))
    }

    /// A sentence from the sample data the echo model knows every token of.
    static let english = "The path was steep and the water of the spring was cold."
}
