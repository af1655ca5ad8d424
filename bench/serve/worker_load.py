"""The neural worker alone, driven like a server's clients: N requests in flight, a new one sent
as each answer comes (no HTTP), to tell the worker's share of a serving figure from the server's.

usage: python3 worker_load.py PACKAGE LINES CLIENTS[,CLIENTS...] [WORKER_ARGS...]

PACKAGE is an unpacked Argos package (bench/neural/make_model.py's); LINES German review lines as
bench/serve sends them. $WORKER names the worker script (default: this checkout's). Prints one
JSON line per client count: lines/s, p50 and p95 ms, the 1-minute load average. Run the worker
before and after a change in turns, under the same load.
"""
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import measure  # noqa: E402


def run(package, lines, clients, extra):
    script = os.environ.get("WORKER", os.path.join(ROOT, "Sources", "TranslationEngine", "Neural", "neural_worker.py"))
    worker = subprocess.Popen([sys.executable, script, package] + extra, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    if not json.loads(worker.stdout.readline()).get("ready"):
        raise SystemExit("the worker did not start")
    sent, latency, answered = {}, {}, 0

    def send(index):
        sent[index] = time.perf_counter()
        worker.stdin.write(json.dumps({"id": index, "text": lines[index % len(lines)]}) + "\n")
        worker.stdin.flush()

    send(len(lines))  # warm up, not counted
    while "id" not in json.loads(worker.stdout.readline()):
        pass
    started, next_index = time.perf_counter(), 0
    for _ in range(min(clients, len(lines))):
        send(next_index)
        next_index += 1
    while answered < len(lines):
        answer = json.loads(worker.stdout.readline())
        if "id" not in answer:
            continue  # progress
        latency[answer["id"]] = time.perf_counter() - sent[answer["id"]]
        answered += 1
        if next_index < len(lines):
            send(next_index)
            next_index += 1
    seconds = time.perf_counter() - started
    worker.stdin.close()
    worker.wait()
    ordered = sorted(latency.values())
    return dict(clients=clients, lines_per_second=round(len(lines) / seconds, 2), p50_ms=round(ordered[len(ordered) // 2] * 1000),
                p95_ms=round(ordered[int(len(ordered) * 0.95)] * 1000), load=round(os.getloadavg()[0], 1))


def main():
    package, count, clients = sys.argv[1], int(sys.argv[2]), [int(c) for c in sys.argv[3].split(",")]
    lines = measure.review_lines(count, "de")
    for number in clients:
        print(json.dumps(run(package, lines, number, sys.argv[4:])), flush=True)


if __name__ == "__main__":
    main()
