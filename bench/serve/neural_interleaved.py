"""The neural rows of bench/serve alone, ours and LibreTranslate interleaved (for a noisy machine).

usage: python3 neural_interleaved.py --bin BIN --neural-store DIR --work WORK --lt-python PY --lt-packages DIR
                                     [--neural-lines N] [--rounds N] [--clients 1,4,16]

(--clients defaults to $BENCH_SERVE_CLIENTS, else 1,4,16.)

Both servers are started once and stay warm; then, round after round, each client count is
measured on ours and at once on LibreTranslate, so that each ratio compares two series taken
seconds apart, under the same load (printed with each pair). Prints one JSON line per pair and a
Markdown table at the end; PSS of each server's process tree after the last round.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import load  # noqa: E402
import measure  # noqa: E402


def rate(result):
    """Lines/s unrounded (load.py rounds to 0.1, too coarse for a second or two per line)."""
    return result["answered"] / result["seconds"] if result["seconds"] else 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--neural-store", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--lt-python", required=True)
    parser.add_argument("--lt-packages", required=True)
    parser.add_argument("--neural-lines", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--clients", default=os.environ.get("BENCH_SERVE_CLIENTS", "1,4,16"))
    args = parser.parse_args()
    clients = [int(count) for count in args.clients.split(",")]
    german = measure.review_lines(args.neural_lines, "de")
    env = dict(os.environ, HIKE_REVIEWS_CACHE="0", HIKE_REVIEWS_PUBLIC_INDEX_URL="", HIKE_REVIEWS_SYSTEM_PAIRS="0",
               HIKE_REVIEWS_PACKS_URL="", HIKE_REVIEWS_STORE=args.neural_store, HIKE_REVIEWS_PAIRS_PATH="")
    servers, rows = [], []
    try:
        port = measure.free_port()
        ours = measure.Server("ours-neural", [args.bin, "serve", "--listen", "127.0.0.1:%d" % port], env, port,
                              "/languages", os.path.join(args.work, "ours-neural.log"))
        servers.append(ours)
        home = os.path.join(args.work, "lt-home")
        os.makedirs(home, exist_ok=True)
        port_file = os.path.join(args.work, "lt.port")
        lt = measure.Server("libretranslate", [args.lt_python, os.path.join(measure.FIXTURES, "libretranslate_loopback.py"),
                                               home, args.lt_packages, port_file],
                            dict(os.environ, LOOPBACK_LIFETIME="7200", ARGOS_INTRA_THREADS=measure.LT_INTRA_THREADS), None, "/languages",
                            os.path.join(args.work, "libretranslate.log"), port_file=port_file)
        servers.append(lt)
        for server in (ours, lt):  # warm up: the model loaded, the worker started
            load.run("libre", "127.0.0.1", server.port, german[:4], 4, "de", "en")
        for round_number in range(args.rounds):
            for count in clients:
                load_before = os.getloadavg()[0]
                ours_answers, ours_result = load.run("libre", "127.0.0.1", ours.port, german, count, "de", "en")
                lt_answers, lt_result = load.run("libre", "127.0.0.1", lt.port, german, count, "de", "en")
                row = dict(round=round_number + 1, clients=count, load=[round(load_before, 1), round(os.getloadavg()[0], 1)],
                           ours=ours_result, libretranslate=lt_result,
                           ratio=round(rate(ours_result) / max(rate(lt_result), 1e-9), 2),
                           equal=measure.same_sentences(ours_answers, lt_answers)[0])
                rows.append(row)
                print(json.dumps(row), flush=True)
        pss = {server.name: round(measure.pss_mb(server.process.pid), 1) for server in servers}
    except measure.BenchError as error:
        measure.log("error: %s" % error)
        return 1
    finally:
        for server in reversed(servers):
            server.stop()
    print("\n| round | clients | load (1 min, before / after) | ours lines/s | LibreTranslate lines/s | ratio | ours p50 / p95 ms | LT p50 / p95 ms | equal answers (spaces between sentences, first letter case and final punctuation aside) |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        ours, lt = row["ours"], row["libretranslate"]
        print("| %d | %d | %.1f / %.1f | %.2f | %.2f | %.2fx | %d / %d | %d / %d | %d of %d |" % (
            row["round"], row["clients"], row["load"][0], row["load"][1], rate(ours), rate(lt),
            row["ratio"], ours["p50_ms"], ours["p95_ms"], lt["p50_ms"], lt["p95_ms"], row["equal"], len(german)))
    print("\nPSS (MB): " + ", ".join("%s %.1f" % item for item in pss.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
