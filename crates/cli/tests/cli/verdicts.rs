//! Verdicts that are true: a run cut by a limit says which, exits 3 and gives a `reason`
//! of its own in JSON; "no solution exists" (exit 1) only when the whole space was seen.

use crate::common::{json, run};

/// Each search command with a problem that DFS solves within `deep` steps but not within
/// `shallow`.
const DEPTH_CASES: [(&[&str], usize, usize); 3] = [
    (&["taquin"], 3, 40),
    (&["graph", "examples/graphs/romania.graph"], 1, 20),
    (&["hanoi", "--disks", "3"], 3, 40),
];

fn with<S: AsRef<str>>(base: &[S], extra: &[&str]) -> Vec<String> {
    base.iter()
        .map(|s| s.as_ref().to_string())
        .chain(extra.iter().map(|s| s.to_string()))
        .collect()
}

fn run_owned(args: &[String]) -> (i32, String, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&args)
}

#[test]
fn a_depth_limit_that_cuts_a_solvable_problem_says_so_and_exits_3() {
    for (base, shallow, deep) in DEPTH_CASES {
        let algo: &[&str] = if base[0] == "hanoi" {
            &["--method", "dfs"]
        } else {
            &["--algo", "dfs"]
        };
        let shallow = shallow.to_string();
        let args = with(&with(base, algo), &["--depth-limit", &shallow]);
        let (code, out, _) = run_owned(&args);
        assert_eq!(code, 3, "{args:?}: {out}");
        assert!(
            out.contains(&format!("no solution within depth {shallow}")),
            "{args:?}: {out}"
        );
        assert!(!out.contains("no solution exists"), "{out}");
        let (code, out, _) = run_owned(&with(&args, &["--format", "json"]));
        assert_eq!(code, 3);
        let v = json(&out);
        assert_eq!(v["reason"], "depth-limit", "{args:?}");
        assert_eq!(v["solved"], false);
        // The same problem is solvable: a deeper limit finds a solution within it.
        let deep = deep.to_string();
        let args = with(
            &with(base, algo),
            &["--depth-limit", &deep, "--format", "json"],
        );
        let (code, out, _) = run_owned(&args);
        assert_eq!(code, 0, "{args:?}: {out}");
        let v = json(&out);
        assert!(v["length"].as_u64().unwrap() <= deep.parse().unwrap());
    }
}

#[test]
fn every_limit_of_every_search_algorithm_exits_3_with_its_reason() {
    // The course's 8-puzzle: solvable in 5 moves, but not within 2 expansions, no time,
    // or 1 MB.
    let cuts: [(&[&str], &str); 2] = [
        (&["--max-nodes", "2"], "node-limit"),
        (&["--timeout", "0"], "time-limit"),
    ];
    for algo in [
        "random", "dfs", "iddfs", "bfs", "ucs", "greedy", "astar", "wastar", "idastar",
    ] {
        let (code, _, _) = run(&["taquin", "--algo", algo, "--format", "json"]);
        assert_eq!(code, 0, "{algo} solves the course's board");
        for (flags, reason) in cuts {
            let args = with(&["taquin", "--algo", algo, "--format", "json"], flags);
            let (code, out, err) = run_owned(&args);
            assert_eq!(code, 3, "{args:?}: {out}{err}");
            assert_eq!(json(&out)["reason"], reason, "{args:?}");
        }
    }
}

#[test]
fn backtracking_limits_exit_3_and_say_which() {
    for args in [
        &["queens", "30", "--count", "--max-nodes", "1000"][..],
        &["knight", "--size", "8", "--count", "--timeout", "0.05"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 3, "{args:?}: {out}{err}");
        assert!(out.contains("Stopped") || out.contains("stopped"), "{out}");
        // Not a terminal: no progress line on standard error.
        assert!(err.is_empty(), "{err}");
    }
}
