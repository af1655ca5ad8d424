import Foundation
import Synchronization
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

    static func unmount(_ folder: String) {
        _ = try? Subprocess.output(of: ["/usr/bin/umount", folder], input: "")
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
    @Test func aProcessKilledWhileWritingLeavesAnIntactReusableFile() async throws {
        let cache = try M.folder()
        let path = cache + "/memory.sqlite"
        let texts = (0..<20_000).map { "La casa número \($0) es blanca y el camino \($0 % 7) es largo." }
        // Each poll is kept (time, count, what sqlite3 said) to show in a failure.
        let polls = Mutex<[String]>([])
        let began = Date()
        let count: @Sendable () -> Int = {
            let result = try? Subprocess.output(of: ["/usr/bin/sqlite3", "-cmd", ".timeout 10000", path, "SELECT COUNT(*) FROM entries"], input: "")
            let number = Int(result?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            polls.withLock { $0.append("\(Int(Date().timeIntervalSince(began) * 1000))ms=\(number)\(result?.error.isEmpty == false ? " " + (result?.error ?? "") : "")") }
            return number
        }
        let argv = ["/usr/bin/env"] + M.environment(cache: cache) + [Paths.binary.path, "translate", "--from", "es", "--to", "en"]
        // Three children, each fed lines as fast as it takes them and never told the input ended,
        // so it is still translating and writing when it is killed, once it added 30 entries (the
        // later ones also touch the entries they find: a write per hit).
        // A child that died early must fail the feeder's write, not kill this process (the engine
        // ignores SIGPIPE too).
        signal(SIGPIPE, SIG_IGN)
        var kept = 0
        for round in 0..<3 {
            let child = try Subprocess.start(argv, outputPath: cache + "/out", errorPath: cache + "/err")
            let feeding = Mutex(true)
            let fed = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                for text in texts where feeding.withLock({ $0 }) { child.write(text + "\n") }
                fed.signal()
            }
            let goal = kept + 30
            // Watching, stopping the feeder and the kill all happen on one thread of its own: under
            // the full suite a task resumed on the cooperative pool twenty seconds late, by when the
            // child had translated every line.
            let (wrote, status) = try await M.offPool { () throws -> (Bool, Int32) in
                let deadline = Date().addingTimeInterval(60)
                var wrote = false
                while !wrote && Date() < deadline {
                    wrote = count() >= goal
                    if !wrote { usleep(10_000) }
                }
                // The feeder stops before the kill (no write to a dead reader); what it wrote is
                // still in the pipe, so the child is busy when the signal comes.
                feeding.withLock { $0 = false }
                fed.wait()
                kill(child.pid, SIGKILL)
                return (wrote, try Subprocess.wait(for: child.pid))
            }
            close(child.input)
            #expect(wrote, "child \(round) wrote entries; polls \(polls.withLock { $0.suffix(8) })")
            #expect(status == 128 + SIGKILL, "child \(round) was killed, not done")
            #expect(try M.sqlite(path, "PRAGMA integrity_check") == "ok", "after child \(round)")
            kept = count()
        }
        #expect(kept < texts.count, "killed in the middle")

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
        #expect(warnings.first?.contains("is not one hike-reviews made") == true, "\(first.error)")
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
        defer { Self.unmount(cache) }
        let result = try M.run(["translate", "--from", "es", "--to", "en"], input: Self.input, cache: cache + "/hike-reviews")
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").map(String.init) == Self.expected)
        #expect(Self.warnings(in: result.error).count == 1, "\(result.error)")
        #expect(result.error.contains("without the translation memory"))
    }

    @Test func aMemoryOnADiskMadeReadOnlyLaterIsLeftAlone() throws {
        let cache = try M.folder()
        guard try Self.mount(["-t", "tmpfs", "-o", "size=4m", "tmpfs", cache], toTest: "a read-only disk") else { return }
        defer { Self.unmount(cache) }
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
        defer { Self.unmount(cache) }
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
