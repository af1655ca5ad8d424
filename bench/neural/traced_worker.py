"""neural_worker.py as it is, recording its batches for the benchmark's reference.

    HIKE_BENCH_BATCHES=FILE [HIKE_BENCH_NO_LEAD=1] python3 traced_worker.py PACKAGE_DIR [options]

bench/neural/run points HIKE_REVIEWS_NEURAL_WORKER here, so `hike-reviews translate` starts this
in place of the worker. It runs the worker with `--batch-log FILE`: one JSON line per batch,
{"lead": whether it was a batch's first request translated alone, "texts": [the requests'
texts], "sources": [the piece lists given to CTranslate2]}, so that CTranslate2 can be called
directly with the same batches. HIKE_BENCH_NO_LEAD=1 adds `--no-lead` (every batch as one: the
"before" of the first-answer measure).
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in Sources/ (SwiftPM would warn about it)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "Sources", "TranslationEngine", "Neural"))
import neural_worker  # noqa: E402

if __name__ == "__main__":
    sys.argv += ["--batch-log", os.environ["HIKE_BENCH_BATCHES"]]
    if os.environ.get("HIKE_BENCH_NO_LEAD") == "1":
        sys.argv.append("--no-lead")
    sys.exit(neural_worker.main())
