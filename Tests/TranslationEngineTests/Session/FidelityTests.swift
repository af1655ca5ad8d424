import Foundation
import TestSupport
import Testing
import ReviewModel
@testable import TranslationEngine

/// Every sample review in a language we have a pair from, through the session and through
/// the `apertium` command: the same text, whitespace aside.
///
/// One direction at a time (as many pipelines start at once as before), while the command's
/// outputs for every direction are computed in the background from the first test on
/// (`ApertiumReference`), in the order the directions run.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
struct FidelityTests {
    static let reviews: [Review] = LanguageRecognizerTests.reviews

    /// The text with every run of whitespace made one space and none at the ends, scalar by
    /// scalar: a space followed by a combining mark is one whitespace Character, and splitting
    /// on Characters would drop the mark with it.
    static func normalized(_ text: String) -> String {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !word.isEmpty { words.append(String(word)); word.removeAll() }
            } else {
                word.append(scalar)
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words.joined(separator: " ")
    }

    /// The two texts around where they first differ.
    static func firstDifference(_ ours: String, _ reference: String, referenceName: String = "apertium") -> String {
        let common = zip(ours, reference).prefix { $0 == $1 }.count
        let start = max(0, common - 40)
        let width = max(4, referenceName.count) + 1
        func line(_ name: String, _ text: String) -> String {
            "  " + (name + ":").padding(toLength: width + 1, withPad: " ", startingAt: 0) + "…" + text.dropFirst(start).prefix(120)
        }
        return line("ours", ours) + "\n" + line(referenceName, reference)
    }
}

extension FidelityTests {
    /// Every direction of the test pairs, variant modes included (a target with a region or
    /// variant picks its mode), and two chains.
    static let directions: [(source: String, target: String, modes: [String])] = [
        ("es", "en", ["spa-eng"]), ("en", "es", ["eng-spa"]), ("es", "en-US", ["spa-eng_US"]),
        ("fr", "es", ["fr-es"]), ("es", "fr", ["es-fr"]),
        ("es", "pt", ["es-pt"]), ("pt", "es", ["pt-es"]), ("es", "pt-BR", ["es-pt_BR"]),
        ("en", "ca", ["eng-cat"]), ("ca", "en", ["cat-eng"]), ("en", "ca-valencia", ["eng-cat_valencia"]),
        ("fr", "en", ["fr-es", "spa-eng"]), ("pt", "en", ["pt-es", "spa-eng"]),
    ]

    static func texts(in language: String) -> [String] {
        reviews.filter { LanguageRecognizerTests.truth[$0.id] == language }.map(\.text)
    }

    /// Starts the command on every text of every direction once, when the first test asks.
    static let referencesStarted: Void = ApertiumReference.prefetch(
        directions.flatMap { direction in texts(in: direction.source).map { ($0, direction.modes) } })

    @Test(arguments: directions.indices)
    func everyReviewMatchesTheApertiumCommand(direction: Int) async throws {
        Self.referencesStarted
        let (source, target, modes) = Self.directions[direction]
        let texts = Self.texts(in: source)
        #expect(texts.count >= 15)
        async let references = ApertiumReference.translate(texts, modes: modes)
        let session = TranslationSessionTests.session(from: source, to: target)
        // One text after another through one session, so a text that changes a stage's state
        // (the tagger) comes before the others, as the command never lets it.
        var translations: [String] = []
        for text in texts {
            let response = try await session.translate(text)
            // The chains here all pivot through Spanish.
            let route = [source] + (modes.count == 2 ? ["es"] : []) + [target]
            #expect(response.route == route, "\(source)->\(target) went \(response.route)")
            translations.append(response.targetText)
        }
        var mismatches: [String] = []
        for (text, (ours, reference)) in zip(texts, zip(translations, try await references)) {
            if Self.normalized(ours) != Self.normalized(reference) {
                mismatches.append("\(text.prefix(60))\n" + Self.firstDifference(Self.normalized(ours), Self.normalized(reference)))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(texts.count) differ:\n\(mismatches.joined(separator: "\n"))")
    }
}

extension FidelityTests {
    /// Portuguese reviews, one of which changes the tagger, three times over in a shuffled order,
    /// 16 at a time: every answer still equals the command's for that text, whether the tagger is
    /// set back after that text by the preloaded library (`TaggerReset`, never replaced) or
    /// replaced by a fresh process (without it).
    @Test(arguments: [true, false])
    func taggerChangesUnderConcurrencyKeepEveryAnswerExact(setBack: Bool) async throws {
        Self.referencesStarted
        let library = TaggerReset.besideExecutable
        if setBack {
            guard try Fixture.check(library != nil, "\(TaggerReset.libraryName) beside the test binary (swift build makes it)") else { return }
        }
        let texts = Self.texts(in: "pt")
        let outputs = try await ApertiumReference.translate(texts, modes: ["pt-es"])
        let references = Dictionary(zip(texts, outputs.map(Self.normalized))) { first, _ in first }
        var generator = SystemRandomNumberGenerator()
        let order = (texts + texts + texts).shuffled(using: &generator)
        var settings = PipelinePool.Settings(memoryBudget: 1 << 30, idleTimeout: .seconds(600), maxReplicas: 1, replicaThreshold: 8, replicaAfter: .seconds(60))
        settings.taggerReset = setBack ? library : nil
        let pool = PipelinePool(settings: settings)
        let session = TranslationSession(sourceTag: "pt", targetTag: "es", pairs: TranslationSessionTests.pairs, pool: pool)
        let responses = try await session.translations(from: order.map { .init(sourceText: $0) })
        let wrong = zip(order, responses).filter { Self.normalized($0.1.targetText) != references[$0.0] }
        #expect(wrong.isEmpty, "\(wrong.count) of \(order.count) differ: \(wrong.first.map { Self.firstDifference(Self.normalized($0.1.targetText), references[$0.0] ?? "") } ?? "")")
        let pipelines = await pool.running().map(\.pipeline)
        let replaced = pipelines.map(\.taggerReplacements).reduce(0, +)
        let setBackTimes = pipelines.map(\.taggerResets).reduce(0, +)
        if setBack {
            #expect(setBackTimes >= 3 && replaced == 0, "set back \(setBackTimes) times, replaced \(replaced) times")
        } else {
            #expect(replaced >= 3 && setBackTimes == 0, "replaced \(replaced) times, set back \(setBackTimes) times")
        }
        await pool.shutdownAll()
    }
}
