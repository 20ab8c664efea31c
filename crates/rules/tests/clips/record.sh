#!/bin/sh
# Records how CLIPS 6 (Debian's `clips` package) fires a rule base under each conflict
# resolution strategy, for the tests in crates/rules/tests/clips.rs, which compare
# resolu's runs of the same base (written in resolu's rule language) with these records.
#
#   crates/rules/tests/clips/record.sh            re-records every *.clp in this folder,
#                                                 Miss Manners and Waltz
#
# Each record has one line per rule fired: the rule's name, then the facts its actions
# asserted, as CLIPS writes them: `pair (tagged 1 red)`. CI does not need CLIPS: the
# records are committed.
set -eu
cd "$(dirname "$0")"
command -v clips >/dev/null || { echo "clips is not installed (apt-get install clips)" >&2; exit 2; }
for clp in *.clp; do
    base=${clp%.clp}
    for strategy in depth breadth simplicity complexity lex mea; do
        script=$(mktemp)
        {
            cat "$clp"
            printf '(set-strategy %s)\n(reset)\n(watch rules)\n(watch facts)\n(run)\n(exit)\n' "$strategy"
        } >"$script"
        clips -f "$script" </dev/null | awk '
            /^FIRE/ { if (line != "") print line; rule = $3; sub(/:$/, "", rule); line = rule; next }
            /^==> f-/ && line != "" { $1 = ""; $2 = ""; sub(/^  */, ""); line = line " " $0 }
            END { if (line != "") print line }
        ' >"$base.$strategy.txt"
        rm -f "$script"
    done
done
# Miss Manners (examples/rules/manners.clp, 16 guests), by CLIPS's default strategy
# (depth): the lines it prints, the seating.
script=$(mktemp)
{
    cat ../../../../examples/rules/manners.clp
    printf '(reset)\n(run)\n(exit)\n'
} >"$script"
clips -f "$script" </dev/null | awk 'f && !/^CLIPS>/ && NF { print } /^CLIPS> \(run\)/ { f = 1 }' >manners.out
rm -f "$script"
# Waltz (examples/rules/waltz.clp, two cubes), by CLIPS's default strategy: the lines it
# prints, the labelling.
script=$(mktemp)
{
    cat ../../../../examples/rules/waltz.clp
    printf '(reset)\n(run)\n(exit)\n'
} >"$script"
clips -f "$script" </dev/null | awk 'f && !/^CLIPS>/ && NF { print } /^CLIPS> \(run\)/ { f = 1 }' >waltz.out
rm -f "$script"
