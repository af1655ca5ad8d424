import CSQLite
import Foundation

extension TranslationMemory {
    /// The connection and counters, kept under the memory's lock (`TranslationMemory.state`).
    struct State {
        var database: SQLiteDatabase?
        /// Device and inode of the file the connection opened: a damaged file is renamed aside
        /// only if the path still names it (another process may have replaced it already).
        var identity: (device: UInt64, inode: UInt64)?
        /// Set when the disk or a lock refused the memory: nothing is tried before then.
        var offUntil: ContinuousClock.Instant?
        var warnedKinds: Set<String> = []
        /// What SQLite said the last time `attempt` gave up.
        var lastFailure: SQLiteError?
        var warnings: [MemoryWarning] = []
        var processHits = 0
        var processMisses = 0
        /// Counted but not yet added to the file's counters (added by the next write).
        var pendingHits = 0
        var pendingMisses = 0
        /// The installed set the file was last cleaned for, in this process.
        var cleanedFor: String?
        /// Entries this process stored (what `KillPoint` counts).
        var storedEntries = 0
    }

    static let schema = """
        CREATE TABLE IF NOT EXISTS entries(
            id INTEGER PRIMARY KEY,
            hash BLOB NOT NULL UNIQUE,
            key TEXT NOT NULL,
            target TEXT NOT NULL,
            unknown TEXT NOT NULL,
            packs TEXT NOT NULL,
            used INTEGER NOT NULL,
            bytes INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS entries_used ON entries(used, id);
        CREATE INDEX IF NOT EXISTS entries_packs ON entries(packs);
        CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value) WITHOUT ROWID;
        INSERT OR IGNORE INTO meta VALUES ('bytes', 0), ('hits', 0), ('misses', 0);
        CREATE TRIGGER IF NOT EXISTS entries_added AFTER INSERT ON entries
            BEGIN UPDATE meta SET value = value + NEW.bytes WHERE name = 'bytes'; END;
        CREATE TRIGGER IF NOT EXISTS entries_removed AFTER DELETE ON entries
            BEGIN UPDATE meta SET value = value - OLD.bytes WHERE name = 'bytes'; END;
        CREATE TRIGGER IF NOT EXISTS entries_replaced AFTER UPDATE OF bytes ON entries
            BEGIN UPDATE meta SET value = value - OLD.bytes + NEW.bytes WHERE name = 'bytes'; END;
        PRAGMA user_version = 1;
        """

    /// The `user_version` `schema` sets. A change to `schema` bumps it: a file of any other version,
    /// or whose tables, indexes or triggers differ from what `schema` makes, is not ours.
    static let schemaVersion: Int64 = 1

    /// What `schema` makes, as `objects(in:)` lists it: made once per process in a database in memory,
    /// so the schema text is the one source of truth.
    static let ourObjects = Result { () throws(SQLiteError) -> [String] in
        let database = try SQLiteDatabase(path: ":memory:", busyTimeout: .zero)
        defer { database.close() }
        try database.execute(schema)
        return try objects(in: database)
    }

    /// Every table, index, view and trigger of the database: type, name, table and its SQL, with
    /// runs of white space made one space (so reindenting `schema` is not a change of schema).
    static func objects(in database: SQLiteDatabase) throws(SQLiteError) -> [String] {
        try database.texts("SELECT type || ' ' || name || ' ' || tbl_name || ' ' || ifnull(sql, '') FROM sqlite_master ORDER BY type, name")
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }

    /// Whether the open file is new (no schema and version 0: the schema is to be made); throws an
    /// error that `isForeign` when SQLite reads it but it is not the memory's: another
    /// `user_version`, other tables, or our tables' names with other columns. Such a file would
    /// fail every use (or answer from rows that mean something else), and `cache clear` could not
    /// empty it.
    ///
    /// - Parameter betweenReads: a test seam, called between reading the version and the objects.
    static func checkSchema(of database: SQLiteDatabase, betweenReads: () -> Void = {}) throws(SQLiteError) -> Bool {
        // One read transaction, one snapshot: read apart, another process making the schema between
        // the two reads would show version 0 with our tables, and its new file would be moved aside.
        try database.execute("BEGIN")
        let version: Int64, objects: [String]
        do throws(SQLiteError) {
            version = try database.integer("PRAGMA user_version")
            betweenReads()
            objects = try Self.objects(in: database)
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
        if version == 0 && objects.isEmpty { return true }
        if version == schemaVersion, objects == (try ourObjects.get()) { return false }
        let tables = objects.filter { $0.hasPrefix("table ") }.map { String($0.split(separator: " ")[1]) }
        let named = tables.isEmpty ? "no tables" : "tables " + tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", ..." : "")
        var error = SQLiteError(code: SQLITE_NOTADB, message: "schema version \(version), \(named)")
        error.isForeign = true
        throw error
    }

    /// Bytes a row costs beyond its texts (hash, integers, index entries, page slack).
    static let rowOverhead = 96

    /// The open connection, opening the file (and making its folder and schema) first.
    func open(_ state: inout State) throws(SQLiteError) -> SQLiteDatabase {
        if let database = state.database { return database }
        let folder = (settings.path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot create \(folder): \(Self.reason(of: error))")
            }
        }
        let database = try SQLiteDatabase(path: settings.path, busyTimeout: settings.busyTimeout)
        // Before anything is checked: a file moved aside is only the one this connection opened.
        var info = stat()
        if stat(settings.path, &info) == 0 { state.identity = (UInt64(info.st_dev), UInt64(info.st_ino)) }
        // Read before the journal mode is set: a file of another schema is moved aside unchanged.
        let isNew = try Self.checkSchema(of: database)
        // journal_mode answers with a row; WAL stays set in the file once one connection set it.
        let mode = try database.texts("PRAGMA journal_mode = WAL").first ?? ""
        guard mode.lowercased() == "wal" else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot use a write-ahead log (journal mode \(mode))")
        }
        try database.execute("PRAGMA synchronous = NORMAL")
        if isNew {
            // IF NOT EXISTS and one transaction: two processes making the same new file agree.
            try database.writeTransaction { () throws(SQLiteError) in try database.execute(Self.schema) }
        }
        state.database = database
        return database
    }

    /// Runs `body` on the open connection. A damaged file is moved aside and `body` tried once
    /// more on a new one; any other failure turns the memory off for `offFor`. Either is said once.
    /// Returns nil when the memory is unavailable.
    func attempt<T>(in state: inout State, _ body: (SQLiteDatabase) throws(SQLiteError) -> T) -> T? {
        if let until = state.offUntil {
            guard ContinuousClock.now >= until else { return nil }
            state.offUntil = nil
        }
        for round in 0..<2 {
            do throws(SQLiteError) {
                return try body(try open(&state))
            } catch {
                state.database?.close()
                state.database = nil
                if error.meansCorrupt && round == 0, let aside = moveAside(&state, as: error.isForeign ? "foreign" : "corrupt") {
                    if error.isForeign {
                        warn("foreign", "the translation memory \(settings.path) was not made by this engine (\(error.message)); "
                             + "moved it to \(aside) and started a new one", in: &state)
                    } else {
                        warn("corrupt", "the translation memory \(settings.path) was damaged (\(error.message)); "
                             + "moved it to \(aside) and started a new one", in: &state)
                    }
                    continue
                }
                warn("unavailable", "translating without the translation memory for now: \(settings.path): \(error.message)", in: &state)
                state.offUntil = ContinuousClock.now + Self.offFor
                state.lastFailure = error
                return nil
            }
        }
        return nil
    }

    /// The remembered translation for `key`, or nil (also when the memory is unavailable): one
    /// indexed read (and, on a hit, its use recorded), run in the caller's task under the
    /// memory's lock when the lock is free: no hand-off on the way to the answer. When the lock
    /// is held (a clean-up scanning the file, another task's store), it is asked on the queue
    /// instead, so no pool thread waits for the lock (docs/decisions/memory.md).
    func entry(for key: MemoryKey) async -> Entry? {
        if let found = state.withLockIfAvailable({ lookUp(key, in: &$0) }) { return found }
        return await onQueue { self.lookUp(key, in: &$0) }
    }

    private func lookUp(_ key: MemoryKey, in state: inout State) -> Entry? {
        let found = self.attempt(in: &state) { database throws(SQLiteError) -> Entry? in
            var entry: Entry?
            let material = Array(key.material.utf8)
            try database.run("SELECT key, target, unknown FROM entries WHERE hash = ?", [.blob(key.digest)]) { row throws(SQLiteError) in
                // Bytes, not `String ==`: Swift compares strings by canonical equivalence, so a row
                // whose key is the asked text in another normalization form ("e\u{301}" for "é")
                // would be taken for it. docs/USAGE.md promises "exactly as given, byte for byte".
                guard row.blob(0) == material else { return }
                let (words, marks) = Self.words(row.text(2))
                entry = Entry(targetText: row.text(1), unknownWords: words, marks: marks)
            }
            return entry
        } ?? nil
        guard let found else {
            state.processMisses += 1
            state.pendingMisses += 1
            return nil
        }
        state.processHits += 1
        state.pendingHits += 1
        // The entry is the answer whether or not its use can be recorded.
        let (hits, misses) = (state.pendingHits, state.pendingMisses)
        let touched: Void? = self.attempt(in: &state) { database throws(SQLiteError) in
            try database.writeTransaction { () throws(SQLiteError) in
                try database.run("UPDATE entries SET used = ? WHERE hash = ?", [.integer(Self.now()), .blob(key.digest)])
                try self.addCounters(hits: hits, misses: misses, to: database)
            }
        }
        if touched != nil { (state.pendingHits, state.pendingMisses) = (0, 0) }
        return found
    }

    /// Remembers a translation (silently not, when the memory is unavailable): one write
    /// transaction, run in the caller's task under the memory's lock when it is free, else on
    /// the queue, as `entry(for:)` reads.
    func remember(_ entry: Entry, for key: MemoryKey) async {
        if state.withLockIfAvailable({ store(entry, for: key, in: &$0) }) != nil { return }
        await onQueue { self.store(entry, for: key, in: &$0) }
    }

    private func store(_ entry: Entry, for key: MemoryKey, in state: inout State) {
        let unknown = Self.column(entry.unknownWords, marks: entry.marks)
        let bytes = Int64(key.material.utf8.count + entry.targetText.utf8.count + unknown.utf8.count + key.packs.utf8.count + Self.rowOverhead)
        let (hits, misses) = (state.pendingHits, state.pendingMisses)
        let number = state.storedEntries + 1
        let stored: Void? = self.attempt(in: &state) { database throws(SQLiteError) in
            try database.writeTransaction { () throws(SQLiteError) in
                try database.run("""
                    INSERT INTO entries(hash, key, target, unknown, packs, used, bytes) VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(hash) DO UPDATE SET key = excluded.key, target = excluded.target, unknown = excluded.unknown,
                        packs = excluded.packs, used = excluded.used, bytes = excluded.bytes
                    """, [.blob(key.digest), .text(key.material), .text(entry.targetText), .text(unknown), .text(key.packs),
                          .integer(Self.now()), .integer(bytes)])
                try self.addCounters(hits: hits, misses: misses, to: database)
                try self.evict(from: database)
                self.settings.killPoint?.reached(.memoryBeforeCommit, count: number)
            }
        }
        if stored != nil {
            (state.pendingHits, state.pendingMisses) = (0, 0)
            state.storedEntries = number
            self.settings.killPoint?.reached(.memoryAfterCommit, count: number)
        }
    }

    /// Deletes least recently used entries until those left fit in 90% of the limit.
    private func evict(from database: SQLiteDatabase) throws(SQLiteError) {
        let limit = settings.maxBytes
        var total = try database.integer("SELECT value FROM meta WHERE name = 'bytes'")
        guard total > limit else { return }
        let goal = limit / 10 * 9
        while total > goal {
            let count = try database.integer("SELECT COUNT(*) FROM entries")
            guard count > 0 else { return }
            try database.run("DELETE FROM entries WHERE id IN (SELECT id FROM entries ORDER BY used, id LIMIT ?)",
                             [.integer(max(1, count / 20))])
            total = try database.integer("SELECT value FROM meta WHERE name = 'bytes'")
        }
    }

    private func addCounters(hits: Int, misses: Int, to database: SQLiteDatabase) throws(SQLiteError) {
        guard hits + misses > 0 else { return }
        try database.run("UPDATE meta SET value = value + ? WHERE name = 'hits'", [.integer(Int64(hits))])
        try database.run("UPDATE meta SET value = value + ? WHERE name = 'misses'", [.integer(Int64(misses))])
    }

    func cleanUp(keeping installed: Set<String>, in state: inout State) {
        let fingerprint = installed.sorted().joined(separator: "\n")
        guard state.cleanedFor != fingerprint else { return }
        let done: Void? = attempt(in: &state) { database throws(SQLiteError) in
            var last: String?
            try database.run("SELECT value FROM meta WHERE name = 'cleaned-for'") { row throws(SQLiteError) in last = row.text(0) }
            guard last != fingerprint else { return }
            // Only a pack installed at another version is known to be stale here: one missing
            // from this catalog may be another store's (`--store`), so its entries stay until
            // `packs remove` forgets them or they are the least recently used.
            let installedIDs = Set(installed.map(Self.packID))
            try database.writeTransaction { () throws(SQLiteError) in
                for packs in try database.texts("SELECT DISTINCT packs FROM entries")
                where packs.split(separator: "\n").contains(where: { installedIDs.contains(Self.packID($0)) && !installed.contains(String($0)) }) {
                    try database.run("DELETE FROM entries WHERE packs = ?", [.text(packs)])
                }
                try database.run("INSERT OR REPLACE INTO meta VALUES ('cleaned-for', ?)", [.text(fingerprint)])
            }
        }
        if done != nil { state.cleanedFor = fingerprint }
    }

    func forget(packs ids: Set<String>, in state: inout State) {
        _ = attempt(in: &state) { database throws(SQLiteError) in
            try database.writeTransaction { () throws(SQLiteError) in
                for packs in try database.texts("SELECT DISTINCT packs FROM entries")
                where packs.split(separator: "\n").contains(where: { ids.contains(Self.packID($0)) }) {
                    try database.run("DELETE FROM entries WHERE packs = ?", [.text(packs)])
                }
            }
        }
    }

    /// `eng-spa` of `eng-spa@0.8.1-2+<digest>` (pack ids have no "@").
    static func packID(_ entry: some StringProtocol) -> String {
        String(entry.prefix { $0 != "@" })
    }

    /// Renames the damaged or foreign file (and its log and shared-memory index) to
    /// `<path>.<label>-<time>-<pid>` (`corrupt` or `foreign`) if the path still names the file this
    /// connection opened; returns the new name, or nil when it could not be moved (then the memory
    /// is turned off instead).
    private func moveAside(_ state: inout State, as label: String) -> String? {
        var info = stat()
        let path = settings.path
        guard stat(path, &info) == 0 else { return nil }
        // Another process replaced it already: open the new file.
        if let identity = state.identity, identity != (UInt64(info.st_dev), UInt64(info.st_ino)) {
            state.identity = nil
            return "(already replaced)"
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let aside = path + "." + label + "-" + formatter.string(from: Date()) + "-\(getpid())"
        guard rename(path, aside) == 0 else { return nil }
        for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
            _ = rename(path + suffix, aside + suffix)
        }
        state.identity = nil
        return aside
    }

    /// Says `message` once per kind of trouble.
    func warn(_ kind: String, _ message: String, in state: inout State) {
        guard state.warnedKinds.insert(kind).inserted else { return }
        let warning = MemoryWarning(message)
        state.warnings.append(warning)
        handler.withLock { $0 }?(warning)
    }

    func fileBytes() -> Int64 {
        ["", "-wal"].reduce(Int64(0)) { total, suffix in
            var info = stat()
            return total + (stat(settings.path + suffix, &info) == 0 ? Int64(info.st_size) : 0)
        }
    }

    /// The `unknown` column: one word a line, a word the generator marked `#` or `@` with its
    /// mark in front (a word is made of word characters, so a leading `#` or `@` cannot be its own;
    /// rows written before marks were kept have none).
    static func column(_ words: [String], marks: [String: Character]) -> String {
        words.map { word in marks[word].map { String($0) + word } ?? word }.joined(separator: "\n")
    }

    /// The words of an `unknown` column and their marks (see `column(_:marks:)`).
    static func words(_ text: String) -> (words: [String], marks: [String: Character]) {
        guard !text.isEmpty else { return ([], [:]) }
        var words: [String] = []
        var marks: [String: Character] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let mark = line.first, mark == "#" || mark == "@" {
                let word = String(line.dropFirst())
                words.append(word)
                marks[word] = mark
            } else {
                words.append(String(line))
            }
        }
        return (words, marks)
    }

    /// Milliseconds since 1970: when an entry was last used.
    static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1000)
    }

    static func reason(of error: Error) -> String {
        ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
    }
}
