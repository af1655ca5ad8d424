"""Apertium serving alone: one or more builds of ours and Debian's APy in interleaved rounds at
16 clients, with the CPU each process spent in every series.

usage: python3 apertium_rounds.py --bin LABEL=BIN [--bin LABEL=BIN ...] [--rounds 3] [--lines 1000]
                                  [--clients 16] [--no-apy] [--cpu]

What bench/serve/run does for its rounds, without the neural and HAProxy parts, so a change to the
server can be measured against APy (and against the build before it) in minutes. Each server is
started once (ours with the translation memory off, as bench/serve/run starts it) and warmed with
20 requests; then in every round each takes its turn on the same lines, the order rotated by one
each round. Per series: lines/s, p50/p95, the 1-minute load average before it, the ratio to APy's
series of the same round and, with --cpu, the CPU seconds (utime + stime from /proc) of the server
process, of each of its child processes by program (lt-proc's stages named by their dictionary) and
of this script, which is the load generator (load.py's threads), and the machine's idle CPU
seconds meanwhile (near 0: the cores were full, ours or other work's) and the seconds the
hypervisor took from this machine (steal). Answers are compared with APy's
(or the first build's with --no-apy). The binary's folder must hold libHikeTaggerReset.so, as
bench/serve/run copies it. Needs the test pairs (scripts/fetch-test-pairs).
"""
import argparse
import json
import os
import resource
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import load  # noqa: E402
from measure import ROOT, Server, cpu_times, free_port, review_lines, tree  # noqa: E402

PAIRS = os.path.join(ROOT, ".build", "test-pairs", "extracted", "usr", "share", "apertium")
TICKS = os.sysconf("SC_CLK_TCK")


def program(pid):
    """A process's program as the breakdown names it: its name, and for a stage reading a
    dictionary or rules file (lt-proc, transfer...), that file's name."""
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            argv = [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return None
    if not argv:
        return None
    name = os.path.basename(argv[0])
    files = [os.path.basename(a) for a in argv[1:] if "/" in a and not a.startswith("-")]
    return name + (" " + files[0] if files else "")


def cpu_seconds(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except (OSError, IndexError, ValueError):
        return None


def snapshot(pid):
    """pid -> (label, CPU seconds) over the server's process tree; the server itself is `host`."""
    found = {}
    for member in tree(pid):
        seconds = cpu_seconds(member)
        if seconds is None:
            continue
        found[member] = ("host" if member == pid else program(member) or "?", seconds)
    return found


def spent(before, after):
    """CPU seconds per label between two snapshots (a process started between them counts from 0)."""
    totals = {}
    for member, (label, seconds) in after.items():
        totals[label] = totals.get(label, 0.0) + seconds - before.get(member, (label, 0.0))[1]
    return totals


def idle_seconds():
    """The machine's idle (iowait included) and stolen CPU seconds so far, both cores."""
    idle, steal, _ = cpu_times()
    return idle / TICKS, steal / TICKS


def own_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", action="append", required=True, help="LABEL=PATH of a hike-reviews build")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--no-apy", action="store_true")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds of each process per series")
    args = parser.parse_args()
    builds = [tuple(spec.split("=", 1)) for spec in args.bin]
    lines = review_lines(args.lines)
    work = tempfile.mkdtemp(prefix="hike-serve-rounds.")
    servers = {}
    try:
        base = dict(os.environ, HIKE_REVIEWS_CACHE="0", HIKE_REVIEWS_PUBLIC_INDEX_URL="", HIKE_REVIEWS_SYSTEM_PAIRS="0",
                    HIKE_REVIEWS_PACKS_URL="", HIKE_REVIEWS_STORE=os.path.join(work, "empty-store"),
                    HIKE_REVIEWS_PAIRS_PATH=PAIRS)
        os.makedirs(base["HIKE_REVIEWS_STORE"])
        for label, path in builds:
            port = free_port()
            servers[label] = Server(label, [path, "serve", "--listen", "127.0.0.1:%d" % port], base, port, "/languages",
                                    os.path.join(work, label + ".log"))
        if not args.no_apy:
            os.makedirs(os.path.join(work, "apy", "modes"))
            with open(os.path.join(PAIRS, "modes", "spa-eng.mode")) as f:
                mode = f.read().replace("/usr/share/apertium", PAIRS)
            with open(os.path.join(work, "apy", "modes", "spa-eng.mode"), "w") as f:
                f.write(mode)
            port_file = os.path.join(work, "apy.port")
            servers["apy"] = Server("apy", ["/usr/bin/python3", os.path.join(ROOT, "bench", "translate", "apy_local.py"),
                                            os.path.join(work, "apy"), port_file], os.environ, None, "/listPairs",
                                    os.path.join(work, "apy.log"), port_file=port_file)
        for server in servers.values():
            load.run("apy", "127.0.0.1", server.port, lines[:20], 4, "spa", "eng")
        names = list(servers)
        reference = "apy" if "apy" in servers else names[0]
        rows = []
        for number in range(1, args.rounds + 1):
            shift = (number - 1) % len(names)
            results, answers = {}, {}
            for name in names[shift:] + names[:shift]:
                pid = servers[name].process.pid
                before, mine, idle, load_before = snapshot(pid), own_cpu(), idle_seconds(), os.getloadavg()[0]
                answers[name], result = load.run("apy", "127.0.0.1", servers[name].port, lines, args.clients, "spa", "eng")
                result["load"] = load_before
                if args.cpu:
                    result["cpu"] = {label: round(s, 2) for label, s in sorted(spent(before, snapshot(pid)).items(),
                                                                                  key=lambda item: -item[1])}
                    result["cpu_load_py"] = round(own_cpu() - mine, 2)
                    idle_after = idle_seconds()
                    result["machine_idle"] = round(idle_after[0] - idle[0], 2)
                    result["machine_steal"] = round(idle_after[1] - idle[1], 2)
                results[name] = result
                print(json.dumps({"round": number, "server": name, **result}), flush=True)
            for name in names:
                if name == reference:
                    continue
                result = results[name]
                same = sum(1 for a, b in zip(answers[name], answers[reference]) if a is not None and a == b)
                ratio = (result["answered"] / result["seconds"]) / (results[reference]["answered"] / results[reference]["seconds"])
                rows.append((number, name, result["lines_per_second"], results[reference]["lines_per_second"], ratio,
                             result["p95_ms"], results[reference]["p95_ms"], result["load"], same))
        print("| round | build | lines/s | %s lines/s | ratio | p95 ms | %s p95 ms | load before | answers equal |" % (reference, reference))
        print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
        for row in rows:
            print("| %d | %s | %.1f | %.1f | %.2fx | %.0f | %.0f | %.1f | %d of %d |" % (row + (len(lines),)))
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
