//! `resolu queens` end to end.

use crate::common::{json, resolu, run};

#[test]
fn the_default_is_the_first_solution_of_8() {
    let (code, out, _) = run(&["queens"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("8 queens on 8x8, first solution:\nQ . . . . . . .\n"),
        "{out}"
    );
    assert!(out.contains("876 tries, 105 backtracks"), "{out}");
}

#[test]
fn json_has_the_board_columns_and_counters() {
    let (code, out, _) = run(&["reines", "6", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["columns"], serde_json::json!([1, 3, 5, 0, 2, 4]));
    assert_eq!(v["board"][0], ".Q....");
    assert_eq!(v["stats"]["solutions"], 1);
    assert!(v["stats"]["tries"].as_u64().unwrap() > 6);
}

#[test]
fn counts_are_the_published_ones() {
    for (n, count) in [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724), (12, 14200)] {
        let (code, out, _) = run(&["queens", &n.to_string(), "--count", "--format", "json"]);
        assert_eq!(code, 0);
        let v = json(&out);
        assert_eq!(v["count"], count, "n = {n}");
        assert_eq!(v["reason"], "exhausted");
    }
    let (code, out, _) = run(&["queens", "3", "--count"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("0 solutions (all of them)"), "{out}");
}

#[test]
fn all_lists_every_solution_of_6_as_json_lines() {
    let (code, out, _) = run(&["queens", "6", "--all", "--limit", "10", "--format", "json"]);
    assert_eq!(code, 0);
    let v: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(v.len(), 5, "4 solutions and the summary");
    assert_eq!(v[4]["count"], 4);
    assert_eq!(v[4]["reason"], "exhausted");
    assert_eq!(v[3]["columns"], serde_json::json!([4, 2, 0, 5, 3, 1]));
}

#[test]
fn all_asks_whether_to_go_on() {
    let out = resolu()
        .args(["queens", "8", "--all"])
        .write_stdin("\nq\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Solution 2:") && !text.contains("Solution 3:"),
        "{text}"
    );
}

#[test]
fn bad_sizes_and_limits() {
    let (code, _, err) = run(&["queens", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("1 <= N <= 32"), "{err}");
    let (code, _, _) = run(&["queens", "many"]);
    assert_eq!(code, 2);
    let (code, out, _) = run(&[
        "queens",
        "14",
        "--count",
        "--max-nodes",
        "1000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    assert_eq!(json(&out)["reason"], "node-limit");
}
