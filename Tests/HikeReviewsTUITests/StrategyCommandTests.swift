import Foundation
import TestSupport
import Testing

/// `translate --strategy` and `availability --strategy`: Apple's strategies on the command line,
/// over the echo model from an Argos index (file:) beside make test's Apertium packs.
@Suite(.serialized, .needs(EchoArgosRepository.available && TestRepository.available,
                             "needs the neural venv and make test's pack repository"))
struct StrategyCommandTests {
    static let spanish = "El último tramo hasta el refugio era empinado."

    /// The engines of the one line `arguments` translate.
    static func engines(_ arguments: [String], store: String) throws -> [String]? {
        let result = try NeuralTranslateCommandTests.run(arguments + ["--json", "--yes"], store: store, input: spanish + "\n")
        #expect(result.status == 0, "\(arguments): \(result.error)")
        return try NeuralTranslateCommandTests.objects(result.output).first?["engines"] as? [String]
    }
}

extension StrategyCommandTests {
    @Test func lowLatencyTakesApertiumWhereHighFidelityTakesTheNeuralModel() throws {
        let fast = try PacksCommandTests.freshStore()
        #expect(try Self.engines(["translate", "--from", "es", "--to", "en", "--strategy", "low-latency"], store: fast) == ["apertium"])
        let fluent = try PacksCommandTests.freshStore()
        #expect(try Self.engines(["translate", "--from", "es", "--to", "en"], store: fluent) == ["neural"], "high fidelity is the default")
        #expect(try Self.engines(["translate", "--from", "es", "--to", "en", "--strategy=high-fidelity"], store: fluent) == ["neural"])
        // Installed first: the model on disk is used rather than a pair downloaded.
        #expect(try Self.engines(["translate", "--from", "es", "--to", "en", "--strategy", "low-latency"], store: fluent) == ["neural"])
        #expect(try NeuralTranslateCommandTests.run(["availability", "es", "en", "--strategy=low-latency"], store: fast).output == "installed\n")
        #expect(try NeuralTranslateCommandTests.run(["availability", "de", "en", "--strategy", "low-latency"], store: fast).output == "supported\n",
                "a pair only the neural engine translates is still supported")
    }

    @Test func aBadStrategyIsAUsageError() throws {
        let store = try PacksCommandTests.freshStore()
        for arguments in [["translate", "--to", "en", "--strategy", "fast"], ["availability", "de", "en", "--strategy"]] {
            let result = try NeuralTranslateCommandTests.run(arguments, store: store)
            #expect(result.status == 2 && result.error.contains("--strategy"), "\(arguments): \(result.error)")
        }
        #expect(try NeuralTranslateCommandTests.run(["translate", "--help"], store: store).output.contains("--strategy high-fidelity|low-latency"))
    }
}
