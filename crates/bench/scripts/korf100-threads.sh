#!/usr/bin/env bash
# Parallel IDA* (#17) on Korf's 100 15-puzzle instances with linear conflicts, one process
# per board as a user runs it, first with --threads 1, then with --threads 2 (or the thread
# counts given as arguments): the total wall time of each pass, the speed-up, and a check
# that every length is the same. Wants an idle machine (wall time); takes about 4 minutes.
#
#   cargo build --release -p resolu && crates/bench/scripts/korf100-threads.sh [T1 T2 ...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
bin="$root/target/release/resolu"
data="$root/data/puzzles/korf100.txt"
goal='0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15'
threads=(1 2)
[ $# -eq 0 ] || threads=("$@")
# KORF_COUNT=N takes Korf's first N boards only (a quick check of the script).
count=${KORF_COUNT:-100}
out=$(mktemp -d)
for t in "${threads[@]}"; do
    begin=$(date +%s.%N)
    grep -v '^#' "$data" | head -n "$count" | while read -r id opt c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13 c14 c15; do
        [ -n "$id" ] || continue
        board="$c0 $c1 $c2 $c3/$c4 $c5 $c6 $c7/$c8 $c9 $c10 $c11/$c12 $c13 $c14 $c15"
        length=$("$bin" taquin --start "$board" --goal "$goal" --algo idastar \
            --heuristic linear-conflict --threads "$t" --format json |
            sed -n 's/.*"length":\([0-9]*\).*/\1/p')
        [ "$length" = "$opt" ] || { echo "Korf #$id: length $length, optimal $opt" >&2; exit 1; }
        echo "$id $length"
    done > "$out/lengths.$t"
    end=$(date +%s.%N)
    echo "$end - $begin" | bc > "$out/time.$t"
    echo "threads $t: $(cat "$out/time.$t") s wall, $(wc -l < "$out/lengths.$t") boards"
done
first=${threads[0]}
for t in "${threads[@]:1}"; do
    cmp -s "$out/lengths.$first" "$out/lengths.$t" || { echo "lengths differ" >&2; exit 1; }
    echo "speed-up $first -> $t threads: $(echo "scale=3; $(cat "$out/time.$first") / $(cat "$out/time.$t")" | bc)x (same lengths)"
done
rm -r "$out"
