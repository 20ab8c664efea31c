//! `resolu hanoi` end to end: every move replayed by a simulation written here.

use crate::common::{json, run, temp_file};

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

#[test]
fn the_default_is_the_course_expert_system_26_moves_explained() {
    let (code, out, _) = run(&["hanoi"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("by the rules of examples/rules/hanoi.rules (strategy priority)"),
        "{out}"
    );
    assert!(
        out.contains("Move 1 (r1, 1 rule eligible): disk 1 from peg 0 to peg 1, situation 14\n"),
        "{out}"
    );
    assert!(
        out.contains("Move 26 (r2, 1 rule eligible): disk 1 from peg 1 to peg 2, situation 448\n"),
        "{out}"
    );
    assert!(!out.contains("Move 27"));
    assert!(
        out.contains("Solved by the rules in 26 moves; the optimum is 2^3 - 1 = 7."),
        "{out}"
    );
    assert!(
        out.contains("Why 26 and not 7: these rules only move a disk between neighbouring pegs"),
        "{out}"
    );
    assert!(out.contains("No situation was repeated."), "{out}");
    let (code, out, _) = run(&["hanoi", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(
        (v["length"].as_u64(), v["optimum"].as_u64()),
        (Some(26), Some(7))
    );
    assert_eq!(
        (v["solved"].as_bool(), v["stop"].as_str()),
        (Some(true), Some("goal"))
    );
    let (end, seen) = replay(3, 3, &v["moves"]);
    assert_eq!(end, solved(3, 3));
    let distinct: std::collections::HashSet<&String> = seen.iter().collect();
    assert_eq!(distinct.len(), 27, "no situation repeated: all 27 met once");
    assert_eq!(v["fired"][0], "r1");
    // The same file given by path.
    let (_, out2, _) = run(&[
        "hanoi",
        "--rules",
        "examples/rules/hanoi.rules",
        "--format",
        "json",
    ]);
    assert_eq!(json(&out2)["moves"], v["moves"]);
}

#[test]
fn the_optimal_rules_take_two_to_the_n_minus_one_moves() {
    for n in 1..=6usize {
        let n_text = n.to_string();
        let (code, out, err) = run(&[
            "hanoi", "--rules", "optimal", "--disks", &n_text, "--format", "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let v = json(&out);
        assert_eq!(v["length"], (1u64 << n) - 1, "{n} disks");
        assert_eq!(replay(n, 3, &v["moves"]).0, solved(n, 3));
    }
    let (code, out, _) = run(&["hanoi", "--rules", "optimal", "--disks", "4", "--compact"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Move 15 (smallest, 1 rule eligible): disk 1 from peg 1 to peg 2"),
        "{out}"
    );
    assert!(
        out.contains("Solved by the rules in 15 moves; the optimum is 2^4 - 1 = 15."),
        "{out}"
    );
}

#[test]
fn four_pegs_use_neighbour_moves_and_stuck_bases_exit_1() {
    let (code, out, _) = run(&["hanoi", "--pegs", "4", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["rules"], "examples/rules/hanoi-neighbours.rules");
    assert_eq!(
        (v["length"].as_u64(), v["optimum"].as_u64()),
        (Some(29), Some(5))
    );
    let (end, seen) = replay(3, 4, &v["moves"]);
    assert_eq!(end, solved(3, 4));
    for pair in v["moves"].as_array().unwrap() {
        assert_eq!(
            pair[0]
                .as_i64()
                .unwrap()
                .abs_diff(pair[1].as_i64().unwrap()),
            1
        );
    }
    assert_eq!(
        seen.iter().collect::<std::collections::HashSet<_>>().len(),
        seen.len()
    );
    let (code, out, _) = run(&["hanoi", "--rules", "optimal", "--pegs", "4"]);
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "Stuck after 0 moves: no rule is eligible and the disks are not all on peg 3."
        ),
        "{out}"
    );
    // Only two moves allowed: 0->2 and 2->0; the first repeats nothing, then nothing is left.
    let course = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/hanoi.rules"
    ))
    .unwrap();
    let head = course.split("rule r1").next().unwrap();
    let tail = &course[course.find("% move(S, From").unwrap()..];
    let two = temp_file(
        "two.rules",
        &format!(
            "{head}rule a priority 1: state(S), move(S, 0, 2, _, S1), \\+ seen(S1) ==> retract(state(S)), assert(state(S1)), assert(seen(S1)).\n{tail}"
        ),
    );
    let (code, out, _) = run(&["hanoi", "--rules", &two, "--compact"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("Move 1 (a, ") && out.contains("eligible): disk 1 from peg 0 to peg 2"),
        "{out}"
    );
    assert!(out.contains("Stuck after 1 move: "), "{out}");
    // A rule base that cheats is caught.
    let cheat = temp_file(
        "cheat.rules",
        &format!(
            "{head}rule jump priority 1: state([[3,2,1],[],[]]) ==> retract(state(_)), assert(state([[],[],[3,2,1]])).\n{tail}"
        ),
    );
    let (code, _, err) = run(&["hanoi", "--rules", &cheat]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "rule jump went from [3 2 1] [] [] to [] [] [3 2 1], which is not one legal move"
        ),
        "{err}"
    );
}

#[test]
fn rules_limits_traces_and_errors() {
    let (code, out, _) = run(&["hanoi", "--max-cycles", "10", "--compact"]);
    assert_eq!(code, 3);
    assert!(
        out.contains(
            "Stopped after 10 cycles: the cycle limit (--max-cycles) was reached. 10 moves made."
        ),
        "{out}"
    );
    let (code, out, _) = run(&["hanoi", "--trace", "--compact"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "Cycle 1: conflict set (1): r1 {S = [[3,2,1],[],[]], D = 1, S1 = [[3,2],[1],[]]}\n  fires r1\n"
        ),
        "{out}"
    );
    // A rule base that gives up: halted, not solved, exit 1.
    let halt = temp_file(
        "halt.rules",
        "rule give_up: state(_) ==> print('no idea'), halt.\n",
    );
    let (code, out, _) = run(&["hanoi", "--rules", &halt, "--compact"]);
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "Halted by a rule after 1 cycle. But after 0 moves the disks are not all on peg 2."
        ),
        "{out}"
    );
    // 20 disks by the course's rules take 3^20 - 1 moves: the time limit stops them.
    let (code, out, _) = run(&[
        "hanoi",
        "--disks",
        "20",
        "--compact",
        "--max-cycles",
        "100000000",
        "--timeout",
        "0.3",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    let v = json(&out);
    assert_eq!(
        (v["stop"].as_str(), v["solved"].as_bool()),
        (Some("time-limit"), Some(false))
    );
    for (args, why) in [
        (vec!["hanoi", "--strategy", "randomly"], "unknown strategy"),
        (
            vec!["hanoi", "--rules", "/nonexistent.rules"],
            "cannot read",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn the_rules_show_the_course_s_situation_numbers_and_the_eligible_rules() {
    let (code, out, _) = run(&["hanoi", "--compact"]);
    assert_eq!(code, 0);
    assert!(out.contains("Start, situation 7 "), "{out}");
    // The final situation of 3 disks on peg 2: 2^(0+6) + 2^(1+6) + 2^(2+6).
    assert!(
        out.contains("Move 26 (r2, 1 rule eligible): disk 1 from peg 1 to peg 2, situation 448"),
        "{out}"
    );
    // Pegs bottom first.
    assert!(out.trim_end().contains("[] [] [3 2 1]\nSolved"), "{out}");
    let (code, out, _) = run(&["hanoi", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    let situations = v["situations"].as_array().unwrap();
    assert_eq!(situations.len(), 27);
    assert_eq!(situations[0], 7);
    assert_eq!(situations[26], 448);
    assert_eq!(v["eligible"].as_array().unwrap().len(), 26);
    assert!(
        v["eligible"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e.as_u64() >= Some(1))
    );
}
