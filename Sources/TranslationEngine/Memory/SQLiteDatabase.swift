import CSQLite
import Foundation

/// What SQLite said when a call failed: its primary result code and message.
struct SQLiteError: Error, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, ... with their detail bits).
    var code: Int32
    var message: String
    /// SQLite reads the file, but its schema is not the memory's (`TranslationMemory.checkSchema`):
    /// moved aside like a damaged file, under another name.
    var isForeign = false

    /// The primary result code.
    var primary: Int32 { code & 0xFF }

    /// The file is not a database, its pages are damaged or it is another schema's: move it aside
    /// and start again.
    var meansCorrupt: Bool { isForeign || primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB }

    var description: String { message }
}

/// One SQLite connection (`sqlite3*`) and the statements prepared on it.
///
/// Not `Sendable` and not thread-safe by itself: `TranslationMemory` confines each connection to
/// its serial queue. SQLite is built thread-safe on Debian; the confinement is what keeps one
/// connection's statements from being interleaved.
final class SQLiteDatabase {
    private(set) var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating) the database file; `busyTimeout` is how long a call waits for another
    /// process's lock before failing with SQLITE_BUSY.
    init(path: String, busyTimeout: Duration, readOnly: Bool = false) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: status, message: message)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    deinit {
        close()
    }

    /// Finalises every statement and closes the connection (idempotent).
    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    private func error(_ status: Int32) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "the database is closed"
        return SQLiteError(code: status, message: message)
    }

    /// Runs SQL that returns no rows (several statements may be separated by `;`).
    func execute(_ sql: String) throws(SQLiteError) {
        guard let handle else { throw error(SQLITE_MISUSE) }
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// Runs one statement, prepared once per connection and kept, binding `values` in order; calls
    /// `row` for each result row.
    func run(_ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteRow) throws(SQLiteError) -> Void = { _ throws(SQLiteError) in })
        throws(SQLiteError) {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            // The length given, not -1: a NUL inside untrusted text must not end it.
            case .text(let text):
                var bytes = Array(text.utf8)
                let count = Int32(bytes.count)
                bytes.append(0)
                status = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { csqlite_bind_text(statement, index, $0.baseAddress, count) }
                }
            case .blob(let bytes): status = bytes.withUnsafeBytes { csqlite_bind_blob(statement, index, $0.baseAddress, Int32($0.count)) }
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            try row(SQLiteRow(statement: statement))
        }
    }

    /// The first column of the first row, as an integer (0 when there is no row or it is NULL).
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64 {
        var result: Int64 = 0
        var seen = false
        try run(sql, values) { row throws(SQLiteError) in
            if !seen { result = row.integer(0) }
            seen = true
        }
        return result
    }

    /// The first column of every row, as text.
    func texts(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [String] {
        var result: [String] = []
        try run(sql, values) { row throws(SQLiteError) in result.append(row.text(0)) }
        return result
    }

    /// `body` inside `BEGIN IMMEDIATE ... COMMIT`: the write lock is taken at the start (waiting
    /// up to the busy timeout), so a transaction never fails half-way on another writer's lock;
    /// rolled back when `body` throws.
    func writeTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            try? run("ROLLBACK")
            throw error
        }
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        guard let handle else { throw error(SQLITE_MISUSE) }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        statements[sql] = statement
        return statement
    }
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null
}

/// The current row of a stepping statement; valid only inside the `row` closure.
struct SQLiteRow {
    let statement: OpaquePointer

    func integer(_ column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    /// The column as UTF-8 text; invalid UTF-8 is repaired, a NULL is "".
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's bytes as stored (a TEXT column's UTF-8 too, never repaired).
    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
