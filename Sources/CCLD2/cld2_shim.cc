// A C face for CLD2's C++ API, so Swift can call it.
#include <cstdio>
#include <cstring>
#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>
#include <cld2/internal/lang_script.h>
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

extern "C" void hr_cld2_detect(const char *text, int length, int bestEffort, hr_cld2_result *out) {
    std::memset(out, 0, sizeof(*out));
    CLD2::CLDHints hints = {nullptr, nullptr, CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE};
    CLD2::Language languages[3];
    int percents[3] = {0, 0, 0};
    double scores[3] = {0, 0, 0};
    int textBytes = 0;
    bool reliable = false;
    int validPrefix = 0;
    int flags = bestEffort ? CLD2::kCLDFlagBestEffort : 0;
    CLD2::Language summary = CLD2::ExtDetectLanguageSummaryCheckUTF8(text, length, true, &hints, flags, languages, percents,
                                            scores, nullptr, &textBytes, &reliable, &validPrefix);
    const char *summaryCode = CLD2::LanguageCode(summary);
    std::snprintf(out->summary, sizeof(out->summary), "%s", summaryCode ? summaryCode : "un");
    for (int i = 0; i < 3; i++) {
        const char *code = CLD2::LanguageCode(languages[i]);
        std::snprintf(out->top[i].code, sizeof(out->top[i].code), "%s", code ? code : "un");
        out->top[i].percent = percents[i];
        out->top[i].normalizedScore = scores[i];
    }
    out->textBytes = textBytes;
    out->validPrefixBytes = validPrefix;
    out->isReliable = reliable ? 1 : 0;
}

extern "C" const char *hr_cld2_version(void) {
    return CLD2::DetectLanguageVersion();
}
