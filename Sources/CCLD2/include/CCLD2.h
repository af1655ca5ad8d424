#ifndef HIKE_CCLD2_H
#define HIKE_CCLD2_H

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of one detection as CLD2's language numbers (see hr_cld2_language_code).
typedef struct {
    int summary;           /* CLD2's verdict for the whole text */
    int languages[3];
    int percents[3];
    double scores[3];
    int textBytes;
    int validPrefixBytes;
    int isReliable;
} hr_cld2_ids;

/// Detects the language of UTF-8 plain text, answering in language numbers (no strings made).
/// CLD2 first checks that the text is interchange-valid UTF-8 (and answers "unknown" when it is
/// not), unless `knownInterchangeValid` says the caller has checked every byte against the same
/// rule (hr_cld2_interchange_valid_prefix); the answer is the same either way.
void hr_cld2_detect_ids(const char *text, int length, int bestEffort, int knownInterchangeValid, hr_cld2_ids *out);

/// How many leading bytes of `text` CLD2 accepts as interchange-valid UTF-8: structurally valid,
/// without the control characters and noncharacters it refuses (its own check, exposed so the
/// recognizer's tables can be worked out from it and tested against it).
int hr_cld2_interchange_valid_prefix(const char *text, int length);

/// How many language numbers there are.
int hr_cld2_language_count(void);

/// CLD2's code for a language number ("es", "un", "xx-Qaai"); NULL outside 0..<count.
const char *hr_cld2_language_code(int language);

/// The size of the delta-octagram table in use (tells full from small tables).
int hr_cld2_table_size(void);

/// Keeps up to 64 MB of freed heap in the process instead of handing it back to the kernel
/// (glibc's trim threshold; a no-op elsewhere).
void hr_keep_freed_heap(void);

/// CLD2's version string.
const char *hr_cld2_version(void);

/// Asks the processor to start loading the cache line at `address` ahead of its use: a hint
/// that never faults and is inlined into Swift (Swift has no prefetch of its own). The language
/// model's tables are tens of MB, read a few scattered rows a text.
static inline void hr_prefetch(const void *address) {
    __builtin_prefetch(address);
}

#ifdef __cplusplus
}
#endif

#endif
