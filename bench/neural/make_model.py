"""Builds the benchmark's model and sentences: a package of Argos Translate's real size with random
weights, never committed.

    .build/neural-venv/bin/python3 bench/neural/make_model.py OUTDIR [--corpus routes.json]

OUTDIR gets:
  bench/          translate-de_en: 6+6 layers, d_model 512, ffn 2048, 8 heads, a shared
                  50,000-piece SentencePiece vocabulary, int8 (what Argos's packages are);
  bench.argosmodel  the same as Argos ships it (one top-level folder in a zip);
  sentences.json  200 review sentences, split by the worker's own splitter;
  build.json      what was built and how long it took.

The sample reviews alone hold too few distinct words for 50,000 pieces (SentencePiece allows at
most ~4,700 unigram or ~24,000 BPE pieces on them), so the corpus is the reviews and route
descriptions plus lines of compounds made of their words (seeded), and the model is BPE. Pieces
per word on the review sentences come out near those of real packages (~1.2).
"""

import argparse
import json
import os
import random
import re
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, "..", "..")
sys.path.insert(0, os.path.join(root, "Tests", "TranslationEngineTests", "Fixtures"))
sys.path.insert(0, os.path.join(root, "Sources", "TranslationEngine", "Neural"))
import make_neural_models as models  # noqa: E402
from neural_worker import segments  # noqa: E402

VOCAB = 50000
SENTENCES = 200
COMPOUND_LINES = 20000
# With 50,000 outputs the bias on </s> decides the length of a random model's outputs, steeply:
# with beam 4, 2.0 gives outputs of about 1.4x the inputs' pieces (22 on average on 64 of the
# sentences, at most 82), 2.5 and more stop after one or two pieces.
EOS_BIAS = 2.0


def corpus(lines):
    """The review lines, then lines of ten two-word compounds of their words."""
    words = sorted({word.lower() for line in lines for word in re.findall(r"\w+", line) if len(word) > 2})
    rng = random.Random(20261201)
    compounds = [" ".join(rng.choice(words) + rng.choice(words) for _ in range(10)) for _ in range(COMPOUND_LINES)]
    return lines * 3 + compounds


def review_sentences(path, count):
    """`count` sentences spread evenly over all sample reviews, in their order."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    sentences = [segment for route in data["routes"] for review in route["reviews"]
                 for segment, translate in segments(review["text"]) if translate and len(segment) > 3]
    step = len(sentences) / count
    return [sentences[int(index * step)] for index in range(count)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir")
    parser.add_argument("--corpus", default=os.path.join(root, "sample-data", "routes.json"))
    parser.add_argument("--eos-bias", type=float, default=EOS_BIAS)
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    started = time.monotonic()
    tokenizer = models.train_sentencepiece(corpus(models.corpus_lines(args.corpus)), os.path.join(args.out_dir, "sp"),
                                           vocab_size=VOCAB, model_type="bpe")
    trained = time.monotonic()
    tokens = models.vocabulary(tokenizer)
    spec = models.random_spec(tokens, d=512, ffn=2048, heads=8, layers=6, eos_bias=args.eos_bias, unk_bias=0.0)
    package = models.write_package(args.out_dir, "bench", spec, tokenizer, "translate-de_en")
    built = time.monotonic()
    sentences = review_sentences(args.corpus, SENTENCES)
    with open(os.path.join(args.out_dir, "sentences.json"), "w", encoding="utf-8") as handle:
        json.dump(sentences, handle, ensure_ascii=False)
    report = {
        "package": package,
        "vocabulary": len(tokens),
        "eos_bias": args.eos_bias,
        "sentencepiece_seconds": round(trained - started, 1),
        "model_seconds": round(built - trained, 1),
        "model_bin_mb": round(os.path.getsize(os.path.join(package, "model", "model.bin")) / 1e6, 1),
        "archive_mb": round(os.path.getsize(os.path.join(args.out_dir, "bench.argosmodel")) / 1e6, 1),
        "sentences": len(sentences),
    }
    with open(os.path.join(args.out_dir, "build.json"), "w", encoding="utf-8") as handle:
        json.dump(report, handle)
    print(json.dumps(report))


if __name__ == "__main__":
    sys.exit(main())
