// Nothing to call: libHikeTaggerReset.so is preloaded into apertium-tagger (see tagger_reset.cc).
