import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Sessions over the real spa-eng and fr-es pairs, compared with the `apertium` command.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
struct TranslationSessionTests {
    static let pairs = InstalledPairs.scan(roots: [PipelineFixtures.pairsRoot])

    static func session(from source: String?, to target: String) -> TranslationSession {
        TranslationSession(sourceTag: source, targetTag: target, pairs: pairs, pool: PipelinePool())
    }

    /// What `apertium -u` prints for `text` through the named modes, piped one into the next.
    static func reference(_ text: String, modes: [String]) async throws -> String {
        try await ApertiumReference.translate([text], modes: modes)[0]
    }
}

extension TranslationSessionTests {
    @Test func installedPairsAreFoundWithTheirPacks() {
        let packs = Dictionary(uniqueKeysWithValues: Self.pairs.packs.map { ($0.id, $0) })
        #expect(packs["eng-spa"]?.directions.contains { $0.source == "es" && $0.target == "en" } == true)
        #expect(packs["fr-es"]?.directions.contains { $0.source == "fr" && $0.target == "es" } == true)
        #expect(Availability(packs: Self.pairs.packs).status(from: "fr", to: "en") == .installed)
        #expect(Availability(packs: Self.pairs.packs).status(from: "de", to: "en") == .unsupported)
    }

    @Test func directPairMatchesTheApertiumCommand() async throws {
        let session = Self.session(from: "es", to: "en")
        for text in ["El camino estaba muy bien señalizado y había agua en la fuente.", "Llegamos al refugio a las 14:30, cansados pero felices."] {
            let response = try await session.translate(text)
            #expect(response.targetText.trimmingCharacters(in: .whitespacesAndNewlines) == (try await Self.reference(text, modes: ["spa-eng"])))
            #expect(response.route == ["es", "en"])
            #expect(response.sourceLanguage.languageCode?.identifier == "es")
        }
    }

    @Test func chainMatchesTheCommandsPipedTogether() async throws {
        let text = "Le sentier était magnifique mais il faisait très chaud."
        let response = try await Self.session(from: "fr", to: "en").translate(text)
        #expect(response.route == ["fr", "es", "en"])
        #expect(response.targetText.trimmingCharacters(in: .whitespacesAndNewlines) == (try await Self.reference(text, modes: ["fr-es", "spa-eng"])))
    }

    @Test func nilSourceIsDetectedPerRequest() async throws {
        let session = Self.session(from: nil, to: "en")
        let responses = try await session.translations(from: [
            .init(sourceText: "El perro bebe agua fresca en la fuente del pueblo.", clientIdentifier: "a"),
            .init(sourceText: "Le chien boit de l'eau fraîche à la fontaine du village.", clientIdentifier: "b"),
        ])
        #expect(responses.map(\.clientIdentifier) == ["a", "b"])
        #expect(responses.map(\.route) == [["es", "en"], ["fr", "es", "en"]])
        await #expect(throws: TranslationError.unableToIdentifyLanguage) { try await session.translate("Ok") }
    }

    @Test func batchStreamsResponsesWithTheirIdentifiers() async throws {
        let session = Self.session(from: "es", to: "en")
        let requests = (0..<40).map { TranslationSession.Request(sourceText: "La casa número \($0 + 7000) es blanca.", clientIdentifier: "id-\($0)") }
        var seen: [String] = []
        for try await response in session.translate(batch: requests) {
            let identifier = try #require(response.clientIdentifier)
            seen.append(identifier)
            let number = try #require(Int(identifier.dropFirst(3)))
            #expect(response.targetText.contains("\(number + 7000)"), "each answer carries its own number: \(response.targetText)")
            #expect(response.sourceText == requests[number].sourceText)
        }
        #expect(seen.sorted() == requests.compactMap(\.clientIdentifier).sorted())
    }

    @Test func translationsKeepRequestOrder() async throws {
        let session = Self.session(from: nil, to: "en")
        let requests = (0..<60).map { index in
            TranslationSession.Request(sourceText: index.isMultiple(of: 3) ? "Le chemin numéro \(index + 5000) était très beau." : "El camino número \(index + 5000) era muy bonito.", clientIdentifier: "\(index)")
        }
        let responses = try await session.translations(from: requests)
        #expect(responses.map(\.clientIdentifier) == requests.map(\.clientIdentifier))
        for (index, response) in responses.enumerated() {
            #expect(response.targetText.contains("\(index + 5000)"), "\(index): \(response.targetText)")
            #expect(response.route == (index.isMultiple(of: 3) ? ["fr", "es", "en"] : ["es", "en"]))
        }
    }

    @Test func errorsSayWhatIsWrong() async throws {
        // Errors are equal by kind, as Apple's are; the detail is checked on its own.
        let source = await #expect(throws: TranslationError.unsupportedSourceLanguage) {
            try await Self.session(from: "de", to: "en").translate("Der Weg war schön.")
        }
        #expect(source?.sourceTag == "de" && source?.description == "no offline translation from German [de]")
        let pairing = await #expect(throws: TranslationError.unsupportedLanguagePairing) {
            try await Self.session(from: "en", to: "en").translate("The path was nice.")
        }
        #expect(pairing?.sourceTag == "en" && pairing?.targetTag == "en")
        await #expect(throws: TranslationError.nothingToTranslate) {
            try await Self.session(from: "es", to: "en").translate("   ")
        }
        let session = Self.session(from: "es", to: "en")
        session.cancel()
        await #expect(throws: TranslationError.alreadyCancelled) { try await session.translate("Hola") }
        // The packs as data and in the words; the command that installs them is the host's to add.
        #expect(TranslationError.notInstalled(packs: ["eng-spa"]).description == "language packs needed and not installed: eng-spa")
        #expect(TranslationError.notInstalled(packs: ["eng-spa"]).packs == ["eng-spa"])
    }
}

extension TranslationSessionTests {
    @Test func availabilityMirrorsApple() async throws {
        let availability = LanguageAvailability(pairs: Self.pairs)
        #expect(await availability.status(from: Locale.Language(identifier: "es"), to: Locale.Language(identifier: "en")) == .installed)
        #expect(await availability.status(from: Locale.Language(identifier: "fr"), to: Locale.Language(identifier: "en")) == .installed)
        #expect(await availability.status(from: Locale.Language(identifier: "en"), to: Locale.Language(identifier: "en")) == .unsupported)
        #expect(await availability.status(from: Locale.Language(identifier: "de"), to: Locale.Language(identifier: "en")) == .unsupported)
        #expect(try await availability.status(for: "El camino estaba muy bien señalizado y había agua.", to: Locale.Language(identifier: "en")) == .installed)
        // Text whose language cannot be told throws, as Apple's does.
        await #expect(throws: TranslationError.unableToIdentifyLanguage) {
            try await availability.status(for: "Ok", to: Locale.Language(identifier: "en"))
        }
        #expect(await availability.supportedLanguages.contains { $0.languageCode?.identifier == "fr" })
    }

    @Test func configurationInvalidateBumpsTheVersion() {
        var configuration = TranslationSession.Configuration(source: Locale.Language(identifier: "es"), target: Locale.Language(identifier: "pt-BR"))
        #expect(configuration.sourceTag == "es")
        #expect(configuration.targetTag == "pt-BR")
        let before = configuration
        configuration.invalidate()
        #expect(configuration.version == before.version + 1)
        #expect(configuration != before, "a changed configuration makes the screen translate again")
    }
}
