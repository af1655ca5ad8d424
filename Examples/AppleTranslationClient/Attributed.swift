// Apple's iOS 26.4 attributed forms as its `skipsTranslation` page prints them (`var text =
// AttributedString(...)`, `let range = text.range(of: ...)!`, `text[range].skipsTranslation =
// true`), on a Spanish sentence since make test's pairs translate Spanish. Run by the
// `attributed` scenario.
import Foundation
import TranslationEngine

func attributedScenario() async throws {
    let session = TranslationSession(configuration: .init(source: spanish, target: english))
    var text = AttributedString("Subimos al Monte Perdido.")
    let range = text.range(of: "Monte Perdido")!
    text[range].skipsTranslation = true
    let response = try await session.translate(text)
    print("targetText: \(response.targetText)")
    if let target = response.attributedTargetText {
        for run in target.runs where run.skipsTranslation == true {
            print("skipped: \(String(target[run.range].characters))")
        }
    }
    let request = TranslationSession.Request(sourceText: text, clientIdentifier: "peak")
    let responses = try await session.translations(from: [request])
    print("\(responses[0].clientIdentifier ?? "-"): \(responses[0].attributedTargetText.map { String($0.characters) } ?? "nil")")
    let plain = try await session.translate("Subimos al Monte Perdido.")
    print("plain: \(plain.targetText)")
}
