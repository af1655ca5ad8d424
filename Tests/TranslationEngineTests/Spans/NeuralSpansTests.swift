import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Kept spans through a real neural worker on a model made at test time (seeded random weights,
/// so its output is not its input): every span comes back byte for byte in its place, and each
/// text segment is what the model makes of that segment alone.
@Suite(.serialized, .needs(NeuralFixtures.venvAvailable, "needs the neural venv: run scripts/setup-neural"),
       .timeLimit(.minutes(10)))
struct NeuralSpansTests {}

extension NeuralSpansTests {
    @Test func spansStayInPlaceAndEachSegmentIsTranslatedAlone() async throws {
        let models = try NeuralFixtures.models.get()
        let worker = NeuralWorker(package: models.random, runtime: NeuralFixtures.runtime)
        defer { worker.shutdown() }
        let source = SpannedText([.text("Der Aufstieg zur "), .kept("Hütte Góriz"), .text(" war steil, "), .kept("<b>"),
                                  .text("aber schön"), .kept("</b>"), .text(". "), .kept("🏔️ 12 km"), .text(" — ")])
        let output = try await worker.translation(of: source, timeout: .seconds(120))
        #expect(output.text.keptSpans == source.keptSpans)
        // Between the spans: each segment with a letter translated alone, its outer whitespace
        // kept; a segment without a letter as it was.
        var expected: [SpannedText.Segment] = []
        for segment in source.segments {
            guard case .text(let text) = segment, text.contains(where: \.isLetter) else {
                expected.append(segment)
                continue
            }
            let core = String(text.trimmingWhitespace())
            let translated = try await worker.translate(core, timeout: .seconds(120))
            expected.append(.text(String(text.prefix { $0.isWhitespace }) + translated + String(text.reversed().prefix { $0.isWhitespace }.reversed())))
        }
        #expect(output.text == SpannedText(expected))
        #expect(output.text.string != source.string)
    }

    @Test func anHTMLDocumentOnANeuralLegKeepsItsMarkupAndTranslatesTextAndAlt() async throws {
        let models = try NeuralFixtures.models.get()
        let worker = NeuralWorker(package: models.random, runtime: NeuralFixtures.runtime)
        defer { worker.shutdown() }
        let format = try HTMLFormat(searchPath: ChildProcess.systemPath, environment: ["PATH": ChildProcess.systemPath])
        let html = "<p>Der Weg war <a href=\"#weg\" title=\"Der Weg\">steil</a>.<img alt=\"Die Hütte\" src=\"h.png\"></p><script>var x = 1 < 2;</script>"
        let document = try await format.spannedText(of: html)
        let output = try await worker.translation(of: document, timeout: .seconds(120))
        #expect(output.text.keptSpans == document.keptSpans)
        let translated = output.text.string
        for markup in ["<p>", "<a href=\"#weg\" title=\"", "</a>", "<img alt=\"", "\" src=\"h.png\"></p>", "<script>var x = 1 < 2;</script>"] {
            #expect(translated.contains(markup), "\(markup) in \(translated)")
        }
        let altTranslation = try await worker.translate("Die Hütte", timeout: .seconds(120))
        #expect(translated.contains("<img alt=\"\(altTranslation)\""), "\(translated)")
        let titleTranslation = try await worker.translate("Der Weg", timeout: .seconds(120))
        #expect(translated.contains("title=\"\(titleTranslation)\">"), "\(translated)")
    }
}
