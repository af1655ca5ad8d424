import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Every test here spawns real Apertium programs; serialised so the "no children left"
/// check is not confused by another test's pipeline.
@Suite("ApertiumPipeline", .serialized, .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test (scripts/setup, scripts/fetch-test-pairs)"))
struct ApertiumPipelineTests {
    static let sentences = [
        "Hola, ¿cómo estás?",
        "El perro come manzanas.",
        "Mañana vamos a la playa con mis amigos.",
        "La casa blanca está en la colina.",
        "No sé lo que quieres decir.",
        "¡Qué día tan bonito!",
        "Los niños juegan en el parque todos los días.",
        "Me gustaría un café con leche, por favor.",
        "El gobierno anunció nuevas medidas económicas ayer.",
        "¿Dónde está la estación de tren?",
        "Ella escribió tres libros en 2019.",
        "Tengo que trabajar hasta las ocho de la noche.",
        "La música clásica me relaja mucho.",
        "Si llueve, nos quedaremos en casa.",
        "Juan y María se casaron el verano pasado.",
        "El agua del río estaba muy fría.",
        "Hemos comprado un coche nuevo.",
        "Los científicos descubrieron una especie desconocida.",
        "Puedes llamarme cuando quieras.",
        "La reunión empezará a las diez en punto.",
    ]

    @Test("matches `apertium -u spa-eng` on 20 sentences")
    func fidelity() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        let dataDir = try PipelineFixtures.wrapperDataDir()
        for sentence in Self.sentences {
            let expected = try PipelineFixtures.run("/usr/bin/apertium", ["-u", "-d", dataDir, "spa-eng"], input: sentence)
            let actual = try await pipeline.translate(sentence, timeout: .seconds(10))
            #expect(actual.trimmingCharacters(in: .whitespacesAndNewlines)
                    == expected.trimmingCharacters(in: .whitespacesAndNewlines), "\(sentence)")
        }
    }

    @Test("awkward inputs stay in step and keep their specials")
    func awkwardInputs() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        let timeout = Duration.seconds(10)
        #expect(try await pipeline.translate("", timeout: timeout) == "")
        #expect(try await pipeline.translate("   \t ", timeout: timeout).trimmingCharacters(in: .whitespaces) == "")
        let specials = try await pipeline.translate(#"casa ^qz/wk$ [ ] \ < > @ * # { }"#, timeout: timeout)
        for token in ["^qz/wk$", "[", "]", "\\", "<", ">", "@", "*", "#", "{", "}"] {
            #expect(specials.contains(token), "\(token) missing from \(specials)")
        }
        #expect(specials.hasPrefix("House "), "\(specials)")
        let emoji = try await pipeline.translate("El perro 🐕 es feliz 😀.", timeout: timeout)
        #expect(emoji.contains("🐕") && emoji.contains("😀"), "\(emoji)")
        let cjk = try await pipeline.translate("El gato 漢字 かな.", timeout: timeout)
        #expect(cjk.contains("漢字") && cjk.contains("かな"), "\(cjk)")
        let nul = try await pipeline.translate("El gato\0come.", timeout: timeout)
        #expect(!nul.contains("\0") && nul.contains("cat"), "\(nul)")
        let lines = try await pipeline.translate("El gato.\nLa casa.", timeout: timeout)
        #expect(lines == "The cat.\nThe house.", "\(lines)")
        // Still in step after all of the above.
        #expect(try await pipeline.translate("El perro.", timeout: timeout) == "The dog.")
    }

    @Test("200 sequential requests come back in order")
    func sequentialOrder() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        for index in 0..<200 {
            let marker = "zq\(index)x"
            let output = try await pipeline.translate("El perro \(marker) come.", timeout: .seconds(10))
            #expect(output.contains(marker), "request \(index): \(output)")
        }
    }

    @Test("concurrent callers are serialised and each gets its own answer")
    func concurrentCallers() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<30 {
                group.addTask { (index, try await pipeline.translate("El gato zq\(index)x duerme.", timeout: .seconds(10))) }
            }
            for try await (index, output) in group {
                #expect(output.contains("zq\(index)x") && output.hasPrefix("The cat"), "\(index): \(output)")
            }
        }
    }

    @Test("unknown words come back beside a text without marks; the user's own * # @ stay")
    func unknownWords() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        let translation = try await pipeline.translation(of: "El qzwk come *mucho* con #amigos y @ana en Grenoblequx.", timeout: .seconds(10))
        #expect(translation.unknownWords == ["qzwk", "ana", "Grenoblequx"], "\(translation)")
        #expect(translation.text.contains("*a lot*") || translation.text.contains("*much*"), "\(translation.text)")
        #expect(translation.text.contains("#") && translation.text.contains("@") && !translation.text.contains("*qzwk"), "\(translation.text)")
        let dataDir = try PipelineFixtures.wrapperDataDir()
        let text = "El qzwk come *mucho* con #amigos y @ana en Grenoblequx."
        let expected = try PipelineFixtures.run("/usr/bin/apertium", ["-u", "-d", dataDir, "spa-eng"], input: text)
        #expect(translation.text.trimmingCharacters(in: .whitespacesAndNewlines) == expected.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("a killed middle stage is replaced and the next request succeeds")
    func restartAfterKill() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        #expect(try await pipeline.translate("El perro.", timeout: .seconds(10)) == "The dog.")
        let before = pipeline.processIDs
        try #require(before.count == 10)
        kill(before[5], SIGKILL)
        #expect(try await pipeline.translate("El gato.", timeout: .seconds(10)) == "The cat.")
        let after = pipeline.processIDs
        #expect(after.count == 10 && Set(after).isDisjoint(with: before))
    }

    @Test("a timeout kills, restarts and retries once, then throws")
    func timeoutThrows() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        defer { pipeline.shutdown() }
        try await pipeline.start()
        let first = pipeline.processIDs
        // 1 ms cannot fit 10 processes' round trip for this input.
        let text = String(repeating: "El perro come manzanas. ", count: 2000)
        await #expect(throws: ChildProcessError.timedOut) { try await pipeline.translate(text, timeout: .milliseconds(1)) }
        #expect(Set(pipeline.processIDs).isDisjoint(with: first))
        #expect(try await pipeline.translate("El perro.", timeout: .seconds(10)) == "The dog.")
    }

    @Test("fr-es works too")
    func frenchToSpanish() async throws {
        let pipeline = try ApertiumPipeline(modeFile: PipelineFixtures.frEsMode, dataRoot: PipelineFixtures.pairsRoot)
        defer { pipeline.shutdown() }
        let output = try await pipeline.translate("Le chat mange.", timeout: .seconds(10))
        #expect(output.lowercased().contains("gato"), "\(output)")
    }

    @Test("shutdown leaves no child processes and later requests throw")
    func shutdownReaps() async throws {
        let pipeline = try PipelineFixtures.spaEng()
        #expect(try await pipeline.translate("El perro.", timeout: .seconds(10)) == "The dog.")
        let pids = pipeline.processIDs
        #expect(Set(PipelineFixtures.childrenOfThisProcess()).isSuperset(of: pids))
        pipeline.shutdown()
        // Other suites run pipelines at the same time, so look at this pipeline's own stages only.
        #expect(Set(PipelineFixtures.childrenOfThisProcess()).isDisjoint(with: pids))
        for pid in pids { #expect(kill(pid, 0) == -1 && errno == ESRCH) }
        await #expect(throws: ChildProcessError.shutDown) { try await pipeline.translate("x", timeout: .seconds(1)) }
    }
}
