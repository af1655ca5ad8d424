#!/usr/bin/env bash
# Bulk es→en, ours against `LD_PRELOAD=<tcmalloc> apertium -u spa-eng`, interleaved round by
# round (which goes first alternates), each under `perf stat` (task-clock and instructions of the
# whole process tree) with its wall time and the load average before it; outputs compared with
# cmp. For issue 34's bulk item: on a shared machine CPU time and instructions are steadier
# than wall time.
#
# usage: bench/translate/cpu_interleaved.sh LINES ROUNDS BIN [BIN...]
#   LINES  review lines made by bench/translate/lines.py (e.g. 10000)
#   ROUNDS rounds; each runs every BIN once and the command once
#   BIN    a hike-reviews binary with libHikeTaggerReset.so beside it (several: builds compared)
# Prints one line per run and each binary's ratios of medians to the command's (instructions
# read 0 where the machine does not count them, as in a VM); exit 1 if an output differs from
# the command's.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
lines=$1 rounds=$2
shift 2
bins=("$@")
pairs=${HIKE_REVIEWS_PAIRS_PATH:-$root/.build/test-pairs/extracted/usr/share/apertium}
tcmalloc=/usr/lib/$(uname -m)-linux-gnu/libtcmalloc_minimal.so.4
[[ -f $tcmalloc ]] || { echo "no $tcmalloc" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/hike-cpu-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/modes"
sed "s#/usr/share/apertium#$pairs#g" "$pairs/modes/spa-eng.mode" > "$work/modes/spa-eng.mode"
python3 "$here/lines.py" "$lines" > "$work/in.txt"
export HIKE_REVIEWS_PAIRS_PATH=$pairs HIKE_REVIEWS_SYSTEM_PAIRS=0 HIKE_REVIEWS_CACHE=0

run() {  # NAME ROUND: one run under perf stat; prints "name round wall cpu instructions load"
    local name=$1 round=$2 load start end
    load=$(cut -d' ' -f1 /proc/loadavg)
    start=$(date +%s.%N)
    if [[ $name == ours* ]]; then
        perf stat -x, -e task-clock,instructions -o "$work/$name.stat" -- "${bins[${name#ours}]}" translate --from es --to en "$work/in.txt" > "$work/$name.out"
    else
        perf stat -x, -e task-clock,instructions -o "$work/$name.stat" -- env LD_PRELOAD="$tcmalloc" apertium -u -d "$work" spa-eng < "$work/in.txt" > "$work/$name.out"
    fi
    end=$(date +%s.%N)
    awk -F, -v n="$name" -v r="$round" -v w="$(echo "$end - $start" | bc)" -v l="$load" \
        '$3 == "task-clock" { c = $1 / 1000 } $3 ~ /^instructions/ { i = $1 / 1e9 } END { printf "%s %d %.2f %.2f %.1f %s\n", n, r, w, c, i, l }' "$work/$name.stat"
}

status=0
for round in $(seq "$rounds"); do
    order=(command)
    for index in "${!bins[@]}"; do order+=("ours$index"); done
    # Which goes first turns round by round.
    shift_by=$(( (round - 1) % ${#order[@]} ))
    order=("${order[@]:shift_by}" "${order[@]:0:shift_by}")
    for name in "${order[@]}"; do run "$name" "$round" | tee -a "$work/runs"; done
    for index in "${!bins[@]}"; do
        cmp -s "$work/ours$index.out" "$work/command.out" || { echo "round $round: ours$index's output differs" >&2; status=1; }
    done
done
echo "# name round wall_s cpu_s instructions_G load1 (above; ours0 is the first BIN); medians over the command's:"
awk '{ w[$1] = w[$1] " " $3; c[$1] = c[$1] " " $4; i[$1] = i[$1] " " $5 }
     function med(s,   a, n) { n = split(s, a, " "); asort(a); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
     END { for (n in w) if (n != "command") printf "%s: wall %.3fx  cpu %.3fx  instructions %.3fx\n", n, med(w[n]) / med(w["command"]), med(c[n]) / med(c["command"]), med(i["command"]) ? med(i[n]) / med(i["command"]) : 0 }' "$work/runs"
exit $status
