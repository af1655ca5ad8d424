// A C face for CLD2's C++ API, so Swift can call it.
#include <cstdio>
#include <malloc.h>
#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>
#include <cld2/internal/lang_script.h>
#include <cld2/internal/compact_lang_det_impl.h>  // SpanInterchangeValid
#include "CCLD2.h"

// Debian ships CLD2's full tables as a data-only library whose symbols
// interpose on the small tables inside libcld2. Nothing refers to them by
// name, so the linker's --as-needed would drop the library: this reference
// keeps it, and linking it before libcld2 makes its tables win.
namespace CLD2 {
extern const int kDeltaOctaIndSize;
}

extern "C" int hr_cld2_table_size(void) {
    return CLD2::kDeltaOctaIndSize;
}

extern "C" void hr_cld2_detect_ids(const char *text, int length, int bestEffort, int knownInterchangeValid,
                                   hr_cld2_ids *out) {
    CLD2::CLDHints hints = {nullptr, nullptr, CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE};
    CLD2::Language languages[3] = {CLD2::UNKNOWN_LANGUAGE, CLD2::UNKNOWN_LANGUAGE, CLD2::UNKNOWN_LANGUAGE};
    bool reliable = false;
    int flags = bestEffort ? CLD2::kCLDFlagBestEffort : 0;
    if (knownInterchangeValid) {
        // The caller read every byte and found only what CLD2's own check accepts: the same
        // detection without scanning the text a second time (CheckUTF8 is that scan, then this).
        out->summary = CLD2::ExtDetectLanguageSummary(text, length, true, &hints, flags, languages, out->percents,
                                                      out->scores, nullptr, &out->textBytes, &reliable);
        out->validPrefixBytes = length;
    } else {
        out->summary = CLD2::ExtDetectLanguageSummaryCheckUTF8(text, length, true, &hints, flags, languages,
                                                               out->percents, out->scores, nullptr, &out->textBytes,
                                                               &reliable, &out->validPrefixBytes);
    }
    for (int i = 0; i < 3; i++) out->languages[i] = languages[i];
    out->isReliable = reliable ? 1 : 0;
}

extern "C" int hr_cld2_interchange_valid_prefix(const char *text, int length) {
    return CLD2::SpanInterchangeValid(text, length);
}

extern "C" int hr_cld2_language_count(void) {
    return CLD2::NUM_LANGUAGES;
}

extern "C" const char *hr_cld2_language_code(int language) {
    if (language < 0 || language >= CLD2::NUM_LANGUAGES) return nullptr;
    return CLD2::LanguageCode(static_cast<CLD2::Language>(language));
}

extern "C" const char *hr_cld2_version(void) {
    return CLD2::DetectLanguageVersion();
}

extern "C" void hr_keep_freed_heap(void) {
#ifdef M_TRIM_THRESHOLD
    mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
#endif
}
