"""Review-shaped Spanish lines for bench/translate, made the same way on every run.

A line is built like a review of the sample: as many sentences as a real Spanish review of
`sample-data/routes.json` has (the counts drawn from those reviews), each sentence drawn from
all of their sentences, with a fixed seed. So the lines are as long and as varied in words as
the reviews, nearly all of them distinct (a translation memory would not help), and line k of
a 100,000-line file is line k of the 1,000-line one.

usage: python3 lines.py COUNT > FILE     (also imported by measure.py)
"""
import json
import os
import random
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
ROUTES = os.path.join(ROOT, 'sample-data', 'routes.json')
TRUTH = os.path.join(ROOT, 'Tests', 'TranslationEngineTests', 'Fixtures', 'review-languages.json')
SEED = 20261202


def spanish_reviews():
    routes = json.load(open(ROUTES, encoding='utf-8'))['routes']
    truth = json.load(open(TRUTH, encoding='utf-8'))
    out = [' '.join(r['text'].split()) for rt in routes for r in rt['reviews'] if truth.get(r['id']) == 'es']
    return [t for t in out if t]


def split_sentences(text):
    return [s for s in re.split(r'(?<=[.!?…])\s+', text) if s]


def review_lines(count):
    """`count` lines, the first `n` the same for every count >= n."""
    split = [split_sentences(r) for r in spanish_reviews()]
    if not split:
        raise ValueError('no Spanish reviews in %s' % TRUTH)
    lengths = [len(s) for s in split]
    pool = [s for ss in split for s in ss]
    rng = random.Random(SEED)
    return [' '.join(rng.choice(pool) for _ in range(rng.choice(lengths))) for _ in range(count)]


if __name__ == '__main__':
    for line in review_lines(int(sys.argv[1])):
        print(line)
