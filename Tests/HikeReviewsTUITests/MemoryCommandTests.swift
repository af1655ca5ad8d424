import Foundation
import TestSupport
import Testing
@testable import HikeReviewsTUI

/// The translation memory through the real binary: a second `translate` answered from memory,
/// `cache stats` and `cache clear`, the bypasses, and many processes on one file.
@Suite(.needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
struct MemoryCommandTests {
    /// A folder for one test's memory.
    static func folder() throws -> String {
        let path = Scratch.root.appendingPathComponent("hike-memory-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The test pairs, an empty store, the memory in `cache`, and `extra` variables.
    static func environment(cache: String, _ extra: [String] = []) -> [String] {
        ["HIKE_REVIEWS_PAIRS_PATH=\(CommandLineTests.testPairs)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_STORE=\(CommandLineTests.emptyStore)",
         "HIKE_REVIEWS_PACKS_URL=file:///nonexistent/index.json"] + Subprocess.memoryVariables(folder: cache) + extra
    }

    static func run(_ arguments: [String], input: String = "", cache: String, _ extra: [String] = []) throws
        -> (status: Int32, output: String, error: String) {
        try CommandLineTests.runBinary(arguments, input: input, environment: environment(cache: cache, extra))
    }

    /// No Apertium program can be found: a translation that needs a pipeline fails.
    static let noPrograms = "PATH=/nonexistent"

    static func jsonLines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    static func sqlite(_ path: String, _ sql: String) throws -> String {
        try Subprocess.output(of: ["/usr/bin/sqlite3", "-cmd", ".timeout 10000", path, sql], input: "").output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let reviews = [
        "El camino estaba muy bien señalizado y había agua en la fuente.",
        "Le sentier était magnifique mais il faisait très chaud.",
        "Llegamos al refugio a las 14:30, cansados pero felices.",
    ]

    /// Runs `body` on a thread of its own (a blocking wait on the cooperative pool stalls other tests).
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}

extension MemoryCommandTests {
    @Test func aSecondTranslateIsAnsweredFromMemoryWithoutAnyPipeline() throws {
        let cache = try Self.folder()
        let input = Self.reviews.joined(separator: "\n") + "\n"
        let first = try Self.run(["translate", "--to", "en", "--json"], input: input, cache: cache)
        #expect(first.status == 0, "\(first.error)")
        let firstLines = try Self.jsonLines(first.output)
        #expect(firstLines.map { $0["remembered"] as? Bool } == [false, false, false])

        // Without the programs on PATH no pipeline could start: every answer is the memory's.
        let second = try Self.run(["translate", "--to", "en", "--json"], input: input, cache: cache, [Self.noPrograms])
        #expect(second.status == 0, "\(second.error)")
        let secondLines = try Self.jsonLines(second.output)
        #expect(secondLines.map { $0["remembered"] as? Bool } == [true, true, true])
        #expect(secondLines.map { $0["targetText"] as? String } == firstLines.map { $0["targetText"] as? String })
        #expect(secondLines.map { $0["route"] as? [String] } == firstLines.map { $0["route"] as? [String] })
        #expect(second.error.isEmpty)

        // The plain output is the same text.
        let plain = try Self.run(["translate", "--to", "en"], input: input, cache: cache, [Self.noPrograms])
        #expect(plain.output == firstLines.map { ($0["targetText"] as? String ?? "") + "\n" }.joined())

        // A new line still needs a pipeline, which cannot start here: it alone fails.
        let mixed = try Self.run(["translate", "--to", "en"], input: Self.reviews[0] + "\nEl perro bebe agua.\n", cache: cache, [Self.noPrograms])
        #expect(mixed.status == 1)
        #expect(mixed.output.hasPrefix((firstLines[0]["targetText"] as? String ?? "?") + "\n"))
    }

    @Test func noCacheAndTheVariableBypassTheMemory() throws {
        let cache = try Self.folder()
        let text = Self.reviews[2] + "\n"
        #expect(try Self.run(["translate", "--to", "en"], input: text, cache: cache).status == 0)
        for (arguments, extra) in [(["translate", "--no-cache", "--to", "en"], [Self.noPrograms]),
                                   (["--no-cache", "translate", "--to", "en"], [Self.noPrograms]),
                                   (["translate", "--to", "en"], [Self.noPrograms, "HIKE_REVIEWS_CACHE=0"])] {
            let bypassed = try Self.run(arguments, input: text, cache: cache, extra)
            #expect(bypassed.status == 1, "\(arguments) \(extra): the memory must not answer")
        }
        let stats = try Self.run(["cache", "stats", "--json"], cache: cache)
        let object = try #require(try Self.jsonLines(stats.output).first)
        #expect(object["entries"] as? Int == 1)
        let overall = try #require(object["overall"] as? [String: Any])
        #expect(overall["hits"] as? Int == 0 && overall["misses"] as? Int == 1, "bypassed runs did not look up")
    }

    @Test func statsAndClear() throws {
        let cache = try Self.folder()
        let empty = try Self.run(["cache", "stats"], cache: cache)
        #expect(empty.status == 0)
        #expect(empty.output.contains("entries: 0"))
        #expect(!FileManager.default.fileExists(atPath: cache + "/memory.sqlite"), "stats does not make the file")

        let input = Self.reviews.joined(separator: "\n") + "\n"
        _ = try Self.run(["translate", "--to", "en"], input: input, cache: cache)
        _ = try Self.run(["translate", "--to", "en"], input: input, cache: cache)
        let stats = try Self.run(["cache", "stats"], cache: cache)
        #expect(stats.output.contains("memory: \(cache)/memory.sqlite"))
        #expect(stats.output.contains("entries: 3"))
        #expect(stats.output.contains("this process: no lookups"))
        #expect(stats.output.contains("overall: 3 hits, 3 misses (50.0% hit rate)"))
        let json = try #require(try Self.jsonLines(try Self.run(["cache", "stats", "--json"], cache: cache).output).first)
        #expect((json["fileBytes"] as? Int ?? 0) > 0 && (json["entryBytes"] as? Int ?? 0) > 0)
        #expect(json["maxBytes"] as? Int == 256 << 20)

        let cleared = try Self.run(["cache", "clear"], cache: cache)
        #expect(cleared.status == 0)
        #expect(try Self.run(["cache", "stats"], cache: cache).output.contains("entries: 0"))
        #expect(try Self.run(["translate", "--to", "en"], input: input, cache: cache, [Self.noPrograms]).status == 1, "nothing is remembered")
        #expect(try Self.sqlite(cache + "/memory.sqlite", "PRAGMA integrity_check") == "ok")
    }

    @Test func parsesTheCacheCommands() throws {
        #expect(try CommandLineOptions.parse(["cache", "stats"]) == .cacheStats(json: false))
        #expect(try CommandLineOptions.parse(["cache", "stats", "--json"]) == .cacheStats(json: true))
        #expect(try CommandLineOptions.parse(["cache", "clear"]) == .cacheClear)
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["cache"]) }
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["cache", "purge"]) }
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["cache", "clear", "--json"]) }
        let globals = try CommandLineOptions.extractGlobals(["--no-cache", "--target", "es"])
        #expect(globals.noCache && globals.rest == ["--target", "es"])
        #expect(try CommandLineOptions.extractGlobals(["translate", "--to", "en", "--no-cache"]).noCache)
        #expect(try !CommandLineOptions.extractGlobals(["translate", "--to", "en"]).noCache)
        #expect(CommandLineOptions.help.contains("cache stats") && CommandLineOptions.usage.contains("--no-cache"))
    }

    /// 8 processes at once translate overlapping texts into one file: every text is there once,
    /// with the translation a lone process makes, and the file is intact (and none of them took
    /// the file another was making for a foreign one).
    @Test func eightProcessesAtOnceLoseNothing() async throws {
        let cache = try Self.folder()
        let texts = (0..<48).map { "El refugio número \($0) estaba abierto y el agua de la fuente estaba fresca." }
        let expected = try Self.run(["translate", "--no-cache", "--from", "es", "--to", "en"], input: texts.joined(separator: "\n") + "\n",
                                    cache: cache)
        let expectedLines = expected.output.split(separator: "\n").map(String.init)
        #expect(expectedLines.count == texts.count)
        // Process k takes 16 texts starting at 4k: each text is wanted by up to four processes.
        let results = try await withThrowingTaskGroup(of: (Int, Int32, String, String).self) { group in
            for process in 0..<8 {
                let mine = (0..<16).map { texts[(4 * process + $0) % texts.count] }
                group.addTask {
                    let result = try await Self.offPool {
                        try Self.run(["translate", "--from", "es", "--to", "en"], input: mine.joined(separator: "\n") + "\n", cache: cache)
                    }
                    return (process, result.status, result.output, result.error)
                }
            }
            var all: [(Int, Int32, String, String)] = []
            for try await result in group { all.append(result) }
            return all
        }
        for (process, status, output, error) in results {
            #expect(status == 0)
            // Processes making the new file at once each find it theirs: none is moved aside.
            #expect(error.isEmpty, "process \(process): \(error)")
            let wanted = (0..<16).map { expectedLines[(4 * process + $0) % texts.count] }
            #expect(output.split(separator: "\n").map(String.init) == wanted, "process \(process)")
        }
        let path = cache + "/memory.sqlite"
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.contains(".foreign-") || $0.contains(".corrupt-") }.isEmpty)
        #expect(try Self.sqlite(path, "PRAGMA integrity_check") == "ok")
        let distinct = Set((0..<8).flatMap { process in (0..<16).map { (4 * process + $0) % texts.count } })
        #expect(try Self.sqlite(path, "SELECT COUNT(*) FROM entries") == "\(distinct.count)")
        // Every stored translation is whole: the same as the lone process's.
        let stored = try Self.sqlite(path, "SELECT target FROM entries").split(separator: "\n").map(String.init)
        #expect(Set(stored).isSubset(of: Set(expectedLines)))
        let again = try Self.run(["translate", "--from", "es", "--to", "en", "--json"], input: texts.joined(separator: "\n") + "\n",
                                 cache: cache, [Self.noPrograms])
        let lines = try Self.jsonLines(again.output)
        #expect(lines.filter { $0["remembered"] as? Bool == true }.count == distinct.count)
    }
}

extension MemoryCommandTests {
    /// `packs remove` forgets what the memory remembered through the pack; a pack of another
    /// store (not in this process's catalog) keeps its entries.
    @Test(.needs(TestRepository.available, "needs make test's pack repository"))
    func removingAPackForgetsItsEntriesAndAnotherStoreKeepsThem() throws {
        let cache = try Self.folder()
        let store = try PacksCommandTests.freshStore()
        func run(_ arguments: [String], store: String, input: String = "") throws -> (status: Int32, output: String, error: String) {
            try CommandLineTests.runBinary(arguments, input: input,
                                           environment: PacksCommandTests.environment(store: store) + Subprocess.memoryVariables(folder: cache))
        }
        #expect(try run(["packs", "install", "eng-spa", "--yes"], store: store).status == 0)
        let translated = try run(["translate", "--from", "es", "--to", "en"], store: store, input: Self.reviews[0] + "\n")
        #expect(translated.status == 0, "\(translated.error)")
        let file = cache + "/memory.sqlite"
        #expect(try Self.sqlite(file, "SELECT COUNT(*) FROM entries") == "1")

        // A process over another store, which has fr-es and no eng-spa, translates (and so
        // cleans the memory for its catalog) and leaves the eng-spa entry.
        let other = try PacksCommandTests.freshStore()
        #expect(try run(["packs", "install", "fr-es", "--yes"], store: other).status == 0)
        let elsewhere = try run(["translate", "--from", "fr", "--to", "es"], store: other, input: Self.reviews[1] + "\n")
        #expect(elsewhere.status == 0, "\(elsewhere.error)")
        #expect(try Self.sqlite(file, "SELECT COUNT(*) FROM entries") == "2")
        #expect(try run(["translate", "--from", "es", "--to", "en", "--json"], store: store, input: Self.reviews[0] + "\n").output.contains("\"remembered\":true"))

        let removed = try run(["packs", "remove", "eng-spa"], store: store)
        #expect(removed.status == 0, "\(removed.error)")
        #expect(try Self.sqlite(file, "SELECT packs FROM entries").hasPrefix("fr-es@"), "only the removed pack's entry is gone")
        #expect(try Self.sqlite(file, "PRAGMA integrity_check") == "ok")
    }
}
