import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Texts with kept spans on a real spa-eng pipeline: every span back byte for byte and in
/// order, the text around it translated as in a sentence, and a text without spans exactly the
/// plain path's.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test (scripts/setup, scripts/fetch-test-pairs)"))
struct SpannedTextTests {
    /// Spans with every kind of stream syntax, unknown-word marks, a newline and a NUL-free
    /// private-use scalar of the kind the pipeline itself uses.
    static let awkwardSpans = ["Monte Perdido", "[x]\\y^z$@/<b>{}", "*nope #tag @who", "line\none", "\u{E0B1}\u{E02A}", "🏔️ 👍🏽"]
}

extension SpannedTextTests {
    @Test func segmentsMergeAndTheMemoryFormReadsBack() throws {
        let text = SpannedText([.text("a"), .text(""), .text("b"), .kept(""), .kept("K"), .text("c"), .kept("L")])
        #expect(text.segments == [.text("ab"), .kept("K"), .text("c"), .kept("L")])
        #expect(text.string == "abKcL" && text.keptSpans == ["K", "L"] && text.hasKeptSpans)
        #expect(text.textsBetweenSpans == ["ab", "c", ""])
        #expect(SpannedText(memoryMaterial: text.memoryMaterial) == text)
        // Lengths are counted in UTF-8, so a span holding the separators reads back whole.
        let tricky = SpannedText([.text("t3:x"), .kept("k1:é\n"), .text("🏔️")])
        #expect(SpannedText(memoryMaterial: tricky.memoryMaterial) == tricky)
        #expect(SpannedText(memoryMaterial: "plain text") == nil)
        #expect(SpannedText([.text("Hola "), .kept("Góriz")]).memoryMaterial != SpannedText(text: "Hola Góriz").memoryMaterial)
    }

    @Test func everyKeptSpanComesBackByteForByteInOrderThroughApertium() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        var segments: [SpannedText.Segment] = [.text("Subimos al ")]
        for (index, span) in Self.awkwardSpans.enumerated() {
            segments.append(.kept(span))
            segments.append(.text(index.isMultiple(of: 2) ? " y luego bajamos al río " : ", "))
        }
        segments.append(.text("con mucho calor."))
        let source = SpannedText(segments)
        let output = try await pipeline.translation(of: source, timeout: .seconds(120))
        #expect(output.text.keptSpans == Self.awkwardSpans, "\(output.text.segments)")
        #expect(output.text.string.contains("We go up to the"), "\(output.text.string)")
        #expect(output.text.string.contains("river"), "\(output.text.string)")
        // The pipeline's own marks never come from a span: "nope" is no unknown word of the text.
        #expect(!output.unknownWords.contains("nope"), "\(output.unknownWords)")
    }

    @Test func aTextWithoutSpansIsThePlainPathByteForByte() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        for text in ["El Camí de Ronda es precioso.", "Dos líneas\n\nde texto *raro* [x]", "  espacios  "] {
            let plain = try await pipeline.translation(of: text, timeout: .seconds(120))
            let spanned = try await pipeline.translation(of: SpannedText(text: text), timeout: .seconds(120))
            #expect(spanned.text.string == plain.text && spanned.unknownWords == plain.unknownWords)
        }
    }

    @Test func spansTravelAsSuperblanksSoTheSentenceIsTranslatedAsApertiumsDeformatterWould() async throws {
        // The same text with its spans written as superblanks by hand, through `apertium -f none`.
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        let source = SpannedText([.text("La "), .kept("<b>"), .text("casa"), .kept("</b>"), .text(" "), .kept("<i>"), .text("blanca"),
                                  .kept("</i>"), .text(" es grande.")])
        let output = try await pipeline.translation(of: source, timeout: .seconds(120))
        let directory = try PipelineFixtures.wrapperDataDir()
        let reference = try await Subprocess.measuredOffPool(["/usr/bin/apertium", "-d", directory, "-f", "none", "-u", "spa-eng"],
                                                             input: "La [<b>]casa[<\\/b>] [<i>]blanca[<\\/i>] es grande..[]")
        #expect(reference.status == 0)
        #expect(output.text.string == StreamFormat.unescape(reference.output), "\(output.text.string) vs \(reference.output)")
        #expect(output.text.keptSpans == ["<b>", "</b>", "<i>", "</i>"])
    }

    @Test func theMemoryNeverAnswersWithATranslationMadeWithOtherSpans() async throws {
        let folder = try Scratch.folder("spans-memory")
        let engine = Engine(environment: EngineEnvironment(store: PackStore(root: folder + "/store"), offline: true,
                                                           pairRoots: [PipelineFixtures.pairsRoot], includesSystemPairs: false,
                                                           memory: TranslationMemory.Settings(path: folder + "/memory.sqlite")))
        let translator = BatchTranslator(to: "en", from: "es", in: engine, consent: nil, memory: engine.memory)
        let words = "Subimos al Monte Perdido y al Refugio de Góriz."
        let texts = [
            BatchTranslator.Text(words),
            BatchTranslator.Text(spannedText: SpannedText([.text("Subimos al "), .kept("Monte Perdido"), .text(" y al Refugio de Góriz.")])),
            BatchTranslator.Text(spannedText: SpannedText([.text("Subimos al Monte Perdido y al "), .kept("Refugio de Góriz"), .text(".")])),
        ]
        var first: [String] = []
        for round in 0..<2 {
            for (index, text) in texts.enumerated() {
                let results = await translator.translations(of: [text])
                guard case .translated(let response)? = results.first?.outcome else { Issue.record("\(results)"); return }
                #expect(response.isRemembered == (round == 1), "text \(index), round \(round)")
                if round == 0 { first.append(response.targetText) } else { #expect(response.targetText == first[index]) }
            }
        }
        #expect(Set(first).count == 3, "\(first)")
        #expect(first[1].contains("Monte Perdido") && first[2].contains("Refugio de Góriz"), "\(first)")
        await engine.shutdown()
    }

    @Test func aPivotRouteKeepsTheSpansAcrossItsLegs() async throws {
        let engine = try HTMLTranslationTests.engine()
        let translator = BatchTranslator(to: "pt", from: "fr", in: engine, consent: nil, memory: nil)
        let source = SpannedText([.text("Le sentier vers le "), .kept("Pic du Midi d'Ossau"), .text(" était très bien balisé et l'eau de la "),
                                  .kept("[source]"), .text(" était fraîche.")])
        let results = await translator.translations(of: [BatchTranslator.Text(spannedText: source)])
        guard case .translated(let response)? = results.first?.outcome else { Issue.record("\(results)"); return }
        #expect(response.route == ["fr", "es", "pt"])
        #expect(response.spannedTargetText?.keptSpans == ["Pic du Midi d'Ossau", "[source]"], "\(response.targetText)")
        #expect(response.targetText == response.spannedTargetText?.string)
        #expect(response.targetText.contains("água"), "\(response.targetText)")
        await engine.shutdown()
    }

    @Test func aSpannedTextOverTheRequestLimitsIsTranslatedSegmentBySegment() async throws {
        let pipeline = try ApertiumPipeline(modeFile: PipelineFixtures.spaEngMode, dataRoot: PipelineFixtures.pairsRoot,
                                            limits: TextLimits(maxPieceBytes: 64, maxTokenCharacters: 1_000, piecesInFlight: 2))
        defer { pipeline.shutdown() }
        let long = String(repeating: "El agua estaba fresca. ", count: 8)
        let source = SpannedText([.text(long), .kept("<br>"), .text(long)])
        let output = try await pipeline.translation(of: source, timeout: .seconds(120))
        #expect(output.text.keptSpans == ["<br>"])
        #expect(output.text.string.components(separatedBy: "water").count - 1 == 16, "\(output.text.string)")
    }
}
