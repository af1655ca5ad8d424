import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Text built to break the stream format (escaped characters carrying combining marks,
/// controls, NUL, every script of the sample data) and requests that kill their pipeline.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
struct PoisonTextTests {
    /// The pieces random texts are made of.
    static let escaped = ["\\", "[", "]", "^", "$", "@", "/", "<", ">", "{", "}", "~", "*", "#"]
    static let combining = ["\u{0300}", "\u{0301}", "\u{0308}", "\u{0327}", "\u{0343}", "\u{20E3}", "\u{FE0F}", "\u{200D}", "\u{1AB0}"]
    static let controls = ["\u{01}", "\u{07}", "\u{08}", "\u{0B}", "\u{0C}", "\u{1B}", "\u{7F}", "\u{85}", "\t", "\n", "\r", "\r\n", "\0"]
    static let words = ["El", "perro", "bebe", "agua", "camino", "señalizado", "montaña", "fuente", "Привет", "горы", "Ελλάδα",
                        "山頂", "かな", "カタカナ", "한국어", "مرحبا", "שלום", "ქართული", "Ölüdeniz", "Łódź", "😀", "🏳️‍🌈", "👩🏽‍🔬", "12:30", "1.743"]

    static func randomText(using generator: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 3...14, using: &generator) {
            var piece: String
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...3: piece = words.randomElement(using: &generator)!
            case 4...5: piece = escaped.randomElement(using: &generator)!
            case 6: piece = combining.randomElement(using: &generator)!
            case 7: piece = controls.randomElement(using: &generator)!
            default: piece = escaped.randomElement(using: &generator)! + combining.randomElement(using: &generator)!
            }
            // A known difference, not a fault: `*`, `#` or `@` glued to the end of a word
            // ("fuente@") is its own token for us (a placeholder, so that no user character can
            // pass for the generator's unknown-word mark) and part of an unknown word for the
            // command, which then leaves the word untranslated. Kept apart by a space here.
            if let first = piece.unicodeScalars.first, "*#@".unicodeScalars.contains(first),
               let last = text.last, last.isLetter || last.isNumber {
                piece = " " + piece
            }
            // Not a fault either: the command cannot be given a NUL, so its reference reads a
            // space there, and Apertium joins a space and the combining mark after it ("a ̧" comes
            // back "a̧"); we keep the NUL's space. A NUL is followed by a space here.
            if text.hasSuffix("\0"), piece.unicodeScalars.first?.properties.generalCategory == .nonspacingMark {
                piece = " " + piece
            }
            text += piece
            if Bool.random(using: &generator) { text += " " }
        }
        return text
    }
}

extension PoisonTextTests {
    /// The issue's examples: an escaped character followed by a combining mark is one Swift
    /// Character but two scalars, and both must be escaped as the stream format reads them.
    @Test func escapedCharactersCarryingCombiningMarksAreEscaped() {
        #expect(StreamFormat.escape("]\u{0343}") == "\\]\u{0343}")
        #expect(StreamFormat.escape("{\u{0301}x") == "\\{\u{0301}x")
        #expect(StreamFormat.deformat("a ^\u{0308}b") == "a \\^\u{0308}b.[]")
        #expect(StreamFormat.deformat("x\r\ny") == "x[\r\n]y.[]")
        #expect(UnknownWords.protect("*\u{0301}") == "\u{E02A}\u{0301}")
        #expect(UnknownWords.extract(from: UnknownWords.protect("a *\u{0301} #\u{0308}"), marked: true).text == "a *\u{0301} #\u{0308}")
    }

    /// Found by the random test: the generator (run with -g) marks "#$" for the "$" of "5$",
    /// a mark with no word after it, which `-n` (the command's) never writes.
    @Test func aMarkWithNoWordAfterItIsStillTakenOut() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        for text in ["El 5$ perro", "a 1.743$ b", "12:30$", "El perro * # @ bebe *agua", "\\*Привет «*perro»"] {
            let reference = try await TranslationSessionTests.reference(text, modes: ["spa-eng"])
            #expect(try await pipeline.translate(text, timeout: .seconds(20)) == reference, "\(text)")
        }
    }

    /// Random hostile texts through a warm pipeline: each comes back exactly as the `apertium`
    /// command translates it (whitespace aside), or fails alone, in bounded time; the pipeline
    /// goes on translating afterwards.
    @Test(.timeLimit(.minutes(10)))
    func randomHostileTextsMatchTheCommandOrFailAlone() async throws {
        // HIKE_REVIEWS_TEST_SEED replays a failure from the seed in its message.
        let seed = ProcessInfo.processInfo.environment["HIKE_REVIEWS_TEST_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        let texts = (0..<60).map { _ in Self.randomText(using: &generator) }
        let references = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask {
                    // The engine turns NUL into a space (the flush marker); the command gets the same.
                    // By scalar: a NUL followed by a combining mark is one Character with it, which
                    // `replacingOccurrences` does not match (seen: "᪰\0\u{20E3}").
                    let input = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? " " : $0 }))
                    return (index, try? await TranslationSessionTests.reference(input, modes: ["spa-eng"]))
                }
            }
            var references = [String?](repeating: nil, count: texts.count)
            for try await (index, reference) in group { references[index] = reference }
            return references
        }
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        var mismatches: [String] = []
        var failures = 0
        // Each text is answered or fails alone (its timeout ends a stuck request; the test's time
        // limit is the safety net); how fast is not asserted, a busy machine only slows it.
        for (text, reference) in zip(texts, references) {
            do {
                let ours = try await pipeline.translate(text, timeout: .seconds(20))
                if let reference, FidelityTests.normalized(ours) != FidelityTests.normalized(reference) {
                    mismatches.append("\(text.debugDescription)\n" + FidelityTests.firstDifference(FidelityTests.normalized(ours), FidelityTests.normalized(reference)))
                }
            } catch {
                failures += 1
                // Failing alone: the next text still translates.
                #expect(try await pipeline.translate("El perro bebe agua.", timeout: .seconds(20)) == "The dog drinks water.")
            }
        }
        #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.count) of \(texts.count) differ:\n\(mismatches.joined(separator: "\n"))")
        #expect(failures == 0, "seed \(seed): \(failures) texts failed")
    }

    /// A real first stage that dies on one request: that request is retried once and fails
    /// alone, every other request is answered, and the pipeline is not respawned for ever.
    @Test(.timeLimit(.minutes(10)))
    func aRequestThatKillsThePipelineTwiceFailsAlone() async throws {
        let folder = Scratch.root.appendingPathComponent("poison-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Copies NUL-terminated segments and exits on one that holds the word POISONQ.
        let script = folder.appendingPathComponent("killer.py").path
        try """
        #!/usr/bin/python3
        import sys
        data = b""
        while True:
            chunk = sys.stdin.buffer.read1(65536)
            if not chunk:
                break
            data += chunk
            while b"\\0" in data:
                segment, data = data.split(b"\\0", 1)
                if b"POISONQ" in segment:
                    sys.exit(3)
                sys.stdout.buffer.write(segment + b"\\0")
                sys.stdout.buffer.flush()
        """.write(toFile: script, atomically: true, encoding: .utf8)
        // Run by the interpreter, not executed itself: a child another test spawns while the
        // file is being written inherits its write descriptor, and exec of the script then fails
        // with ETXTBSY ("text file busy") for as long as that child lives.
        let pretransfer = try ModeFile(parsing: "apertium-pretransfer")
        let mode = ModeFile(stages: [ModeFile.Stage(executable: "/usr/bin/python3", arguments: [script])] + pretransfer.stages)
        let pipeline = ApertiumPipeline(mode: mode)
        defer { pipeline.shutdown() }
        let texts = (0..<24).map { $0 % 6 == 3 ? "zq\($0) POISONQ" : "zq\($0) fine" }
        let outcomes = await withTaskGroup(of: (Int, Result<String, any Error>).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, await Result { try await pipeline.translate(text, timeout: .seconds(20)) }) }
            }
            var outcomes: [Int: Result<String, any Error>] = [:]
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        for (index, text) in texts.enumerated() {
            switch outcomes[index] {
            case .success(let output)?:
                #expect(!text.contains("POISONQ") && output == text, "\(text) -> \(output)")
            case .failure(let error)?:
                #expect(text.contains("POISONQ"), "\(text) failed: \(error)")
            case nil:
                Issue.record("no outcome for \(text)")
            }
        }
        // Four poisoned requests, each tried twice: a bounded number of generations.
        #expect(pipeline.generationCount <= 1 + 4 * 2 + 4, "\(pipeline.generationCount) generations")
        #expect(try await pipeline.translate("zq after", timeout: .seconds(20)) == "zq after")
    }
}

private extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
