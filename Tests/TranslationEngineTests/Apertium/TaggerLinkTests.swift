import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The HMM tagger wired straight to its neighbours once the reset library says it is in effect
/// (`TaggerLink`), and relayed when it does not: Portuguese reviews (one meets an ambiguity class
/// the pt-es tagger lacks, which changes it) one after another through one pipeline, twice over,
/// every answer equal to the `apertium` command's for that text.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
struct TaggerLinkTests {
    static let modeFile = PipelineFixtures.pairsRoot + "/modes/pt-es.mode"

    /// Each text through `pipeline` in turn, twice; the texts whose answer differs from the command's.
    static func mismatches(through pipeline: ApertiumPipeline) async throws -> [String] {
        let texts = FidelityTests.texts(in: "pt")
        let references = try await ApertiumReference.translate(texts, modes: ["pt-es"]).map(FidelityTests.normalized)
        var wrong: [String] = []
        for (text, reference) in zip(texts + texts, references + references) {
            let ours = FidelityTests.normalized(try await pipeline.translate(text, timeout: .seconds(120)))
            if ours != reference { wrong.append(String(text.prefix(60)) + "\n" + FidelityTests.firstDifference(ours, reference)) }
        }
        return wrong
    }

    @Test func withTheLibraryTheTaggerIsLinkedAndSetBack() async throws {
        let library = TaggerReset.besideExecutable
        guard try Fixture.check(library != nil, "\(TaggerReset.libraryName) beside the test binary (swift build makes it)") else { return }
        let pipeline = try ApertiumPipeline(modeFile: Self.modeFile, dataRoot: PipelineFixtures.pairsRoot, taggerReset: library)
        defer { pipeline.shutdown() }
        let wrong = try await Self.mismatches(through: pipeline)
        #expect(wrong.isEmpty, "\(wrong.count) differ:\n\(wrong.joined(separator: "\n"))")
        #expect(pipeline.taggerIsLinked)
        // Every text that changed the tagger was set back, none replaced, and the stages ran
        // as one generation (the library never left a report unsettled).
        #expect(pipeline.taggerResets >= 2 && pipeline.taggerReplacements == 0,
                "set back \(pipeline.taggerResets) times, replaced \(pipeline.taggerReplacements) times")
        #expect(pipeline.slot.child?.tagger == nil)
        #expect(!TaggerLink.distrusted(library!))
    }

    /// A library that is not ours never says it is ready: the tagger is relayed and replaced.
    @Test func aLibraryThatDoesNotConfirmLeavesTheTaggerRelayed() async throws {
        guard try Fixture.check(StageAllocator.installed != nil, "libtcmalloc-minimal4 (scripts/setup)"),
              let notOurs = StageAllocator.installed else { return }
        let pipeline = try ApertiumPipeline(modeFile: Self.modeFile, dataRoot: PipelineFixtures.pairsRoot, taggerReset: notOurs)
        defer { pipeline.shutdown() }
        let wrong = try await Self.mismatches(through: pipeline)
        #expect(wrong.isEmpty, "\(wrong.count) differ:\n\(wrong.joined(separator: "\n"))")
        #expect(!pipeline.taggerIsLinked)
        #expect(pipeline.slot.child?.tagger != nil)
        #expect(pipeline.taggerReplacements >= 2 && pipeline.taggerResets == 0,
                "replaced \(pipeline.taggerReplacements) times, set back \(pipeline.taggerResets) times")
    }

    /// A linked tagger that dies takes its generation with it, and the next one answers.
    @Test func aLinkedTaggerKilledIsRecoveredFrom() async throws {
        let library = TaggerReset.besideExecutable
        guard try Fixture.check(library != nil, "\(TaggerReset.libraryName) beside the test binary (swift build makes it)") else { return }
        let pipeline = try ApertiumPipeline(modeFile: Self.modeFile, dataRoot: PipelineFixtures.pairsRoot, taggerReset: library)
        defer { pipeline.shutdown() }
        let text = "Uma trilha muito bonita."
        let first = try await pipeline.translate(text, timeout: .seconds(120))
        #expect(pipeline.taggerIsLinked)
        let child = try #require(pipeline.slot.child)
        let tagger = try #require(child.link?.pid)
        kill(tagger, SIGKILL)
        // The chain collapses on EOF; the request that meets it is retried on a fresh generation.
        let again = try await pipeline.translate(text, timeout: .seconds(120))
        #expect(again == first)
        #expect(pipeline.slot.child !== child)
        #expect(pipeline.taggerIsLinked)
    }
}
