import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The errors Apple documents for text nobody can identify and for languages nobody translates,
/// over make test's Apertium pairs, with the engine's recognizer as the app runs it (CLD2 and
/// the short-text model) and with CLD2 alone.
@Suite(.needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
struct DocumentedErrorsTests {
    static let english = Locale.Language(identifier: "en")
    static let model = PackagePaths.root.appendingPathComponent(".build/langid/model.bin")

    /// An engine over the test pairs, with the short-text model when it is built.
    static func engine(model: Bool) -> Engine {
        let store = PackStore(root: Scratch.root.appendingPathComponent("documented-errors").path)
        let found = model && FileManager.default.fileExists(atPath: Self.model.path) ? Self.model : nil
        return Engine(environment: EngineEnvironment(store: store, pairRoots: [PipelineFixtures.pairsRoot], includesSystemPairs: false,
                                                     languageIDModel: found))
    }

    /// Gibberish and digits (Google's kind of "undetermined" text), emoji, and lone words.
    static let unidentifiable = ["asdfgh qwerty", "12345 678", "🏔️🥾⛺️🌲", "Hola", "ok", "!!! ??? ..."]

    /// What `work` throws, as the kind's name.
    static func thrown(_ work: () async throws -> Void) async -> String {
        do {
            try await work()
            return "nothing"
        } catch let error as TranslationError {
            for (kind, name) in [(TranslationError.unableToIdentifyLanguage, "unableToIdentifyLanguage"),
                                 (.unsupportedSourceLanguage, "unsupportedSourceLanguage"), (.unsupportedTargetLanguage, "unsupportedTargetLanguage"),
                                 (.unsupportedLanguagePairing, "unsupportedLanguagePairing")] where error == kind {
                return name
            }
            return "\(error)"
        } catch {
            return "\(error)"
        }
    }
}

extension DocumentedErrorsTests {
    @Test(arguments: [true, false])
    func textThatCannotBeIdentifiedThrowsUnableToIdentifyLanguage(model: Bool) async {
        let engine = Self.engine(model: model)
        let availability = LanguageAvailability(in: engine)
        let detecting = TranslationSession(configuration: .init(source: nil, target: Self.english), in: engine)
        for text in Self.unidentifiable {
            // Apple, unableToIdentifyLanguage: "The framework throws this error when you call
            // prepareTranslation() without specifying the source language, or when using
            // status(for:to:) and it can't automatically identify the source language of the
            // sample text you pass in."
            #expect(await Self.thrown { _ = try await availability.status(for: text, to: Self.english) } == "unableToIdentifyLanguage", "\(text)")
            // Apple, Configuration(source:): "If nil the session tries to identify the language".
            #expect(await Self.thrown { _ = try await detecting.translate(text) } == "unableToIdentifyLanguage", "\(text)")
        }
        #expect(await Self.thrown { try await detecting.prepareTranslation() } == "unableToIdentifyLanguage")
        // A text that can be told still is, and translates.
        let spanish = "El sendero estaba muy bien señalizado y el agua de la fuente estaba fresca."
        #expect(await Self.thrown { _ = try await availability.status(for: spanish, to: Self.english) } == "nothing")
        let response = try? await detecting.translate(spanish)
        #expect(response?.sourceLanguage.minimalIdentifier == "es" && response?.targetText.contains("water") == true)
        await engine.shutdown()
    }

    @Test func languagesNobodyTranslatesThrowTheirOwnKind() async {
        let engine = Self.engine(model: false)
        let klingon = Locale.Language(identifier: "tlh"), spanish = Locale.Language(identifier: "es")
        let text = "El perro bebe agua."
        func attempt(_ source: Locale.Language, _ target: Locale.Language) async -> String {
            let session = TranslationSession(configuration: .init(source: source, target: target), in: engine)
            let prepared = await Self.thrown { try await session.prepareTranslation() }
            let translated = await Self.thrown { _ = try await session.translate(text) }
            return prepared == translated ? prepared : "prepare: \(prepared), translate: \(translated)"
        }
        // Apple lists unsupportedTargetLanguage among TranslationError's codes; its own page was not
        // found to quote. By unsupportedSourceLanguage's ("The framework doesn’t support the specified
        // or detected source language."), it is the target side of the same refusal.
        #expect(await attempt(spanish, klingon) == "unsupportedTargetLanguage")
        // Apple, unsupportedSourceLanguage: "The framework doesn't support the specified or detected source language."
        #expect(await attempt(klingon, Self.english) == "unsupportedSourceLanguage")
        #expect(await attempt(klingon, Locale.Language(identifier: "haw")) == "unsupportedSourceLanguage", "the source is named first")
        // Apple, unsupportedLanguagePairing: "The framework doesn't support translating from and to the same language."
        #expect(await attempt(Self.english, Locale.Language(identifier: "en-GB")) == "unsupportedLanguagePairing")
        await engine.shutdown()
    }
}
