import CSQLite
import Dispatch
import Foundation
import Synchronization
import TextSafety

/// Every translation remembered, per user, in one SQLite file shared by all of the user's
/// processes: a text seen before on the same route with the same pack versions is answered
/// without starting a pipeline or a worker.
///
/// The file is the engine environment's (`EngineEnvironment.memory`; read from the process,
/// `$HIKE_REVIEWS_CACHE_DIR/memory.sqlite`, else `$XDG_CACHE_HOME/hike-reviews/memory.sqlite`,
/// else `~/.cache/hike-reviews/memory.sqlite`). It is in WAL mode with a busy timeout, so readers never wait
/// and writers queue; every write is one `BEGIN IMMEDIATE` transaction.
///
/// The memory is never in the way of a translation: a damaged file is renamed aside
/// (`memory.sqlite.corrupt-...`), and so is a file SQLite reads but whose schema is not the
/// memory's (`memory.sqlite.foreign-...`), and a new one started; a read-only or full disk, or a lock held
/// past the busy timeout, turns the memory off for a minute (then it tries again). Each of these
/// is said once through the warning handler and no translation fails for it.
///
/// Entries whose route names a pack version no longer installed are unreachable (the version is
/// in the key). Those of a pack installed at another version are deleted by
/// `removeEntries(notIn:)`, which sessions call when the installed packs differ from those the
/// file was last cleaned for; those of a removed pack by `removeEntries(ofPacks:)`, which
/// `packs remove` and the packs screen call. Past `Settings.maxBytes` of entries, the least
/// recently used are evicted (so also what other stores' packs left).
public final class TranslationMemory: Sendable {
    /// Where the file is and how big it may grow.
    public struct Settings: Sendable, Equatable {
        /// The database file.
        public var path: String
        /// Bytes of entries (texts, translations, keys and a row's overhead) kept at most; past
        /// it the least recently used go, down to 90%.
        public var maxBytes: Int64
        /// How long a read or write waits for another process's lock.
        public var busyTimeout: Duration
        /// Tests only: where the process kills itself (`KillPoint`'s memory steps); nil in use.
        package var killPoint: KillPoint?

        public init(path: String, maxBytes: Int64 = 256 << 20, busyTimeout: Duration = .seconds(10)) {
            self.path = path
            self.maxBytes = maxBytes
            self.busyTimeout = busyTimeout
        }
    }

    /// A remembered translation.
    public struct Entry: Sendable, Hashable {
        public var targetText: String
        public var unknownWords: [String]
        /// The generator's mark of unknown words it did not mark `*` (`PipelineTranslation.marks`).
        public var marks: [String: Character]

        public init(targetText: String, unknownWords: [String] = [], marks: [String: Character] = [:]) {
            self.targetText = targetText
            self.unknownWords = unknownWords
            self.marks = marks
        }
    }

    /// What the memory holds and how often it answered.
    public struct Statistics: Sendable, Equatable {
        /// The database file.
        public var path: String
        public var entries: Int
        /// Bytes of entries, as the size limit counts them.
        public var entryBytes: Int64
        /// The file and its write-ahead log on disk.
        public var fileBytes: Int64
        /// Lookups of this process that found / did not find an entry.
        public var processHits: Int
        public var processMisses: Int
        /// Lookups of every process since the file was made or cleared.
        public var totalHits: Int
        public var totalMisses: Int
        /// The size limit.
        public var maxBytes: Int64

        /// Hits over lookups, nil before any lookup.
        public static func rate(hits: Int, misses: Int) -> Double? {
            hits + misses == 0 ? nil : Double(hits) / Double(hits + misses)
        }
    }

    public let settings: Settings
    /// The one connection and what the memory knows of its state: every use of the file holds
    /// it, one at a time.
    let state: Mutex<State>
    /// Maintenance (clean-up, statistics, clearing) scans or rewrites the file: it runs here,
    /// off the cooperative pool. Lookups and stores, one indexed row each, run in the caller's
    /// task (`entry(for:)`, `remember(_:for:)`).
    private let queue: DispatchQueue
    let handler: Mutex<WarningHandler?>

    /// How long the memory stays off after the disk or a lock refused it.
    static let offFor: Duration = .seconds(60)

    /// A memory on the file `settings.path`; nothing is opened until the first use.
    public init(settings: Settings, warnings: WarningHandler? = nil) {
        self.settings = settings
        state = Mutex(State())
        queue = DispatchQueue(label: "hike-reviews.memory")
        handler = Mutex(warnings)
    }

    /// Replaces the warning handler (the app sets its status line once curses is up).
    public func setWarningHandler(_ warnings: WarningHandler?) {
        handler.withLock { $0 = warnings }
    }

    /// Every warning this memory gave, in order (each kind of trouble at most once).
    public var warnings: [MemoryWarning] {
        state.withLock { $0.warnings }
    }

    // MARK: - Maintenance (lookups and stores, internal since sessions build the keys, are in
    // TranslationMemory+Database.swift with their SQL)

    /// Deletes the entries whose route names a pack installed at a version other than the one in
    /// `installed` (`id@version`), unless the file was last cleaned for the same set. A pack not in
    /// `installed` at all may be another store's: its entries stay.
    func removeEntries(notIn installed: Set<String>) async {
        await onQueue { state in self.cleanUp(keeping: installed, in: &state) }
    }

    // MARK: - Public maintenance

    /// Forgets every entry whose route used one of the packs `ids` (any version): for a pack
    /// removed from the store (`packs remove`, the packs screen's delete).
    public func removeEntries(ofPacks ids: Set<String>) async {
        await onQueue { state in self.forget(packs: ids, in: &state) }
    }

    /// Counts and sizes; nil when the file cannot be opened (the warning says why). A file not
    /// made yet is not made: its statistics are all zero.
    public func statistics() async -> Statistics? {
        await onQueue { state -> Statistics? in
            let counted = state
            if counted.database == nil && !FileManager.default.fileExists(atPath: self.settings.path) {
                return Statistics(path: self.settings.path, entries: 0, entryBytes: 0, fileBytes: 0,
                                  processHits: counted.processHits, processMisses: counted.processMisses,
                                  totalHits: counted.pendingHits, totalMisses: counted.pendingMisses, maxBytes: self.settings.maxBytes)
            }
            return self.attempt(in: &state) { database throws(SQLiteError) -> Statistics in
                let entries = try database.integer("SELECT COUNT(*) FROM entries")
                let bytes = try database.integer("SELECT value FROM meta WHERE name = 'bytes'")
                let hits = try database.integer("SELECT value FROM meta WHERE name = 'hits'")
                let misses = try database.integer("SELECT value FROM meta WHERE name = 'misses'")
                return Statistics(path: self.settings.path, entries: Int(entries), entryBytes: bytes, fileBytes: self.fileBytes(),
                                  processHits: counted.processHits, processMisses: counted.processMisses,
                                  totalHits: Int(hits) + counted.pendingHits, totalMisses: Int(misses) + counted.pendingMisses,
                                  maxBytes: self.settings.maxBytes)
            } ?? nil
        }
    }

    /// Forgets every entry and the counters, and gives the space back to the disk. A damaged
    /// or foreign file is moved aside, as on any use, and the new one is empty.
    ///
    /// - Throws: `MemoryError` when the file cannot be opened or written.
    public func clear() async throws {
        let failure: SQLiteError? = await onQueue { state in
            state.offUntil = nil
            let cleared: Void? = self.attempt(in: &state) { database throws(SQLiteError) in
                try database.writeTransaction { () throws(SQLiteError) in
                    try database.run("DELETE FROM entries")
                    try database.run("UPDATE meta SET value = 0 WHERE name IN ('hits', 'misses', 'bytes')")
                    try database.run("DELETE FROM meta WHERE name = 'cleaned-for'")
                }
                try database.execute("VACUUM")
                try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
            guard cleared != nil else { return state.lastFailure ?? SQLiteError(code: SQLITE_ERROR, message: "unknown failure") }
            state.pendingHits = 0
            state.pendingMisses = 0
            return nil
        }
        if let failure { throw MemoryError(path: settings.path, reason: failure.message) }
    }

    // MARK: - The queue

    /// Runs `body` on the memory's queue with its state, for maintenance that may take long.
    func onQueue<T: Sendable>(_ body: @escaping @Sendable (inout State) -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: self.state.withLock { body(&$0) })
            }
        }
    }
}

/// The memory's file could not be used for what was asked (`cache clear`).
public struct MemoryError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String {
        "the translation memory \(EscapedText.singleQuoted(path)) cannot be used: \(EscapedText.escaped(reason))"
    }
}
