//! `resolu knight` end to end.

use crate::common::{json, resolu, run};

/// The JSON Lines of stdout.
fn lines(out: &str) -> Vec<serde_json::Value> {
    out.lines().map(json).collect()
}

/// Checks a board of step numbers: every step once, knight moves between consecutive steps.
fn check_board(board: &serde_json::Value, closed: bool) {
    let rows: Vec<Vec<u64>> = serde_json::from_value(board.clone()).unwrap();
    let n = rows.len() * rows[0].len();
    let mut at = vec![(0i64, 0i64); n + 1];
    let mut seen = vec![false; n + 1];
    for (r, row) in rows.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            assert!(v >= 1 && v as usize <= n && !seen[v as usize], "step {v}");
            seen[v as usize] = true;
            at[v as usize] = (r as i64, c as i64);
        }
    }
    let knight = |a: (i64, i64), b: (i64, i64)| (a.0 - b.0).abs() * (a.1 - b.1).abs() == 2;
    for v in 1..n {
        assert!(knight(at[v], at[v + 1]), "step {v}");
    }
    if closed {
        assert!(knight(at[n], at[1]));
    }
}

#[test]
fn with_no_arguments_it_prints_the_course_tour() {
    let (code, out, _) = run(&["knight"]);
    assert_eq!(code, 0);
    assert!(out.contains(" 1 14 19  8 25\n 6  9  2 13 18\n"), "{out}");
    assert!(out.contains("21 16 11  4 23\n"), "{out}");
    assert!(out.contains("tries") && out.contains("backtracks"));
}

#[test]
fn warnsdorff_json_gives_the_course_board_and_the_counters() {
    let (code, out, _) = run(&["cavalier", "--method", "warnsdorff", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(
        v["board"],
        serde_json::json!([
            [1, 12, 25, 18, 3],
            [22, 17, 2, 13, 24],
            [11, 8, 23, 4, 19],
            [16, 21, 6, 9, 14],
            [7, 10, 15, 20, 5]
        ])
    );
    assert_eq!(v["stats"]["backtracks"], 0);
    assert_eq!(v["stats"]["solutions"], 1);
    assert!(v["stats"]["tries"].as_u64().unwrap() >= 24);
    assert!(v["stats"]["elapsed_ms"].is_number());
}

#[test]
fn rectangles_closed_tours_and_starts_are_checked() {
    let (code, out, err) = run(&[
        "knight",
        "--size",
        "6x8",
        "--start",
        "2,3",
        "--closed",
        "--method",
        "warnsdorff",
        "--prune",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["board"][2][3], 1);
    check_board(&v["board"], true);
    let (code, out, _) = run(&[
        "knight",
        "--size",
        "30",
        "--method",
        "warnsdorff",
        "--ties",
        "roth",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    check_board(&json(&out)["board"], false);
}

#[test]
fn counting_gives_304_tours_of_5x5() {
    for extra in [&[][..], &["--method", "band", "--prune"][..]] {
        let mut args = vec!["knight", "--count", "--format", "json"];
        args.extend_from_slice(extra);
        let (code, out, _) = run(&args);
        assert_eq!(code, 0);
        let v = json(&out);
        assert_eq!(v["count"], 304);
        assert_eq!(v["stats"]["solutions"], 304);
        assert_eq!(v["reason"], "exhausted");
    }
}

#[test]
fn all_with_a_limit_gives_json_lines_then_a_summary() {
    let (code, out, _) = run(&["knight", "--all", "--limit", "3", "--format", "json"]);
    assert_eq!(code, 0);
    let v = lines(&out);
    assert_eq!(v.len(), 4);
    for (i, s) in v[..3].iter().enumerate() {
        assert_eq!(s["solution"], i as u64 + 1);
        check_board(&s["board"], false);
    }
    assert_ne!(v[0]["board"], v[1]["board"]);
    assert_eq!(v[3]["count"], 3);
    assert_eq!(v[3]["stats"]["solutions"], 3);
    assert_eq!(v[3]["reason"], "stopped");
}

#[test]
fn all_asks_after_each_tour_and_stops_on_no_or_end_of_input() {
    let out = resolu()
        .args(["knight", "--all", "--format", "json"])
        .write_stdin("y\n\nn\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v = lines(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(v.len(), 4, "three tours (yes, yes, no), then the summary");
    assert_eq!(v[3]["count"], 3);

    let out = resolu()
        .args(["knight", "--all"])
        .write_stdin("yes\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Tour 2:") && !text.contains("Tour 3:"),
        "{text}"
    );
    assert!(text.contains("2 tours (stopped before the end)"), "{text}");
}

#[test]
fn no_tour_and_limits_have_their_exit_codes() {
    let (code, out, _) = run(&["knight", "--size", "4"]);
    assert_eq!(code, 1);
    assert!(out.contains("No tour exists"), "{out}");
    let (code, out, _) = run(&["knight", "--size", "3", "--count", "--format", "json"]);
    assert_eq!(code, 1);
    assert_eq!(json(&out)["count"], 0);
    let (code, out, _) = run(&[
        "knight",
        "--size",
        "8",
        "--max-nodes",
        "5000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    let v = json(&out);
    assert_eq!(v["reason"], "node-limit");
    assert_eq!(v["board"], serde_json::Value::Null);
    assert_eq!(v["stats"]["moves_tested"], 5000);
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    for args in [
        &["knight", "--size", "0"][..],
        &["knight", "--size", "5x"],
        &["knight", "--start", "5,0"],
        &["knight", "--start", "1"],
        &["knight", "--method", "fast"],
        &["knight", "--ties", "random"],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.starts_with("error: "), "{err}");
    }
}

#[test]
fn svg_draws_the_tour() {
    let path = std::env::temp_dir().join(format!("resolu-knight-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    let (code, _, _) = run(&[
        "knight",
        "--size",
        "6",
        "--method",
        "warnsdorff",
        "--svg",
        p,
    ]);
    assert_eq!(code, 0);
    let svg = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(svg.starts_with("<svg") && svg.contains("<polyline"));
    let points = svg
        .split("points=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert_eq!(points.split(' ').count(), 36);
}

#[test]
fn help_has_examples() {
    let (code, out, _) = run(&["knight", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Examples:") && out.contains("--ties roth"));
}

#[test]
fn count_all_starts_counts_every_start_through_the_symmetries() {
    let (code, out, _) = run(&[
        "knight",
        "--count",
        "--all-starts",
        "--prune",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["count"], 1728);
    let squares: u64 = v["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["squares"].as_u64().unwrap())
        .sum();
    assert_eq!(squares, 25);
}

#[test]
fn degrees_prints_the_course_matrix_and_warnsdorff_s_steps() {
    let (code, out, _) = run(&["knight", "--method", "warnsdorff", "--degrees"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("2 3 4 3 2\n3 4 6 4 3\n4 6 8 6 4\n3 4 6 4 3\n2 3 4 3 2\n"),
        "{out}"
    );
    assert!(out.contains("first fail"), "{out}");
    assert!(
        out.contains("  2 from (0,0): (1,2):5 (2,1):5 -> (1,2)\n"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "knight",
        "--method",
        "warnsdorff",
        "--degrees",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["degrees"][2], serde_json::json!([4, 6, 8, 6, 4]));
    assert_eq!(v["steps"].as_array().unwrap().len(), 24);
}

#[test]
fn a_start_of_the_minority_colour_is_refused_at_once() {
    let (code, out, _) = run(&["knight", "--start", "0,1"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("no tour exists: a knight's move changes the colour"),
        "{out}"
    );
    assert!(!out.contains("tries"), "no search: {out}");
    let (code, out, _) = run(&["knight", "--start", "1,2", "--format", "json"]);
    assert_eq!(code, 1);
    assert!(json(&out)["no_tour"].as_str().unwrap().contains("colour"));
}

#[test]
fn the_counters_mean_the_same_for_the_three_methods() {
    let stats = |m: &str, start: &str| {
        let (code, out, _) = run(&[
            "knight", "--method", m, "--start", start, "--format", "json",
        ]);
        assert_eq!(code, 0);
        json(&out)["stats"].clone()
    };
    let (basic, band) = (stats("basic", "0,0"), stats("band", "0,0"));
    assert_eq!(basic["tries"], band["tries"]);
    assert_eq!(basic["backtracks"], band["backtracks"]);
    assert!(basic["bounds_tests"].as_u64().unwrap() > 0);
    assert_eq!(band["bounds_tests"], 0);
    // The start the help gives: Warnsdorff must backtrack there.
    let w = stats("warnsdorff", "1,3");
    assert_eq!(w["backtracks"], 214);
    assert_eq!(
        w["tries"].as_u64().unwrap() - w["backtracks"].as_u64().unwrap(),
        24
    );
}
