// libarchive (Debian libarchive-dev) for reading pack archives and writing them to disk.
#include <archive.h>
#include <archive_entry.h>

// Macros Swift cannot import.
static inline int carchive_ok(void) { return ARCHIVE_OK; }
static inline int carchive_eof(void) { return ARCHIVE_EOF; }
static inline int carchive_warn(void) { return ARCHIVE_WARN; }
static inline int carchive_secure_flags(void) {
    // Not SECURE_NOABSOLUTEPATHS: entries are written under an absolute staging folder (their
    // own absolute paths are refused before that).
    return ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NODOTDOT;
}
static inline unsigned int carchive_type_regular(void) { return AE_IFREG; }
static inline unsigned int carchive_type_directory(void) { return AE_IFDIR; }
static inline unsigned int carchive_type_symlink(void) { return AE_IFLNK; }
