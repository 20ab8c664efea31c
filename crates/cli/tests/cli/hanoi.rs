//! `resolu hanoi` end to end: every move replayed by a simulation written here.

use crate::common::{json, run};

/// Replays `[from, to]` pairs on `pegs` pegs with `disks` disks (all on peg 0 at first):
/// every move must take a top disk onto an empty peg or a larger disk. Returns the stacks
/// at the end and the situations met, in order.
fn replay(disks: usize, pegs: usize, moves: &serde_json::Value) -> (Vec<Vec<usize>>, Vec<String>) {
    let mut stacks: Vec<Vec<usize>> = vec![Vec::new(); pegs];
    stacks[0] = (1..=disks).rev().collect();
    let mut seen = vec![format!("{stacks:?}")];
    for (i, m) in moves.as_array().unwrap().iter().enumerate() {
        let from = m[0].as_u64().unwrap() as usize;
        let to = m[1].as_u64().unwrap() as usize;
        let disk = stacks[from]
            .pop()
            .unwrap_or_else(|| panic!("move {i}: empty peg"));
        if let Some(&top) = stacks[to].last() {
            assert!(top > disk, "move {i}: disk {disk} onto {top}");
        }
        stacks[to].push(disk);
        seen.push(format!("{stacks:?}"));
    }
    (stacks, seen)
}

fn solved(disks: usize, pegs: usize) -> Vec<Vec<usize>> {
    let mut stacks = vec![Vec::new(); pegs];
    stacks[pegs - 1] = (1..=disks).rev().collect();
    stacks
}

#[test]
fn optimal_method_draws_every_move_and_reaches_two_to_the_n_minus_one() {
    let (code, out, _) = run(&["hanoi", "--method", "optimal", "--disks", "2"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Move 1: disk 1 from peg 0 to peg 1\n"),
        "{out}"
    );
    assert!(
        out.contains("Move 3: disk 1 from peg 1 to peg 2\n"),
        "{out}"
    );
    assert!(!out.contains("Move 4"));
    assert!(
        out.contains("   |      |     =1=\n   |      |    ==2==\n"),
        "{out}"
    );
    assert!(
        out.contains("Solved in 3 moves (optimal: 2^2 - 1 = 3)."),
        "{out}"
    );
    for n in 1..=8 {
        let n_text = n.to_string();
        let (code, out, _) = run(&[
            "hanoi", "--method", "optimal", "--disks", &n_text, "--format", "json",
        ]);
        assert_eq!(code, 0);
        let v = json(&out);
        assert_eq!(v["length"], (1u64 << n) - 1);
        assert_eq!(replay(n, 3, &v["moves"]).0, solved(n, 3));
    }
}

#[test]
fn four_pegs_follow_frame_stewart_and_search_agrees() {
    for (n, expected) in [
        (1, 1),
        (2, 3),
        (3, 5),
        (4, 9),
        (5, 13),
        (6, 17),
        (7, 25),
        (8, 33),
    ] {
        let n_text = n.to_string();
        for method in ["optimal", "bfs", "astar"] {
            if method != "optimal" && n > 7 {
                continue;
            }
            let (code, out, err) = run(&[
                "hanoi", "--method", method, "--disks", &n_text, "--pegs", "4", "--format", "json",
            ]);
            assert_eq!(code, 0, "{method} {n}: {err}");
            let v = json(&out);
            assert_eq!(v["length"], expected, "{method} {n}");
            assert_eq!(v["optimum"], expected);
            assert_eq!(replay(n, 4, &v["moves"]).0, solved(n, 4), "{method} {n}");
        }
    }
}

#[test]
fn every_search_algorithm_solves_three_disks() {
    for algo in [
        "random", "dfs", "iddfs", "bfs", "ucs", "greedy", "astar", "wastar", "idastar",
    ] {
        let (code, out, err) = run(&["hanoi", "--method", algo, "--format", "json"]);
        assert_eq!(code, 0, "{algo}: {err}");
        let v = json(&out);
        let len = v["length"].as_u64().unwrap();
        assert_eq!(replay(3, 3, &v["moves"]).0, solved(3, 3), "{algo}");
        assert_eq!(len as usize, v["moves"].as_array().unwrap().len());
        if ["bfs", "ucs", "astar", "idastar", "iddfs"].contains(&algo) {
            assert_eq!(len, 7, "{algo}");
        } else {
            assert!(len >= 7, "{algo}: {len}");
        }
    }
    let (code, out, _) = run(&["hanoi", "--method", "idastar", "--compact"]);
    assert_eq!(code, 0);
    assert!(out.contains("Move 7: disk 1 from peg 0 to peg 2"), "{out}");
    assert!(out.contains("[] [] [3 2 1]"), "{out}");
    assert!(
        out.contains("Solved by idastar in 7 moves (optimal)"),
        "{out}"
    );
}

#[test]
fn limits_stop_a_search_with_exit_3_and_bad_input_exits_2() {
    let (code, out, _) = run(&[
        "hanoi",
        "--method",
        "bfs",
        "--disks",
        "12",
        "--pegs",
        "4",
        "--max-nodes",
        "1000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    let v = json(&out);
    assert_eq!(
        (v["reason"].as_str(), v["stats"]["expanded"].as_u64()),
        (Some("node-limit"), Some(1000))
    );
    for (args, why) in [
        (vec!["hanoi", "--method", "magic"], "unknown method"),
        (vec!["hanoi", "--pegs", "2"], "pegs"),
        (vec!["hanoi", "--disks", "0"], "disks"),
        (
            vec!["hanoi", "--method", "optimal", "--disks", "21"],
            "2097151 moves",
        ),
        (
            vec!["hanoi", "--method", "wastar", "--weight", "0.5"],
            "--weight",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
}
