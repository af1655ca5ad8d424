import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Apple's attributed forms (iOS 26.4) on the real spa-eng pair: runs marked `skipsTranslation`
/// come back untouched as kept spans, the rest translated, and a text with no marked run is the
/// plain path. Each test quotes the sentence of Apple's documentation it checks.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test (scripts/setup, scripts/fetch-test-pairs)"))
struct AttributedTextTests {
    static let pairs = InstalledPairs.scan(roots: [PipelineFixtures.pairsRoot])
    static let sentence = "Subimos al Refugio de Góriz y luego al Monte Perdido con mucho calor."

    static func session() -> TranslationSession {
        TranslationSession(sourceTag: "es", targetTag: "en", pairs: pairs, pool: PipelinePool())
    }

    /// `sentence` with each of `names` marked as Apple's docs mark "Apple Park".
    static func marked(_ names: [String], in text: String = sentence) -> AttributedString {
        var attributed = AttributedString(text)
        for name in names {
            let range = attributed.range(of: name)!
            attributed[range].skipsTranslation = true
        }
        return attributed
    }

    /// The runs of `text` marked `skipsTranslation`, in order.
    static func markedRuns(of text: AttributedString) -> [String] {
        text.runs[\.skipsTranslation].compactMap { skips, range in skips == true ? String(text[range].characters) : nil }
    }
}

/// A test's own attribute, standing for what an app puts on its runs (a link, a timestamp).
private enum TrailAttribute: AttributedStringKey {
    typealias Value = String
    static let name = "HikeReviewsTests.trail"
}

extension AttributedTextTests {
    @Test func aMarkedNameIsKeptWhileTheSentenceAroundItIsTranslated() async throws {
        // Apple (skipsTranslation): "When translated the string, “Welcome to” changes to the
        // target language, but “Apple Park” remains unchanged."
        let session = Self.session()
        let plain = try await session.translate(Self.sentence)
        #expect(!plain.targetText.contains("Monte Perdido"), "\(plain.targetText)")
        let response = try await session.translate(Self.marked(["Monte Perdido"]))
        #expect(response.targetText.contains("Monte Perdido"), "\(response.targetText)")
        #expect(response.targetText.contains("We go up to the"), "\(response.targetText)")
        #expect(response.spannedTargetText?.keptSpans == ["Monte Perdido"])
        let target = try #require(response.attributedTargetText)
        #expect(Self.markedRuns(of: target) == ["Monte Perdido"])
    }

    @Test func severalMarkedRunsComeBackInOrderWithTheirOwnAttributes() async throws {
        // Apple (attributedTargetText): "This property contains the translated text with
        // formatting and defined attributes preserved and aligned from the source text."
        var source = Self.marked(["Refugio de Góriz", "Monte Perdido"])
        source[source.range(of: "Refugio de Góriz")!][TrailAttribute.self] = "hut"
        source[source.range(of: "Monte Perdido")!][TrailAttribute.self] = "peak"
        let response = try await Self.session().translate(source)
        #expect(response.spannedTargetText?.keptSpans == ["Refugio de Góriz", "Monte Perdido"], "\(response.targetText)")
        let target = try #require(response.attributedTargetText)
        #expect(Self.markedRuns(of: target) == ["Refugio de Góriz", "Monte Perdido"])
        let trails = target.runs[TrailAttribute.self].compactMap { value, range in value.map { "\($0)=\(String(target[range].characters))" } }
        #expect(trails == ["hut=Refugio de Góriz", "peak=Monte Perdido"])
        #expect(!String(target.characters).contains("Subimos"), "\(response.targetText)")
    }

    @Test func aTextAllMarkedComesBackAsItWas() async throws {
        // Apple (SkipTranslationAttribute.Value): "When `true`, the text isn’t translated."
        var source = AttributedString("El Camí de Ronda")
        source.skipsTranslation = true
        let response = try await Self.session().translate(source)
        #expect(response.targetText == "El Camí de Ronda")
        #expect(response.attributedTargetText == source)
    }

    @Test func noMarkedRunIsThePlainTranslation() async throws {
        // Apple (Request.init(sourceText: AttributedString, ...)): "The plain text is
        // automatically extracted and stored in sourceText."
        let session = Self.session()
        let plain = try await session.translate(Self.sentence)
        var source = AttributedString(Self.sentence)
        source[TrailAttribute.self] = "review"
        let request = TranslationSession.Request(sourceText: source, clientIdentifier: "r1")
        #expect(request.sourceText == Self.sentence && request.spannedText == nil)
        let response = try #require(try await session.translations(from: [request]).first)
        #expect(response.targetText == plain.targetText && response.spannedTargetText == nil)
        #expect(response.clientIdentifier == "r1")
        // One run, one attribute: the whole translation carries it.
        let target = try #require(response.attributedTargetText)
        #expect(target.runs.count == 1 && target.runs.first?[TrailAttribute.self] == "review")
    }

    @Test func theAttributedResponsesStringsAreThePlainResponses() async throws {
        // Apple (translate(_: AttributedString)): "Translates a formatted string of text,
        // preserving formatting in the translation."
        let session = Self.session()
        var source = Self.marked(["Refugio de Góriz"])
        // Mixed attributes in one translated stretch: where they went cannot be told, so that
        // stretch comes back plain; the marked run keeps its own.
        source[source.range(of: "Subimos")!][TrailAttribute.self] = "verb"
        let response = try await session.translate(source)
        let target = try #require(response.attributedTargetText)
        #expect(String(target.characters) == response.targetText)
        #expect(response.attributedSourceText == source && response.sourceText == Self.sentence)
        let spanned = try await session.translate(TranslationSession.Request(spannedText: SpannedText([
            .text("Subimos al "), .kept("Refugio de Góriz"), .text(" y luego al Monte Perdido con mucho calor."),
        ])))
        #expect(response.targetText == spanned.targetText)
        #expect(target.runs[TrailAttribute.self].allSatisfy { value, _ in value == nil })
    }

    @Test func applesSnippetsCompileAndAResponseCanBeMadeForPreviews() {
        // Apple (AttributeDynamicLookup): `var text = AttributedString("Product Name")`,
        // `text.skipsTranslation = true`; Response's attributed init "Creates an instance of a
        // translation response with formatted text."
        var text = AttributedString("Welcome to Apple Park")
        let range = text.range(of: "Apple Park")!
        text[range].skipsTranslation = true
        #expect(Self.markedRuns(of: text) == ["Apple Park"])
        #expect(AttributeContainer().skipsTranslation(true).skipsTranslation == true)
        let response = TranslationSession.Response(sourceLanguage: .init(identifier: "en"), targetLanguage: .init(identifier: "es"),
                                                   sourceAttributedText: text, targetAttributedText: AttributedString("Bienvenido a Apple Park"))
        #expect(response.sourceText == "Welcome to Apple Park" && response.targetText == "Bienvenido a Apple Park")
        #expect(response.attributedSourceText == text)
        var request = TranslationSession.Request(sourceText: "x")
        request.attributedSourceText = text
        #expect(request.sourceText == "Welcome to Apple Park" && request.spannedText?.keptSpans == ["Apple Park"])
    }
}
