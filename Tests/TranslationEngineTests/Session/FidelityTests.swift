import Foundation
import Testing
import ReviewModel
@testable import TranslationEngine

/// Every sample review in a language we have a pair from, through the session and through
/// the `apertium` command: the same text, whitespace aside.
@Suite(.serialized, .enabled(if: PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
struct FidelityTests {
    static let reviews: [Review] = LanguageRecognizerTests.reviews

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The two texts around where they first differ.
    static func firstDifference(_ ours: String, _ reference: String) -> String {
        let common = zip(ours, reference).prefix { $0 == $1 }.count
        let start = max(0, common - 40)
        return "  ours:     …\(ours.dropFirst(start).prefix(120))\n  apertium: …\(reference.dropFirst(start).prefix(120))"
    }
}

extension FidelityTests {
    @Test(arguments: [("es", "en", "spa-eng"), ("en", "es", "eng-spa"), ("fr", "es", "fr-es"), ("es", "fr", "es-fr")])
    func everyReviewMatchesTheApertiumCommand(source: String, target: String, mode: String) async throws {
        let texts = Self.reviews.filter { LanguageRecognizerTests.truth[$0.id] == source }.map(\.text)
        #expect(texts.count >= 15)
        let session = TranslationSessionTests.session(from: source, to: target)
        let dataDir = try PipelineFixtures.wrapperDataDir()
        var mismatches: [String] = []
        for text in texts {
            let ours = try await session.translate(text).targetText
            let reference = try PipelineFixtures.run("/usr/bin/apertium", ["-u", "-d", dataDir, mode], input: text)
            if Self.normalized(ours) != Self.normalized(reference) {
                mismatches.append("\(text.prefix(60))\n" + Self.firstDifference(Self.normalized(ours), Self.normalized(reference)))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(texts.count) differ:\n\(mismatches.joined(separator: "\n"))")
    }
}
