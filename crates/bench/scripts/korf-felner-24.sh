#!/usr/bin/env bash
# Korf and Felner's 50 random 24-puzzle instances (#16), IDA* with the 6-6-6-6 pattern
# databases and reflection, one thread, at most 30 minutes of CPU each (`ulimit -t`, so the
# cap is the same on a busy machine as on an idle one). The whole set takes up to 25 hours of
# CPU, more than one sitting: the script appends one line per instance to the results file
# and, run again, skips the instances already there, so it can be resumed at will, in the
# background at a low priority (`nice -n 19`). Instances are tried easiest first (the eight
# that Korf and Felner found easiest, then the others in file order).
#
#   cargo build --release -p resolu && nice -n 19 crates/bench/scripts/korf-felner-24.sh
#
# Environment: IDS (the instances to try, in order; default all 50, easiest first; two
# copies given disjoint lists use both cores), CPU_CAP (seconds, default 1800), RESULTS (default
# crates/bench/results/korf-felner-24.txt), PDB_DIR (default: the user's cache directory;
# the 6-6-6-6 tables, 255 MB, are built on first use in about a minute).
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
bin="$root/target/release/resolu"
data="$root/data/puzzles/korf-felner-24.txt"
results=${RESULTS:-$root/crates/bench/results/korf-felner-24.txt}
cap=${CPU_CAP:-1800}
goal='0 1 2 3 4/5 6 7 8 9/10 11 12 13 14/15 16 17 18 19/20 21 22 23 24'
pdb=()
[ -z "${PDB_DIR:-}" ] || pdb=(--pdb-dir "$PDB_DIR")
"$bin" pdb build --pattern 6-6-6-6 --goal "$goal" "${pdb[@]}" >/dev/null || exit 2
[ -s "$results" ] || echo "# id optimal status length cpu_s expanded generated (status: solved, or cpu-cap-Ns)" > "$results"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for id in ${IDS:-25 40 30 44 22 38 32 28 $(seq 1 50)}; do
    grep -q "^$id " "$results" && continue
    read -r _ opt t <<<"$(grep -E "^$id " "$data")"
    set -- $t
    board="$1 $2 $3 $4 $5/$6 $7 $8 $9 ${10}/${11} ${12} ${13} ${14} ${15}/${16} ${17} ${18} ${19} ${20}/${21} ${22} ${23} ${24} ${25}"
    (
        ulimit -t "$cap"
        /usr/bin/time -f %U -o "$tmp/cpu" "$bin" taquin --goal "$goal" --start "$board" \
            --algo idastar --heuristic pdb:6-6-6-6 --threads 1 "${pdb[@]}" --format json \
            >"$tmp/out.json" 2>/dev/null
    )
    cpu=$(tail -n 1 "$tmp/cpu")
    if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["solved"] else 1)' "$tmp/out.json" 2>/dev/null; then
        python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); s = d["stats"]
print(sys.argv[2], sys.argv[3], "solved", d["length"], sys.argv[4], s["expanded"], s["generated"])
' "$tmp/out.json" "$id" "$opt" "$cpu" | tee -a "$results"
    else
        echo "$id $opt cpu-cap-${cap}s - $cpu - -" | tee -a "$results"
    fi
done
