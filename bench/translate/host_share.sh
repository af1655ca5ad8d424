#!/usr/bin/env bash
# The host's share of a bulk run: CPU seconds of the hike-reviews process itself (all its
# threads), of apertium-tagger and of everything it started, from `perf record -F 1000 -e
# cpu-clock` samples (1 ms each), for each binary in turn, round after round. For issue 34's
# bulk item: the host's cost is a few percent of the whole, far below the noise of end-to-end
# CPU time on a shared machine, but steady when counted this way. Outputs are compared with cmp
# against the first binary's first run.
#
# usage: bench/translate/host_share.sh LINES ROUNDS BIN [BIN...]
#   LINES  review lines made by bench/translate/lines.py (e.g. 3000)
#   BIN    a hike-reviews binary with libHikeTaggerReset.so beside it
# Exit 1 if an output differs.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
lines=$1 rounds=$2
shift 2
export HIKE_REVIEWS_PAIRS_PATH=${HIKE_REVIEWS_PAIRS_PATH:-$root/.build/test-pairs/extracted/usr/share/apertium}
export HIKE_REVIEWS_SYSTEM_PAIRS=0 HIKE_REVIEWS_CACHE=0
work=$(mktemp -d "${TMPDIR:-/tmp}/hike-host-share.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 "$here/lines.py" "$lines" > "$work/in.txt"
status=0
for round in $(seq "$rounds"); do
    index=0
    for bin in "$@"; do
        load=$(cut -d' ' -f1 /proc/loadavg)
        perf record -q -F 1000 -e cpu-clock -o "$work/perf.data" -- "$bin" translate --from es --to en "$work/in.txt" > "$work/out.txt" 2>/dev/null
        [[ -f $work/reference.txt ]] || cp "$work/out.txt" "$work/reference.txt"
        cmp -s "$work/out.txt" "$work/reference.txt" || { echo "round $round, BIN $index: output differs" >&2; status=1; }
        # The first sample is the host's (it starts first); comm is truncated to 15 characters.
        perf script -i "$work/perf.data" -F comm,pid 2>/dev/null | awk -v b="$index" -v r="$round" -v l="$load" '
            { n++; if (!host) host = $NF; if ($NF == host) h++; if ($1 ~ /^apertium-tagg/) t++ }
            END { printf "BIN %d round %d: host %.2f s (%.1f%%), tagger %.2f s, all %.2f s, load %s\n", b, r, h / 1000, 100 * h / n, t / 1000, n / 1000, l }'
        index=$((index + 1))
    done
done
exit $status
