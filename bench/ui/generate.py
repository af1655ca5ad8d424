#!/usr/bin/env python3
"""Writes a routes.json with many reviews for the UI benchmark.

The reviews are made by recombining sentences of the project's own sample reviews
(seeded, so every run measures the same data): real languages, real lengths.
usage: generate.py SAMPLE_ROUTES_JSON OUTPUT_JSON [REVIEWS] [ROUTES]
"""
import json
import random
import re
import sys

sample_path, output_path = sys.argv[1], sys.argv[2]
review_count = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
route_count = int(sys.argv[4]) if len(sys.argv) > 4 else 20

with open(sample_path, encoding="utf-8") as f:
    sample = json.load(f)

rng = random.Random(20261129)
# Keep each source review's sentences together so a generated review stays in one language.
pools = []
for route in sample["routes"]:
    for review in route["reviews"]:
        sentences = [s for s in re.split(r"(?<=[.!?。])\s+", review["text"]) if s.strip()]
        pools.append(sentences)

routes = []
for r in range(route_count):
    base = sample["routes"][r % len(sample["routes"])]
    route = {key: base[key] for key in ("name", "country", "region", "lengthKm", "ascentM", "durationHours", "difficulty", "description")}
    route["id"] = f"bench-{r:03d}"
    route["name"] = f"{base['name']} #{r + 1}"
    route["reviews"] = []
    routes.append(route)

for i in range(review_count):
    sentences = rng.choice(pools)
    take = rng.randint(1, max(1, len(sentences)))
    start = rng.randint(0, len(sentences) - take)
    text = " ".join(sentences[start:start + take])
    routes[i % route_count]["reviews"].append({
        "id": f"bench-review-{i:05d}",
        "author": rng.choice(["Ana", "Luca", "Marie", "Jonas", "Sigrid", "Yuki", "Piotr", "Nuno", "Iker", "Mira"]) + f" {chr(65 + i % 26)}.",
        "date": f"{rng.randint(2021, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        "rating": rng.randint(1, 5),
        "text": text,
    })

with open(output_path, "w", encoding="utf-8") as f:
    json.dump({"routes": routes}, f, ensure_ascii=False)
