//! `resolu graph` end to end.

use crate::common::{json, run, temp_file};

#[test]
fn astar_finds_the_shortest_road_to_bucharest() {
    let (code, out, _) = run(&[
        "graph",
        "examples/graphs/romania.graph",
        "--algo",
        "astar",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["solved"], true);
    assert_eq!(v["cost"], 418.0);
    assert_eq!(v["length"], 4);
    assert_eq!(
        v["moves"],
        serde_json::json!(["Sibiu", "Rimnicu_Vilcea", "Pitesti", "Bucharest"])
    );
    assert_eq!(v["reason"], serde_json::Value::Null);
    for key in ["expanded", "generated", "max_frontier", "elapsed_ms"] {
        assert!(v["stats"][key].is_number(), "stats.{key}");
    }
}

#[test]
fn every_algorithm_reaches_bucharest_and_the_optimal_ones_at_418_km() {
    for algo in [
        "random", "dfs", "iddfs", "bfs", "ucs", "greedy", "astar", "wastar", "idastar",
    ] {
        let (code, out, err) = run(&[
            "graph",
            "examples/graphs/romania.graph",
            "--algo",
            algo,
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{algo}: {err}");
        let v = json(&out);
        assert_eq!(
            v["moves"].as_array().and_then(|m| m.last()),
            Some(&"Bucharest".into()),
            "{algo}"
        );
        let cost = v["cost"].as_f64().expect("a cost");
        if ["ucs", "astar", "idastar"].contains(&algo) {
            assert_eq!(cost, 418.0, "{algo}");
        } else {
            assert!(cost >= 418.0, "{algo}");
        }
    }
}

#[test]
fn greedy_follows_the_heuristic_to_a_longer_road() {
    let (code, out, _) = run(&["graph", "examples/graphs/romania.graph", "--algo", "greedy"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("cost 450: Arad -> Sibiu -> Fagaras -> Bucharest"),
        "{out}"
    );
}

#[test]
fn an_unreachable_goal_exits_1_with_reason_exhausted() {
    let (code, out, _) = run(&["graph", "examples/graphs/islands.graph", "--format", "json"]);
    assert_eq!(code, 1);
    let v = json(&out);
    assert_eq!(v["solved"], false);
    assert_eq!(v["reason"], "exhausted");
    assert_eq!(v["length"], serde_json::Value::Null);
}

#[test]
fn a_node_limit_exits_3() {
    let (code, out, _) = run(&[
        "graph",
        "examples/graphs/romania.graph",
        "--algo",
        "bfs",
        "--max-nodes",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    assert_eq!(json(&out)["reason"], "node-limit");
}

#[test]
fn trace_prints_each_expansion_with_f_g_h() {
    let (code, out, _) = run(&[
        "graph",
        "examples/graphs/tree.graph",
        "--algo",
        "astar",
        "--trace",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("expand #1: f = 5 (g = 0, h = 5)  S"), "{out}");
    assert!(out.contains("cost 6: S -> B -> C -> G"), "{out}");
}

#[test]
fn malformed_files_and_bad_flags_exit_2_with_one_clear_line() {
    let bad = temp_file("bad.graph", "start a\ngoal b\nedge a b ten\n");
    let bad = bad.as_str();
    let (code, out, err) = run(&["graph", bad]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(
        err.trim(),
        format!("error: {bad}: line 3, column 10: 'ten' is not a number")
    );

    let (code, _, err) = run(&["graph", "no/such/file.graph"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: cannot read no/such/file.graph"),
        "{err}"
    );

    let (code, _, err) = run(&["graph", "examples/graphs/tree.graph", "--algo", "magic"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown algorithm 'magic'"), "{err}");

    let (code, _, _) = run(&["graph", "examples/graphs/tree.graph", "--timeout", "soon"]);
    assert_eq!(code, 2);
}

#[test]
fn the_trace_prints_the_priority_each_algorithm_orders_by() {
    let first_expansion = |algo: &[&str]| {
        let mut args = vec!["graph", "examples/graphs/romania.graph", "--trace"];
        args.extend_from_slice(algo);
        let (code, out, _) = run(&args);
        assert_eq!(code, 0, "{out}");
        out.lines()
            .find(|l| l.starts_with("expand #2:"))
            .unwrap()
            .to_string()
    };
    // Sibiu: g = 140, h = 253.
    assert!(first_expansion(&["--algo", "astar"]).contains("f = 393 (g = 140, h = 253)"));
    assert!(
        first_expansion(&["--algo", "wastar", "--weight", "1.5"]).contains("f = g + 1.5·h = 519.5")
    );
    let greedy = first_expansion(&["--algo", "greedy"]);
    assert!(
        greedy.contains("h = 253") && !greedy.contains("f = "),
        "{greedy}"
    );
}
