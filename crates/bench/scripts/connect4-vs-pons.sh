#!/usr/bin/env bash
# Connect Four: resolu's solver against a reference solver (Pascal Pons's, built from his
# public repository with his Makefile, outside this repository), on a sample of each set of
# data/connect4/ (made by `cargo bench -p resolu-bench --bench connect4_sets`). One process
# per position for both, CPU time (user + system, /usr/bin/time), so that each side pays
# its start (Pons's process clears an 80 MB table; resolu's is allocated lazily). Every
# score is checked: the set's, resolu's and the reference's must agree, and with
# --analyze / -a every column's. Prints one table row per set and the totals.
#
#   cargo build --release -p resolu && PONS=/tmp/pons/c4solver crates/bench/scripts/connect4-vs-pons.sh
#
# Environment: PONS (the reference binary, reading positions on standard input, printing
# "moves score" or with -a "moves s1 ... s7"; default /tmp/pons/c4solver), SAMPLE (positions
# per set, default 10), SETS (default all six), ANALYZE (0 skips the every-column runs),
# BOOK (a depth: resolu uses its opening book of that depth; default 0: no book on either
# side).
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
bin="$root/target/release/resolu"
pons=${PONS:-/tmp/pons/c4solver}
sample=${SAMPLE:-10}
analyze=${ANALYZE:-1}
book=(--book "${BOOK:-0}")
[ -x "$pons" ] || { echo "no reference solver at $pons (set PONS)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpu() { awk '{ split($0, a, " "); print a[1] + a[2] }' "$tmp/t"; }
add() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a + b }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
printf '| set | positions | resolu score (s) | Pons score (s) | ratio | resolu --analyze (s) | Pons -a (s) | ratio | mismatches |\n'
printf '| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n'
for set in ${SETS:-end-easy middle-easy middle-medium begin-easy begin-medium begin-hard}; do
    file="$root/data/connect4/$set.txt"
    [ -s "$file" ] || { echo "| $set | missing | | | | | | | |"; continue; }
    n=0 rs=0 ps=0 ra=0 pa=0 bad=0
    while read -r moves expected; do
        n=$((n + 1))
        /usr/bin/time -f '%U %S' -o "$tmp/t" "$bin" connect4 solve --moves "$moves" "${book[@]}" \
            --format json >"$tmp/r" 2>/dev/null
        rs=$(add "$rs" "$(cpu)")
        r=$(grep -o '"score":-\?[0-9]*' "$tmp/r" | cut -d: -f2)
        echo "$moves" | /usr/bin/time -f '%U %S' -o "$tmp/t" "$pons" >"$tmp/p" 2>/dev/null
        ps=$(add "$ps" "$(cpu)")
        p=$(cut -d' ' -f2 "$tmp/p")
        if [ "$r" != "$expected" ] || [ "$p" != "$expected" ]; then
            bad=$((bad + 1))
            echo "$set $moves: set $expected, resolu $r, reference $p" >&2
        fi
        [ "$analyze" = 1 ] || continue
        /usr/bin/time -f '%U %S' -o "$tmp/t" "$bin" connect4 solve --moves "$moves" "${book[@]}" \
            --analyze --format json >"$tmp/r" 2>/dev/null
        ra=$(add "$ra" "$(cpu)")
        r=$(grep -o '"column_scores":\[[^]]*\]' "$tmp/r" | sed 's/.*\[//; s/\]//; s/null/-1000/g; s/,/ /g')
        echo "$moves" | /usr/bin/time -f '%U %S' -o "$tmp/t" "$pons" -a >"$tmp/p" 2>/dev/null
        pa=$(add "$pa" "$(cpu)")
        p=$(cut -d' ' -f2- "$tmp/p")
        if [ "$r" != "$p" ]; then
            bad=$((bad + 1))
            echo "$set $moves --analyze: resolu [$r], reference [$p]" >&2
        fi
    done < <(head -n "$sample" "$file")
    printf '| %s | %d | %s | %s | %s | %s | %s | %s | %d |\n' "$set" "$n" "$rs" "$ps" \
        "$(ratio "$rs" "$ps")" "$ra" "$pa" "$(ratio "$ra" "$pa")" "$bad"
done
