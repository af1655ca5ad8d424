"""Measurements for bench/memory/run (see that script for what and why).

usage: python3 measure.py --bin BIN --bin-label LABEL --work DIR --out RESULTS.md --packs-url URL
                          --neural-store DIR [--neural-note TEXT]

Every figure is a whole `hike-reviews` process timed from spawn to exit (wall clock), with a
cache folder of its own per round. Exit status: 0 every goal met, 1 error, 3 a goal missed.
"""

import argparse
import hashlib
import json
import os
import platform
import random
import sqlite3
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
ROUNDS = 5
NEURAL_ROUNDS = 3
# The lookup lines, translated by the binary: the memory's first 1,000 entries.
LOOKUP_LINES = 1000
# The memory is then filled to these totals, and the same lines looked up again at each.
FILLED_ENTRIES = (10_000, 100_000)


class BenchError(Exception):
    pass


def log(message):
    print("bench/memory: " + message, file=sys.stderr, flush=True)


def base_environment(cache, store, packs_url):
    environment = dict(os.environ)
    environment.update({
        "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HIKE_REVIEWS_PUBLIC_INDEX_URL": "", "HIKE_REVIEWS_OFFLINE": "1",
        "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PAIRS_PATH": "", "HIKE_REVIEWS_STORE": store,
        "HIKE_REVIEWS_PACKS_URL": packs_url, "HIKE_REVIEWS_CACHE": "1", "HIKE_REVIEWS_CACHE_DIR": cache,
    })
    return environment


def run(binary, arguments, input_path, environment, check=True):
    """Runs the binary once; returns (seconds, stdout, stderr, status)."""
    with open(input_path, "rb") as stdin:
        started = time.perf_counter()
        process = subprocess.run([binary] + arguments, stdin=stdin, capture_output=True, env=environment)
        seconds = time.perf_counter() - started
    if check and process.returncode != 0:
        raise BenchError("%s %s exited %d: %s" % (binary, " ".join(arguments), process.returncode, process.stderr.decode()[-500:]))
    return seconds, process.stdout.decode(), process.stderr.decode(), process.returncode


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def write_lines(path, lines):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(line + "\n" for line in lines))


def sample_reviews():
    truth = json.load(open(os.path.join(ROOT, "Tests", "TranslationEngineTests", "Fixtures", "review-languages.json")))
    routes = json.load(open(os.path.join(ROOT, "sample-data", "routes.json")))["routes"]
    return truth, routes


def one_line(text):
    return " ".join(text.split())


def first_and_second(binary, arguments, route_file, work, name, store, packs_url, rounds):
    """Per round: a new cache, the route translated once (first), then again (second)."""
    firsts, seconds, remembered = [], [], []
    for index in range(rounds):
        cache = os.path.join(work, "cache-%s-%d" % (name, index))
        environment = base_environment(cache, store, packs_url)
        first, _, _, _ = run(binary, arguments + ["--json"], route_file, environment)
        second, output, _, _ = run(binary, arguments + ["--json"], route_file, environment)
        firsts.append(first)
        seconds.append(second)
        remembered.append(sum(1 for line in json_lines(output) if line.get("remembered")))
    return firsts, seconds, remembered


def apertium_part(args, work):
    truth, routes = sample_reviews()
    route = next(r for r in routes if r["name"].startswith("Ruta del Cares"))
    lines = [one_line(review["text"]) for review in route["reviews"]]
    everything = os.path.join(work, "cares-all.txt")
    write_lines(everything, lines)
    store = os.path.join(work, "store-apertium")
    # Install the route's packs once (not timed), and keep the reviews an offline route reaches.
    environment = base_environment(os.path.join(work, "cache-setup"), store, args.packs_url)
    environment["HIKE_REVIEWS_OFFLINE"] = "0"
    _, output, _, _ = run(args.bin, ["translate", "--to", "en", "--yes", "--no-cache", "--engine", "apertium", "--json", everything],
                          everything, environment, check=False)
    results = json_lines(output)
    kept = [line for line, result in zip(lines, results) if "error" not in result]
    translated = sum(1 for result in results if "error" not in result and len(result.get("route", [])) > 1)
    languages = sorted({result["route"][0] for result in results if "error" not in result and len(result.get("route", [])) > 1})
    skipped = sorted({truth[review["id"]] for review, result in zip(route["reviews"], results) if "error" in result})
    route_file = os.path.join(work, "cares.txt")
    write_lines(route_file, kept)
    log("apertium: %d reviews of the Cares route, %d translated (%s), %d passed through" % (len(kept), translated, ", ".join(languages), len(kept) - translated))
    firsts, seconds, remembered = first_and_second(args.bin, ["translate", "--to", "en", "--engine", "apertium", route_file], route_file,
                                                   work, "apertium", store, args.packs_url, ROUNDS)
    if any(count != translated for count in remembered):
        raise BenchError("apertium: the second run remembered %s of %d translations" % (remembered, translated))
    return dict(route=route["name"], reviews=len(kept), translated=translated, languages=languages, skipped=skipped,
                firsts=firsts, seconds=seconds, store=store)


def neural_part(args, work):
    truth, routes = sample_reviews()
    lines = [one_line(r["text"]) for route in routes for r in route["reviews"] if truth[r["id"]] == "de"]
    route_file = os.path.join(work, "german.txt")
    write_lines(route_file, lines)
    log("neural: %d German reviews" % len(lines))
    firsts, seconds, remembered = first_and_second(args.bin, ["translate", "--engine", "neural", "--from", "de", "--to", "en", route_file],
                                                   route_file, work, "neural", args.neural_store, "file:///nonexistent/index.json",
                                                   NEURAL_ROUNDS)
    if any(count != len(lines) for count in remembered):
        raise BenchError("neural: the second run remembered %s of %d" % (remembered, len(lines)))
    return dict(reviews=len(lines), firsts=firsts, seconds=seconds)


def hits(binary, arguments, many, empty, environment, lines):
    """ROUNDS pairs of runs, each the lines (all remembered) then empty input on the same cache:
    (median lines run, median empty run, median over the pairs of their difference / lines)."""
    pairs = [(run(binary, arguments, many, environment)[0], run(binary, arguments, empty, environment)[0]) for _ in range(ROUNDS)]
    return (statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs),
            statistics.median((p[0] - p[1]) / lines for p in pairs))


def lookup_part(args, work, store):
    truth, routes = sample_reviews()
    spanish = [one_line(r["text"]) for route in routes for r in route["reviews"] if truth[r["id"]] == "es"]
    lines = ["%s (%d)" % (spanish[index % len(spanish)], index) for index in range(LOOKUP_LINES)]
    many = os.path.join(work, "lookups.txt")
    write_lines(many, lines)
    one = os.path.join(work, "lookup-one.txt")
    write_lines(one, lines[:1])
    empty = os.path.join(work, "empty.txt")
    write_lines(empty, [])
    arguments = ["translate", "--from", "es", "--to", "en", "--engine", "apertium"]
    cache = os.path.join(work, "cache-lookups")
    environment = base_environment(cache, store, args.packs_url)
    single = statistics.median(run(args.bin, arguments, one, base_environment(os.path.join(work, "cache-one-%d" % i), store, args.packs_url))[0]
                               for i in range(ROUNDS))
    first, _, _, _ = run(args.bin, arguments, many, environment)
    second, idle, hit = hits(args.bin, arguments, many, empty, environment, len(lines))
    return dict(lines=len(lines), chars=statistics.mean(len(line) for line in lines), single=single, first=first, second=second,
                idle=idle, hit=hit, cache=cache, arguments=arguments, many=many, empty=empty, environment=environment)


def fill_part(args, lookups, total):
    """Fills the lookup part's file (made by the binary, its schema and triggers) to `total`
    entries of review length, shaped as the binary writes them, then asks the binary."""
    truth, routes = sample_reviews()
    reviews = [one_line(r["text"]) for route in routes for r in route["reviews"]]
    path = os.path.join(lookups["cache"], "memory.sqlite")
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA busy_timeout = 5000")
    (template,) = connection.execute("SELECT key FROM entries LIMIT 1").fetchone()
    (packs,) = connection.execute("SELECT packs FROM entries LIMIT 1").fetchone()
    (present,) = connection.execute("SELECT count(*) FROM entries").fetchone()
    head = template.rsplit("\n", 1)[0]
    generator = random.Random(total)
    started = time.perf_counter()
    connection.execute("BEGIN IMMEDIATE")
    total_text = 0
    for index in range(present, total):
        text = "%s (%d)" % (reviews[generator.randrange(len(reviews))], index + LOOKUP_LINES)
        target = "%s (%d)" % (reviews[generator.randrange(len(reviews))], index)
        key = head + "\n" + text
        total_text += len(text.encode())
        size = len(key.encode()) + len(target.encode()) + len(packs.encode()) + 96
        connection.execute("INSERT INTO entries(hash, key, target, unknown, packs, used, bytes) VALUES (?, ?, ?, '', ?, ?, ?)",
                           (hashlib.sha256(key.encode()).digest(), key, target, packs, int(time.time() * 1000), size))
    connection.execute("COMMIT")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    fill = time.perf_counter() - started
    _, output, _, _ = run(args.bin, ["cache", "stats", "--json"], lookups["empty"], lookups["environment"])
    stats = json.loads(output)
    if stats["entries"] != total:
        raise BenchError("the memory holds %d entries, not %d" % (stats["entries"], total))
    second, idle, hit = hits(args.bin, lookups["arguments"], lookups["many"], lookups["empty"], lookups["environment"], lookups["lines"])
    return dict(entries=stats["entries"], added=total - present, file_bytes=os.path.getsize(path), entry_bytes=stats["entryBytes"],
                fill=fill, text_chars=total_text / max(1, total - present), second=second, idle=idle, hit=hit)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--bin-label", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--packs-url", required=True)
    parser.add_argument("--neural-store", required=True)
    parser.add_argument("--neural-note", default="")
    args = parser.parse_args()
    began = time.time()
    load_start = os.getloadavg()
    try:
        apertium = apertium_part(args, args.work)
        neural = neural_part(args, args.work)
        lookups = lookup_part(args, args.work, apertium["store"])
        filled = [fill_part(args, lookups, total) for total in FILLED_ENTRIES]
    except BenchError as error:
        log(str(error))
        return 1
    load_end = os.getloadavg()
    median = statistics.median
    a_ratio = median(apertium["firsts"]) / median(apertium["seconds"])
    n_ratio = median(neural["firsts"]) / median(neural["seconds"])
    per_translation = (lookups["first"] - lookups["single"]) / (lookups["lines"] - 1)
    per_lookup = lookups["hit"]
    size = filled[-1]
    goals = [a_ratio >= 10, n_ratio >= 50]
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True).stdout.strip()
    ms = lambda seconds: "%.0f ms" % (seconds * 1000)
    rounds = lambda values: ", ".join("%.2f" % value for value in values)
    yes = lambda met: "yes" if met else "**no**"
    lines = [
        "# Translation memory: a route the second time",
        "",
        "Generated by `bench/memory/run` on %s (run took %.0f s); do not edit by hand." % (
            datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), time.time() - began),
        "",
        "- Machine: %d cores, %s; load average (1/5/15 min) at the start %s, at the end %s (the machine is shared)." % (
            os.cpu_count(), platform.machine(), " ".join("%.2f" % v for v in load_start), " ".join("%.2f" % v for v in load_end)),
        "- Source tree: commit %s. Binary: `%s` (copied before timing)." % (commit, args.bin_label),
        "- Every time is a whole `hike-reviews translate --json FILE` process, spawn to exit, wall clock; each round has a new cache "
        "folder (HIKE_REVIEWS_CACHE_DIR), so its first run starts with an empty memory and the second finds every translation of the first "
        "(checked: else the run fails). Medians of the rounds.",
        "- Apertium: the %d reviews of \"%s\" that an offline Apertium route reaches (%d translated from %s; %d English passed through; "
        "without a route and left out: %s), `--to en --engine apertium`, packs from `.build/pack-repo` installed into a store of this run's own "
        "before timing; %d rounds." % (apertium["reviews"], apertium["route"], apertium["translated"], ", ".join(apertium["languages"]),
                                       apertium["reviews"] - apertium["translated"], ", ".join(apertium["skipped"]) or "none", ROUNDS),
        "- Neural: the %d German sample reviews (about one route's worth), `--engine neural --from de --to en`, on %s; %d rounds." % (
            neural["reviews"], args.neural_note or "the bench/neural model", NEURAL_ROUNDS),
        "- Lookup: %d distinct Spanish review-length lines (the sample's Spanish reviews numbered; %.0f characters on average), "
        "`--from es --to en`: per lookup = (second run - a run on empty input right after it, same cache) / lines, the median over %d such "
        "pairs; per translation = (first run of all lines - first run of one line, each on a new cache) / (lines - 1): warm pipelines, start-up excluded." % (lookups["lines"], lookups["chars"], ROUNDS),
        "- Hits as the memory grows (3b) and size (4): the lookup part's file (made by the binary: its %d entries) filled to %s entries "
        "by Python's sqlite3 in the binary's own schema (its triggers count the bytes), shaped as the binary writes them: its key "
        "(header, route line, the text), a target of review length, the pack list; texts drawn from all sample reviews, numbered. Writing "
        "them through translations would take many minutes of Apertium; the row shapes are the same. After each fill (and a checkpoint), "
        "`cache stats` confirms the count and the same %d lines are looked up again, all hits, measured as in 3 (%d rounds, medians)." % (
            LOOKUP_LINES, " then ".join("{:,}".format(total) for total in FILLED_ENTRIES), LOOKUP_LINES, ROUNDS),
        "",
        "| measure | first | second | ratio | goal | met |",
        "|---|---:|---:|---:|---:|:---:|",
        "| 1. Apertium route, whole process (%d reviews) | %s (%s s) | %s (%s s) | %.1fx | ≥ 10x | %s |" % (
            apertium["reviews"], ms(median(apertium["firsts"])), rounds(apertium["firsts"]), ms(median(apertium["seconds"])),
            rounds(apertium["seconds"]), a_ratio, yes(goals[0])),
        "| 2. neural route, whole process (%d reviews) | %s (%s s) | %s (%s s) | %.0fx | ≥ 50x | %s |" % (
            neural["reviews"], ms(median(neural["firsts"])), rounds(neural["firsts"]), ms(median(neural["seconds"])),
            rounds(neural["seconds"]), n_ratio, yes(goals[1])),
        "| 3. per review: one warm Apertium translation vs one lookup (%d entries in the file) | %.2f ms | %.3f ms | %.0fx | (info) | – |" % (
            lookups["lines"], per_translation * 1000, per_lookup * 1000, per_translation / per_lookup if per_lookup > 0 else float("inf")),
    ] + [
        "| 3b. one lookup (a hit) with %s entries in the file | – | %.3f ms | %.2fx 3's | (info) | – |" % (
            "{:,}".format(part["entries"]), part["hit"] * 1000, part["hit"] / per_lookup if per_lookup > 0 else float("inf"))
        for part in filled
    ] + [
        "| 4. size on disk of %d entries of review length | – | %.1f MB (%.0f bytes an entry; entries counted %.1f MB) | – | (info) | – |" % (
            size["entries"], size["file_bytes"] / 1048576, size["file_bytes"] / size["entries"], size["entry_bytes"] / 1048576),
        "",
        "- 3: process start and empty run %s; second run of the %d lines %s, first %s (one line on a new cache: %s)." % (
            ms(lookups["idle"]), lookups["lines"], ms(lookups["second"]), ms(lookups["first"]), ms(lookups["single"])),
        "- 3b: %s." % "; ".join("%s entries: empty run %s, second run of the %d lines %s, filled in %.1f s (%d added)" % (
            "{:,}".format(part["entries"]), ms(part["idle"]), lookups["lines"], ms(part["second"]), part["fill"], part["added"])
            for part in filled),
        "- 4: texts %.0f bytes on average; the key holds the text once, the target once." % size["text_chars"],
    ]
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    return 0 if all(goals) else 3


if __name__ == "__main__":
    sys.exit(main())
