// Google's code, compiled with only the imports its samples have: `import MLKit`, and Foundation
// in place of UIKit (nothing else: no @testable, no TranslationEngine), so the public API of the
// umbrella module alone must build it.
import Foundation
import MLKit

/// A screen written the way Google's "Identify the language of text with ML Kit on iOS" guide and
/// its LanguageID quickstart write their Swift: the same calls, closures, `if let` and `guard`
/// checks, "und" compared as a literal and as `IdentifiedLanguage.undetermined`, and
/// `String(format:)` for a possible language. Where the guide prints, this screen keeps the line
/// in `lines` and calls `done` (the app's text view, here).
@MainActor
final class LanguageScreen {
    var lines: [String] = []
    let done: @Sendable (String) -> Void
    lazy var languageId = LanguageIdentification.languageIdentification()

    init(done: @escaping @Sendable (String) -> Void) {
        self.done = done
    }

    func show(_ line: String) {
        lines.append(line)
        done(line)
    }

    // The guide, "Identify the language of a string".
    func identify(_ text: String) {
        let languageId = NaturalLanguage.languageIdentification()

        languageId.identifyLanguage(for: text) { (languageCode, error) in
          if let error = error {
            self.show("Failed with error: \(error)")
            return
          }
          if let languageCode = languageCode, languageCode != "und" {
            self.show("Identified Language: \(languageCode)")
          } else {
            self.show("No language was identified")
          }
        }
    }

    // The guide, "Get the possible languages of a string".
    func identifyPossible(_ text: String) {
        let languageId = NaturalLanguage.languageIdentification()

        languageId.identifyPossibleLanguages(for: text) { (identifiedLanguages, error) in
          if let error = error {
            self.show("Failed with error: \(error)")
            return
          }
          guard let identifiedLanguages = identifiedLanguages,
            !identifiedLanguages.isEmpty,
            identifiedLanguages[0].languageTag != "und"
          else {
            self.show("No language was identified")
            return
          }

          self.show("Identified Languages:\n" +
            identifiedLanguages.map {
              String(format: "(%@, %.2f)", $0.languageTag, $0.confidence)
              }.joined(separator: "\n"))
        }
    }

    // The guide's options.
    func identifyWithThreshold(_ text: String) {
        let options = LanguageIdentificationOptions(confidenceThreshold: 0.4)
        let languageId = NaturalLanguage.languageIdentification(options: options)
        languageId.identifyLanguage(for: text) { (languageCode, error) in
          if let error = error {
            self.show("Failed with error: \(error)")
            return
          }
          self.show("Identified Language: \(languageCode ?? "nil")")
        }
    }

    // The LanguageID quickstart's two buttons, its text view being `show`.
    func quickstartIdentifyLanguage(_ text: String) {
      languageId.identifyLanguage(for: text) { (languageTag, error) in
        if let error = error {
          self.show("Failed with error: \(error)")
          return
        }

        self.show("Identified Language: \(self.displayName(for:languageTag!))")
      }
    }

    func quickstartIdentifyPossibleLanguages(_ text: String) {
      languageId.identifyPossibleLanguages(for: text) { (identifiedLanguages, error) in
        if let error = error {
          self.show("Failed with error: \(error)")
          return
        }

        self.show(
          "Identified Languages:\n"
          + identifiedLanguages!.map {
            String(format: "(%@, %.2f)", self.displayName(for: $0.languageTag), $0.confidence)
          }.joined(separator: "\n"))
      }
    }

    func displayName(for languageTag: String) -> String {
      if languageTag == IdentifiedLanguage.undetermined {
        return "Undetermined Language"
      }
      // The quickstart's `Locale.current`, English here so the test reads alike in every locale.
      return Locale(identifier: "en").localizedString(forLanguageCode: languageTag)!
    }

    // The Translate guide: "If you don't know the language of the input text, you can use the
    // language identification API first." Its tag makes the translator's options.
    func translator(for text: String) async throws -> Translator? {
        let languageTag = try await languageId.identifyLanguage(for: text)
        guard languageTag != IdentifiedLanguage.undetermined,
              let sourceLanguage = TranslateLanguage.fromLanguageTag(languageTag) else { return nil }
        let options = TranslatorOptions(sourceLanguage: sourceLanguage, targetLanguage: .english)
        let translator = Translator.translator(options: options)
        // Samples keep one translator and compare the one they would make with it.
        return translator == Translator.translator(options: options) ? translator : nil
    }
}
