import Foundation
@testable import TranslationEngine

/// The recognizer as the app runs it: CLD2 with the short-text model `scripts/setup-langid`
/// builds in the checkout (a library's default engine names no model unless told).
enum TestRecognizer {
    static let modelURL = LanguageRecognizerTests.root.appendingPathComponent(".build/langid/model.bin")
    /// The checkout's model, or nil before `scripts/setup-langid` ran.
    static let secondOpinion: SecondOpinion? = try? SecondOpinion(contentsOf: modelURL)

    /// A recognizer with the checkout's model.
    static func make() -> LanguageRecognizer {
        LanguageRecognizer(secondOpinion: secondOpinion)
    }
}
