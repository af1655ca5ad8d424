// libsqlite3 (Debian libsqlite3-dev) for the translation memory.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import: bind calls that copy the bytes.
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return sqlite3_bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}

static inline int csqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}
