#!/usr/bin/env python3
"""Writes COUNT review-length lines for the speed part of bench/langid, the same every time.

Each line copies the length of one review of sample-data/routes.json (drawn at random) and
is made of that review's language's sentences, drawn at random from all the sample reviews
in that language (the ground-truth file names it), joined by spaces until the line is at
least as long. So the lines have the sample's mix of languages and lengths, are each in one
language, and rarely repeat a review. Line breaks inside sentences become spaces.

With --short, each line is instead 1 to 6 consecutive words of one sentence of a review drawn
at random: short lines (most under 40 letters, where detect also asks its short-text model),
in the sample's mix of languages, one language a line.

usage: review_lines.py [--short] ROUTES_JSON TRUTH_JSON COUNT [SEED] > lines.txt
"""
import json
import random
import re
import sys

# A sentence ends at . ! ? … or the ideographic full stop, with what follows it up to the next.
SENTENCE = re.compile(r"[^.!?…。！？]+[.!?…。！？]*")


def sentences(text):
    flat = " ".join(text.split())
    return [part.strip() for part in SENTENCE.findall(flat) if part.strip()]


def main():
    args = sys.argv[1:]
    short = bool(args) and args[0] == "--short"
    if short:
        args = args[1:]
    if len(args) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[-1])
    routes_path, truth_path, count = args[0], args[1], int(args[2])
    seed = int(args[3]) if len(args) == 4 else 22
    with open(routes_path, encoding="utf-8") as f:
        reviews = [review for route in json.load(f)["routes"] for review in route.get("reviews", [])]
    with open(truth_path, encoding="utf-8") as f:
        truth = json.load(f)
    by_language = {}
    for review in reviews:
        by_language.setdefault(truth[review["id"]], []).extend(sentences(review["text"]))
    rng = random.Random(seed)
    out = sys.stdout
    if short:
        for _ in range(count):
            words = rng.choice(sentences(rng.choice(reviews)["text"])).split()
            size = rng.randint(1, 6)
            start = rng.randrange(max(len(words) - size, 0) + 1)
            out.write(" ".join(words[start:start + size]) + "\n")
        return
    for _ in range(count):
        model = rng.choice(reviews)
        pool = by_language[truth[model["id"]]]
        target = len(" ".join(model["text"].split()))
        parts, length = [], -1
        while length < target:
            part = rng.choice(pool)
            parts.append(part)
            length += len(part) + 1
        out.write(" ".join(parts) + "\n")


if __name__ == "__main__":
    main()
