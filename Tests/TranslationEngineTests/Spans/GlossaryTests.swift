import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The glossary: its file format, whole-word case-sensitive longest-first matching, and terms
/// kept (or forced) through a real Apertium route, never answered from a memory entry made
/// without them.
@Suite(.serialized)
struct GlossaryTests {
    static let review = "Subimos al Refugio de Góriz y luego al Monte Perdido por el Camí de Ronda."

    static func file(_ text: String) throws -> String {
        let path = try Scratch.folder("glossary") + "/terms-\(UUID().uuidString).txt"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

extension GlossaryTests {
    @Test func theFileSaysWhatEachLineIsAndABadLineNamesFileAndLine() throws {
        let path = try Self.file("# huts and peaks\n\nRefugio de Góriz\n  Monte Perdido  \r\nCamí de Ronda\ten\tRonda Path\n   # indented comment\n")
        let glossary = try Glossary(contentsOf: path)
        // Longest first; "Monte Perdido" and "Camí de Ronda" are as long: file order.
        #expect(glossary.terms.map(\.text) == ["Refugio de Góriz", "Monte Perdido", "Camí de Ronda"])
        #expect(glossary.terms.first { $0.text == "Camí de Ronda" }?.translations == ["en": "Ronda Path"])
        for (text, line, words) in [("ok\none\ttab\n", 2, "found 1 tabs"), ("a\tb\tc\td", 1, "found 3 tabs"),
                                    ("x\n\ny\t1x\tz", 3, "not a language tag"), ("\tes\tz", 1, "term is empty"),
                                    ("t\tes\t ", 1, "translation is empty")] {
            let bad = try Self.file(text)
            do {
                _ = try Glossary(contentsOf: bad)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.line == line && error.description.hasPrefix("\(bad):\(line): ") && error.description.contains(words),
                        "\(error)")
                #expect(!error.description.contains("\n"))
            }
        }
        do {
            _ = try Glossary(contentsOf: "/nonexistent/glossary.txt")
            Issue.record("a missing file was accepted")
        } catch {
            #expect(error.description == "/nonexistent/glossary.txt: cannot read the glossary file")
        }
    }

    @Test func termsMatchWholeWordsCaseSensitivelyLongestFirst() {
        let glossary = Glossary(terms: [.init("Monte"), .init("Monte Perdido"), .init("Ronda"), .init("Ordesa", translations: ["en": "Ordesa Valley"])])
        let marked = glossary.marking(SpannedText(text: "Monte Perdido, monte Perdido, Montes, Rondador, Ronda. Ordesa"), into: "en-GB")
        #expect(marked.segments == [.kept("Monte Perdido"), .text(", monte Perdido, Montes, Rondador, "), .kept("Ronda"), .text(". "),
                                    .kept("Ordesa Valley")])
        // Into another language the term is kept as written; spans already there are left alone.
        let spanish = glossary.marking(SpannedText([.kept("Monte"), .text(" y Ordesa")]), into: "es")
        #expect(spanish.segments == [.kept("Monte"), .text(" y "), .kept("Ordesa")])
        // A host's own terms merged in: longest first again, the later translation winning.
        let merged = glossary.merged(with: Glossary(terms: [.init("Valle de Ordesa"), .init("Ordesa", translations: ["en": "Ordesa Canyon"])]))
        #expect(merged.marking(SpannedText(text: "Valle de Ordesa y Ordesa"), into: "en").segments
                == [.kept("Valle de Ordesa"), .text(" y "), .kept("Ordesa Canyon")])
    }

    @Test(.needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
    func termsSurviveAnApertiumRouteAndTheMemoryKeysThemApart() async throws {
        let folder = try Scratch.folder("glossary-memory")
        let store = PackStore(root: folder + "/store")
        let glossary = try Glossary(contentsOf: try Self.file("Refugio de Góriz\nMonte Perdido\nCamí de Ronda\ten\tRonda Path\n"))
        let engine = Engine(environment: EngineEnvironment(store: store, offline: true, pairRoots: [PipelineFixtures.pairsRoot],
                                                           includesSystemPairs: false,
                                                           memory: TranslationMemory.Settings(path: folder + "/memory.sqlite")))
        // Without the glossary first: the names are translated as words, and remembered.
        let plain = BatchTranslator(to: "en", from: "es", in: engine, consent: nil, memory: engine.memory, glossary: Glossary(terms: []))
        guard case .translated(let before) = await plain.translate(Self.review) else { Issue.record("no plain translation"); return }
        #expect(!before.targetText.contains("Monte Perdido"), "\(before.targetText)")
        let kept = BatchTranslator(to: "en", from: "es", in: engine, consent: nil, memory: engine.memory, glossary: glossary)
        for round in 0..<2 {
            guard case .translated(let after) = await kept.translate(Self.review) else { Issue.record("no glossary translation"); return }
            #expect(after.isRemembered == (round == 1))
            #expect(after.targetText.contains("Refugio de Góriz") && after.targetText.contains("Monte Perdido")
                    && after.targetText.contains("Ronda Path"), "\(after.targetText)")
            #expect(after.spannedTargetText?.keptSpans == ["Refugio de Góriz", "Monte Perdido", "Ronda Path"])
        }
        // And the plain entry is still the plain translation.
        guard case .translated(let again) = await plain.translate(Self.review) else { Issue.record("no plain translation"); return }
        #expect(again.isRemembered && again.targetText == before.targetText)
        await engine.shutdown()
    }
}
