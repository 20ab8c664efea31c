//! `resolu rules` end to end.

use crate::common::{json, run, temp_file as file};

#[test]
fn the_car_base_derives_every_conclusion_with_its_chain_of_rules() {
    let (code, out, _) = run(&["rules", "examples/rules/car.rules"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("9 rules, 2 facts, no goal; strategy priority"),
        "{out}"
    );
    assert!(
        out.contains(
            "No rule is eligible any more after 6 cycles: everything derivable is derived."
        ),
        "{out}"
    );
    assert!(out.contains("Derived facts (5)"), "{out}");
    assert!(
        out.contains(
            "\n  voiture_OK  (by r1, cycle 6, from batterie_OK, demarreur_OK, essence_OK)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("  batterie_OK  (by r4, cycle 1, from bruit_demarrage)\n"),
        "{out}"
    );
    // The whole tree of one fact, on request.
    let (code, out, _) = run(&[
        "rules",
        "examples/rules/car.rules",
        "--explain",
        "voiture_OK",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("How it was derived:\n  voiture_OK  (by r1, cycle 6)\n      batterie_OK  (by r4, cycle 1)\n          bruit_demarrage  (observed)\n      demarreur_OK  (by r9, cycle 5)\n"),
        "{out}"
    );
    assert!(!out.contains("Derived facts"), "{out}");
    let (code, out, _) = run(&["regles", "examples/rules/car.rules", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(
        (v["stop"].as_str(), v["cycles"].as_u64()),
        (Some("quiescent"), Some(6))
    );
    let car = v["conclusions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["fact"] == "voiture_OK")
        .unwrap();
    assert_eq!(
        (car["rule"].as_str(), car["cycle"].as_u64()),
        (Some("r1"), Some(6))
    );
    assert_eq!(
        car["premises"],
        serde_json::json!(["batterie_OK", "demarreur_OK", "essence_OK"])
    );
}

#[test]
fn trace_shows_the_conflict_set_the_rule_and_the_facts_each_cycle() {
    let (code, out, _) = run(&[
        "rules",
        "examples/rules/car.rules",
        "--trace",
        "--fact",
        "klaxon_OK",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "Cycle 1: conflict set (5): r2; r4; r6; r7; r9\n  fires r2\n  + batterie_OK\n"
        ),
        "{out}"
    );
    let (code, out, _) = run(&["rules", "examples/rules/hanoi.rules", "--trace"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("  - state([[3,2,1],[],[]])\n  + state([[3,2],[1],[]])"),
        "{out}"
    );
    assert!(
        out.contains("  says: r1: disk 1 from peg 0 to peg 1"),
        "{out}"
    );
    assert!(out.contains("Goal reached after 26 cycles."), "{out}");
}

#[test]
fn strategies_change_the_run() {
    let visits = |strategy: &str| {
        let (code, out, _) = run(&[
            "rules",
            "examples/rules/visit.rules",
            "--strategy",
            strategy,
            "--format",
            "json",
        ]);
        assert_eq!(code, 0);
        json(&out)["fired"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["output"][0].as_str().unwrap()[6..7].to_string())
            .collect::<Vec<_>>()
            .join("")
    };
    // Breadth first, then depth first (the last edge written first).
    assert_eq!(visits("order"), "bcdefg");
    assert_eq!(visits("priority"), "bcdefg");
    assert_eq!(visits("recency"), "cgfbed");
    let (code, out, _) = run(&[
        "rules",
        "examples/rules/visit.rules",
        "--strategy",
        "recency",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("1 rule, 7 facts, no goal; strategy recency."),
        "{out}"
    );
    assert!(
        out.starts_with("examples/rules/visit.rules: 1 rule"),
        "{out}"
    );
    assert!(out.contains("\nvisit c from a\nvisit g from c\n"), "{out}");
}

#[test]
fn loops_stop_at_the_cycle_limit_and_stuck_bases_exit_1() {
    let looping = file(
        "loop.rules",
        "fact n(0).\nrule inc: n(X), Y is X + 1 ==> retract(n(X)), assert(n(Y)).\n",
    );
    let (code, out, _) = run(&["rules", &looping, "--max-cycles", "20"]);
    assert_eq!(code, 3);
    assert!(
        out.contains("Stopped after 20 cycles: the cycle limit (--max-cycles)"),
        "{out}"
    );
    let (code, out, _) = run(&["rules", &looping, "--max-cycles", "5", "--format", "json"]);
    assert_eq!(code, 3);
    assert_eq!(json(&out)["facts"], serde_json::json!(["n(5)"]));
    let stuck = file(
        "stuck.rules",
        ":- dynamic c/0.\nfact a.\nrule r: a ==> assert(b).\ngoal c.\n",
    );
    let (code, out, _) = run(&["rules", &stuck]);
    assert_eq!(code, 1);
    assert!(
        out.contains("Stuck after 1 cycle: no rule is eligible and the goal is not reached"),
        "{out}"
    );
}

#[test]
fn bad_files_and_flags_exit_2_with_the_place() {
    let bad = file(
        "bad.rules",
        "fact a.\nrule r1 priority 1:\n    a, foo(X,, Y) ==> assert(b).\n",
    );
    let (code, out, err) = run(&["rules", &bad]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("bad.rules:3:14: syntax error"), "{err}");
    let arrow = file("arrow.rules", "fact a.\n\nrule r1: a => assert(b).\n");
    let (code, _, err) = run(&["rules", &arrow]);
    assert_eq!(code, 2);
    assert!(
        err.contains("arrow.rules:3:1: rule r1 needs `==>`"),
        "{err}"
    );
    let typed = file(
        "typed.rules",
        "fact n(a).\nrule r: n(X), Y is X + 1 ==> assert(m(Y)).\n",
    );
    let (code, _, err) = run(&["rules", &typed]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 2: r:") && err.contains("type_error"),
        "{err}"
    );
    for (args, why) in [
        (
            vec![
                "rules",
                "examples/rules/car.rules",
                "--strategy",
                "randomly",
            ],
            "unknown strategy",
        ),
        (vec!["rules", "/nonexistent.rules"], "cannot read"),
        (
            vec!["rules", "examples/rules/car.rules", "--fact", "f(X)"],
            "ground",
        ),
        (
            vec!["rules", "examples/rules/car.rules", "--fact", "f("],
            "--fact",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn explanations_stay_linear_in_the_number_of_cycles() {
    // A counter that keeps every count: each fact comes from the one before, so whole
    // trees per conclusion would grow with the square of the cycles (and the indented
    // text with the cube).
    let counter = file(
        "counter.rules",
        "fact count(0).\nrule next: count(N), N < 2000, M is N + 1 ==> assert(count(M)).\n",
    );
    let (code, out, _) = run(&["rules", &counter]);
    assert_eq!(code, 0);
    assert!(out.contains("Derived facts (2000)"), "{}", &out[..200]);
    assert!(
        out.contains("  count(2000)  (by next, cycle 2000, from count(1999))\n"),
        "{}",
        &out[out.len() - 300..]
    );
    // About one line per conclusion, of the length of a line.
    assert!(out.len() < 2000 * 60, "{} bytes", out.len());
    let (code, out, _) = run(&["rules", &counter, "--format", "json"]);
    assert_eq!(code, 0);
    assert!(out.len() < 2000 * 250, "{} bytes", out.len());
    let v = json(&out);
    assert_eq!(v["conclusions"].as_array().map(Vec::len), Some(2000));
    assert_eq!(
        v["conclusions"][1999]["premises"],
        serde_json::json!(["count(1999)"])
    );
}

#[test]
fn limits_stop_the_run_with_exit_3_naming_the_limit() {
    // A rule base that never stops by itself: each cycle adds a new fact.
    let forever = file(
        "forever.rules",
        "fact count(0).\nrule next: count(N), M is N + 1 ==> retract(count(N)), assert(count(M)).\n",
    );
    let (code, out, _) = run(&["rules", &forever, "--max-cycles", "50"]);
    assert_eq!(code, 3);
    assert!(out.contains("cycle limit (--max-cycles)"), "{out}");
    let (code, out, _) = run(&[
        "rules",
        &forever,
        "--max-cycles",
        "100000000",
        "--timeout",
        "0.3",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    assert_eq!(json(&out)["stop"], "time-limit");
    // The deadline also holds inside a Prolog condition that loops.
    let spin = file(
        "spin.rules",
        "spin :- spin.\nfact go.\nrule r: go, spin ==> halt.\n",
    );
    let (code, out, _) = run(&["rules", &spin, "--timeout", "0.3"]);
    assert_eq!(code, 3);
    assert!(out.contains("time limit (--timeout)"), "{out}");
    // A working memory that grows without end meets the memory budget.
    let grow = file(
        "grow.rules",
        "fact count(0).\nrule next: count(N), M is N + 1 ==> assert(count(M)).\n",
    );
    let (code, out, _) = run(&[
        "rules",
        &grow,
        "--max-cycles",
        "100000000",
        "--max-memory",
        "1",
    ]);
    assert_eq!(code, 3);
    assert!(out.contains("memory budget (--max-memory)"), "{out}");
}

#[test]
fn a_condition_over_an_undefined_relation_is_an_error_unless_declared() {
    let typo = file("typo.rules", "fact a.\nrule r: a, bb ==> assert(c).\n");
    let (code, _, err) = run(&["rules", &typo]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bb/0, which no fact, action or clause defines"),
        "{err}"
    );
    let declared = file(
        "declared.rules",
        ":- dynamic bb/0.\nfact a.\nrule r: a, bb ==> assert(c).\n",
    );
    let (code, out, _) = run(&["rules", &declared]);
    assert_eq!(code, 0);
    assert!(out.contains("No fact was derived."), "{out}");
    let (code, out, _) = run(&["rules", &declared, "--fact", "bb"]);
    assert_eq!(code, 0);
    assert!(out.contains("  c  (by r, cycle 1, from a, bb)"), "{out}");
}

#[test]
fn a_runaway_prolog_condition_stops_at_max_inferences_with_exit_3() {
    let spin = file(
        "spin-inferences.rules",
        "spin :- spin.\nfact go.\nrule r: go, spin ==> halt.\n",
    );
    let (code, out, _) = run(&["rules", &spin, "--max-inferences", "1000"]);
    assert_eq!(code, 3);
    assert!(
        out.contains("a Prolog call ran past the inference limit (1000 per call, --max-inferences); raise it with --max-inferences N (0 for no limit)"),
        "{out}"
    );
    assert!(
        out.contains("(line 3: rule r: `spin` ran past 1000 inferences"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "rules",
        &spin,
        "--max-inferences",
        "1000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    let v = json(&out);
    assert_eq!(
        (v["stop"].as_str(), v["reason"].as_str()),
        (Some("inference-limit"), Some("inference-limit"))
    );
    assert!(
        v["message"]
            .as_str()
            .is_some_and(|m| m.contains("--max-inferences")),
        "{v}"
    );
    // 0: no limit, so the clock stops it.
    let (code, out, _) = run(&[
        "rules",
        &spin,
        "--max-inferences",
        "0",
        "--timeout",
        "0.3",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    assert_eq!(json(&out)["reason"], "time-limit");
}

#[test]
fn a_generator_in_a_condition_stops_at_the_budget_with_a_message() {
    for condition in ["between(1, inf, X)", "length(X, _)"] {
        let generator = file(
            "generator.rules",
            &format!("fact start.\nrule g: start, {condition} ==> halt.\n"),
        );
        let (code, out, _) = run(&[
            "rules",
            &generator,
            "--max-memory",
            "20",
            "--max-inferences",
            "0",
        ]);
        assert_eq!(code, 3, "{condition}");
        assert!(out.contains("memory budget (--max-memory)"), "{out}");
        assert!(
            out.contains("all gathered before the rule can fire (a generator without end?)"),
            "{out}"
        );
    }
}

#[test]
fn the_json_reason_is_the_stop_in_the_searches_words() {
    let (code, out, _) = run(&["rules", "examples/rules/car.rules", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(
        (
            v["stop"].as_str(),
            v["reason"].as_str(),
            v["message"].is_null()
        ),
        (Some("quiescent"), Some("quiescent"), true)
    );
    let (code, out, _) = run(&[
        "rules",
        "examples/rules/hanoi.rules",
        "--max-cycles",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    assert_eq!(json(&out)["reason"], "cycle-limit");
}

#[test]
fn a_tiny_memory_budget_still_runs_the_car_base() {
    for mb in ["1", "2"] {
        let (code, out, _) = run(&[
            "rules",
            "examples/rules/car.rules",
            "--max-memory",
            mb,
            "--fact",
            "klaxon_OK",
        ]);
        assert_eq!(code, 0, "{out}");
        assert!(
            out.contains(
                "voiture_OK  (by r1, cycle 7, from batterie_OK, demarreur_OK, essence_OK)"
            ),
            "{out}"
        );
    }
}

/// Runs `resolu` with `args`, sends it Ctrl-C (SIGINT) after a second, and returns its
/// exit code and standard output.
fn interrupted(args: &[&str]) -> (i32, String) {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("resolu"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("resolu runs");
    std::thread::sleep(std::time::Duration::from_secs(1));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let output = child.wait_with_output().expect("resolu ends");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn ctrl_c_stops_a_rule_run_with_exit_3_and_its_counters() {
    let forever = file(
        "forever-interrupted.rules",
        "fact count(0).\nrule next: count(N), M is N + 1 ==> retract(count(N)), assert(count(M)).\n",
    );
    let (code, out) = interrupted(&[
        "rules",
        &forever,
        "--max-cycles",
        "100000000000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3, "{out}");
    let v = json(&out);
    assert_eq!(v["reason"], "interrupted");
    assert!(v["cycles"].as_u64().is_some_and(|c| c > 0), "{v}");
    let (code, out) = interrupted(&[
        "hanoi",
        "--disks",
        "25",
        "--compact",
        "--max-cycles",
        "100000000000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3, "{out}");
    let v = json(&out);
    assert_eq!(
        (v["reason"].as_str(), v["solved"].as_bool()),
        (Some("interrupted"), Some(false))
    );
    assert!(v["cycles"].as_u64().is_some_and(|c| c > 0), "{v}");
}
