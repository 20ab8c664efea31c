//! Every subcommand under bad input: exit code 2 and one line on standard error that names
//! the problem (with line and column for files), never a panic. One table, one row a case.

use crate::common::{run, temp_file};

#[test]
fn bad_input_of_every_subcommand_exits_2_with_one_line_naming_the_problem() {
    let graph = temp_file("bad-input.graph", "start a\nedge a b x\n");
    let maze = temp_file("bad-input.maze", "#####\n#S.X#\n#####\n");
    let prolog = temp_file("bad-input.pl", "foo(X :- bar.\n");
    let rules = temp_file("bad-input.rules", "rule r: a ==> .\n");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["graph", &graph],
            "line 2, column 10: 'x' is not a number",
        ),
        (vec!["graph", "missing.graph"], "cannot read missing.graph"),
        (vec!["graph", "/dev/zero"], "not a regular file"),
        (vec!["graph", "examples"], "not a regular file"),
        (
            vec!["graph", "examples/graphs/romania.graph", "--algo", "nope"],
            "unknown algorithm 'nope'",
        ),
        (
            vec![
                "graph",
                "examples/graphs/romania.graph",
                "--algo",
                "wastar",
                "--weight",
                "0.5",
            ],
            "--weight must be a number >= 1",
        ),
        (vec!["taquin", "--start", "a b/c"], "rows of unequal length"),
        (
            vec!["taquin", "--start", "a a/b _"],
            "appears more than once",
        ),
        (vec!["taquin", "--goal", "weird"], "--goal"),
        (
            vec!["taquin", "--heuristic", "nope"],
            "unknown heuristic 'nope'",
        ),
        (
            vec!["taquin", "--timeout", "abc"],
            "not a number of seconds",
        ),
        (vec!["taquin", "--max-nodes", "-5"], "unexpected argument"),
        (vec!["taquin", "--batch", "/dev/null"], "not a regular file"),
        (vec!["maze", &maze], "line 2, column 4: unexpected 'X'"),
        (vec!["prove", &prolog, "a"], ":1:13: syntax error"),
        (
            vec!["prove", "examples/prolog/tiny.pl", "a("],
            "query:1:3: syntax error",
        ),
        (vec!["rules", &rules], ":1:15: syntax error"),
        (vec!["hanoi", "--method", "nope"], "unknown method 'nope'"),
        (vec!["hanoi", "--pegs", "2"], "the pegs must number 3 to 8"),
        (vec!["hanoi", "--disks", "1000"], "must number 1 to 32"),
        (vec!["matches", "solve", "--take", "0"], "--take"),
        (vec!["matches", "solve", "--heaps", "x"], "--heaps"),
        (
            vec!["tictactoe", "solve", "--board", "xx"],
            "a board has nine cells",
        ),
        (vec!["knight", "--size", "0"], "bad board size '0'"),
        (vec!["knight", "--size", "100000"], "out of range"),
        (vec!["knight", "--start", "x"], "bad square 'x'"),
        (vec!["queens", "40"], "1 <= N <= 32"),
        (vec!["experiment", "taquin", "--depths", "x"], "--depths"),
        (
            vec!["experiment", "taquin", "--korf", "101"],
            "there are 100 of Korf's boards",
        ),
        (
            vec!["experiment", "taquin", "--per-depth", "100000"],
            "--per-depth must be 1 to",
        ),
        (
            vec!["experiment", "hanoi", "--disks", "0"],
            "between 1 and 20 disks",
        ),
        (vec!["nosuch"], "unrecognized subcommand"),
    ];
    let mut failures = Vec::new();
    for (args, expected) in &cases {
        let (code, _, err) = run(args);
        let first = err.lines().next().unwrap_or("");
        let ok = code == 2
            && first.starts_with("error:")
            && err.contains(expected)
            && !err.contains("panicked");
        // clap adds a usage line and a hint after its own errors; ours are one line.
        let one_line = err.lines().count() == 1 || err.contains("For more information");
        if !ok || !one_line {
            failures.push(format!(
                "resolu {}: exit {code}, stderr {err:?}",
                args.join(" ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
