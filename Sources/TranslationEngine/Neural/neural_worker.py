"""The neural worker: one warm CTranslate2 model, JSON lines over stdin and stdout.

    python3 neural_worker.py PACKAGE_DIR [--threads N] [--token-budget N]

PACKAGE_DIR is an unpacked Argos Translate package: metadata.json, model/ (CTranslate2) and
sentencepiece.model. Once the model is loaded the worker writes {"ready": true, "pid": PID}
(or {"ready": false, "error": "..."} and exits 2). Then each request line
{"id": N, "text": "..."} gets one answer line {"id": N, "text": "...", "error": null}, or
{"id": N, "text": null, "error": "..."} for a request it cannot translate (invalid JSON gets
"id": null). A request may ask for an n-best list with "num_hypotheses": N (2 to 16); its
answer then adds "alternatives": the other N-1 hypotheses, best first (CTranslate2's
`num_hypotheses`, with a beam at least N wide, as Argos Translate asks for them). Such a request
is translated in a call of its own, so the requests batched beside it decode as they always do.
Answers may come in any order: match them by id. A batch too big for one call is translated
in slices, and after each slice but the last the worker writes {"progress": N}
(sentences done so far): a worker that is working is never silent for long, so silence means
it hangs. The worker exits when stdin closes, after answering what it has read.

Whatever requests are waiting are translated together, up to a budget of source pieces. When
such a batch finds the worker idle (its first request came a while after the last batch ended),
its first request is translated alone and answered as soon as it is done, beside the rest on a
second CTranslate2 replica (same weights) when a core is free, else before the rest: the first
review of a route or the first line of a file does not wait for the last. Each
text is split into paragraphs (on "\\n") and sentences by a simple splitter that keeps every
space, tab and line break where it was; each sentence is SentencePiece-encoded and decoded the
way Argos Translate does (beam 4, length penalty 0.2, unknown pieces replaced from the source,
at most 256 output pieces for each sentence on its own, never derived from the rest of the
batch). Written for HikeReviews; it needs only ctranslate2 and sentencepiece.
"""

import argparse
import json
import os
import queue
import re
import sys
import threading
import time

# Decoding exactly as Argos Translate does it.
BEAM_SIZE = 4
LENGTH_PENALTY = 0.2
MAX_DECODING_LENGTH = 256
MAX_BATCH_SIZE = 32
# CTranslate2 replicas (`inter_threads`), sharing the weights: one per core of a two-core
# machine, each with the worker's intra-op threads (bench/serve: 2x1 beat 1x2 at 16 clients).
REPLICAS = 2
# A sentence longer than this many pieces is cut into chunks: the output could not hold it
# within MAX_DECODING_LENGTH, and models have a limited position table.
MAX_SOURCE_PIECES = 200
# One call to CTranslate2 between two progress reports: at most this many source pieces (and
# MAX_BATCH_SIZE sentences). A slice of long sentences takes a few seconds at most on a loaded
# machine, well inside the host's silence limit.
SLICE_PIECES = 1024

# A sentence ends at . ! ? or an ellipsis (with closing quotes or brackets) followed by
# whitespace and something that is not a lower-case letter or a digit, or at CJK full stops.
# A period after a lone one- or two-digit number is an ordinal ("am 3. Mai"), not an end.
SENTENCE_END = re.compile(r"""(?<![\s(]\d)(?<![\s(]\d\d)[.!?\u2026]+["'\u201d\u2019\u00bb)\]]*(\s+)(?=[^\s\d]|$)(?![a-z\u00e0-\u00ff])"""
                          r"""|[\u3002\uff01\uff1f]+[\u300d\u300f\uff09\u201d]*(\s*)""")


def split_sentences(paragraph):
    """Sentences and the whitespace around them: [(text, translate?)], joined back = paragraph."""
    parts = []
    core_start = len(paragraph) - len(paragraph.lstrip())
    core_end = len(paragraph.rstrip())
    if core_start > 0:
        parts.append((paragraph[:core_start], False))
    if core_end <= core_start:
        return parts if core_start > 0 else ([(paragraph, False)] if paragraph else [])
    core = paragraph[core_start:core_end]
    start = 0
    for match in SENTENCE_END.finditer(core):
        gap = match.group(1) if match.group(1) is not None else match.group(2)
        gap_start = match.end() - len(gap)
        if gap_start <= start or match.end() >= len(core):
            continue
        parts.append((core[start:gap_start], True))
        if gap:
            parts.append((gap, False))
        start = match.end()
    parts.append((core[start:], True))
    if core_end < len(paragraph):
        parts.append((paragraph[core_end:], False))
    return parts


def segments(text):
    """Paragraphs split on "\\n" (kept), then sentences: [(text, translate?)]."""
    result = []
    for index, paragraph in enumerate(text.split("\n")):
        if index > 0:
            result.append(("\n", False))
        result.extend(split_sentences(paragraph))
    return result


def chunks(pieces):
    """Cuts a long piece list before a word-initial piece, at most MAX_SOURCE_PIECES a chunk."""
    result = []
    while len(pieces) > MAX_SOURCE_PIECES:
        cut = MAX_SOURCE_PIECES
        for index in range(MAX_SOURCE_PIECES, MAX_SOURCE_PIECES // 2, -1):
            if pieces[index].startswith("\u2581"):
                cut = index
                break
        result.append(pieces[:cut])
        pieces = pieces[cut:]
    result.append(pieces)
    return result


def detokenize(pieces, first):
    """Pieces back to text: "▁" is a space; a sentence's leading space goes, a later chunk's
    stays (it separates it from the one before)."""
    text = "".join(pieces).replace("\u2581", " ")
    if first or not pieces or not pieces[0].startswith("\u2581"):
        return text.lstrip(" ")
    return text if text.startswith(" ") else " " + text


class Worker:
    def __init__(self, package, threads, token_budget, max_text_chars, compute_type):
        import ctranslate2
        import sentencepiece

        self.token_budget = token_budget
        self.threads = threads
        self.fault_on_text = None
        self.fault_hang_on_text = None
        self.fault_slice_seconds = 0.0
        self.max_text_chars = max_text_chars
        metadata_path = os.path.join(package, "metadata.json")
        metadata = {}
        if os.path.exists(metadata_path):
            with open(metadata_path, encoding="utf-8") as handle:
                metadata = json.load(handle)
        prefix = metadata.get("target_prefix") or ""
        self.target_prefix = [prefix] if prefix else None
        self.tokenizer = sentencepiece.SentencePieceProcessor(
            model_file=os.path.join(package, "sentencepiece.model"))
        # Two replicas sharing one copy of the weights: each call's sentences are spread over
        # both (`translate_slice`), and the lead request of a batch runs beside the rest (`serve`).
        self.translator = ctranslate2.Translator(
            os.path.join(package, "model"), device="cpu", compute_type=compute_type,
            inter_threads=REPLICAS, intra_threads=threads)
        self.batch_log = None
        self.lead_requests = True
        self.gather_requests = 1
        self.idle_seconds = IDLE_SECONDS

    def prepare(self, text):
        """A request's parts: kept text, or lists of source chunks to translate."""
        if self.fault_on_text and self.fault_on_text in text:
            os._exit(70)
        if self.fault_hang_on_text and self.fault_hang_on_text in text:
            # Say so (tests wait for this line), then never answer, never exit, ignore stdin.
            sys.stderr.write("fault: hanging\n")
            sys.stderr.flush()
            threading.Event().wait()
        parts = []
        for segment, translate in segments(text):
            if translate:
                parts.append(chunks(self.tokenizer.encode(segment, out_type=str)))
            else:
                parts.append(segment)
        return parts

    def translate(self, sources, report=None, hypotheses=1):
        """Translates in slices of similar lengths (longest first, as CTranslate2 sorts a
        batch), calling `report(done)` after each slice but the last. With `hypotheses` above 1,
        each output is the list of that many hypotheses, best first."""
        if not sources:
            return []
        order = sorted(range(len(sources)), key=lambda index: -len(sources[index]))
        slices, current, pieces = [], [], 0
        for index in order:
            if current and (len(current) >= MAX_BATCH_SIZE or pieces + len(sources[index]) > SLICE_PIECES):
                slices.append(current)
                current, pieces = [], 0
            current.append(index)
            pieces += len(sources[index])
        slices.append(current)
        outputs = [None] * len(sources)
        done = 0
        for number, indices in enumerate(slices):
            if self.fault_slice_seconds and report:
                time.sleep(self.fault_slice_seconds)
            for index, output in zip(indices, self.translate_slice([sources[index] for index in indices], hypotheses)):
                outputs[index] = output
            done += len(indices)
            if report and number + 1 < len(slices):
                report(done)
        return outputs

    def translate_slice(self, sources, hypotheses=1):
        # The call's sentences are cut (by CTranslate2, sorted by length) into one sub-batch per
        # replica, which run at once: a request of two sentences or a batch of 32 keeps both
        # replicas busy rather than one. Each sentence's output does not depend on its batch.
        per_replica = max(1, -(-len(sources) // REPLICAS))
        options = dict(beam_size=BEAM_SIZE, length_penalty=LENGTH_PENALTY, replace_unknowns=True,
                       max_decoding_length=MAX_DECODING_LENGTH, max_batch_size=min(MAX_BATCH_SIZE, per_replica))
        if hypotheses > 1:
            # A beam narrower than the list asked for could not fill it.
            options.update(beam_size=max(BEAM_SIZE, hypotheses), num_hypotheses=hypotheses)
        if self.target_prefix:
            options["target_prefix"] = [self.target_prefix] * len(sources)
        results = self.translator.translate_batch(sources, **options)
        skip = len(self.target_prefix) if self.target_prefix else 0
        if hypotheses > 1:
            return [[hypothesis[skip:] for hypothesis in result.hypotheses] for result in results]
        return [result.hypotheses[0][skip:] for result in results]

    def fits_one_slice(self, parts):
        """Whether a prepared request is translated in one CTranslate2 call."""
        sources = [chunk for part in parts if isinstance(part, list) for chunk in part]
        return len(sources) <= MAX_BATCH_SIZE and sum(len(chunk) for chunk in sources) <= SLICE_PIECES

    def log_batch(self, requests, lead):
        """One line for `--batch-log`: the requests' texts and source pieces, translated together,
        and for a lead request whether it ran "beside" the rest or "before" it (else null)."""
        if self.batch_log is None:
            return
        sources = [chunk for _, parts, _ in requests for part in parts if isinstance(part, list) for chunk in part]
        line = {"lead": lead, "texts": [text for _, _, text in requests], "sources": sources}
        with OUTPUT_LOCK:
            self.batch_log.write(json.dumps(line, ensure_ascii=False) + "\n")
            self.batch_log.flush()

    def answer(self, requests, report=None):
        """Translates prepared requests [(id, parts)] together; [(id, text, error)]."""
        sources = [chunk for _, parts in requests for part in parts if isinstance(part, list) for chunk in part]
        try:
            outputs = iter(self.translate(sources, report))
        except Exception as error:  # one bad request must not fail the batch: retry alone
            if len(requests) == 1:
                return [(requests[0][0], None, "translation failed: %s" % error)]
            return [answer for request in requests for answer in self.answer([request], report)]
        answers = []
        for request_id, parts in requests:
            text = []
            for part in parts:
                if isinstance(part, str):
                    text.append(part)
                    continue
                for index, _ in enumerate(part):
                    text.append(detokenize(next(outputs), first=index == 0))
            answers.append((request_id, "".join(text), None))
        return answers

    def answer_hypotheses(self, request_id, parts, count):
        """Translates one prepared request into `count` hypotheses: (id, best, error, others).
        Hypothesis k of the text is hypothesis k of each of its sentences, as Argos Translate
        joins them; a sentence with fewer hypotheses lends its last one. A long text reports
        progress between slices, as a batch does, so its wider beam is not taken for a hang."""
        sources = [chunk for part in parts if isinstance(part, list) for chunk in part]
        try:
            outputs = iter(self.translate(sources, report_progress, hypotheses=count))
        except Exception as error:
            return (request_id, None, "translation failed: %s" % error)
        texts = [[] for _ in range(count)]
        for part in parts:
            if isinstance(part, str):
                for text in texts:
                    text.append(part)
                continue
            for index, _ in enumerate(part):
                found = next(outputs) or [[]]
                for number, text in enumerate(texts):
                    text.append(detokenize(found[min(number, len(found) - 1)], first=index == 0))
        joined = ["".join(text) for text in texts]
        return (request_id, joined[0], None, joined[1:])


def read_requests(stream, inbox, max_line_bytes):
    """Reads request lines into `inbox` (None at end of input); never raises."""
    id_pattern = re.compile(rb'^\s*\{\s*"id"\s*:\s*(\d{1,19})')
    while True:
        line = stream.readline(max_line_bytes + 1)
        if not line:
            break
        if len(line) > max_line_bytes and not line.endswith(b"\n"):
            match = id_pattern.match(line)
            while True:  # drop the rest of the line
                rest = stream.readline(1 << 20)
                if not rest or rest.endswith(b"\n"):
                    break
            inbox.put((int(match.group(1)) if match else None, None,
                       "request longer than %d bytes" % max_line_bytes, 1))
            continue
        if not line.strip():
            continue
        inbox.put(parse_request(line))
    inbox.put(None)


# The longest n-best list a request may ask for: each hypothesis widens the beam.
MAX_HYPOTHESES = 16


def parse_request(line):
    """(id, text, None, hypotheses) for a valid request line, else (id or None, None, error, 1)."""
    try:
        request = json.loads(line)
    except ValueError as error:
        return (None, None, "invalid JSON: %s" % error, 1)
    if not isinstance(request, dict):
        return (None, None, "invalid request: not an object", 1)
    request_id, text = request.get("id"), request.get("text")
    hypotheses = request.get("num_hypotheses", 1)
    if not isinstance(request_id, int) or isinstance(request_id, bool):
        return (None, None, "invalid request: id must be an integer", 1)
    if not isinstance(text, str):
        return (request_id, None, "invalid request: text must be a string", 1)
    if not isinstance(hypotheses, int) or isinstance(hypotheses, bool) or not 1 <= hypotheses <= MAX_HYPOTHESES:
        return (request_id, None, "invalid request: num_hypotheses must be an integer from 1 to %d" % MAX_HYPOTHESES, 1)
    return (request_id, text, None, hypotheses)


# Answers and progress come from two threads (the lead request's and the rest's): one line at a time.
OUTPUT_LOCK = threading.Lock()


def report_progress(done):
    with OUTPUT_LOCK:
        sys.stdout.write(json.dumps({"progress": done}) + "\n")
        sys.stdout.flush()


def write(answers):
    if not answers:
        return
    with OUTPUT_LOCK:
        out = sys.stdout
        for answer in answers:
            line = {"id": answer[0], "text": answer[1], "error": answer[2]}
            if len(answer) > 3:
                line["alternatives"] = answer[3]
            out.write(json.dumps(line) + "\n")
        out.flush()


# How long a batch waits, from its first request, for more to arrive: requests sent together
# (a route's reviews, a file's lines) come a few at a time over the pipe, and one translated
# alone costs about three times its share of a batch (bench/neural).
GATHER_SECONDS = 0.010


def translate_and_write(worker, requests, lead, report=None):
    """Translates prepared requests [(id, parts, text)] together and writes their answers."""
    answers = worker.answer([(request_id, parts) for request_id, parts, _ in requests], report)
    worker.log_batch(requests, lead)
    write(answers)


def translate_lead(worker, request, beside):
    try:
        translate_and_write(worker, [request], "beside" if beside else "before")
    except BrokenPipeError:
        pass  # the host is gone; the main thread ends the worker


def spare_core(threads):
    """Whether a core is likely idle for a lead request beside a batch of `threads` threads:
    the last minute's load average leaves one free."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return cores > threads and os.getloadavg()[0] <= cores - threads


# A batch whose first request comes this long after the last batch ended found the worker idle
# (a route's `T`, a file's first lines). A host that sends more as answers come (the CLI's
# window) answers within milliseconds, so its batches stay whole.
IDLE_SECONDS = 0.25


def serve(worker, inbox):
    finished, last_end = False, None
    while not finished:
        item = inbox.get()
        idle = last_end is None or time.monotonic() - last_end >= worker.idle_seconds
        deadline = time.monotonic() + GATHER_SECONDS
        batch, nbest, refused, pieces = [], [], [], 0
        while True:
            if item is None:
                finished = True
                break
            request_id, text, error, hypotheses = item
            if error is None and len(text) > worker.max_text_chars:
                error = "text longer than %d characters" % worker.max_text_chars
            if error is None:
                try:
                    parts = worker.prepare(text)
                    if hypotheses > 1:
                        nbest.append((request_id, parts, hypotheses))
                    else:
                        batch.append((request_id, parts, text))
                    pieces += sum(len(chunk) for part in parts if isinstance(part, list) for chunk in part)
                except Exception as failure:
                    refused.append((request_id, None, "could not tokenize: %s" % failure))
            else:
                refused.append((request_id, None, error))
            if pieces >= worker.token_budget:
                break
            try:
                if len(batch) + len(nbest) + len(refused) < worker.gather_requests:
                    item = inbox.get()
                elif deadline > time.monotonic():
                    item = inbox.get(timeout=max(deadline - time.monotonic(), 0))
                else:
                    item = inbox.get_nowait()
            except queue.Empty:
                break
        write(refused)
        # First answer first: on an idle worker, the batch's first request (one CTranslate2
        # call's worth) is translated alone and answered at once. With a core to spare it runs
        # on the second replica beside the rest, so the batch is not slowed; without one it runs
        # before the rest (a batch's fixed cost paid twice, but the first answer in its own time).
        beside = None
        if idle and worker.lead_requests and len(batch) > 1 and worker.fits_one_slice(batch[0][1]):
            first, batch = batch[0], batch[1:]
            if spare_core(worker.threads):
                beside = threading.Thread(target=translate_lead, args=(worker, first, True), daemon=True)
                beside.start()
            else:
                translate_lead(worker, first, False)
        if batch:
            translate_and_write(worker, batch, None, report_progress)
        if beside:
            beside.join()
        # n-best requests (rare: a server's `alternatives`) after the batch, each in its own call.
        for request_id, parts, hypotheses in nbest:
            write([worker.answer_hypotheses(request_id, parts, hypotheses)])
        last_end = time.monotonic()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("package")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--token-budget", type=int, default=2048)
    parser.add_argument("--max-text-chars", type=int, default=1 << 20)
    parser.add_argument("--compute-type", default="default")
    # For tests of crash recovery only: a request whose text holds this exits the worker at once.
    parser.add_argument("--fault-on-text", default=None, help=argparse.SUPPRESS)
    # For tests of hangs: a request whose text holds this makes the worker stop answering for good.
    parser.add_argument("--fault-hang-on-text", default=None, help=argparse.SUPPRESS)
    # For tests of long texts: each slice takes this many seconds more (a slow machine's model);
    # a lead request's (see `serve`) does not.
    parser.add_argument("--fault-slice-seconds", type=float, default=0.0, help=argparse.SUPPRESS)
    # For tests and bench/neural: one JSON line per batch translated ({"lead", "texts", "sources"}).
    parser.add_argument("--batch-log", default=None, help=argparse.SUPPRESS)
    # For tests of batch forming: a batch waits until it holds this many requests (or input ends).
    parser.add_argument("--gather-requests", type=int, default=1, help=argparse.SUPPRESS)
    # For tests: how long after a batch the worker counts as idle (see IDLE_SECONDS).
    parser.add_argument("--idle-seconds", type=float, default=IDLE_SECONDS, help=argparse.SUPPRESS)
    # For bench/neural's before-and-after: every batch as one, no lead request.
    parser.add_argument("--no-lead", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    try:
        worker = Worker(args.package, max(1, args.threads), max(1, args.token_budget),
                        args.max_text_chars, args.compute_type)
    except Exception as error:
        sys.stdout.write(json.dumps({"ready": False, "error": "%s: %s" % (type(error).__name__, error)}) + "\n")
        sys.stdout.flush()
        return 2
    inbox = queue.Queue()
    # Bytes in: a line's length is bounded before it is decoded.
    reader = threading.Thread(target=read_requests, args=(sys.stdin.buffer, inbox, 4 * args.max_text_chars + 64),
                              daemon=True)
    reader.start()
    if args.fault_on_text:
        worker.fault_on_text = args.fault_on_text
    worker.fault_hang_on_text = args.fault_hang_on_text
    worker.fault_slice_seconds = max(0.0, args.fault_slice_seconds)
    worker.lead_requests = not args.no_lead
    worker.gather_requests = args.gather_requests
    worker.idle_seconds = max(0.0, args.idle_seconds)
    if args.batch_log:
        worker.batch_log = open(args.batch_log, "a", encoding="utf-8")
    sys.stdout.write(json.dumps({"ready": True, "pid": os.getpid()}) + "\n")
    sys.stdout.flush()
    try:
        serve(worker, inbox)
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
