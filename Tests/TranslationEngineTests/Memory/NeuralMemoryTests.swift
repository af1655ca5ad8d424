import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The memory on a neural route: the echo model installed as a pack from a real server into a
/// real store; a hit starts no worker, and a new version of the installed pack is a miss.
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable && PackFixtures.available,
                             "needs the neural venv (scripts/setup-neural) and make test's pack repository"))
struct NeuralMemoryTests {
    static func session(_ setup: NeuralRoutingTests.Setup, memory: TranslationMemory, pool: PipelinePool) -> TranslationSession {
        let manager = setup.manager()
        let catalog = PackCatalog(store: setup.store, repositoryURLs: manager.repositoryURLs, repository: nil,
                                  pairs: InstalledPairs.scan(store: setup.store, roots: [EngineEnvironment.systemPairRoot]))
        return TranslationSession(sourceTag: "de", targetTag: "en", catalog: catalog, pool: pool, consent: RecordingConsent(answer: .download),
                                  manager: manager, engine: .neural, memory: memory)
    }
}

extension NeuralMemoryTests {
    @Test func aRememberedNeuralTranslationStartsNoWorkerAndANewPackVersionMisses() async throws {
        let setup = try NeuralRoutingTests.Setup()
        let (memory, _) = try TranslationMemoryTests.memory()
        let text = NeuralRoutingTests.german[0]
        let first = try await Self.session(setup, memory: memory, pool: setup.pool).translate(text)
        await setup.stop()
        #expect(!first.isRemembered)
        #expect(first.legs.map(\.engine) == [.neural])

        let pool = PipelinePool(neuralRuntime: NeuralFixtures.runtime)
        let second = try await Self.session(setup, memory: memory, pool: pool).translate(text)
        #expect(second.isRemembered && second.targetText == first.targetText)
        #expect(await pool.runningWorkers().isEmpty, "a hit starts no neural worker")

        // The same pack id at another version (as an update installs it): its old entry is not used.
        let manifest = setup.store.folder(of: "translate-de_en") + "/pack.json"
        var pack = try JSONDecoder().decode(PackStore.InstalledPack.self, from: Data(contentsOf: URL(fileURLWithPath: manifest)))
        pack.version += ".1"
        try JSONEncoder().encode(pack).write(to: URL(fileURLWithPath: manifest))
        let updatedPool = PipelinePool(neuralRuntime: NeuralFixtures.runtime)
        let updated = try await Self.session(setup, memory: memory, pool: updatedPool).translate(text)
        #expect(!updated.isRemembered)
        #expect(updated.targetText == first.targetText, "the echo model")
        await updatedPool.shutdownAll()
    }
}
