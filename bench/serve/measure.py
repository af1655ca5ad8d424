"""Measurements for bench/serve/run (see that script for what and why).

usage: python3 measure.py --bin BIN --pairs DIR --modes-dir DIR --neural-store DIR --work WORK --out RESULTS.md
                          [--lt-python PY --lt-packages DIR] [--lines N]

Every server runs on 127.0.0.1 on a free port and is stopped (by its PID) at the end. Each
measure sends the same review lines, one request per line, from 1, 4 and 16 clients with
load.py's client; lines/s is answered lines over the wall-clock time of the whole series.
PSS is the sum over the server's process tree (`/proc/PID/smaps_rollup`) once its series are
done. Exit status: 0 every goal met, 1 error, 3 measured but a goal missed.
"""
import argparse
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import http.client
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "TranslationEngineTests", "Fixtures")
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import load  # noqa: E402

CLIENTS = (1, 4, 16)
APERTIUM_GOAL = 10.0  # issue 34: Apertium serving at least 10x APy at 16 clients, in every run
NEURAL_GOAL = 5.0     # issue 34: neural serving at least 5x LibreTranslate at 16 clients (and 1x at 1)
# LibreTranslate as it runs by default: Argos leaves intra_threads at 0, so CTranslate2 takes every core
# (the loopback fixture pins 1 for the tests unless told).
LT_INTRA_THREADS = "0"


class BenchError(Exception):
    pass


def log(message):
    print("bench/serve: " + message, file=sys.stderr, flush=True)


def review_lines(count, language="es"):
    """`count` distinct lines: two sentences of the sample's reviews in `language` each."""
    routes = json.load(open(os.path.join(ROOT, "sample-data", "routes.json"), encoding="utf-8"))["routes"]
    truth = json.load(open(os.path.join(ROOT, "Tests", "TranslationEngineTests", "Fixtures", "review-languages.json")))
    sentences = set()
    for route in routes:
        for review in route["reviews"]:
            if truth.get(review["id"]) == language:
                for part in " ".join(review["text"].split()).replace("!", ".").split(". "):
                    if part.strip():
                        sentences.add(part.strip().rstrip("."))
    pool = sorted(sentences)
    rng = random.Random(20261202)
    lines = set()
    while len(lines) < count:
        a, b = rng.sample(pool, 2)
        lines.add(a + ". " + b + ".")
    return sorted(lines)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port, path, process, seconds=120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise BenchError("a server exited (%s) before answering %s" % (process.returncode, path))
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", path)
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise BenchError("nothing answered %s on port %d in %d s" % (path, port, seconds))


def tree(pid):
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children.get(current, []))
    return found


def pss_mb(pid):
    total = 0
    for member in tree(pid):
        try:
            with open("/proc/%d/smaps_rollup" % member) as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


class Server:
    """A server this script started; with `port_file`, the server writes the port it bound there."""
    def __init__(self, name, command, env, port, ready_path, log_path, port_file=None):
        self.name = name
        self.log = open(log_path, "w")
        # Standard input stays open: the loopback launchers stop when it closes.
        self.process = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=self.log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        if port_file:
            deadline = time.monotonic() + 120
            while not os.path.exists(port_file):
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise BenchError("%s did not write its port" % name)
                time.sleep(0.1)
            port = int(open(port_file).read())
        self.port = port
        wait_ready(port, ready_path, self.process)

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def cpu_times():
    """(idle, steal, total) CPU ticks of the whole machine so far, both cores (/proc/stat's first
    line; idle counts iowait)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    return fields[3] + fields[4], fields[7], sum(fields)


def settle(limit=60, idle=0.9):
    """Waits until the machine was at least `idle` idle over one second, or `limit` seconds pass;
    returns the seconds waited. A guard: round 1 measures ours first, so work still winding
    down from the bench before (bench/run runs this one after translate's 100,000 lines) would
    count against ours alone, while the later rounds take turns. (The first run with it found the
    machine idle within a second: a high load average there is the average's lag, not work.)"""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        idle_before, _, total_before = cpu_times()
        time.sleep(1)
        idle_after, _, total_after = cpu_times()
        if total_after > total_before and (idle_after - idle_before) / (total_after - total_before) >= idle:
            break
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--pairs", required=True, help="the pair data root our server reads (HIKE_REVIEWS_PAIRS_PATH)")
    parser.add_argument("--modes-dir", required=True, help="APy's modes/ folder, its mode files pointing into --pairs")
    parser.add_argument("--neural-store", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--lt-python")
    parser.add_argument("--lt-packages", default="")
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--neural-lines", type=int, default=40,
                        help="lines of the neural series at 16 clients; half as many at 1 and 4 (LibreTranslate's rate does not change with clients)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of the Apertium series at 16 clients, ours and APy in turns (issue 34: the goal holds in every round)")
    parser.add_argument("--quick", action="store_true",
                        help="bench/run --quick: Apertium at 16 clients only, neural at 1 and 16, no HAProxy")
    args = parser.parse_args()
    lines = review_lines(args.lines)
    german = review_lines(args.neural_lines, "de")
    apertium_clients = (16,) if args.quick else CLIENTS
    neural_clients = (1, 16) if args.quick else CLIENTS
    base = dict(os.environ, HIKE_REVIEWS_CACHE="0", HIKE_REVIEWS_PUBLIC_INDEX_URL="", HIKE_REVIEWS_SYSTEM_PAIRS="0",
                HIKE_REVIEWS_PACKS_URL="")
    empty_store = os.path.join(args.work, "empty-store")
    os.makedirs(empty_store, exist_ok=True)
    apy_root = os.path.dirname(os.path.normpath(args.modes_dir))
    apertium_env = dict(base, HIKE_REVIEWS_STORE=empty_store, HIKE_REVIEWS_PAIRS_PATH=args.pairs)
    neural_env = dict(base, HIKE_REVIEWS_STORE=args.neural_store, HIKE_REVIEWS_PAIRS_PATH="")
    rows, pss, servers, status = {}, {}, [], 0

    def start_ours(name, env):
        port = free_port()
        server = Server(name, [args.bin, "serve", "--listen", "127.0.0.1:%d" % port], env, port, "/languages",
                        os.path.join(args.work, name + ".log"))
        servers.append(server)
        return server

    def measure(name, kind, port, source, target, pid=None, texts=lines, clients_list=CLIENTS):
        """Series at each client count (a neural series below 16 clients sends half the lines); the
        PSS of the server's tree after them. Returns the answers of the last series."""
        log("%s: %d lines at %s clients" % (name, len(texts), ", ".join(map(str, clients_list))))
        load.run(kind, "127.0.0.1", port, texts[:4 if texts is not lines else 20], 4, source, target)  # start pipelines and workers
        answers = None
        for clients in clients_list:
            sent = texts if texts is lines or clients >= 16 else texts[:max(1, len(texts) // 2)]
            answers, result = load.run(kind, "127.0.0.1", port, sent, clients, source, target)
            result["load"] = os.getloadavg()[0]
            rows[(name, clients)] = result
            log("  %d clients: %s" % (clients, json.dumps(result)))
        if pid is not None:
            pss[name] = pss_mb(pid)
        return answers

    neural_equal = None
    rounds = []  # the Apertium series at 16 clients: (ours, APy, load before, load after) per round
    try:
        # Round 1: each server alone (its PSS read with nothing else sharing its pages), ours first,
        # on a machine that has settled.
        waited = settle()
        log("the machine settled in %.0f s (1-minute load average %.1f)" % (waited, os.getloadavg()[0]))
        load_before = os.getloadavg()[0]
        ours = start_ours("ours-apertium", apertium_env)
        ours_answers = measure("ours-apertium", "apy", ours.port, "spa", "eng", ours.process.pid, clients_list=apertium_clients)
        ours.stop()
        servers.remove(ours)
        apy = Server("apy", ["/usr/bin/python3", os.path.join(ROOT, "bench", "translate", "apy_local.py"), apy_root,
                             os.path.join(args.work, "apy.port")], os.environ, None, "/listPairs",
                     os.path.join(args.work, "apy.log"), port_file=os.path.join(args.work, "apy.port"))
        servers.append(apy)
        apy_answers = measure("apy", "apy", apy.port, "spa", "eng", apy.process.pid, clients_list=apertium_clients)
        rounds.append((rows[("ours-apertium", 16)], rows[("apy", 16)], load_before, os.getloadavg()[0]))
        equal = sum(1 for a, b in zip(ours_answers, apy_answers) if a is not None and a == b)
        differences = [(line, a, b) for line, a, b in zip(lines, ours_answers, apy_answers) if a != b][:3]
        # Later rounds: ours started once more beside the running APy, then the two in turns at
        # 16 clients (APy first in even rounds), the same lines.
        if args.rounds > 1:
            ours = start_ours("ours-apertium-rounds", apertium_env)
            load.run("apy", "127.0.0.1", ours.port, lines[:20], 4, "spa", "eng")
            for number in range(2, args.rounds + 1):
                log("Apertium round %d of %d at 16 clients" % (number, args.rounds))
                load_before = os.getloadavg()[0]
                turn = [("ours", ours.port), ("apy", apy.port)]
                results = {}
                for who, port in (turn if number % 2 else turn[::-1]):
                    _, results[who] = load.run("apy", "127.0.0.1", port, lines, 16, "spa", "eng")
                    log("  %s: %s" % (who, json.dumps(results[who])))
                rounds.append((results["ours"], results["apy"], load_before, os.getloadavg()[0]))
            ours.stop()
            servers.remove(ours)
        apy.stop()
        servers.remove(apy)

        neural = start_ours("ours-neural", neural_env)
        neural_answers = measure("ours-neural", "libre", neural.port, "de", "en", neural.process.pid, texts=german,
                                 clients_list=neural_clients)
        neural.stop()
        servers.remove(neural)
        if args.lt_python:
            home = os.path.join(args.work, "lt-home")
            os.makedirs(home, exist_ok=True)
            port_file = os.path.join(args.work, "lt.port")
            lt = Server("libretranslate", [args.lt_python, os.path.join(FIXTURES, "libretranslate_loopback.py"), home,
                                           args.lt_packages, port_file],
                        dict(os.environ, LOOPBACK_LIFETIME="7200", ARGOS_INTRA_THREADS=LT_INTRA_THREADS), None,
                        "/languages", os.path.join(args.work, "libretranslate.log"), port_file=port_file)
            servers.append(lt)
            lt_answers = measure("libretranslate", "libre", lt.port, "de", "en", lt.process.pid, texts=german,
                                 clients_list=neural_clients)
            neural_equal = same_sentences(neural_answers, lt_answers)
            lt.stop()
            servers.remove(lt)

        if not args.quick:
            # 1 vs 2 instances behind HAProxy (the repository's docs/haproxy.cfg).
            first, second = start_ours("behind-haproxy-1", apertium_env), start_ours("behind-haproxy-2", apertium_env)
            front = free_port()
            configuration = open(os.path.join(ROOT, "docs", "haproxy.cfg")).read()
            for default, port in (("127.0.0.1:5000", front), ("127.0.0.1:5001", first.port), ("127.0.0.1:5002", second.port)):
                configuration = configuration.replace(default, "127.0.0.1:%d" % port)
            with open(os.path.join(args.work, "haproxy.cfg"), "w") as f:
                f.write(configuration)
            balancer = Server("haproxy", ["haproxy", "-db", "-f", os.path.join(args.work, "haproxy.cfg")], os.environ,
                              front, "/languages", os.path.join(args.work, "haproxy.log"))
            servers.append(balancer)
            measure("haproxy-2", "apy", front, "spa", "eng")
            second.stop()
            servers.remove(second)
            time.sleep(3)  # HAProxy's health check takes the stopped instance out (fall 2, inter 1 s)
            measure("haproxy-1", "apy", front, "spa", "eng")
    except BenchError as error:
        log("error: %s" % error)
        status = 1
    finally:
        for server in reversed(servers):
            server.stop()
    if status:
        return status
    return write(args, lines, rows, pss, equal, differences, rounds, apertium_clients, neural_clients, neural_equal)


def same_sentences(ours, theirs):
    """(equal, compared) over the lines both answered, whitespace, the first letter's case and the
    final punctuation aside: with the random model a sentence's output need not start with a word
    piece, so Argos's joined decoding and the worker's per-sentence one differ in the spaces
    between sentences, and LibreTranslate capitalises its answer and ends it with the source's
    final punctuation mark (its `improve_translation_formatting`)."""
    def decoded(text):
        text = "".join(text.split()).rstrip("!?.,;\u3002")
        return text[:1].lower() + text[1:]
    pairs = [(a, b) for a, b in zip(ours or [], theirs or []) if a is not None and b is not None]
    return sum(1 for a, b in pairs if decoded(a) == decoded(b)), len(pairs)


def listing(numbers):
    """(1, 4, 16) -> "1, 4 and 16"."""
    return " and ".join(", ".join(map(str, numbers)).rsplit(", ", 1))


def write(args, lines, rows, pss, equal, differences, rounds, apertium_clients, neural_clients, neural_equal=None):
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    half = max(1, args.neural_lines // 2)
    out = ["# Serving: `hike-reviews serve` vs APy and LibreTranslate%s" % (" (quick)" if args.quick else ""), "",
           "Generated by `bench/serve/run`%s on %s; do not edit by hand." % (" with BENCH_QUICK=1" if args.quick else "", stamp),
           "%d distinct Spanish review lines (two sentences of the sample's Spanish reviews each), one request per line, from %s "
           "clients (Apertium; %s for the neural model) with keep-alive (`bench/serve/load.py`); the neural model gets %d German lines at 16 clients and the first %d "
           "below (LibreTranslate answers one at a time whatever the clients). Every server on 127.0.0.1 on this 2-core machine, "
           "one after another, the first once the machine is at least 90%% idle over a second (60 s at most); "
           "20 requests first to start pipelines (4 for the neural model). The translation memory is off "
           "(`HIKE_REVIEWS_CACHE=0`). lines/s: answered lines over the whole series' wall time; p50 / p95: of each request's "
           "latency. Load: the 1-minute load average right after the series (other work on the machine counts too). "
           "PSS: the server's whole process tree after its series, alone on the machine."
           % (len(lines), listing(apertium_clients), listing(neural_clients), args.neural_lines, half), ""]
    missed = False

    def ratio_of(a, b):
        """From answered lines and seconds: lines_per_second is rounded to 0.1, too coarse below 1 line/s."""
        return (a["answered"] / a["seconds"]) / (b["answered"] / b["seconds"]) if b["answered"] and a["seconds"] else float("inf")

    def rate(result):
        value = result["answered"] / result["seconds"] if result["seconds"] else 0.0
        return "%.1f" % value if value >= 10 else "%.2f" % value

    def table(title, ours, theirs, goals):
        """goals: clients -> the least ratio wanted."""
        nonlocal missed
        out.extend(["## " + title, "", "| clients | %s lines/s | %s lines/s | ratio | %s p50 / p95 ms | %s p50 / p95 ms | failed | load |" % (ours, theirs, ours, theirs),
                    "|---:|---:|---:|---:|---:|---:|---:|---:|"])
        for clients in CLIENTS:
            a, b = rows.get((ours, clients)), rows.get((theirs, clients))
            if not a or not b:
                continue
            ratio = ratio_of(a, b)
            goal = ""
            if clients in goals:
                goal = " (goal ≥ %gx)" % goals[clients]
                missed = missed or ratio < goals[clients]
            out.append("| %d | %s | %s | %.1fx%s | %.0f / %.0f | %.0f / %.0f | %d + %d | %.1f / %.1f |" % (
                clients, rate(a), rate(b), ratio, goal, a["p50_ms"], a["p95_ms"],
                b["p50_ms"], b["p95_ms"], a["failed"], b["failed"], a["load"], b["load"]))
        out.append("")

    table("Apertium spa→eng: ours vs Debian's APy (APy's API: GET /translate?langpair=spa|eng)", "ours-apertium", "apy",
          {16: APERTIUM_GOAL})
    out.append("Answers equal to APy's: %d of %d lines." % (equal, len(lines)))
    out.append("")
    for line, a, b in differences:
        out.extend(["- `%s`" % line, "  - ours: `%s`" % a, "  - APy: `%s`" % b])
    if differences:
        out.append("")
    ratios = [ratio_of(a, b) for a, b, _, _ in rounds]
    out.extend(["### Apertium at 16 clients, round by round (issue 34: at least %gx in every run)" % APERTIUM_GOAL, "",
                "Round 1 is the table above; in later rounds ours (started once more) and APy, both running, take turns on the same "
                "%d lines, APy first in even rounds. Load: 1-minute load average before and after the round." % len(lines), "",
                "| round | ours lines/s | APy lines/s | ratio | ours p95 ms | APy p95 ms | APy p95 / ours | load |",
                "|---:|---:|---:|---:|---:|---:|---:|---:|"])
    for number, (a, b, before, after) in enumerate(rounds, 1):
        out.append("| %d | %s | %s | %.1fx | %.0f | %.0f | %.1fx | %.1f → %.1f |" % (
            number, rate(a), rate(b), ratio_of(a, b), a["p95_ms"], b["p95_ms"],
            b["p95_ms"] / a["p95_ms"] if a["p95_ms"] else float("inf"), before, after))
    if ratios:
        held = min(ratios) >= APERTIUM_GOAL
        missed = missed or not held
        out.extend(["", "Ratio at 16 clients over %d rounds: min %.1fx, max %.1fx (goal ≥ %gx in every round: %s)." % (
            len(ratios), min(ratios), max(ratios), APERTIUM_GOAL, "met" if held else "**not met**")])
    out.append("")
    if any(name == "libretranslate" for name, _ in rows):
        table("An Argos-size model, de→en: ours vs LibreTranslate 1.9.6 (LibreTranslate's API: POST /translate JSON)",
              "ours-neural", "libretranslate", {1: 1.0, 16: NEURAL_GOAL})
        out.append("The model is `bench/neural/make_model.py`'s: Argos's real size (6+6 layers, d_model 512, int8, a "
                   "50,000-piece vocabulary) with random weights, so decoding costs what a real package's does while "
                   "its output is not a translation. Both servers use beam 4 as Argos does. LibreTranslate "
                   "runs with its MiniSBD splitter replaced by a punctuation split (offline it fails otherwise; "
                   "`Tests/TranslationEngineTests/Fixtures/libretranslate_loopback.py`), which flatters it, and its "
                   "own default threads (`ARGOS_INTRA_THREADS=%s`: CTranslate2 uses every core)." % LT_INTRA_THREADS)
        if neural_equal is not None:
            out.append("")
            out.append("Answers equal to LibreTranslate's, apart from the space between sentences (Argos joins the "
                       "sentences' pieces before decoding them, the worker keeps the text's own space), the first letter's "
                       "case and the final punctuation mark (LibreTranslate copies the source's): %d of %d lines."
                       % (neural_equal[0], neural_equal[1]))
        out.append("")
    else:
        out.append("LibreTranslate was not measured (no `--lt-python`: run `bench/serve/run` after `scripts/setup-interop`).")
        out.append("")
    if not args.quick:
        table("Two instances behind HAProxy vs one (docs/haproxy.cfg; the second instance stopped for the one-instance row)",
              "haproxy-2", "haproxy-1", {})
    out.extend(["## PSS of each server", "", "| server | PSS (MB) | against the server it replaces |", "|---|---:|---:|"])
    against = {"ours-apertium": "apy", "ours-neural": "libretranslate"}
    for name, value in pss.items():
        other = against.get(name)
        versus = "%.2fx %s" % (value / pss[other], other) if other in pss and pss[other] else ""
        out.append("| %s | %.1f | %s |" % (name, value, versus))
    out.append("")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print("\n".join(out))
    return 3 if missed else 0

if __name__ == "__main__":
    sys.exit(main())
