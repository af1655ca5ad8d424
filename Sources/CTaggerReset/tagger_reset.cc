// Preloaded (LD_PRELOAD) by TranslationEngine into the stages of a warm Apertium pipeline. Two
// jobs, see docs/DECISIONS.md, "Bulk translation":
//
// 1. In every stage: a NUL flush waits while more input is already there. A stage in null-flush
//    mode (-z) flushes its output at the end of every segment, so with reviews queued each of
//    the pipeline's ten processes woke the next one once per review. Here `fflush(stdout)` is
//    skipped while the stage's stdin has unread bytes (in stdio's buffer or in the pipe): the
//    stage goes on with the next segment and its output leaves in larger writes. As soon as a
//    flush finds no input waiting it flushes everything, so a lone text is never held back,
//    and the bytes written are the same, only fewer writes carry them. Why it cannot stall: the
//    first stage's input only ever holds whole segments, so when its writer pauses it meets an
//    empty input at a NUL and flushes; then so does the next stage, and so on down the line.
//    With HIKE_FLUSH_WAITS=N in its environment a stage skips at most N flushes in a row: a
//    stage working through a queue then hands the next one work every N+1 segments instead of
//    at the end of the queue, so the stages of a server answering many clients work side by
//    side rather than one after another (`serve` sets it; unset, there is no limit).
//
// 2. In the HMM tagger only (its environment has HIKE_TAGGER_RESET=1): undoes, at the end of
//    each NUL-terminated segment, the change the tagger makes to itself when it meets an
//    ambiguity class its model lacks, so the next segment meets the tagger a fresh process
//    would be. When it is on, the library says so on stderr as the tagger starts: `kReady` when
//    every function it needs was found (the engine then wires the tagger straight to its
//    neighbours, see TaggerLink.swift), `kOff` when one was not (the engine keeps its relay).
//
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <set>

class TaggerData;
class TaggerWord;
struct UFILE;

namespace {

using OpenClassFunction = std::set<int> &(*)(TaggerData *);
using RequireFunction = std::set<int> &(*)(TaggerData &, std::set<int> &, TaggerWord &, bool);
using FlushFunction = void (*)(UFILE *);

const char kRequireName[] =
    "_ZN12tagger_utils31require_similar_ambiguity_classER10TaggerDataRSt3setIiSt4lessIiESaIiEER10TaggerWordb";
const char kOpenClassName[] = "_ZN10TaggerData12getOpenClassEv";
const char kMarker[] = "hike tagger reset: open class restored\n";
const char kReady[] = "hike tagger reset: ready\n";
const char kOff[] = "hike tagger reset: off\n";

RequireFunction realRequire = nullptr;
OpenClassFunction openClassOf = nullptr;
FlushFunction realFlush = nullptr;

std::set<int> *openClass = nullptr;  // the tagger's own, first seen
std::set<int> original;              // its value then
bool changed = false;                // a new class was met since the last flush
bool resetting = false;              // job 2 is on: this is the relayed HMM tagger

using StdioFlushFunction = int (*)(FILE *);
StdioFlushFunction realStdioFlush = nullptr;
long flushWaits = -1;  // HIKE_FLUSH_WAITS: flushes skipped in a row at most; -1: no limit
long flushesSkipped = 0;  // in a row, since stdout was last flushed

// Whether the next read of stdin would find bytes without waiting: in stdio's buffer (glibc's
// FILE fields, public in <stdio.h>'s libio), else in the pipe.
bool inputWaiting() {
    if (stdin != nullptr && stdin->_IO_read_ptr < stdin->_IO_read_end) return true;
    int count = 0;
    return ioctl(0, FIONREAD, &count) == 0 && count > 0;
}

__attribute__((constructor)) void lookUp() {
    realStdioFlush = reinterpret_cast<StdioFlushFunction>(dlsym(RTLD_NEXT, "fflush"));
    const char *waits = getenv("HIKE_FLUSH_WAITS");
    if (waits != nullptr && *waits != '\0') {
        char *end = nullptr;
        long value = strtol(waits, &end, 10);
        if (*end == '\0' && value >= 0) flushWaits = value;  // anything else: no limit, as unset
    }
    const char *reset = getenv("HIKE_TAGGER_RESET");
    resetting = reset != nullptr && strcmp(reset, "1") == 0;  // off in other stages: job 1 only
    realRequire = reinterpret_cast<RequireFunction>(dlsym(RTLD_NEXT, kRequireName));
    openClassOf = reinterpret_cast<OpenClassFunction>(dlsym(RTLD_NEXT, kOpenClassName));
    realFlush = reinterpret_cast<FlushFunction>(dlsym(RTLD_NEXT, "u_fflush_72"));
    if (resetting) {
        bool ready = realRequire != nullptr && openClassOf != nullptr && realFlush != nullptr;
        ssize_t ignored = ready ? write(2, kReady, sizeof kReady - 1) : write(2, kOff, sizeof kOff - 1);
        (void)ignored;
    }
}

}  // namespace

namespace tagger_utils {

std::set<int> &require_similar_ambiguity_class(TaggerData &data, std::set<int> &tags, TaggerWord &word, bool warn) {
    if (realRequire == nullptr) {
        // Not libapertium 3.8's symbol: nothing to call. Should not happen (the symbol we
        // interpose is the one the tagger calls), but never crash the tagger over it.
        return tags;
    }
    if (resetting && openClassOf != nullptr && realFlush != nullptr && openClass == nullptr) {
        openClass = &openClassOf(&data);
        original = *openClass;
    }
    std::set<int> &result = realRequire(data, tags, word, warn);
    if (&result != &tags && openClass != nullptr) changed = true;
    return result;
}

}  // namespace tagger_utils

// Job 1. ICU's u_fflush ends in fflush, so this covers stages writing through ICU and stdio alike.
extern "C" int fflush(FILE *file) {
    if (realStdioFlush == nullptr) return file == nullptr ? 0 : EOF;  // cannot happen with glibc
    if (file == stdout) {
        if ((flushWaits < 0 || flushesSkipped < flushWaits) && inputWaiting()) {
            flushesSkipped += 1;
            return 0;
        }
        flushesSkipped = 0;
    }
    return realStdioFlush(file);
}

extern "C" void u_fflush_72(UFILE *file) {
    if (changed && openClass != nullptr) {
        *openClass = original;
        changed = false;
        ssize_t ignored = write(2, kMarker, sizeof kMarker - 1);
        (void)ignored;
    }
    if (realFlush != nullptr) realFlush(file);
}
