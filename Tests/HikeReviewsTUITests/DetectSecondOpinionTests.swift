import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// `hike-reviews detect` with and without the short-text language-ID model.
@Suite struct DetectSecondOpinionTests {
    static let snippets: [String] = {
        let url = Paths.packageRoot.appendingPathComponent("Tests/TranslationEngineTests/Fixtures/short-snippets.json")
        let table = (try? JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))) ?? [:]
        return table.keys.sorted()
    }()

    /// What `detect` prints for each text: tag and reliability (the confidence is left out).
    static func verdicts(_ output: String) -> [String] {
        output.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t")
            return fields.count == 3 ? "\(fields[0]) \(fields[2])" : "malformed: \(line)"
        }
    }

    static func expected(_ recognizer: LanguageRecognizer) -> [String] {
        snippets.map { text in
            let guess = recognizer.recognize(text)
            return "\(guess.tag) \(guess.isReliable ? "reliable" : "unreliable")"
        }
    }
}

extension DetectSecondOpinionTests {
    @Test func withoutTheModelDetectIsCLD2AloneAndSaysNothing() throws {
        #expect(Self.snippets.count >= 70)
        let missing = Scratch.root.appendingPathComponent("no-model-\(UUID().uuidString)").path
        let result = try CommandLineTests.runBinary(["detect"], input: Self.snippets.joined(separator: "\n") + "\n",
                                                    environment: ["HIKE_REVIEWS_LANGID_MODEL=\(missing)"])
        #expect(result.status == 0)
        #expect(result.error.isEmpty, "stderr: \(result.error)")
        let cld2Only = LanguageRecognizer(secondOpinion: nil)
        #expect(Self.verdicts(result.output) == Self.expected(cld2Only))
    }

    @Test func withTheModelDetectUsesIt() throws {
        let opinion = try #require(HostEnvironment.recognizer.secondOpinion, "no language-ID model in .build/langid: run scripts/setup-langid")
        let result = try CommandLineTests.runBinary(["detect"], input: Self.snippets.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        #expect(result.error.isEmpty, "stderr: \(result.error)")
        let withModel = LanguageRecognizer(secondOpinion: opinion)
        var cld2Only = withModel
        cld2Only.secondOpinion = nil
        #expect(Self.verdicts(result.output) == Self.expected(withModel))
        #expect(Self.expected(withModel) != Self.expected(cld2Only))
    }

    @Test func aDamagedModelIsIgnoredQuietly() throws {
        let folder = Scratch.root.appendingPathComponent("damaged-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let damaged = folder.appendingPathComponent("model.bin")
        try Data("HRNB\u{1}\u{0}\u{0}\u{0}not a model".utf8).write(to: damaged)
        let result = try CommandLineTests.runBinary(["detect"], input: "Frumos\nPrea aglomerat\n",
                                                    environment: ["HIKE_REVIEWS_LANGID_MODEL=\(damaged.path)"])
        #expect(result.status == 0)
        #expect(result.error.isEmpty, "stderr: \(result.error)")
        #expect(Self.verdicts(result.output).count == 2)
    }
}
