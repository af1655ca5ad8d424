// cld2_eval: raw CLD2 verdicts for a batch of texts, for bench/langid/run.
//
// Input:  one JSON string literal per line ("..."), so that texts containing
//         newlines, tabs or quotes survive the trip through a line-based pipe.
// Output: one line per input line: CODE<TAB>PERCENT<TAB>reliable|unreliable,
//         where CODE is CLD2's own code (e.g. "no", "un", "xx-Qaai"); mapping
//         to BCP 47 is left to the caller so this stays a faithful CLD2 probe.
//
// Usage:  cld2_eval [--best-effort] [--lines] [--version] < texts.jsonl
//
// --lines: each input line is the text itself (UTF-8, without its newline),
//          as `hike-reviews detect` reads it; the speed part of the bench uses
//          it so both read the same file and neither decodes anything.
//
// The same source is linked twice by the run script: against libcld2 alone
// (CLD2's small built-in tables) and with Debian's libcld2_full first on the
// link line, whose table symbols then interpose on the small ones.

#include <cstdio>  // compact_lang_det.h uses FILE without including <cstdio>
#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>  // UNKNOWN_ENCODING for the hints
#include <cld2/internal/lang_script.h>

#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>

namespace {

// Appends code point `cp` to `out` as UTF-8. Callers guarantee cp is a
// Unicode scalar value (surrogates are resolved or rejected beforehand).
void AppendUtf8(uint32_t cp, std::string &out) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Reads the four hex digits of a \uXXXX escape starting at line[pos].
bool ReadHex4(const std::string &line, size_t pos, uint32_t *value) {
    if (pos + 4 > line.size()) return false;
    uint32_t v = 0;
    for (size_t i = pos; i < pos + 4; i++) {
        char c = line[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= static_cast<uint32_t>(c - '0');
        else if (c >= 'a' && c <= 'f') v |= static_cast<uint32_t>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= static_cast<uint32_t>(c - 'A' + 10);
        else return false;
    }
    *value = v;
    return true;
}

// Decodes a line holding exactly one JSON string literal (surrounding
// whitespace allowed) into UTF-8 text. Strict on purpose: a benchmark that
// silently mangled its input would measure the wrong thing, so malformed
// escapes, raw control characters and lone surrogates are errors rather than
// being replaced with U+FFFD.
bool DecodeJsonString(const std::string &line, std::string *text, std::string *error) {
    size_t pos = line.find_first_not_of(" \t\r");
    if (pos == std::string::npos || line[pos] != '"') {
        *error = "expected a JSON string";
        return false;
    }
    pos++;
    text->clear();
    while (true) {
        if (pos >= line.size()) {
            *error = "unterminated string";
            return false;
        }
        unsigned char c = static_cast<unsigned char>(line[pos]);
        if (c == '"') {
            pos++;
            break;
        }
        if (c < 0x20) {
            *error = "raw control character in string";
            return false;
        }
        if (c != '\\') {
            // Raw bytes (including non-ASCII UTF-8) pass through untouched;
            // CLD2's CheckUTF8 entry point validates the result afterwards.
            *text += static_cast<char>(c);
            pos++;
            continue;
        }
        if (pos + 1 >= line.size()) {
            *error = "dangling backslash";
            return false;
        }
        char escape = line[pos + 1];
        pos += 2;
        switch (escape) {
            case '"': *text += '"'; break;
            case '\\': *text += '\\'; break;
            case '/': *text += '/'; break;
            case 'b': *text += '\b'; break;
            case 'f': *text += '\f'; break;
            case 'n': *text += '\n'; break;
            case 'r': *text += '\r'; break;
            case 't': *text += '\t'; break;
            case 'u': {
                uint32_t unit;
                if (!ReadHex4(line, pos, &unit)) {
                    *error = "bad \\u escape";
                    return false;
                }
                pos += 4;
                if (unit >= 0xDC00 && unit <= 0xDFFF) {
                    *error = "lone low surrogate";
                    return false;
                }
                if (unit >= 0xD800 && unit <= 0xDBFF) {
                    // Characters beyond the BMP (emoji are common in reviews)
                    // arrive as a UTF-16 surrogate pair of two \u escapes.
                    uint32_t low;
                    if (pos + 1 >= line.size() || line[pos] != '\\' || line[pos + 1] != 'u' ||
                        !ReadHex4(line, pos + 2, &low) || low < 0xDC00 || low > 0xDFFF) {
                        *error = "lone high surrogate";
                        return false;
                    }
                    pos += 6;
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                }
                AppendUtf8(unit, *text);
                break;
            }
            default:
                *error = std::string("unknown escape \\") + escape;
                return false;
        }
    }
    if (line.find_first_not_of(" \t\r", pos) != std::string::npos) {
        *error = "trailing characters after the string";
        return false;
    }
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    int flags = 0;
    bool rawLines = false;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--best-effort") == 0) {
            flags |= CLD2::kCLDFlagBestEffort;
        } else if (std::strcmp(argv[i], "--lines") == 0) {
            rawLines = true;
        } else if (std::strcmp(argv[i], "--version") == 0) {
            std::printf("%s\n", CLD2::DetectLanguageVersion());
            return 0;
        } else {
            std::fprintf(stderr, "cld2_eval: unknown argument '%s'\nusage: cld2_eval [--best-effort] [--lines] [--version] < texts.jsonl\n", argv[i]);
            return 2;
        }
    }

    std::ios::sync_with_stdio(false);
    std::string line, text, error;
    long lineNumber = 0;
    while (std::getline(std::cin, line)) {
        lineNumber++;
        if (rawLines) {
            text.swap(line);
        } else if (!DecodeJsonString(line, &text, &error)) {
            std::fprintf(stderr, "cld2_eval: line %ld: %s\n", lineNumber, error.c_str());
            return 1;
        }

        CLD2::CLDHints hints = {nullptr, nullptr, CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE};
        CLD2::Language language3[3];
        int percent3[3] = {0, 0, 0};
        double scores3[3] = {0, 0, 0};
        int textBytes = 0;
        bool reliable = false;
        int validPrefix = 0;
        // The summary language (the return value), not language3[0], is what
        // CLD2 itself answers: it drops "unknown" slots, prefers X over English
        // boilerplate, and says UNKNOWN when no language covers enough text.
        CLD2::Language summary = CLD2::ExtDetectLanguageSummaryCheckUTF8(
            text.data(), static_cast<int>(text.size()), /*is_plain_text=*/true, &hints, flags,
            language3, percent3, scores3, /*resultchunkvector=*/nullptr, &textBytes, &reliable,
            &validPrefix);
        if (validPrefix != static_cast<int>(text.size())) {
            // CLD2 stops at the first invalid byte, so a verdict would only
            // cover part of the text; refuse rather than report it.
            std::fprintf(stderr, "cld2_eval: line %ld: invalid UTF-8 at byte %d\n", lineNumber, validPrefix);
            return 1;
        }

        // The summary language's share of the text; 0 when it is not among the
        // top three (e.g. UNKNOWN after CLD2 discarded every candidate).
        int percent = 0;
        for (int i = 0; i < 3; i++) {
            if (language3[i] == summary) {
                percent = percent3[i];
                break;
            }
        }
        const char *code = CLD2::LanguageCode(summary);
        std::printf("%s\t%d\t%s\n", code ? code : "un", percent, reliable ? "reliable" : "unreliable");
    }
    if (std::cin.bad()) {
        std::fprintf(stderr, "cld2_eval: error reading standard input\n");
        return 1;
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fprintf(stderr, "cld2_eval: error writing standard output\n");
        return 1;
    }
    return 0;
}
