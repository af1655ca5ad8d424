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

    /// A tagger that says the library is ready but then reports a new class with no marker after
    /// it (a stand-in: a shell script named `apertium-tagger`, passing its input through): once
    /// nothing is in flight the report is found unsettled, the library is distrusted, the
    /// generation ends, and the next one is relayed. Every answer still arrives.
    @Test func aReportLeftUnsettledDistrustsTheLibrary() async throws {
        // Any library that loads quietly will do as the "reset library": the stand-in says ready itself.
        guard try Fixture.check(StageAllocator.installed != nil, "libtcmalloc-minimal4 (scripts/setup)"),
              let library = StageAllocator.installed else { return }
        let folder = try Scratch.folder("false-tagger")
        let tagger = folder + "/apertium-tagger"
        let report = "Error: A new ambiguity class was found. \\nRetraining the tagger is necessary so as to take it into account.\\nWord 'trilha'.\\nNew ambiguity class: {A,B}\\n"
        try "#!/bin/sh\nprintf 'hike tagger reset: ready\\n' >&2\nprintf \"\(report)\" >&2\nexec cat\n"
            .write(toFile: tagger, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tagger)
        // Between two other stages, as a tagger always is (its relay's input is the stage before it).
        let cat = ModeFile.Stage(executable: "/bin/cat", arguments: [])
        let mode = ModeFile(stages: [cat, ModeFile.Stage(executable: tagger, arguments: ["-g", "model.prob"]), cat])
        let pipeline = ApertiumPipeline(mode: mode, taggerReset: library, stageAllocator: nil)
        defer { pipeline.shutdown() }
        let first = try await pipeline.translate("Uma trilha.", timeout: .seconds(60))
        #expect(first.contains("trilha"))
        let second = try await pipeline.translate("Uma trilha.", timeout: .seconds(60))
        #expect(second == first)
        #expect(TaggerLink.distrusted(library))
        #expect(!pipeline.taggerIsLinked)
        #expect(pipeline.slot.child?.tagger != nil)
    }
}
