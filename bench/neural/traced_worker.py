"""neural_worker.py as it is, recording its batches for the benchmark's reference.

    HIKE_BENCH_BATCHES=FILE python3 traced_worker.py PACKAGE_DIR [worker options]

bench/neural/run points HIKE_REVIEWS_NEURAL_WORKER here, so `hike-reviews translate` starts this
in place of the worker. Each translate_batch call appends one JSON line to FILE:
{"texts": [the batch's request texts], "sources": [the piece lists it was given]}, so that
CTranslate2 can be called directly with the same batches. The cost is one short write per batch.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "Sources", "TranslationEngine", "Neural"))
import neural_worker  # noqa: E402

log = open(os.environ["HIKE_BENCH_BATCHES"], "a", encoding="utf-8")
pending = []
prepare, translate = neural_worker.Worker.prepare, neural_worker.Worker.translate


def traced_prepare(self, text):
    pending.append(text)
    return prepare(self, text)


def traced_translate(self, sources):
    log.write(json.dumps({"texts": list(pending), "sources": sources}, ensure_ascii=False) + "\n")
    log.flush()
    pending.clear()
    return translate(self, sources)


neural_worker.Worker.prepare = traced_prepare
neural_worker.Worker.translate = traced_translate

if __name__ == "__main__":
    sys.exit(neural_worker.main())
