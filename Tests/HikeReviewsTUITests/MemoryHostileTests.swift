import Foundation
import TestSupport
import Testing

/// The memory is never in the way: a process killed while writing, a damaged file, a read-only
/// or full disk and a lock held past the busy timeout each leave the translation whole, with at
/// most one warning.
///
/// The disks are real mounts (tmpfs): the tests run as root, which a chmod would not stop.
@Suite(.serialized, .needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
struct MemoryHostileTests {
    typealias M = MemoryCommandTests

    static let lines = ["El perro bebe agua.", "La casa es blanca."]
    static let expected = ["The dog drinks water.", "The house is white."]
    static var input: String { lines.joined(separator: "\n") + "\n" }

    static func warnings(in error: String) -> [Substring] {
        error.split(separator: "\n").filter { $0.hasPrefix("hike-reviews: warning: ") }
    }

    /// Runs `mount` with `arguments`; when it is refused, records that the test cannot show
    /// `what` (a failure, never a silent pass) and returns false.
    static func mount(_ arguments: [String], toTest what: String) throws -> Bool {
        let result = try Subprocess.output(of: ["/usr/bin/mount"] + arguments, input: "")
        guard result.status != 0 else { return true }
        Issue.record("cannot test \(what): mount \(arguments.joined(separator: " ")) refused (\(result.status)): \(result.output)\(result.error)")
        return false
    }

    /// Polls `condition` every 10 ms for up to `seconds`, on a thread of its own: a sleeping task
    /// on the cooperative pool resumed seconds late under the full suite, after the child it
    /// watched had finished.
    static func wait(seconds: Double, until condition: @escaping @Sendable () -> Bool) async -> Bool {
        (try? await M.offPool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if condition() { return true }
                usleep(10_000)
            }
            return condition()
        }) ?? false
    }
}

extension MemoryHostileTests {
    /// A process killed while it writes, at an exact write (`HIKE_REVIEWS_TEST_KILL`, a seam
    /// the engine reads only for tests): right after its 30th entry is committed, then inside
    /// the transaction of its 30th (the row written, not committed), then after a commit again.
    /// Each time the file opens intact with exactly the committed entries, every one whole, and
    /// the next run answers them from memory and adds the rest to the same file.
    @Test func aProcessKilledWhileWritingLeavesAnIntactReusableFile() throws {
        let cache = try M.folder()
        let path = cache + "/memory.sqlite"
        let texts = (0..<400).map { "La casa número \($0) es blanca y el camino \($0 % 7) es largo." }
        let input = texts.joined(separator: "\n") + "\n"
        var kept = 0
        // Later rounds first find the entries kept before (a write per hit, not counted).
        for (round, (point, added)) in [("memory-after-commit:30", 30), ("memory-before-commit:30", 29), ("memory-after-commit:30", 30)].enumerated() {
            let killed = try M.run(["translate", "--from", "es", "--to", "en"], input: input, cache: cache, ["HIKE_REVIEWS_TEST_KILL=\(point)"])
            #expect(killed.status == 128 + SIGKILL, "round \(round) was killed, not done: \(killed.error)")
            #expect(try M.sqlite(path, "PRAGMA integrity_check") == "ok", "after round \(round)")
            let count = Int(try M.sqlite(path, "SELECT COUNT(*) FROM entries")) ?? -1
            #expect(count == kept + added, "round \(round) killed at \(point)")
            // The size the triggers keep is the entries' own: no write was half counted.
            #expect(try M.sqlite(path, "SELECT value = (SELECT SUM(bytes) FROM entries) FROM meta WHERE name = 'bytes'") == "1", "round \(round)")
            kept = count
        }

        // Reused: what was stored is answered, and the rest is added to the same file. At most 64
        // lines are read ahead of the output, so every stored one is among the first kept + 3 x 64.
        let head = Array(texts.prefix(kept + 3 * 64 + 16))
        let again = try M.run(["translate", "--from", "es", "--to", "en", "--json"], input: head.joined(separator: "\n") + "\n", cache: cache)
        #expect(again.status == 0)
        let lines = try M.jsonLines(again.output)
        #expect(lines.filter { $0["remembered"] as? Bool == true }.count == kept)
        let fresh = try M.run(["translate", "--no-cache", "--from", "es", "--to", "en"], input: head.joined(separator: "\n") + "\n", cache: cache)
        #expect(lines.map { $0["targetText"] as? String ?? "" } == fresh.output.split(separator: "\n").map(String.init))
        #expect(try M.sqlite(path, "PRAGMA integrity_check") == "ok")
        #expect(Self.warnings(in: again.error).isEmpty)
    }

    @Test func aCorruptFileIsMovedAsideWithOneWarning() throws {
        let cache = try M.folder()
        let garbage = Data(("SQLite format 3\u{0}" + String(repeating: "not really \u{1B}[2J ", count: 600)).utf8)
        try garbage.write(to: URL(fileURLWithPath: cache + "/memory.sqlite"))
        let first = try M.run(["translate", "--from", "es", "--to", "en"], input: Self.input, cache: cache)
        #expect(first.status == 0)
        #expect(first.output.split(separator: "\n").map(String.init) == Self.expected)
        let warnings = Self.warnings(in: first.error)
        #expect(warnings.count == 1, "\(first.error)")
        #expect(warnings.first?.contains("damaged") == true)
        #expect(!first.error.contains("\u{1B}"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("memory.sqlite.corrupt-") }
        #expect(aside.count == 1)
        #expect(FileManager.default.contents(atPath: cache + "/" + (aside.first ?? "")) == garbage)
        let second = try M.run(["translate", "--from", "es", "--to", "en", "--json"], input: Self.input, cache: cache, [M.noPrograms])
        #expect(try M.jsonLines(second.output).allSatisfy { $0["remembered"] as? Bool == true })
        #expect(second.error.isEmpty)
    }

    /// A database SQLite opens whose schema is not the memory's: another `user_version` and tables.
    static func writeForeignFile(in cache: String) throws -> Data {
        let path = cache + "/memory.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let result = try Subprocess.output(of: ["/usr/bin/sqlite3", path, "PRAGMA user_version = 3; CREATE TABLE entries(word TEXT);"], input: "")
        try #require(result.status == 0, "sqlite3: \(result.error)")
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func foreignAside(in cache: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("memory.sqlite.foreign-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    }

    @Test func aFileOfAnotherSchemaIsMovedAsideOnceAndTheNewOneRemembers() throws {
        let cache = try M.folder()
        let foreign = try Self.writeForeignFile(in: cache)
        let first = try M.run(["translate", "--from", "es", "--to", "en"], input: Self.input, cache: cache)
        #expect(first.status == 0)
        #expect(first.output.split(separator: "\n").map(String.init) == Self.expected)
        let warnings = Self.warnings(in: first.error)
        #expect(warnings.count == 1, "\(first.error)")
        #expect(warnings.first?.contains("was not made by this engine") == true, "\(first.error)")
        let aside = try Self.foreignAside(in: cache)
        #expect(aside.count == 1)
        #expect(FileManager.default.contents(atPath: cache + "/" + (aside.first ?? "")) == foreign, "moved unchanged")
        // The second run is answered from the new file, with no pipeline and no word.
        let second = try M.run(["translate", "--from", "es", "--to", "en", "--json"], input: Self.input, cache: cache, [M.noPrograms])
        #expect(try M.jsonLines(second.output).map { $0["remembered"] as? Bool } == [true, true])
        #expect(second.error.isEmpty, "\(second.error)")
    }

    @Test func cacheStatsAndClearOnAFileOfAnotherSchemaLeaveAUsableEmptyMemory() throws {
        let cache = try M.folder()
        _ = try Self.writeForeignFile(in: cache)
        let stats = try M.run(["cache", "stats"], cache: cache)
        #expect(stats.status == 0, "\(stats.error)")
        #expect(stats.output.contains("entries: 0"))
        #expect(Self.warnings(in: stats.error).count == 1, "\(stats.error)")

        _ = try Self.writeForeignFile(in: cache)
        let cleared = try M.run(["cache", "clear"], cache: cache)
        #expect(cleared.status == 0, "\(cleared.error)")
        #expect(Self.warnings(in: cleared.error).count == 1, "\(cleared.error)")
        #expect(!cleared.error.contains("cannot be used"))
        #expect(try Self.foreignAside(in: cache).count == 2)
        let after = try M.run(["cache", "stats"], cache: cache)
        #expect(after.output.contains("entries: 0") && after.error.isEmpty, "\(after.error)")
        #expect(try M.sqlite(cache + "/memory.sqlite", "PRAGMA integrity_check") == "ok")
        #expect(try M.run(["translate", "--from", "es", "--to", "en"], input: Self.input, cache: cache).status == 0)
        let remembered = try M.run(["translate", "--from", "es", "--to", "en", "--json"], input: Self.input, cache: cache, [M.noPrograms])
        #expect(try M.jsonLines(remembered.output).allSatisfy { $0["remembered"] as? Bool == true })
    }

    @Test func aReadOnlyCacheFolderTranslatesWithoutTheMemory() throws {
        let cache = try M.folder()
        // Root ignores permissions: a read-only mount is what stops it.
        guard try Self.mount(["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", cache], toTest: "a read-only cache folder") else { return }
        defer { TemporaryMount.unmount(cache) }
        let result = try M.run(["translate", "--from", "es", "--to", "en"], input: Self.input, cache: cache + "/hike-reviews")
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").map(String.init) == Self.expected)
        #expect(Self.warnings(in: result.error).count == 1, "\(result.error)")
        #expect(result.error.contains("without the translation memory"))
    }

    @Test func aMemoryOnADiskMadeReadOnlyLaterIsLeftAlone() throws {
        let cache = try M.folder()
        guard try Self.mount(["-t", "tmpfs", "-o", "size=4m", "tmpfs", cache], toTest: "a read-only disk") else { return }
        defer { TemporaryMount.unmount(cache) }
        #expect(try M.run(["translate", "--from", "es", "--to", "en"], input: Self.input, cache: cache).status == 0)
        guard try Self.mount(["-o", "remount,ro", cache], toTest: "a disk made read-only") else { return }
        let result = try M.run(["translate", "--from", "es", "--to", "en"], input: Self.input + "La fuente está seca.\n", cache: cache)
        #expect(result.status == 0)
        #expect(Array(result.output.split(separator: "\n").map(String.init).prefix(2)) == Self.expected)
        #expect(Self.warnings(in: result.error).count <= 1, "\(result.error)")
    }

    @Test func aFullDiskTranslatesWithoutTheMemory() throws {
        let cache = try M.folder()
        guard try Self.mount(["-t", "tmpfs", "-o", "size=256k", "tmpfs", cache], toTest: "a full disk") else { return }
        defer { TemporaryMount.unmount(cache) }
        // The file is made, then the disk is filled to the last block.
        #expect(try M.run(["translate", "--from", "es", "--to", "en"], input: "Hola.\n", cache: cache).status == 0)
        _ = try Subprocess.output(of: ["/usr/bin/dd", "if=/dev/zero", "of=\(cache)/filler", "bs=4096"], input: "")
        let long = (0..<20).map { "La casa número \($0) es blanca, " + String(repeating: "y el camino es largo ", count: 40) + "." }
        let result = try M.run(["translate", "--from", "es", "--to", "en"], input: long.joined(separator: "\n") + "\n", cache: cache)
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").count == long.count)
        #expect(Self.warnings(in: result.error).count == 1, "\(result.error)")
        // With room again, the file is intact.
        try FileManager.default.removeItem(atPath: cache + "/filler")
        #expect(try M.sqlite(cache + "/memory.sqlite", "PRAGMA integrity_check") == "ok")
    }

    @Test func aLockHeldPastTheBusyTimeoutTranslatesWithoutTheMemory() async throws {
        let cache = try M.folder()
        let path = cache + "/memory.sqlite"
        #expect(try M.run(["translate", "--from", "es", "--to", "en"], input: "Hola.\n", cache: cache).status == 0)
        let script = """
            import sqlite3, sys, time
            connection = sqlite3.connect(sys.argv[1], isolation_level=None)
            connection.execute("BEGIN EXCLUSIVE")
            connection.execute("INSERT INTO meta VALUES ('locked-by-test', 1)")
            print("locked", flush=True)
            time.sleep(60)
            """
        let holder = try Subprocess.start(["/usr/bin/python3", "-c", script, path], outputPath: cache + "/lock.out", errorPath: cache + "/lock.err")
        defer {
            kill(holder.pid, SIGKILL)
            _ = try? Subprocess.wait(for: holder.pid)
        }
        let locked = await Self.wait(seconds: 120) { (try? String(contentsOfFile: cache + "/lock.out", encoding: .utf8))?.contains("locked") == true }
        try #require(locked, "the lock holder did not start: \((try? String(contentsOfFile: cache + "/lock.err", encoding: .utf8)) ?? "")")
        let result = try await M.offPool { try M.run(["translate", "--from", "es", "--to", "en"], input: Self.input, cache: cache) }
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").map(String.init) == Self.expected)
        #expect(Self.warnings(in: result.error).count == 1, "\(result.error)")
    }
}
