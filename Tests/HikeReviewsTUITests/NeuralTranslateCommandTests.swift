import Foundation
import TestSupport
import Testing

/// `hike-reviews translate` and `availability` over both engines: the echo model from an Argos
/// index (file:) beside make test's Apertium packs.
@Suite(.serialized, .needs(EchoArgosRepository.available && TestRepository.available,
                             "needs the neural venv and make test's pack repository"))
struct NeuralTranslateCommandTests {
    static let repository = Result { try EchoArgosRepository.build() }

    static func run(_ arguments: [String], store: String, input: String = "") throws -> (status: Int32, output: String, error: String) {
        let urls = "file://\(try repository.get())/argos.json file://\(TestRepository.path)/index.json"
        return try CommandLineTests.runBinary(arguments, input: input, environment: [
            "HIKE_REVIEWS_STORE=\(store)", "HIKE_REVIEWS_PACKS_URL=\(urls)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_PAIRS_PATH=",
        ])
    }

    static func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func germanJapaneseDutchAndPolishTranslateThroughTheirModels() throws {
        let store = try PacksCommandTests.freshStore()
        let lines = ["Der Abstieg nach Caín war lang, aber wunderschön.", "",
                     "尾根道は風が強かったけれど、景色は最高でした。",
                     "Het laatste stuk naar de hut was steil en glad.",
                     "Schronisko było pełne, ale gospodarz znalazł nam miejsce."]
        #expect(try Self.run(["availability", "de", "en"], store: store).output == "supported\n")
        let refused = try Self.run(["translate", "--to", "en"], store: store, input: lines[0] + "\n")
        #expect(refused.status == 3 && refused.error.contains("translate-de_en"), "\(refused.error)")
        let result = try Self.run(["translate", "--to", "en", "--json", "--yes"], store: store, input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.error)")
        let objects = try Self.objects(result.output)
        #expect(objects.map { $0["targetText"] as? String } == lines, "the echo model gives each line back")
        #expect(objects.map { ($0["route"] as? [String])?.first } == ["de", nil, "ja", "nl", "pl"])
        #expect(objects.filter { $0["engines"] != nil }.allSatisfy { $0["engines"] as? [String] == ["neural"] })
        #expect(try Self.run(["availability", "ja", "en"], store: store).output == "installed\n")
        let listed = try Self.run(["packs", "list"], store: store).output
        #expect(listed.contains("translate-ja_en") && listed.contains("neural"), "\(listed)")
    }

    @Test func theEngineOptionChoosesAndARouteMayMixEngines() throws {
        let store = try PacksCommandTests.freshStore()
        #expect(try Self.run(["availability", "de", "en", "--engine", "apertium"], store: store).output == "unsupported\n")
        #expect(try Self.run(["availability", "--engine=neural", "es", "en"], store: store).output == "supported\n")
        let apertium = try Self.run(["translate", "--from", "de", "--to", "en", "--engine", "apertium"], store: store, input: "Der Weg.\n")
        #expect(apertium.status == 2 && apertium.error.contains("no offline"), "\(apertium.error)")

        let text = "The last stretch to the hut was steep."
        let mixed = try Self.run(["translate", "--from", "de", "--to", "es", "--json", "--yes"], store: store, input: text + "\n")
        #expect(mixed.status == 0, "\(mixed.error)")
        let object = try #require(try Self.objects(mixed.output).first)
        #expect(object["route"] as? [String] == ["de", "en", "es"])
        #expect(object["engines"] as? [String] == ["neural", "apertium"])
        let direct = try Self.run(["translate", "--from", "en", "--to", "es"], store: store, input: text + "\n")
        #expect(object["targetText"] as? String == direct.output.trimmingCharacters(in: .newlines), "the Apertium leg saw the echo's English")

        // eng-spa is installed now: Spanish goes through it unless told otherwise, and the
        // neural model is then asked for.
        let spanish = "El último tramo hasta el refugio era empinado."
        let installed = try Self.objects(try Self.run(["translate", "--from", "es", "--to", "en", "--json"], store: store, input: spanish + "\n").output)
        #expect(installed.first?["engines"] as? [String] == ["apertium"])
        let neural = try Self.run(["translate", "--from", "es", "--to", "en", "--json", "--yes", "--engine", "neural"], store: store,
                                  input: spanish + "\n")
        #expect(try Self.objects(neural.output).first?["engines"] as? [String] == ["neural"], "\(neural.error)")
        #expect(try Self.objects(neural.output).first?["targetText"] as? String == spanish)
    }

    @Test func aBadEngineIsAUsageError() throws {
        let store = try PacksCommandTests.freshStore()
        for arguments in [["translate", "--to", "en", "--engine", "quantum"], ["availability", "de", "en", "--engine"],
                          ["translate", "--to", "en", "--engine=\u{1B}]2;x\u{07}"]] {
            let result = try Self.run(arguments, store: store)
            #expect(result.status == 2, "\(arguments): \(result.error)")
            #expect(!result.error.contains("\u{1B}"), "\(result.error)")
        }
        #expect(try Self.run(["translate", "--help"], store: store).output.contains("--engine auto|neural|apertium"))
    }
}
