// Preloaded into `apertium-tagger` (LD_PRELOAD) by TranslationEngine's tagger relay: undoes, at
// the end of each NUL-terminated segment, the change the HMM tagger makes to itself when it
// meets an ambiguity class its model lacks, so the next segment meets the tagger a fresh
// process would be. See docs/DECISIONS.md, "Bulk translation".
//
// What it undoes (libapertium 3.8, tagger_utils.cc): `require_similar_ambiguity_class` calls
// `find_similar_ambiguity_class`, which assigns the similar class to the tagger's open class
// through a reference. From then on every unknown word is tagged with that smaller class. The
// HMM tagger calls the first through the PLT and ends each segment with `u_fflush`, so both
// can be interposed here:
//   - the first time the tagger asks for a class, the open class is copied (nothing can have
//     changed it yet);
//   - when a word's class is new (the function returns the open class instead of the word's
//     own tags), the segment is marked;
//   - at the segment's flush the open class is put back and one line is written to stderr,
//     before the segment's NUL goes out, so the relay reading the NUL can read the line too.
// Everything is looked up with dlsym; if anything is missing the functions pass through and no
// line is ever written, and the relay replaces the tagger as it does without this library.
#include <dlfcn.h>
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

RequireFunction realRequire = nullptr;
OpenClassFunction openClassOf = nullptr;
FlushFunction realFlush = nullptr;

std::set<int> *openClass = nullptr;  // the tagger's own, first seen
std::set<int> original;              // its value then
bool changed = false;                // a new class was met since the last flush

__attribute__((constructor)) void lookUp() {
    realRequire = reinterpret_cast<RequireFunction>(dlsym(RTLD_NEXT, kRequireName));
    openClassOf = reinterpret_cast<OpenClassFunction>(dlsym(RTLD_NEXT, kOpenClassName));
    realFlush = reinterpret_cast<FlushFunction>(dlsym(RTLD_NEXT, "u_fflush_72"));
}

}  // namespace

namespace tagger_utils {

std::set<int> &require_similar_ambiguity_class(TaggerData &data, std::set<int> &tags, TaggerWord &word, bool warn) {
    if (realRequire == nullptr) {
        // Not libapertium 3.8's symbol: nothing to call. Should not happen (the symbol we
        // interpose is the one the tagger calls), but never crash the tagger over it.
        return tags;
    }
    if (openClassOf != nullptr && realFlush != nullptr && openClass == nullptr) {
        openClass = &openClassOf(&data);
        original = *openClass;
    }
    std::set<int> &result = realRequire(data, tags, word, warn);
    if (&result != &tags && openClass != nullptr) changed = true;
    return result;
}

}  // namespace tagger_utils

extern "C" void u_fflush_72(UFILE *file) {
    if (changed && openClass != nullptr) {
        *openClass = original;
        changed = false;
        ssize_t ignored = write(2, kMarker, sizeof kMarker - 1);
        (void)ignored;
    }
    if (realFlush != nullptr) realFlush(file);
}
