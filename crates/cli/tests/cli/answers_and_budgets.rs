//! `resolu prove`'s answers as SWI-Prolog's top level shows them (abbreviated unless
//! --whole-answers; JSON whole), written as they are produced and within --timeout; and
//! `resolu rules` counting what it holds (its JSON record of the cycles, the rule base
//! read) in its memory budget (issues 38, 35).

use crate::common::{json, prove_capped, run, temp_file};

#[test]
fn long_answers_are_abbreviated_as_swi_prolog_does_and_whole_on_request() {
    let file = temp_file("answers-empty.pl", "p.\n");
    let query = "numlist(1, 20, L), length(K, 12), numlist(1, 9, M), \
                 X = f(f(f(f(f(f(f(f(f(f(f(f(a)))))))))))), Y = [a,b,c,d,e,f,g,[1,2,3,4,5]]";
    let (code, out, _) = run(&["prove", &file, query]);
    assert_eq!(code, 0, "{out}");
    // SWI-Prolog 9 (answer_write_options max_depth(10)), written without its spaces.
    assert_eq!(
        out,
        "L = [1,2,3,4,5,6,7,8,9|...], \
         K = [_,_,_,_,_,_,_,_,_|...], \
         M = [1,2,3,4,5,6,7,8,9], \
         X = f(f(f(f(f(f(f(f(f(f(...)))))))))), \
         Y = [a,b,c,d,e,f,g,[1|...]]\n"
    );
    let (code, out, _) = run(&["prove", &file, "numlist(1, 20, L)", "--whole-answers"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "L = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]\n"
    );
    // JSON is a contract for programs: whole.
    let (code, out, _) = run(&[
        "prove",
        &file,
        "numlist(1, 20, L), X = 'a\"b'",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(
        v["answers"][0]["L"],
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]"
    );
    assert_eq!(v["answers"][0]["X"], "'a\"b'");
    assert_eq!(v["exhausted"], true);
    // A cyclic term is cut where it loops back, whole or not.
    let (_, out, _) = run(&["prove", &file, "X = f(X), Y = [a|Y]", "--whole-answers"]);
    assert_eq!(out, "X = f(...), Y = [a|...]\n");
}

#[test]
fn unbound_variables_are_named_as_swi_prolog_9_names_them_in_text_answers() {
    let file = temp_file("answers-vars.pl", "p.\n");
    // What SWI-Prolog 9.0.4's top level answers, written without its spaces: a variable
    // met once `_`, more than once `_A`, `_B`...; a query variable left unbound by its
    // name, its own binding left out.
    let cases = [
        ("length(L, 3)", "L = [_,_,_]"),
        ("copy_term(f(X, X, Y), T)", "T = f(_A,_A,_)"),
        ("length(L, 2), L = [A|_]", "L = [A,_]"),
        ("X = Y", "X = Y"),
        ("X = Y, Z = f(X)", "X = Y, Z = f(Y)"),
        ("length(L, 2), L = [A|_], B = A", "L = [B,_], A = B"),
        ("copy_term(X, T)", "true"),
        (
            "length(L, 12), copy_term(L-L, T)",
            "L = [_,_,_,_,_,_,_,_,_|...], T = [_A,_B,_C,_D,_E,_F,_G,_H|...]-[_A,_B,_C,_D,_E,_F,_G,_H|...]",
        ),
        // Counted in the whole value, the part cut included.
        (
            "copy_term(f(g(g(g(g(g(g(g(g(g(g(g(A))))))))))), A), T)",
            "T = f(g(g(g(g(g(g(g(g(g(...))))))))),_A)",
        ),
        // Shared through a subterm met twice.
        ("_T = g(_), X = f(_T, _T)", "X = f(g(_A),g(_A))"),
    ];
    for (query, answer) in cases {
        for extra in [&[][..], &["--explain"][..]] {
            let mut args = vec!["prove", &file, query];
            args.extend_from_slice(extra);
            let (code, out, _) = run(&args);
            assert_eq!(code, 0, "{query}: {out}");
            assert_eq!(out.lines().last(), Some(answer), "{query} {extra:?}");
        }
    }
    // Past `_Z`: `_A1`, as SWI-Prolog goes on.
    let (_, out, _) = run(&[
        "prove",
        &file,
        "length(L, 27), copy_term(L-L, T)",
        "--whole-answers",
    ]);
    assert!(out.contains(",_Z,_A1]-[_A,"), "{out}");
    // JSON keeps its numbered variables.
    let (_, out, _) = run(&[
        "prove",
        &file,
        "copy_term(f(X, X, Y), T)",
        "--format",
        "json",
    ]);
    assert_eq!(
        json(&out)["answers"][0],
        serde_json::json!({"X": "_G1", "Y": "_G2", "T": "f(_G3,_G3,_G4)"})
    );
}

#[test]
fn a_long_answer_printed_whole_takes_no_more_memory_than_the_term_itself() {
    let file = temp_file("answers-long.pl", "p.\n");
    // The answer was read back as a term and then as one string: 1.95 GB for ten million
    // elements. Written from the heap, it fits an address space of 1.2 GB.
    let (code, out) = prove_capped(1200, &file, "length(L, 10000000)", &["--whole-answers"]);
    assert_eq!(code, 0, "{}", &out[..out.len().min(300)]);
    assert!(out.starts_with("L = [_,_,"));
    assert!(out.trim_end().ends_with(",_]"));
    assert_eq!(out.matches('_').count(), 10_000_000);
}

#[test]
fn writing_an_answer_obeys_the_time_limit() {
    let file = temp_file("answers-big.pl", "p.\n");
    // The shift is immediate; the decimal text of its 18 million digits takes minutes.
    let (code, out, _) = run(&["prove", &file, "X is 1 << 60000000", "--timeout", "2"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("X = \n"), "{out}");
    assert!(
        out.contains("the time limit (2 s, --timeout) was reached; raise it with --timeout S")
            && out.contains("(while writing the answer)"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "prove",
        &file,
        "X is 1 << 60000000",
        "--timeout",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3, "{out}");
    let v = json(&out);
    assert_eq!(v["reason"], "time-limit");
    assert_eq!(v["answer_cut"], true);
    assert_eq!(v["answers"].as_array().map(Vec::len), Some(1));
}

#[test]
fn the_rules_json_record_of_cycles_counts_in_the_memory_budget() {
    let file = temp_file(
        "budget-count.rules",
        "fact count(0).\nrule step: count(N), M is N + 1 ==> retract(count(N)), assert(count(M)).\n",
    );
    // The list of the rules fired grew outside the budget: 397 MB under --max-memory 50.
    let (code, out, _) = run(&[
        "rules",
        &file,
        "--max-cycles",
        "100000000",
        "--max-memory",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    let v = json(&out);
    assert_eq!(v["reason"], "memory-limit");
    let fired = v["fired"].as_array().map_or(0, Vec::len) as u64;
    assert!(
        fired > 1000 && fired == v["cycles"].as_u64().unwrap_or(0),
        "{fired}"
    );
}

#[test]
fn a_rule_base_too_large_for_the_budget_stops_while_it_is_read() {
    let mut text = String::new();
    for i in 0..200_000 {
        text.push_str(&format!("fact p({i}, abc{}).\n", i % 100));
    }
    let file = temp_file("budget-facts.rules", &text);
    let (code, out, _) = run(&["rules", &file, "--max-memory", "5"]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("the memory budget (--max-memory) was reached")
            && out.contains("while reading the rule base"),
        "{out}"
    );
    let (code, out, _) = run(&["rules", &file, "--max-memory", "5", "--format", "json"]);
    assert_eq!(code, 3);
    assert_eq!(json(&out)["reason"], "memory-limit");
}

#[test]
fn max_memory_zero_stops_the_rules_at_once_as_it_stops_a_search_and_two_runs_the_car_base() {
    // A search: stopped at once (exit 3, memory-limit).
    let (code, out, _) = run(&[
        "taquin",
        "--start",
        "1 2 3 4 5 6 7 0 8",
        "--goal",
        "standard",
        "--max-memory",
        "0",
        "--format",
        "json",
    ]);
    assert_eq!(
        (code, json(&out)["reason"].clone()),
        (3, "memory-limit".into())
    );
    for args in [
        &[
            "rules",
            "examples/rules/car.rules",
            "--max-memory",
            "0",
            "--format",
            "json",
        ][..],
        &[
            "hanoi",
            "--method",
            "rules",
            "--disks",
            "3",
            "--max-memory",
            "0",
            "--format",
            "json",
        ],
    ] {
        let (code, out, _) = run(args);
        assert_eq!(code, 3, "{args:?}: {out}");
        assert_eq!(json(&out)["reason"], "memory-limit", "{args:?}");
    }
    let (code, out, _) = run(&["rules", "examples/rules/car.rules", "--max-memory", "2"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("voiture_OK"), "{out}");
}
