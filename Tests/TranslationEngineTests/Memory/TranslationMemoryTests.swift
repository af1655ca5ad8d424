import Foundation
import Synchronization
import TestSupport
import Testing
@testable import TranslationEngine

/// The translation memory on real SQLite files in folders of the tests' own, through real
/// sessions over the real spa-eng and fr-es pairs.
@Suite(.needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
struct TranslationMemoryTests {
    static let pairs = InstalledPairs.scan(roots: [PipelineFixtures.pairsRoot])

    /// A memory in a new folder, recording its warnings.
    static func memory(maxBytes: Int64 = 256 << 20, file: String = "memory.sqlite") throws -> (TranslationMemory, folder: String) {
        let folder = try PackFixtures.folder("memory")
        return (TranslationMemory(settings: .init(path: folder + "/" + file, maxBytes: maxBytes)), folder)
    }

    static func session(_ source: String?, _ target: String = "en", memory: TranslationMemory?, pool: PipelinePool = PipelinePool(),
                        pairs: InstalledPairs = pairs) -> TranslationSession {
        TranslationSession(sourceTag: source, targetTag: target, pairs: pairs, pool: pool, memory: memory)
    }

    /// What `sqlite3` prints for `sql` on `path`.
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        try Subprocess.output(of: ["/usr/bin/sqlite3", "-cmd", ".timeout 10000", path, sql], input: "").output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A key of `text` on the spa-eng route, for tests that fill the memory directly.
    static func key(_ text: String) throws -> MemoryKey {
        let route = try #require(Availability(packs: pairs.packs).planner.route(from: "es", to: "en"))
        return try #require(MemoryKey(text: text, source: "es", route: route, versions: pairs.versions))
    }
}

extension TranslationMemoryTests {
    @Test func aTextTranslatedBeforeIsAnsweredWithoutStartingAPipeline() async throws {
        let (memory, _) = try Self.memory()
        let text = "El camino estaba muy bien señalizado y había agua en la fuente."
        let first = try await Self.session("es", memory: memory).translate(text)
        #expect(!first.isRemembered)

        let pool = PipelinePool()
        let second = try await Self.session("es", memory: memory, pool: pool).translate(text)
        #expect(second.isRemembered)
        #expect(second.targetText == first.targetText)
        #expect(second.unknownWords == first.unknownWords)
        #expect(second.route == first.route && second.legs == first.legs)
        #expect(await pool.running().isEmpty, "a hit starts no pipeline")

        // Exactly as given: one more space is another text.
        let other = try await Self.session("es", memory: memory, pool: pool).translate(text + " ")
        #expect(!other.isRemembered)
        let statistics = try #require(await memory.statistics())
        #expect(statistics.entries == 2)
        #expect(statistics.processHits == 1 && statistics.processMisses == 2)
        #expect(statistics.totalHits == 1 && statistics.totalMisses == 2)
        #expect(memory.warnings.isEmpty)
    }

    @Test func aChainAndItsUnknownWordsAreRememberedWhole() async throws {
        let (memory, _) = try Self.memory()
        let text = "Le chien boit de l'eau fraîche à la fontaine du xyzzyville."
        let first = try await Self.session("fr", memory: memory).translate(text)
        let second = try await Self.session(nil, memory: memory).translate(text)
        #expect(second.isRemembered, "a detected source finds the same entry")
        #expect(second.route == ["fr", "es", "en"])
        #expect(second.targetText == first.targetText && second.unknownWords == first.unknownWords)
        #expect(!first.unknownWords.isEmpty)
    }

    @Test func rememberedTranslationsOnlyReads() async throws {
        let (memory, _) = try Self.memory()
        let known = "Llegamos al refugio a las 14:30, cansados pero felices."
        _ = try await Self.session("es", memory: memory).translate(known)

        let pool = PipelinePool()
        let session = Self.session(nil, memory: memory, pool: pool)
        let answers = await session.rememberedTranslations(for: [
            .init(sourceText: known, clientIdentifier: "known"),
            .init(sourceText: "Nunca hemos traducido esta frase sobre el camino.", clientIdentifier: "new"),
            .init(sourceText: "Ok", clientIdentifier: "undetected"),
            .init(sourceText: "   ", clientIdentifier: "blank"),
        ])
        #expect(answers.count == 4)
        #expect(answers[0]?.isRemembered == true && answers[0]?.clientIdentifier == "known")
        #expect(answers[0]?.route == ["es", "en"])
        #expect(answers[1] == nil && answers[2] == nil && answers[3] == nil)
        #expect(await pool.running().isEmpty, "looking up starts no pipeline")

        // A route whose packs are not on disk answers nil, and nothing is asked or downloaded.
        let german = await Self.session("de", memory: memory, pool: pool).rememberedTranslations(for: [.init(sourceText: known)])
        #expect(german == [nil])
        // Without a memory every answer is nil.
        #expect(await Self.session("es", memory: nil).rememberedTranslations(for: [.init(sourceText: known)]) == [nil])
    }

    @Test func aSessionWithoutAMemoryTranslatesAfresh() async throws {
        let (memory, folder) = try Self.memory()
        let text = "La bajada fue mucho más dura de lo esperado."
        _ = try await Self.session("es", memory: memory).translate(text)
        let pool = PipelinePool()
        let again = try await Self.session("es", memory: nil, pool: pool).translate(text)
        #expect(!again.isRemembered)
        #expect(await !pool.running().isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder + "/memory.sqlite"))
        // A Configuration can turn it off too.
        var configuration = TranslationSession.Configuration(sourceTag: "es", targetTag: "en")
        configuration.remembersTranslations = false
        #expect(TranslationSession(configuration: configuration).memory == nil)
    }

    @Test func anUpdatedPackMissesAndItsEntriesAreCleanedLater() async throws {
        let (memory, folder) = try Self.memory()
        let text = "El perro bebe agua en la fuente del pueblo."
        _ = try await Self.session("es", memory: memory).translate(text)
        var updated = Self.pairs
        updated.versions["eng-spa"] = "999-updated"
        let pool = PipelinePool()
        let after = try await Self.session("es", memory: memory, pool: pool, pairs: updated).translate(text)
        #expect(!after.isRemembered, "the key holds the pack's version")
        #expect(await !pool.running().isEmpty)
        // The session started the clean-up of entries of versions no longer installed.
        await memory.removeEntries(notIn: updated.packVersions)
        #expect(try Self.sqlite(folder + "/memory.sqlite", "SELECT packs FROM entries") == "eng-spa@999-updated")

        // Removed: no route reaches the entry. A catalog without the pack (another store's, or
        // after a removal) leaves it; `packs remove` forgets it.
        var removed = Self.pairs
        removed.packs.removeAll { $0.id == "eng-spa" }
        removed.versions["eng-spa"] = nil
        #expect(await Self.session("es", memory: memory, pairs: removed).rememberedTranslations(for: [.init(sourceText: text)]) == [nil])
        await memory.removeEntries(notIn: removed.packVersions)
        #expect(try #require(await memory.statistics()).entries == 1, "a pack this catalog does not have may be another store's")
        await memory.removeEntries(ofPacks: ["eng-spa"])
        #expect(try #require(await memory.statistics()).entries == 0)
    }

    @Test func theKeyIsComparedNotOnlyItsHash() async throws {
        let (memory, folder) = try Self.memory()
        let key = try Self.key("Un texto.")
        await memory.remember(.init(targetText: "A text."), for: key)
        #expect(await memory.entry(for: key)?.targetText == "A text.")
        // Another key under the same hash (what a collision would be) is not an answer.
        _ = try Self.sqlite(folder + "/memory.sqlite", "UPDATE entries SET key = key || 'x'")
        #expect(await memory.entry(for: key) == nil)
    }

    @Test func theGeneratorsMarksOfUnknownWordsAreRemembered() async throws {
        let (memory, _) = try Self.memory()
        let key = try Self.key("El sol pega de lleno en Calella.")
        let entry = TranslationMemory.Entry(targetText: "The sun paste of full in Calella.", unknownWords: ["paste", "Calella"], marks: ["paste": "#"])
        await memory.remember(entry, for: key)
        let found = await memory.entry(for: key)
        #expect(found == entry, "the words in order, `#` kept, `*` (Calella) the default")
    }

    @Test func textsAreKeptByteForByteNULsAndEscapesIncluded() async throws {
        let (memory, _) = try Self.memory()
        let texts = ["a\u{0}b", "a", "\u{1B}[2J\u{202E}é\r\n", "e\u{301}", "é", ""]
        for (index, text) in texts.enumerated() {
            await memory.remember(.init(targetText: "\(index)\u{0}x", unknownWords: ["w\u{0}\(index)"]), for: try Self.key(text))
        }
        for (index, text) in texts.enumerated() {
            let entry = await memory.entry(for: try Self.key(text))
            #expect(entry?.targetText == "\(index)\u{0}x", "\(text.debugDescription)")
            #expect(entry?.unknownWords == ["w\u{0}\(index)"])
        }
        #expect(try #require(await memory.statistics()).entries == texts.count, "\"e\u{301}\" and \"é\" are two texts")
    }

    @Test func evictionKeepsTheMostRecentlyUsed() async throws {
        let (memory, _) = try Self.memory(maxBytes: 20_000)
        let keys = try (0..<200).map { try Self.key("Frase número \($0) del camino.") }
        for (index, key) in keys.enumerated() {
            await memory.remember(.init(targetText: "Sentence number \(index) of the path."), for: key)
            // The first ten are used again and again: they stay while the others come and go.
            if index % 10 == 9 { for early in keys.prefix(10) { _ = await memory.entry(for: early) } }
            try await Task.sleep(for: .milliseconds(2))
        }
        let statistics = try #require(await memory.statistics())
        #expect(statistics.entryBytes <= 20_000)
        #expect(statistics.entries < 200 && statistics.entries > 20)
        for key in keys.prefix(10) { #expect(await memory.entry(for: key) != nil) }
        #expect(await memory.entry(for: keys[100]) == nil, "an old entry used once is gone")
        #expect(await memory.entry(for: keys[199]) != nil, "the newest stays")
    }

    @Test func aCorruptFileIsMovedAsideAndRebuiltWithOneWarning() async throws {
        let (_, folder) = try Self.memory()
        let path = folder + "/memory.sqlite"
        var garbage = Data("this is not a database, it is a review of the GR 11 \u{1B}[31m".utf8)
        var generator = SplitMix64(seed: 7)
        garbage.append(contentsOf: (0..<8192).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let warnings = Mutex<[String]>([])
        let memory = TranslationMemory(settings: .init(path: path), warnings: { warning in warnings.withLock { $0.append(warning.message) } })

        let text = "El refugio estaba cerrado."
        let first = try await Self.session("es", memory: memory).translate(text)
        #expect(!first.isRemembered)
        #expect(try await Self.session("es", memory: memory).translate(text).isRemembered, "the new file works")
        let said = warnings.withLock { $0 }
        #expect(said.count == 1)
        #expect(said.first?.contains("damaged") == true)
        #expect(said.first?.contains("\u{1B}") == false)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("memory.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + aside[0])) == garbage, "moved, not deleted")
        #expect(try Self.sqlite(path, "PRAGMA integrity_check") == "ok")
    }

    @Test func damagedPagesInAValidFileAreMovedAsideToo() async throws {
        let (memory, folder) = try Self.memory()
        let path = folder + "/memory.sqlite"
        for index in 0..<300 { await memory.remember(.init(targetText: String(repeating: "path \(index) ", count: 20)), for: try Self.key("Camino \(index).")) }
        _ = try Self.sqlite(path, "PRAGMA wal_checkpoint(TRUNCATE)")
        // Overwrite pages in the middle of the file, keeping its header.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 16384))
        try handle.close()

        let fresh = TranslationMemory(settings: .init(path: path))
        var answered = 0
        for index in 0..<300 where await fresh.entry(for: try Self.key("Camino \(index).")) != nil { answered += 1 }
        await fresh.remember(.init(targetText: "after"), for: try Self.key("Después."))
        #expect(fresh.warnings.count == 1, "damaged pages are found when they are read")
        #expect(fresh.warnings.first?.message.contains("damaged") == true)
        #expect(answered < 300)
        #expect(await fresh.entry(for: try Self.key("Después."))?.targetText == "after")
        #expect(try Self.sqlite(path, "PRAGMA integrity_check") == "ok")
    }

    @Test func clearForgetsEverything() async throws {
        let (memory, folder) = try Self.memory()
        for index in 0..<50 { await memory.remember(.init(targetText: "x\(index)"), for: try Self.key("Texto \(index).")) }
        _ = await memory.entry(for: try Self.key("Texto 1."))
        try await memory.clear()
        let statistics = try #require(await memory.statistics())
        #expect(statistics.entries == 0 && statistics.entryBytes == 0 && statistics.totalHits == 0)
        #expect(await memory.entry(for: try Self.key("Texto 1.")) == nil)
        #expect(try Self.sqlite(folder + "/memory.sqlite", "PRAGMA integrity_check") == "ok")
    }

    /// A store pack's version is its manifest's (and its archive's digest); a data root's pack is
    /// versioned by its mode files, so an upgrade of either is another key.
    @Test func packVersionsComeFromManifestsAndModeFiles() throws {
        let store = try PackFixtures.folder("store")
        try FileManager.default.createDirectory(atPath: store + "/eng-spa/modes", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PipelineFixtures.spaEngMode, toPath: store + "/eng-spa/modes/spa-eng.mode")
        func manifest(_ version: String, sha256: String?) throws {
            let pack = PackStore.InstalledPack(id: "eng-spa", version: version, title: "", directions: [["es", "en"]], modes: ["spa-eng"],
                                               size: 0, license: "", source: "", engine: .apertium, sha256: sha256)
            try JSONEncoder().encode(pack).write(to: URL(fileURLWithPath: store + "/eng-spa/pack.json"))
        }
        try manifest("1.0", sha256: nil)
        #expect(InstalledPairs.scan(store: PackStore(root: store), roots: []).versions["eng-spa"] == "1.0")
        try manifest("1.1", sha256: String(repeating: "ab", count: 32))
        #expect(InstalledPairs.scan(store: PackStore(root: store), roots: []).versions["eng-spa"] == "1.1+abababababababab")

        let roots = InstalledPairs.scan(roots: [PipelineFixtures.pairsRoot]).versions
        #expect(roots["eng-spa"]?.hasPrefix("files:") == true)
        #expect(roots == InstalledPairs.scan(roots: [PipelineFixtures.pairsRoot]).versions, "the same files, the same versions")
    }

    @Test func clearingADamagedFileMovesItAsideAndLeavesAnEmptyOne() async throws {
        let (_, folder) = try Self.memory()
        let path = folder + "/memory.sqlite"
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        let memory = TranslationMemory(settings: .init(path: path))
        try await memory.clear()
        #expect(try #require(await memory.statistics()).entries == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasPrefix("memory.sqlite.corrupt-") })
        #expect(memory.warnings.count == 1)
    }

    /// SQL that makes a database SQLite opens but the memory cannot use, by kind.
    static let foreignSchemas: [String: String] = [
        "another user_version": "PRAGMA user_version = 7; CREATE TABLE notes(body TEXT);",
        "other tables": "CREATE TABLE photos(id INTEGER PRIMARY KEY, path TEXT NOT NULL); INSERT INTO photos(path) VALUES ('GR11.jpg');",
        "our names, other columns": """
            CREATE TABLE entries(id INTEGER PRIMARY KEY, text TEXT);
            CREATE TABLE meta(name TEXT PRIMARY KEY, value) WITHOUT ROWID;
            PRAGMA user_version = 1;
            """,
        "our schema, one table more": TranslationMemory.schema + "CREATE TABLE extra(x);",
    ]

    /// A file of `kind`, made by the `sqlite3` command, whose bytes are returned.
    static func makeForeignFile(_ kind: String, at path: String) throws -> Data {
        let result = try Subprocess.output(of: ["/usr/bin/sqlite3", path, try #require(foreignSchemas[kind])], input: "")
        try #require(result.status == 0, "sqlite3: \(result.error)")
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test(arguments: foreignSchemas.keys.sorted())
    func aFileOfAnotherSchemaIsMovedAsideAndANewOneMade(kind: String) async throws {
        let (_, folder) = try Self.memory()
        let path = folder + "/memory.sqlite"
        let foreign = try Self.makeForeignFile(kind, at: path)
        let memory = TranslationMemory(settings: .init(path: path))
        let key = try Self.key("Un texto.")
        #expect(await memory.entry(for: key) == nil)
        await memory.remember(.init(targetText: "A text."), for: key)
        #expect(await memory.entry(for: key)?.targetText == "A text.", "the new file works")
        #expect(memory.warnings.count == 1, "\(memory.warnings)")
        #expect(memory.warnings.first?.message.contains("was not made by this engine") == true, "\(memory.warnings)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("memory.sqlite.foreign-") }
        #expect(aside.count == 1, "\(aside)")
        #expect(FileManager.default.contents(atPath: folder + "/" + (aside.first ?? "")) == foreign, "moved unchanged, not deleted")
        #expect(try Self.sqlite(path, "PRAGMA integrity_check") == "ok")

        // A second memory on the file made is not warned about: it is ours.
        let again = TranslationMemory(settings: .init(path: path))
        #expect(await again.entry(for: key)?.targetText == "A text.")
        #expect(again.warnings.isEmpty)
    }

    @Test(arguments: foreignSchemas.keys.sorted())
    func clearingAFileOfAnotherSchemaLeavesAUsableEmptyMemory(kind: String) async throws {
        let (_, folder) = try Self.memory()
        let path = folder + "/memory.sqlite"
        _ = try Self.makeForeignFile(kind, at: path)
        let memory = TranslationMemory(settings: .init(path: path))
        try await memory.clear()
        #expect(try #require(await memory.statistics()).entries == 0)
        let key = try Self.key("Otro texto.")
        await memory.remember(.init(targetText: "Another text."), for: key)
        #expect(await memory.entry(for: key)?.targetText == "Another text.")
        #expect(memory.warnings.count == 1, "\(memory.warnings)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasPrefix("memory.sqlite.foreign-") })
    }

    /// A file made by a later version of the memory, through the engine's own connection.
    @Test func aLaterSchemaVersionIsMovedAsideToo() async throws {
        let (_, folder) = try Self.memory()
        let path = folder + "/memory.sqlite"
        let later = try SQLiteDatabase(path: path, busyTimeout: .seconds(1))
        try later.execute(TranslationMemory.schema + "PRAGMA user_version = \(TranslationMemory.schemaVersion + 1);")
        later.close()
        let memory = TranslationMemory(settings: .init(path: path))
        #expect(try #require(await memory.statistics()).entries == 0)
        #expect(memory.warnings.first?.message.contains("schema version \(TranslationMemory.schemaVersion + 1)") == true, "\(memory.warnings)")
        #expect(try Self.sqlite(path, "PRAGMA user_version") == "\(TranslationMemory.schemaVersion)")
    }

    /// Another process makes the schema of a new file between the check's two reads: the check
    /// reads one snapshot (a new file), never version 0 with our tables (a foreign one, moved aside
    /// from under the process that made it).
    @Test func theSchemaCheckReadsOneSnapshot() throws {
        let (_, folder) = try Self.memory()
        let path = folder + "/memory.sqlite"
        _ = try Self.sqlite(path, "PRAGMA journal_mode = WAL")
        let checking = try SQLiteDatabase(path: path, busyTimeout: .seconds(10))
        var made: SQLiteError?
        let isNew = try TranslationMemory.checkSchema(of: checking) {
            do throws(SQLiteError) {
                let other = try SQLiteDatabase(path: path, busyTimeout: .seconds(10))
                try other.writeTransaction { () throws(SQLiteError) in try other.execute(TranslationMemory.schema) }
                other.close()
            } catch {
                made = error
            }
        }
        #expect(made == nil, "\(String(describing: made))")
        #expect(isNew, "the snapshot the check began with is of a new file")
        #expect(try TranslationMemory.checkSchema(of: checking) == false, "read again: the schema is ours")
        checking.close()
    }

    /// Swift's `==` on strings is canonical equivalence: the stored key must be compared as bytes.
    @Test func aKeyOnlyCanonicallyEqualToTheTextIsNotAHit() async throws {
        let (memory, folder) = try Self.memory()
        let path = folder + "/memory.sqlite"
        let key = try Self.key("Caf\u{E9} con leche.")
        await memory.remember(.init(targetText: "Coffee with milk."), for: key)
        #expect(await memory.entry(for: key)?.targetText == "Coffee with milk.")
        // The row's key becomes the NFD spelling (e + U+0301); its hash stays the NFC text's.
        _ = try Self.sqlite(path, "UPDATE entries SET key = replace(key, char(233), char(101, 769))")
        #expect(try Self.sqlite(path, "SELECT instr(hex(key), '65CC81') > 0 FROM entries") == "1", "the row is poisoned")
        #expect(await memory.entry(for: key) == nil)
    }

    /// Lookups and stores run in the caller's task only when the memory's lock is free: behind a
    /// holder (a clean-up scanning the file), they wait on the memory's queue and leave their
    /// thread free for other work; nothing asked meanwhile is lost. The calls run on an executor
    /// of one thread of the test's own (the global pool is shared with the other tests): a call
    /// blocked on the lock would keep the next job on that thread from running.
    @Test func callsBehindAHeldLockLeaveTheirThreadFreeAndLoseNothing() async throws {
        let (memory, _) = try Self.memory()
        let keys = try (0..<16).map { try Self.key("Texto número \($0).") }
        await memory.remember(.init(targetText: "Text number 0."), for: keys[0])
        let held = Atomic<Bool>(false), release = Atomic<Bool>(false)
        let holder = Thread {
            memory.state.withLock { _ in
                held.store(true, ordering: .releasing)
                // Released by the test, or after ten minutes so that a failing test still ends.
                let deadline = Date().addingTimeInterval(600)
                while !release.load(ordering: .acquiring) && Date() < deadline { usleep(1000) }
                held.store(false, ordering: .releasing)
            }
        }
        holder.start()
        while !held.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(5)) }
        let executor = OneThreadExecutor()
        let calls = Task(executorPreference: executor) {
            await withTaskGroup(of: Void.self) { group in
                for (number, key) in keys.enumerated() {
                    group.addTask(executorPreference: executor) {
                        if number > 0 { await memory.remember(.init(targetText: "Text number \(number)."), for: key) }
                        _ = await memory.entry(for: keys[0])
                    }
                }
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        let ranWhileHeld = await Task(executorPreference: executor) { held.load(ordering: .acquiring) }.value
        release.store(true, ordering: .releasing)
        await calls.value
        #expect(ranWhileHeld, "a call behind the memory's lock kept its thread")
        for (number, key) in keys.enumerated() {
            #expect(await memory.entry(for: key)?.targetText == "Text number \(number).")
        }
    }

    /// Runs its jobs one at a time on one thread of its own.
    final class OneThreadExecutor: TaskExecutor {
        private let queue = DispatchQueue(label: "memory-test-executor")

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    @Test func settingsComeFromTheProcessVariablesWhenTheHostAsks() {
        #expect(EngineEnvironment.fromProcess(["HOME": "/h"]).memory == nil, "a library does not remember unless its host says so")
        #expect(Self.memorySettings(["HIKE_REVIEWS_CACHE": "0", "HOME": "/h"]) == nil)
        #expect(Self.memorySettings(["HOME": "/h"])?.path == "/h/.cache/hike-reviews/memory.sqlite")
        #expect(Self.memorySettings(["HOME": "/h", "XDG_CACHE_HOME": "/x"])?.path == "/x/hike-reviews/memory.sqlite")
        #expect(Self.memorySettings(["HOME": "/h", "XDG_CACHE_HOME": "relative"])?.path == "/h/.cache/hike-reviews/memory.sqlite")
        let custom = Self.memorySettings(["HIKE_REVIEWS_CACHE_DIR": "/c", "HIKE_REVIEWS_CACHE_MAX_MB": "2"])
        #expect(custom?.path == "/c/memory.sqlite")
        #expect(custom?.maxBytes == 2 << 20)
        #expect(Self.memorySettings(["HOME": "/h"])?.maxBytes == 256 << 20)
    }

    static func memorySettings(_ variables: [String: String]) -> TranslationMemory.Settings? {
        EngineEnvironment.fromProcess(variables, remembersTranslations: true).memory
    }
}
