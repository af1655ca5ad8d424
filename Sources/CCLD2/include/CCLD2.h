#ifndef HIKE_CCLD2_H
#define HIKE_CCLD2_H

#ifdef __cplusplus
extern "C" {
#endif

/// One language hypothesis from CLD2.
typedef struct {
    char code[16];        /* CLD2's language code, e.g. "es", "no", "xx-Qaai" */
    int percent;          /* share of the text's bytes, 0...100 */
    double normalizedScore;
} hr_cld2_hypothesis;

/// The outcome of one detection.
typedef struct {
    char summary[16];      /* CLD2's verdict for the whole text (may differ from top[0]) */
    hr_cld2_hypothesis top[3];
    int textBytes;
    int validPrefixBytes;  /* bytes of valid UTF-8 at the start */
    int isReliable;
} hr_cld2_result;

/// Detects the language of UTF-8 plain text.
/// `bestEffort` asks CLD2 for an answer even on short text.
void hr_cld2_detect(const char *text, int length, int bestEffort, hr_cld2_result *out);

/// The size of the delta-octagram table in use (tells full from small tables).
int hr_cld2_table_size(void);

/// CLD2's version string.
const char *hr_cld2_version(void);

#ifdef __cplusplus
}
#endif

#endif
