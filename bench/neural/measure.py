"""Measurements for bench/neural/run (see that script for what and why).

usage: python3 measure.py --package DIR --sentences FILE --work DIR --out RESULTS.md [--bin BIN]
       python3 measure.py reference|per-call|bare PACKAGE INPUT.json OUT.json   (child processes)

Run with the neural venv's Python. The driver itself never imports ctranslate2: a process of its
own that maps the library would share its pages with the worker and lower the worker's PSS.
Every CTranslate2 reference runs in a child process of its own, one at a time, with the
worker's options (beam 4, length_penalty 0.2, replace_unknowns, max_decoding_length 256,
max_batch_size 32) and 1 thread, as the worker has by default.
Exit status: 0 every goal met, 1 error, 3 measured but a goal missed.
"""

import argparse
import json
import os
import platform
import queue
import resource
import statistics
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
WORKER = os.path.join(ROOT, "Sources", "TranslationEngine", "Neural", "neural_worker.py")
TRACED = os.path.join(HERE, "traced_worker.py")
OPTIONS = dict(beam_size=4, length_penalty=0.2, replace_unknowns=True, max_decoding_length=256, max_batch_size=32)
# Every fifth sentence: the subset translated one sentence per call (all 200 would take minutes).
PER_CALL_STEP = 5
STARTS = 3
# Routes of this many reviews (the German sample reviews, repeated in order to fill 32), each sent
# at once to a warm worker that answers as one batch (before) and to one that translates the
# first review alone beside the rest (after); ROUNDS rounds, medians.
ROUTE_SIZES = (8, 32)
ROUNDS = 2
# Before each route or review: the worker counts a batch as a fresh start (its first request may
# lead) only after IDLE_SECONDS (0.25 s) without work.
PAUSE = 0.5


class BenchError(Exception):
    pass


def log(message):
    print("bench/neural: " + message, file=sys.stderr, flush=True)


# ---- child processes: CTranslate2 called directly ------------------------------------------------

def ctranslate2_translator(package, inter_threads=1):
    import ctranslate2
    return ctranslate2.Translator(os.path.join(package, "model"), device="cpu", intra_threads=1, inter_threads=inter_threads)


def load(package, inter_threads=1):
    import sentencepiece
    tokenizer = sentencepiece.SentencePieceProcessor(model_file=os.path.join(package, "sentencepiece.model"))
    return tokenizer, ctranslate2_translator(package, inter_threads)


def detokenize(pieces):
    return "".join(pieces).replace("\u2581", " ").lstrip(" ")


def pss_kb(pid="self"):
    with open("/proc/%s/smaps_rollup" % pid) as handle:
        for line in handle:
            if line.startswith("Pss:"):
                return int(line.split()[1])
    raise BenchError("no Pss in /proc/%s/smaps_rollup" % pid)


def child(mode, package, source, target):
    """reference: the traced batches' texts, encoded, one translate_batch a batch.
    per-call: a list of sentences, one translate_batch each (what Argos's translate() does per
    request), after one uncounted call. bare: the traced batches' pieces, then its own PSS."""
    started = time.perf_counter()
    tokenizer, translator = load(package, 2 if mode == "bare" else 1)
    loaded, loaded_cpu = time.perf_counter(), time.process_time()
    with open(source, encoding="utf-8") as handle:
        data = json.load(handle)
    result = {"load_s": loaded - started}
    if mode == "reference":
        outputs, lengths = {}, []
        for batch in data:
            texts = batch["texts"]
            if not texts:
                continue
            sources = [tokenizer.encode(text, out_type=str) for text in texts]
            for text, hypothesis in zip(texts, translator.translate_batch(sources, **OPTIONS)):
                outputs[text] = detokenize(hypothesis.hypotheses[0])
                lengths.append(len(hypothesis.hypotheses[0]))
        result.update(outputs=outputs, output_pieces=lengths)
    elif mode == "per-call":
        translator.translate_batch([tokenizer.encode(data[0], out_type=str)], **OPTIONS)
        times, cpu_times, outputs = [], [], []
        for sentence in data:
            start, start_cpu = time.perf_counter(), time.process_time()
            hypothesis = translator.translate_batch([tokenizer.encode(sentence, out_type=str)], **OPTIONS)[0]
            outputs.append(detokenize(hypothesis.hypotheses[0]))
            times.append(time.perf_counter() - start)
            cpu_times.append(time.process_time() - start_cpu)
        result.update(times=times, cpu=cpu_times, outputs=outputs)
    elif mode == "bare":
        # As the worker: two replicas, a lead batch (a batch's first request alone) in parallel
        # with the batch after it.
        lead = None
        for batch in data:
            if batch["sources"] and batch.get("lead") == "beside":
                lead = threading.Thread(target=translator.translate_batch, args=(batch["sources"],), kwargs=OPTIONS)
                lead.start()
            elif batch["sources"]:
                translator.translate_batch(batch["sources"], **OPTIONS)
            if lead and batch.get("lead") != "beside":
                lead.join()
                lead = None
        if lead:
            lead.join()
        result["pss_kb"] = pss_kb()
    else:
        raise BenchError("unknown mode " + mode)
    result.update(translate_s=time.perf_counter() - loaded, translate_cpu_s=time.process_time() - loaded_cpu)
    with open(target, "w", encoding="utf-8") as handle:
        json.dump(result, handle, ensure_ascii=False)


def run_child(mode, package, data, work):
    """Runs `child` in a process of its own; (result, wall seconds, CPU seconds)."""
    source = os.path.join(work, mode + ".in.json")
    target = os.path.join(work, mode + ".out.json")
    with open(source, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    status = subprocess.run([sys.executable, os.path.abspath(__file__), mode, package, source, target]).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status != 0:
        raise BenchError("%s exited %d" % (mode, status))
    with open(target, encoding="utf-8") as handle:
        return json.load(handle), wall, cpu(before, after)


def cpu(before, after):
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def read_batches(path):
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


# ---- the worker, driven over its JSON-lines protocol ----------------------------------------------

class Worker:
    """neural_worker.py (or the traced one) started as NeuralWorker starts it."""

    def __init__(self, package, script=WORKER, batches=None, options=()):
        environment = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", LC_ALL="C.UTF-8")
        if batches:
            environment["HIKE_BENCH_BATCHES"] = batches
        self.started = time.perf_counter()
        self.process = subprocess.Popen([sys.executable, script, package, "--threads", "1", *options], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env=environment, start_new_session=True)
        ready = json.loads(self.process.stdout.readline() or b"{}")
        self.ready = time.perf_counter()
        if not ready.get("ready"):
            raise BenchError("worker not ready: %s" % ready)
        self.answers = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.next_id = 0

    def _read(self):
        for line in self.process.stdout:
            self.answers.put((time.perf_counter(), json.loads(line)))
        self.answers.put(None)

    def send(self, text):
        self.next_id += 1
        self.process.stdin.write((json.dumps({"id": self.next_id, "text": text}) + "\n").encode())
        self.process.stdin.flush()
        return self.next_id

    def receive(self):
        item = self.answers.get(timeout=600)
        if item is None:
            raise BenchError("the worker exited")
        at, answer = item
        if answer.get("error"):
            raise BenchError("the worker refused a request: %s" % answer["error"])
        return at, answer

    def route(self, texts):
        """All texts sent at once (as `T` sends a route's reviews): seconds from sending to the
        first text's answer, to the first answer of any, and to the last."""
        sent = time.perf_counter()
        ids = [self.send(text) for text in texts]
        first_text = first_any = None
        answered = 0
        while answered < len(texts):
            at, answer = self.receive()
            if "id" not in answer:  # {"progress": N} between the slices of a long batch
                continue
            answered += 1
            first_any = first_any or at
            if answer["id"] == ids[0]:
                first_text = at
        return first_text - sent, first_any - sent, at - sent

    def stop(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait()


# ---- the measures ------------------------------------------------------------------------------------

def ours_through_cli(binary, store, sentences, batches, work):
    """`hike-reviews translate --engine neural`, the whole command: (outputs, wall, CPU)."""
    source = os.path.join(work, "sentences.txt")
    with open(source, "w", encoding="utf-8") as handle:
        handle.write("\n".join(sentences) + "\n")
    environment = dict(os.environ, HIKE_REVIEWS_STORE=store, HIKE_REVIEWS_OFFLINE="1", HIKE_REVIEWS_SYSTEM_PAIRS="0",
                       HIKE_REVIEWS_NEURAL_PYTHON=sys.executable, HIKE_REVIEWS_NEURAL_WORKER=TRACED,
                       HIKE_BENCH_BATCHES=batches)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([binary, "translate", "--engine", "neural", "--from", "de", "--to", "en", source],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise BenchError("translate exited %d: %s" % (result.returncode, result.stderr.decode()[-500:]))
    return result.stdout.decode().split("\n")[:len(sentences)], wall, cpu(before, resource.getrusage(resource.RUSAGE_CHILDREN))


def main():
    if len(sys.argv) == 5 and sys.argv[1] in ("reference", "per-call", "bare"):
        return child(*sys.argv[1:])
    parser = argparse.ArgumentParser()
    parser.add_argument("--package", required=True)
    parser.add_argument("--sentences", required=True)
    parser.add_argument("--reviews", required=True, help="the German sample reviews, JSON")
    parser.add_argument("--work", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--build", required=True, help="make_model.py's build.json")
    parser.add_argument("--bin", required=True, help="hike-reviews (a copy)")
    parser.add_argument("--bin-label", default="")
    parser.add_argument("--store", required=True, help="the store the bench model is installed in as a neural pack")
    parser.add_argument("--install-seconds", type=float)
    args = parser.parse_args()
    begun = time.perf_counter()
    load_start = open("/proc/loadavg").read().split()[:3]
    with open(args.sentences, encoding="utf-8") as handle:
        sentences = json.load(handle)
    with open(args.reviews, encoding="utf-8") as handle:
        reviews = json.load(handle)
    with open(args.build, encoding="utf-8") as handle:
        build = json.load(handle)
    rows, notes, met = [], [], []

    # 1 and 2, in two rounds of half the sentences each, so that ours and its references run close
    # together in time on a machine whose load changes: ours on a half, CTranslate2 directly with
    # the batches ours made, then one sentence per call on a fifth of that half.
    half = len(sentences) // 2
    subset = sentences[::PER_CALL_STEP]
    chosen_set = set(subset)
    rounds, references, sizes, per_call = [], {}, [], {"times": [], "cpu": [], "outputs": []}
    for number, part in enumerate((sentences[:half], sentences[half:]), 1):
        load = open("/proc/loadavg").read().split()[0]
        batches_path = os.path.join(args.work, "ours-%d.batches.jsonl" % number)
        log("round %d: ours on %d sentences" % (number, len(part)))
        outputs, ours_wall, ours_cpu = ours_through_cli(args.bin, args.store, part, batches_path, args.work)
        batches = [batch for batch in read_batches(batches_path) if batch["texts"]]
        sizes += [len(batch["texts"]) for batch in batches]
        log("round %d: CTranslate2 directly, the same %d batches" % (number, len(batches)))
        reference, ref_wall, ref_cpu = run_child("reference", args.package, batches, args.work)
        references.update(reference["outputs"])
        wrong = [sentence for sentence, output in zip(part, outputs) if reference["outputs"].get(sentence) != output]
        if wrong:
            raise BenchError("ours and the reference translated %d of %d sentences differently (not the same work), "
                             "first: %r" % (len(wrong), len(part), wrong[0]))
        chosen = [sentence for sentence in part if sentence in chosen_set]
        log("round %d: one sentence per call, %d sentences" % (number, len(chosen)))
        calls, _, _ = run_child("per-call", args.package, chosen, args.work)
        for key in per_call:
            per_call[key] += calls[key]
        rounds.append(dict(load=load, sentences=len(part), ours=ours_wall, ours_cpu=ours_cpu, ref=ref_wall,
                           ref_cpu=ref_cpu, ref_load=reference["load_s"], pieces=reference["output_pieces"]))
    total = {key: sum(r[key] for r in rounds) for key in ("ours", "ours_cpu", "ref", "ref_cpu", "ref_load")}
    output_pieces = [n for r in rounds for n in r["pieces"]]
    ratio, cpu_ratio = total["ref"] / total["ours"], total["ref_cpu"] / total["ours_cpu"]
    met.append(ratio >= 0.9)
    rows.append(("1. throughput, %d sentences in 2 rounds: whole processes, start to last answer" % len(sentences),
                 "%.1f s (%.2f sentences/s; CPU %.1f s)" % (total["ours"], len(sentences) / total["ours"], total["ours_cpu"]),
                 "%.1f s (%.2f sentences/s; CPU %.1f s; loading %.1f s of it)"
                 % (total["ref"], len(sentences) / total["ref"], total["ref_cpu"], total["ref_load"]),
                 "%.2fx (CPU %.2fx)" % (ratio, cpu_ratio), "≥ 0.9x", ratio >= 0.9))
    notes.append("1: its batches, recorded by `bench/neural/traced_worker.py` (the worker, writing one line "
                 "per batch): %s sentences. All %d translations equal the reference's byte for byte (checked: else the run "
                 "fails). Rounds: %s." % (", ".join(map(str, sizes)), len(sentences), "; ".join(
                     "%d: load %s, ours %.1f s (CPU %.1f s), reference %.1f s (CPU %.1f s), %.2fx"
                     % (index, r["load"], r["ours"], r["ours_cpu"], r["ref"], r["ref_cpu"], r["ref"] / r["ours"])
                     for index, r in enumerate(rounds, 1))))

    per_sentence = statistics.mean(per_call["times"])
    ours_per_sentence = total["ours"] / len(sentences)
    ratio = per_sentence / ours_per_sentence
    cpu_ratio = statistics.mean(per_call["cpu"]) / (total["ours_cpu"] / len(sentences))
    met.append(ratio >= 4)
    rows.append(("2. against one sentence per call (warm; every %dth sentence of 1: %d): time per sentence"
                 % (PER_CALL_STEP, len(per_call["times"])),
                 "%.0f ms (1's wall time / %d, start-up included; CPU %.0f ms)"
                 % (1000 * ours_per_sentence, len(sentences), 1000 * total["ours_cpu"] / len(sentences)),
                 "%.0f ms (mean; median %.0f ms; CPU %.0f ms)" % (1000 * per_sentence, 1000 * statistics.median(per_call["times"]),
                                                                  1000 * statistics.mean(per_call["cpu"])),
                 "%.1fx faster (CPU %.1fx)" % (ratio, cpu_ratio), "≥ 4x", ratio >= 4))
    # What batching can gain at all on this model and machine: CTranslate2 alone, the same
    # sentences in one call, loading excluded.
    log("2b: the sentences of 2 in one call")
    ceiling, _, _ = run_child("reference", args.package, [{"texts": subset}], args.work)
    rows.append(("2b. the most batching can give: the same %d sentences in one `translate_batch` call "
                 "(max_batch_size 32), CTranslate2 directly, loading excluded: time per sentence" % len(subset),
                 "–", "%.0f ms (CPU %.0f ms)" % (1000 * ceiling["translate_s"] / len(subset),
                                                1000 * ceiling["translate_cpu_s"] / len(subset)),
                 "%.1fx faster than one per call (CPU %.1fx)" % (per_sentence * len(subset) / ceiling["translate_s"],
                                                               statistics.mean(per_call["cpu"]) * len(subset) / ceiling["translate_cpu_s"]),
                 "(info)", None))
    alike = sum(1 for sentence, output in zip(subset, per_call["outputs"]) if references.get(sentence) == output)
    notes.append("2: %d of %d one-per-call translations equal the batched ones (beam search in a batch may break a near tie "
                 "differently)." % (alike, len(subset)))

    # 3. Start to ready; first request to first answer on a warm worker.
    log("3: %d worker starts, first answers" % STARTS)
    readiness = []
    for attempt in range(STARTS):
        traced = os.path.join(args.work, "warm.batches.jsonl") if attempt == STARTS - 1 else None
        worker = Worker(args.package, TRACED if traced else WORKER, traced)
        readiness.append(worker.ready - worker.started)
        if attempt < STARTS - 1:
            worker.stop()
    rows.append(("3a. worker start to ready (spawn to its ready line, model loaded; median of %d)" % STARTS,
                 "%.2f s (%s)" % (statistics.median(readiness), ", ".join("%.2f" % r for r in readiness)), "–", "–",
                 "(info)", None))
    before = Worker(args.package, options=["--no-lead"])
    first_answers(worker, before, reviews, rows, notes, met)
    before.stop()

    warm_batches = read_batches(os.path.join(args.work, "warm.batches.jsonl"))
    notes.append("3: the warm worker's batches (after), in requests, in the order they ended; a lead request beside "
                 "the rest marked B, before it b: %s." % ", ".join(
                     {"beside": "B", "before": "b"}.get(batch.get("lead"), "") + str(len(batch["texts"])) for batch in warm_batches))

    # 4. PSS of that warm worker against a bare process that did the same work.
    time.sleep(0.3)
    worker_pss = statistics.median(pss_kb(worker.process.pid) for _ in range(5))
    worker.stop()
    log("4: bare Python with the same model and batches")
    bare, _, _ = run_child("bare", args.package, read_batches(os.path.join(args.work, "warm.batches.jsonl")), args.work)
    ratio = worker_pss / bare["pss_kb"]
    met.append(ratio <= 1.1)
    rows.append(("4. memory: PSS of the warm worker of 3 vs a bare Python process that loaded the same model and "
                 "translated the same batches", "%.0f MB" % (worker_pss / 1024), "%.0f MB" % (bare["pss_kb"] / 1024),
                 "%.2fx" % ratio, "≤ 1.1x", ratio <= 1.1))

    load_end = open("/proc/loadavg").read().split()[:3]
    write_results(args, build, sentences, subset, output_pieces, rows, notes, load_start, load_end,
                  time.perf_counter() - begun)
    return 0 if all(met) else 3


def first_answers(after, before, reviews, rows, notes, met):
    """3b-3c: routes of ROUTE_SIZES reviews on the warm workers `before` (every batch as one) and
    `after` (the lead request alone beside the rest), alternately, ROUNDS rounds."""
    route_texts = reviews[1:]
    for worker in (after, before):  # warm both: the first call of a process pays one-off costs
        worker.route([reviews[0]])
    measured = {}
    for round_number in range(ROUNDS):
        for size in ROUTE_SIZES:
            texts = [route_texts[index % len(route_texts)] for index in range(size)]
            log("3: round %d, a route of %d reviews" % (round_number + 1, size))
            # Each sent a while after the worker's last answer, as a key press comes.
            time.sleep(PAUSE)
            alone = after.route(texts[:1])[0]
            time.sleep(PAUSE)
            one_batch = before.route(texts)
            time.sleep(PAUSE)
            split = after.route(texts)
            measured.setdefault(size, []).append((alone, one_batch, split))
    for size in ROUTE_SIZES:
        runs = measured[size]
        alone = statistics.median(run[0] for run in runs)
        one_batch = [statistics.median(run[1][k] for run in runs) for k in range(3)]
        split = [statistics.median(run[2][k] for run in runs) for k in range(3)]
        first_ratio, last_ratio = split[0] / alone, split[2] / one_batch[2]
        met.append(first_ratio <= 1.3 and last_ratio <= 1.1)
        rows.append(("3b. a route of %d German reviews sent at once to a warm worker (as `T`): the first review's "
                     "answer, against that review alone (%.2f s)" % (size, alone),
                     "%.2f s" % split[0], "%.2f s (one batch)" % one_batch[0], "%.2fx alone" % first_ratio,
                     "≤ 1.3x alone", first_ratio <= 1.3))
        rows.append(("3c. the same route: the last answer", "%.2f s" % split[2], "%.2f s (one batch)" % one_batch[2],
                     "%.2fx" % last_ratio, "≤ 1.1x", last_ratio <= 1.1))
        notes.append("3, %d reviews, each round (alone; one batch: first review, last; after: first review, last): %s."
                     % (size, "; ".join("%.2f; %.2f, %.2f; %.2f, %.2f" % (run[0], run[1][0], run[1][2], run[2][0], run[2][2])
                                        for run in runs)))


def pieces_summary(package, texts):
    """Mean source pieces of `texts` (the tokenizer alone, no model)."""
    import sentencepiece
    tokenizer = sentencepiece.SentencePieceProcessor(model_file=os.path.join(package, "sentencepiece.model"))
    lengths = [len(tokenizer.encode(text, out_type=str)) for text in texts]
    return statistics.mean(lengths), max(lengths)


def write_results(args, build, sentences, subset, output_pieces, rows, notes, load_start, load_end, seconds):
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"], stdout=subprocess.PIPE, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--", "Sources", "bench/neural"],
                           stdout=subprocess.PIPE, text=True).stdout.strip()
    mean_all, max_all = pieces_summary(args.package, sentences)
    mean_subset, _ = pieces_summary(args.package, subset)
    lines = [
        "# Neural engine: the worker vs CTranslate2 called directly",
        "",
        "Generated by `bench/neural/run` on %s UTC (run took %.0f s); do not edit by hand."
        % (datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M"), seconds),
        "",
        "- Machine: %d cores, %s; load average (1/5/15 min) at the start %s, at the end %s (another developer's "
        "builds and tests count too: the machine is shared)." % (os.cpu_count(), platform.processor() or platform.machine(),
                                                                  " ".join(load_start), " ".join(load_end)),
        "- Source tree: commit %s%s." % (commit, ", uncommitted changes in Sources/ or bench/neural/" if dirty else ""),
        "- Model, built by `bench/neural/make_model.py` at the start of the run: Argos Translate's real size with random "
        "weights (seeded): Transformer 6+6 layers, d_model 512, ffn 2048, 8 heads, a shared %d-piece SentencePiece BPE "
        "vocabulary trained on the sample reviews and descriptions plus seeded compounds of their words (the reviews "
        "alone allow at most ~24,000 BPE pieces), int8; model.bin %.1f MB, the .argosmodel %.1f MB; tokenizer %.1f s, "
        "model %.1f s to build. `</s>` has a bias of %.1f in the output projection, so that outputs have about the "
        "inputs' length: %.1f pieces on average in 1, %d reached the cap of 256."
        % (build["vocabulary"], build["model_bin_mb"], build["archive_mb"], build["sentencepiece_seconds"],
           build["model_seconds"], build["eos_bias"], statistics.mean(output_pieces), sum(n >= 256 for n in output_pieces)),
        "- Sentences: %d, spread evenly over the sentences of all sample reviews (the worker's splitter), one per "
        "line/request; %.1f source pieces on average (at most %d); the subset of 2: %.1f." % (len(sentences), mean_all, max_all, mean_subset),
        "- Options everywhere: beam 4, length_penalty 0.2, replace_unknowns, max_decoding_length 256, max_batch_size 32, "
        "1 thread (CTranslate2 intra_threads=1; the worker's default), CPU, compute type default (int8).",
        "- Timing: wall clock (`time.perf_counter`) around whole processes unless said; CPU = user + system of the "
        "process and its children. References each in a Python process of their own, run after ours, one at a time.",
    ]
    lines.append("- Ours: `%s` (copied before timing), `translate --engine neural --from de --to en FILE` (one "
                 "sentence a line), the bench model installed as the neural pack `translate-de_en` by `packs install` "
                 "from a file: Argos index (%.1f s for the %.0f MB archive) into a store of this run's own; "
                 "`HIKE_REVIEWS_OFFLINE=1`, `HIKE_REVIEWS_NEURAL_WORKER` naming the traced worker."
                 % (args.bin_label, args.install_seconds, build["archive_mb"]))
    lines += [
        "- 1 and 2 run in two rounds of half the sentences each (the load of a shared machine changes within "
        "minutes): ours on the half, then 1's reference on the batches ours formed, then 2's on that half's share.",
        "- 1: reference = one Python process: import, load the model, then for each batch ours formed (in its order) "
        "SentencePiece-encode the texts and call `Translator.translate_batch` once; its time includes start-up and "
        "loading, as ours does. The goal is on wall time; CPU time, less sensitive to the machine's load, is beside it.",
        "- 2: reference = one warm Python process calling `translate_batch` with one sentence per call (what Argos's "
        "`translate()` and LibreTranslate's `/translate` do per request) on every %dth sentence of 1, after one "
        "uncounted call; ours = 1's wall time / %d." % (PER_CALL_STEP, len(sentences)),
        "- 3: `neural_worker.py` spawned %d times (page cache warm); the last one (\"after\": an idle worker's batch "
        "has its first request translated alone, on a second CTranslate2 replica beside the rest when the load average "
        "leaves a core free, else before the rest) and one more started "
        "with `--no-lead` (\"before\": every batch as one) each get one review to warm up, then in %d rounds, for "
        "routes of %s reviews (the German sample reviews after the first, repeated in order): the route's first review "
        "alone (after), the route sent at once to before, then to after, each 0.5 s after the last answer (as a key press comes); medians of the rounds. Goals: the first "
        "review's answer within 1.3x its time alone, the last answer within 1.1x before's." % (
            STARTS, ROUNDS, " and ".join(map(str, ROUTE_SIZES))),
        "- 4: PSS from `/proc/PID/smaps_rollup` of the worker of 3 after its answers (median of 5 reads), and of a bare "
        "Python process (ctranslate2 + sentencepiece, the same model, two replicas) read by itself after translating the "
        "batches that worker formed (a lead batch in a thread beside the next); measured one after the other, so no library page is shared between them.",
        "",
        "| measure | ours | reference | ratio | goal | met |",
        "|---|---:|---:|---:|---:|:---:|",
    ]
    for measure, ours, reference, ratio, goal, ok in rows:
        lines.append("| %s | %s | %s | %s | %s | %s |" % (measure, ours, reference, ratio, goal,
                                                          "–" if ok is None else ("yes" if ok else "**no**")))
    lines.append("")
    lines += ["- " + note for note in notes]
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as error:
        log("error: %s" % error)
        sys.exit(1)
