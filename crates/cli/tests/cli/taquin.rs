//! `resolu taquin` end to end.

use crate::common::{json, resolu, run, temp_file};

#[test]
fn the_default_solves_the_course_instance_in_five_numbered_moves() {
    let (code, out, _) = run(&["taquin"]);
    assert_eq!(code, 0);
    for i in 1..=5 {
        assert!(out.contains(&format!("Move {i}: ")), "{out}");
    }
    assert!(!out.contains("Move 6"));
    assert!(out.contains("in 5 moves (optimal): f h b a h"), "{out}");
    assert!(out.contains("| a | b | c |"), "boards are drawn as grids");
}

#[test]
fn the_sliding_alias_and_json_moves_name_the_tiles_as_written() {
    let (code, out, _) = run(&["sliding", "--start", "bhc/afd/g_e", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["solved"], true);
    assert_eq!(v["length"], 5);
    assert_eq!(v["moves"], serde_json::json!(["f", "h", "b", "a", "h"]));
    assert!(v["stats"]["expanded"].as_u64().unwrap() >= 5);
}

#[test]
fn every_algorithm_and_heuristic_solves_the_course_instance() {
    for algo in [
        "random", "dfs", "iddfs", "bfs", "ucs", "greedy", "astar", "wastar", "idastar",
    ] {
        for h in ["misplaced", "manhattan", "linear-conflict"] {
            let (code, out, err) = run(&[
                "taquin",
                "--algo",
                algo,
                "--heuristic",
                h,
                "--format",
                "json",
            ]);
            assert_eq!(code, 0, "{algo} {h}: {err}");
            let v = json(&out);
            let len = v["length"].as_u64().unwrap();
            if ["bfs", "ucs", "astar", "idastar", "iddfs"].contains(&algo) {
                assert_eq!(len, 5, "{algo} {h}");
            } else {
                assert!(len >= 5 && len % 2 == 1, "{algo} {h}: {len}");
            }
        }
    }
}

#[test]
fn the_course_question_has_no_solution_and_no_search_is_run() {
    let (code, out, _) = run(&[
        "taquin",
        "--start",
        "a b c / g _ d / h f e",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let v = json(&out);
    assert_eq!(v["solved"], false);
    assert_eq!(v["reason"], "unsolvable");
    assert_eq!(v["stats"]["expanded"], 0);
    let (code, out, _) = run(&["taquin", "--start", "a b c / g _ d / h f e"]);
    assert_eq!(code, 1);
    assert!(out.contains("No solution exists"));
    // 15-puzzle with two tiles swapped: refused at once too.
    let (code, _, _) = run(&["taquin", "--start", "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0"]);
    assert_eq!(code, 1);
}

#[test]
fn numbers_letters_goals_and_files() {
    let (code, out, _) = run(&[
        "taquin",
        "--start",
        "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12",
        "--algo",
        "idastar",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["length"], 9);
    let (code, out, _) = run(&[
        "taquin", "--start", "1 2/_ 3", "--goal", "standard", "--format", "json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["moves"], serde_json::json!(["3"]));
    let (code, out, _) = run(&[
        "taquin",
        "--start",
        "2 1/3 _",
        "--goal",
        "1 2 / 3 0",
        "--format",
        "json",
    ]);
    assert_eq!(
        (code, json(&out)["length"].clone()),
        (1, serde_json::Value::Null)
    );
    let file = temp_file("start.txt", "b h c\na f d\ng . e\n");
    let (code, out, _) = run(&["taquin", "--file", &file, "--format", "json"]);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["length"], 5);
}

#[test]
fn trace_prints_each_expansion_with_f_g_h() {
    let (code, out, _) = run(&["taquin", "--trace", "--heuristic", "misplaced"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("expand #1: f = 4 (g = 0, h = 4)  bhc/afd/g_e"),
        "{out}"
    );
}

#[test]
fn limits_stop_the_search_with_exit_3() {
    // Korf's instance #1 (57 moves).
    let hard = "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3";
    let korf_goal = "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15";
    let (code, out, _) = run(&[
        "taquin",
        "--start",
        hard,
        "--goal",
        "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15",
        "--max-nodes",
        "1000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    let v = json(&out);
    assert_eq!(v["reason"], "node-limit");
    assert_eq!(v["stats"]["expanded"], 1000);
    let (code, out, _) = run(&[
        "taquin",
        "--start",
        hard,
        "--goal",
        korf_goal,
        "--algo",
        "bfs",
        "--timeout",
        "0.2",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    assert_eq!(json(&out)["reason"], "time-limit");
    let (code, out, _) = run(&[
        "taquin",
        "--start",
        hard,
        "--goal",
        korf_goal,
        "--algo",
        "bfs",
        "--max-memory",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    assert_eq!(json(&out)["reason"], "memory-limit");
}

#[test]
fn batch_writes_one_json_line_per_board_and_goes_on_after_errors() {
    let file = temp_file(
        "boards.txt",
        "# the course's boards\nbhc/afd/g_e\n\nabc/g_d/hfe  # unsolvable\nabc/d_\nabc/h_d/gfe\n",
    );
    let out = resolu()
        .args(["taquin", "--batch", &file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "worst of the lines: a bad line");
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        (lines[0]["line"].clone(), lines[0]["length"].clone()),
        (2.into(), 5.into())
    );
    assert_eq!(lines[1]["reason"], "unsolvable");
    assert!(
        lines[2]["error"].as_str().unwrap().contains("line 5"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3]["length"], 0);
}

#[test]
fn bad_input_exits_2_with_one_clear_line() {
    for (args, why) in [
        (vec!["taquin", "--start", "abc/d_"], "unequal"),
        (vec!["taquin", "--start", "ab/cd"], "blank"),
        (vec!["taquin", "--start", "aa/b_"], "more than once"),
        (vec!["taquin", "--goal", "123/456/78_"], "not in the goal"),
        (vec!["taquin", "--heuristic", "euclid"], "unknown heuristic"),
        (vec!["taquin", "--algo", "magic"], "magic"),
        (
            vec!["taquin", "--file", "/nonexistent/board"],
            "cannot read",
        ),
        (vec!["taquin", "--timeout", "soon"], "soon"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn batch_on_two_threads_gives_the_one_thread_lines_in_input_order() {
    let file = temp_file(
        "threads.txt",
        "bhc/afd/g_e\nnot a board\nabc/g_d/hfe\n1 2 3/4 5 6/7 _ 8\n8 6 7/2 5 4/3 _ 1\n",
    );
    let lines = |threads: &str| -> (Option<i32>, Vec<serde_json::Value>) {
        let out = resolu()
            .args([
                "taquin",
                "--batch",
                &file,
                "--algo",
                "idastar",
                "--threads",
                threads,
            ])
            .output()
            .unwrap();
        let values = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                if let Some(stats) = v.get_mut("stats") {
                    stats["elapsed_ms"] = 0.into();
                }
                v
            })
            .collect();
        (out.status.code(), values)
    };
    let (one, two) = (lines("1"), lines("2"));
    assert_eq!(one, two);
    assert_eq!(one.0, Some(2));
    let order: Vec<_> = one.1.iter().map(|v| v["line"].clone()).collect();
    assert_eq!(order, [1, 2, 3, 4, 5].map(serde_json::Value::from));
}

#[test]
fn idastar_on_two_threads_finds_the_one_thread_solution() {
    // Korf's instance #79 with linear conflicts: 42 moves either way, the same ones.
    let args = |threads: &'static str| {
        [
            "taquin",
            "--goal",
            "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15",
            "--start",
            "0 1 9 7/11 13 5 3/14 12 4 2/8 6 10 15",
            "--algo",
            "idastar",
            "--heuristic",
            "linear-conflict",
            "--threads",
            threads,
            "--format",
            "json",
        ]
    };
    let (c1, o1, _) = run(&args("1"));
    let (c2, o2, _) = run(&args("2"));
    assert_eq!((c1, c2), (0, 0));
    assert_eq!(json(&o1)["length"], 42);
    assert_eq!(json(&o1)["moves"], json(&o2)["moves"]);
}

/// The moves of a JSON answer, as strings.
fn json_moves(v: &serde_json::Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key} in {v}"))
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_labs_board_forms_work_for_start_goal_and_batch_lines() {
    for start in [
        "[2, 8, 3, 1, 6, 4, 7, 0, 5]",
        "2 8 3 1 6 4 7 0 5",
        "[[2,8,3],[1,6,4],[7,vide,5]]",
        "2 8 3 / 1 6 4 / 7 vide 5",
    ] {
        let (code, out, err) = run(&["taquin", "--start", start, "--format", "json"]);
        assert_eq!(code, 0, "{start}: {err}");
        assert_eq!(json_moves(&json(&out), "moves"), ["6", "8", "2", "1", "8"]);
    }
    let (code, out, err) = run(&[
        "taquin",
        "--start",
        "[[b,h,c],[a,f,d],[g,vide,e]]",
        "--goal",
        "[[a,b,c],[h,vide,d],[g,f,e]]",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_moves(&json(&out), "moves"), ["f", "h", "b", "a", "h"]);
    let file = temp_file(
        "lab-boards.txt",
        "[2, 8, 3, 1, 6, 4, 7, 0, 5]\n2 8 3 1 6 4 7 0 5\n[[2,8,3],[1,6,4],[7,vide,5]]\n[1, 2, 3]\n",
    );
    let (code, out, _) = run(&["taquin", "--batch", &file]);
    assert_eq!(code, 2, "the last line is not a square count");
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    for line in &lines[..3] {
        assert_eq!(json_moves(line, "moves"), ["6", "8", "2", "1", "8"]);
    }
    let error = lines[3]["error"].as_str().unwrap();
    assert!(
        error.contains("3 cells") && error.contains("[2, 8, 3, 1, 6, 4, 7, 0, 5]"),
        "{error}"
    );
    let (code, _, err) = run(&["taquin", "--start", "[2, 8, 3, 1, 6, 4, 7, 0]"]);
    assert_eq!(code, 2);
    assert!(err.contains("write it as 'b h c / a f d / g _ e'"), "{err}");
}

#[test]
fn french_algorithm_and_heuristic_names_give_the_english_runs() {
    let json_of = |algo: &str, h: &str| {
        let (code, out, err) = run(&[
            "taquin",
            "--algo",
            algo,
            "--heuristic",
            h,
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{algo} {h}: {err}");
        let mut v = json(&out);
        // The one figure that differs between two identical runs.
        v["stats"]["elapsed_ms"] = serde_json::Value::Null;
        v
    };
    for (fr, en) in [
        ("aleatoire", "random"),
        ("profondeur", "dfs"),
        ("profondeur-iterative", "iddfs"),
        ("largeur", "bfs"),
        ("cout-uniforme", "ucs"),
        ("glouton", "greedy"),
        ("aetoile", "astar"),
        ("aetoile-ponderee", "wastar"),
        ("idaetoile", "idastar"),
    ] {
        assert_eq!(json_of(fr, "manhattan"), json_of(en, "manhattan"), "{fr}");
    }
    for (course, en) in [
        ("h1", "misplaced"),
        ("mal-places", "misplaced"),
        ("h2", "manhattan"),
        ("conflits-lineaires", "linear-conflict"),
    ] {
        assert_eq!(json_of("astar", course), json_of("astar", en), "{course}");
    }
    // h1 and h2 are different heuristics: on a 14-move board A* expands 222 boards with h1
    // (misplaced), 36 with h2 (Manhattan).
    let expanded = |h: &str| {
        let (code, out, _) = run(&[
            "taquin",
            "--start",
            "[8, 1, 3, 4, 0, 2, 7, 6, 5]",
            "--goal",
            "standard",
            "--heuristic",
            h,
            "--format",
            "json",
        ]);
        assert_eq!(code, 0);
        json(&out)["stats"]["expanded"].as_u64().unwrap()
    };
    assert_eq!((expanded("h1"), expanded("h2")), (222, 36));
    assert_eq!((expanded("misplaced"), expanded("manhattan")), (222, 36));
    // Text output names the heuristic by its English name.
    let (code, out, _) = run(&["taquin", "--algo", "aetoile", "--heuristic", "h1"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Solved by astar with misplaced in 5 moves"),
        "{out}"
    );
}

#[test]
fn blank_moves_replayed_on_the_board_reach_the_goal() {
    let (code, out, _) = run(&["taquin", "--moves-as", "blank", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(json_moves(&v, "moves"), ["f", "h", "b", "a", "h"]);
    let blank = json_moves(&v, "blank_moves");
    assert_eq!(blank, ["up", "up", "left", "down", "right"]);
    // Replays the blank's directions on the course board by hand.
    let mut cells: Vec<char> = "bhcafdg_e".chars().collect();
    for m in &blank {
        let at = cells.iter().position(|&c| c == '_').unwrap();
        let to = match m.as_str() {
            "up" => at - 3,
            "down" => at + 3,
            "left" => at - 1,
            "right" => at + 1,
            other => panic!("{other}"),
        };
        cells.swap(at, to);
    }
    assert_eq!(cells.iter().collect::<String>(), "abch_dgfe");
    let (code, out, _) = run(&["taquin", "--moves-as", "blank", "--lang", "fr"]);
    assert_eq!(code, 0);
    assert!(out.contains("Coup 1 : haut"), "{out}");
    assert!(out.contains("haut haut gauche bas droite"), "{out}");
    let (_, out, _) = run(&["taquin", "--moves-as", "blank", "--lang", "en"]);
    assert!(out.contains("up up left down right"), "{out}");
    let (_, out, _) = run(&["taquin"]);
    assert!(out.contains("f h b a h"), "tiles stay the default: {out}");
}

#[test]
fn h_of_the_start_and_goal_match_a_hand_count_on_the_course_board() {
    // b h c / a f d / g _ e against a b c / h _ d / g f e: b, h, a, f are misplaced (4);
    // their distances are 1 + 2 + 1 + 1 = 5.
    for (h, start) in [
        ("h1", 4.0),
        ("mal-places", 4.0),
        ("h2", 5.0),
        ("manhattan", 5.0),
    ] {
        let (code, out, _) = run(&["taquin", "--heuristic", h, "--format", "json"]);
        assert_eq!(code, 0);
        let v = json(&out);
        assert_eq!(
            (v["h_start"].as_f64(), v["h_goal"].as_f64()),
            (Some(start), Some(0.0)),
            "{h}"
        );
    }
    let (_, out, _) = run(&["taquin", "--heuristic", "h1"]);
    assert!(
        out.contains("h(start) = 4, h(goal) = 0 (heuristic misplaced)"),
        "{out}"
    );
    let (_, out, _) = run(&["taquin", "--heuristic", "h2"]);
    assert!(
        out.contains("h(start) = 5, h(goal) = 0 (heuristic manhattan)"),
        "{out}"
    );
}

#[test]
fn search_anyway_exhausts_the_181440_reachable_boards() {
    let question = "a b c / g _ d / h f e";
    let (code, out, _) = run(&["taquin", "--start", question]);
    assert_eq!(code, 1);
    assert!(
        !out.contains("expanded"),
        "the parity verdict stays the default: {out}"
    );
    let (code, out, _) = run(&["taquin", "--start", question, "--search-anyway"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("no solution exists: every reachable state was explored"),
        "{out}"
    );
    assert!(out.contains("expanded 181440,"), "{out}");
    let (code, out, _) = run(&[
        "taquin",
        "--start",
        question,
        "--search-anyway",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let v = json(&out);
    assert_eq!(v["reason"], "exhausted");
    assert_eq!(v["stats"]["expanded"], 181_440);
}
