//! `resolu prove` end to end.

use crate::common::{json, resolu, run, temp_file};

#[test]
fn the_car_base_proves_voiture_ok_and_the_tiny_base_proves_a_d_but_not_a_f() {
    let (code, out, err) = run(&["prove", "examples/prolog/car.pl", "voiture_OK"]);
    assert_eq!(code, 0, "{err}");
    // Two proofs, as SWI finds them: the battery via the starter noise, then the gauge.
    assert_eq!(out, "true\ntrue\n");
    let (code, out, _) = run(&["prove", "examples/prolog/tiny.pl", "a, d."]);
    assert_eq!((code, out.as_str()), (0, "true\n"));
    let (code, out, _) = run(&["prove", "examples/prolog/tiny.pl", "a, f"]);
    assert_eq!((code, out.as_str()), (1, "false.\n"));
}

#[test]
fn answers_list_bindings_in_query_order_and_limit_stops_early() {
    let (code, out, _) = run(&["prove", "examples/prolog/family.pl", "grandparent(tom, X)"]);
    assert_eq!(code, 0);
    assert_eq!(out, "X = ann\nX = pat\n");
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/lists.pl",
        "append(X, Y, [1,2])",
        "--limit",
        "2",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "X = [], Y = [1,2]\nX = [1], Y = [2]\n");
    // `_`-variables are left out; operators are bracketed as SWI's top level does.
    let (_, out, _) = run(&[
        "prove",
        "examples/prolog/family.pl",
        "parent(tom, _Who), T = (a :- b)",
    ]);
    assert_eq!(out, "T = (a:-b)\nT = (a:-b)\n");
}

#[test]
fn json_has_exactly_answers_exhausted_and_error() {
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/family.pl",
        "parent(tom, X)",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["answers", "exhausted", "error"]);
    assert_eq!(
        v["answers"],
        serde_json::json!([{"X": "bob"}, {"X": "liz"}])
    );
    assert_eq!(v["exhausted"], true);
    assert_eq!(v["error"], serde_json::Value::Null);

    // Unbound variables are _G1, _G2, ... numbered per answer, terms as writeq writes them.
    let (_, out, _) = run(&[
        "prove",
        "examples/prolog/lists.pl",
        "X = f(Y, Z, Y, 'A b', [1|T])",
        "--format",
        "json",
    ]);
    let v = json(&out);
    assert_eq!(
        v["answers"][0],
        serde_json::json!({"X": "f(_G1,_G2,_G1,'A b',[1|_G3])", "Y": "_G1", "Z": "_G2", "T": "_G3"})
    );
    let (_, out, _) = run(&[
        "prove",
        "examples/prolog/lists.pl",
        "length(L, N)",
        "--limit",
        "3",
        "--format",
        "json",
    ]);
    let v = json(&out);
    assert_eq!(
        v["answers"],
        serde_json::json!([{"L": "[]", "N": "0"}, {"L": "[_G1]", "N": "1"}, {"L": "[_G1,_G2]", "N": "2"}])
    );
    assert_eq!(v["exhausted"], false, "infinitely many answers remain");
    // --limit at the last answer: member/2 leaves no alternative, so it is known.
    let (_, out, _) = run(&[
        "prove",
        "examples/prolog/lists.pl",
        "member(X, [a,b])",
        "--limit",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(json(&out)["exhausted"], true);
}

#[test]
fn eight_queens_has_92_answers() {
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/queens.pl",
        "queens2(8, Qs)",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    let answers = v["answers"].as_array().unwrap();
    assert_eq!(answers.len(), 92);
    assert_eq!(answers[0]["Qs"], "[4,2,7,3,6,8,5,1]");
}

#[test]
fn errors_and_exit_codes() {
    // An uncaught error of the program: exit 1, named as SWI names it.
    let (code, out, _) = run(&["prove", "examples/prolog/family.pl", "cousin(X, Y)"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("error: existence_error(procedure,cousin/2) (")
            && out.contains("--unknown fail"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/tiny.pl",
        "f",
        "--unknown",
        "error",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let v = json(&out);
    assert_eq!(v["error"], "existence_error(procedure,f/0)");
    assert_eq!(v["answers"], serde_json::json!([]));
    // --unknown fail reads it as false.
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/family.pl",
        "cousin(X, Y)",
        "--unknown",
        "fail",
    ]);
    assert_eq!((code, out.as_str()), (1, "false.\n"));
    let (code, out, _) = run(&["prove", "examples/prolog/lists.pl", "X is foo + 1"]);
    assert_eq!(
        (code, out.as_str()),
        (1, "error: type_error(evaluable,foo/0)\n")
    );
}

#[test]
fn syntax_errors_are_bad_input_with_line_and_column() {
    let file = temp_file("bad.pl", "ok(1).\nbad(X) :- foo(X) bar.\n");
    let (code, out, err) = run(&["prove", &file, "ok(X)"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("bad.pl:2:18: syntax error"), "{err}");
    assert!(err.contains("`bar`"), "{err}");
    let (code, _, err) = run(&["prove", "examples/prolog/tiny.pl", "a, (b"]);
    assert_eq!(code, 2);
    assert!(err.contains("query:1:"), "{err}");
    let (code, _, _) = run(&["prove", "no/such/file.pl", "a"]);
    assert_eq!(code, 2);
}

#[test]
fn limits_stop_runaway_programs_with_exit_3() {
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/lists.pl",
        "count(-1)",
        "--max-inferences",
        "100000",
    ]);
    assert_eq!(code, 3);
    assert!(out.contains("inference limit"), "{out}");
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/lists.pl",
        "count(-1)",
        "--timeout",
        "0.2",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    let v = json(&out);
    assert_eq!(v["exhausted"], false);
    assert!(v["error"].as_str().unwrap().contains("timeout"));
}

#[test]
fn step_trace_port_trace_and_proof_trees() {
    let (code, out, _) = run(&["prove", "examples/prolog/tiny.pl", "a, d", "--trace=steps"]);
    assert_eq!(code, 0);
    let expected = "\
a, d   <- a :- b, c
  b, c, d   <- b
  c, d   <- c
d   <- d :- c
  c   <- c
success
true
";
    assert_eq!(out, expected);
    let (_, out, _) = run(&[
        "prove",
        "examples/prolog/car.pl",
        "voiture_OK",
        "--trace=steps",
        "--limit",
        "1",
    ]);
    assert!(
        out.contains("    klaxon_OK: not in the base, false\n"),
        "{out}"
    );
    let (_, out, _) = run(&[
        "prove",
        "examples/prolog/family.pl",
        "father(F, ann)",
        "--trace=ports",
    ]);
    for line in [
        "Call: (0) father(",
        "Exit: (1) parent(bob,ann)",
        "Exit: (1) male(bob)",
        "Exit: (0) father(bob,ann)",
        "Fail: (0) father(",
    ] {
        assert!(out.contains(line), "{line} in\n{out}");
    }
    let (_, out, _) = run(&[
        "prove",
        "examples/prolog/car.pl",
        "voiture_OK",
        "--explain",
        "--limit",
        "1",
    ]);
    let expected = "\
proof:
  voiture_OK   [by  voiture_OK :- batterie_OK, demarreur_OK, essence_OK]
    batterie_OK   [by  batterie_OK :- bruit_demarrage]
      bruit_demarrage   [fact]
    demarreur_OK   [by  demarreur_OK :- bruit_demarrage]
      bruit_demarrage   [fact]
    essence_OK   [by  essence_OK :- jauge_positive]
      jauge_positive   [fact]
true
";
    assert_eq!(out, expected);
}

#[test]
fn output_of_the_program_comes_before_its_answer() {
    let (code, out, _) = run(&["prove", "examples/prolog/hanoi.pl", "hanoi(2, a, b, c)"]);
    assert_eq!(code, 0);
    assert_eq!(out, "a -> b\na -> c\nb -> c\ntrue\n");
    let (_, out, _) = run(&["prove", "examples/prolog/hanoi.pl", "count_moves(6, K)"]);
    assert_eq!(out, "K = 63\n");
}

#[test]
fn read_takes_terms_from_standard_input_then_end_of_file() {
    let output = resolu()
        .args([
            "prove",
            "examples/prolog/family.pl",
            "read(X), read(Y), read(Z)",
        ])
        .write_stdin("foo(bar, [1, 2]).\n'a b' - 3.\n")
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        out.trim_end(),
        "X = foo(bar,[1,2]), Y = 'a b'-3, Z = end_of_file",
        "{out}"
    );
}

#[test]
fn the_interactive_top_level_can_be_scripted() {
    let output = resolu()
        .args(["prove", "examples/prolog/family.pl"])
        .write_stdin("parent(tom, X).\n;\nparent(bob, X)\n\nmale(jim).\nparent(X, jim), cousin(X)\nbad (syntax\nhalt.\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let out = String::from_utf8_lossy(&output.stdout);
    let expected = "\
?- parent(tom, X).
X = bob ;
X = liz.
?- parent(bob, X)
X = ann .
?- male(jim).
true.
?- parent(X, jim), cousin(X)
error: existence_error(procedure,cousin/1)
?- bad (syntax
syntax error at 1:5: operator expected (near `(`)
?- ";
    assert_eq!(out.trim_end(), expected.trim_end(), "{out}");
}

/// read/1 in a query of the top level reads the lines that follow it, a term at a time
/// (one may span lines, a line may hold two), as SWI-Prolog's top level does; operator
/// atoms in answers are bracketed as SWI shows them. (The answers were checked against
/// `swipl` 9 given the same input.)
#[test]
fn the_top_level_reads_the_terms_after_a_query() {
    let output = resolu()
        .args(["prove", "examples/prolog/family.pl"])
        .write_stdin(
            "read(X).\nfoo(bar,\n  baz).\nread(Y), read(Z).\na. b.\ncompare(O, 1, 2).\nread(Q).\n",
        )
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let out = String::from_utf8_lossy(&output.stdout);
    let expected = "\
?- read(X).
X = foo(bar,baz).
?- read(Y), read(Z).
Y = a, Z = b.
?- compare(O, 1, 2).
O = (<).
?- read(Q).
Q = end_of_file.
?- ";
    assert_eq!(out.trim_end(), expected.trim_end(), "{out}");
}

#[test]
fn help_has_examples() {
    let (code, out, _) = run(&["prove", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("resolu prove examples/prolog/car.pl"));
    assert!(out.contains("--trace"));
}

/// The runaway programs of a first week of Prolog.
const RUNAWAYS: &str = "loop :- loop.
p :- p, q.
q.
";

#[test]
fn with_no_flags_an_endless_loop_stops_on_the_default_inference_limit() {
    let file = temp_file("runaway-default.pl", RUNAWAYS);
    let (code, out) = crate::common::prove_capped(1024, &file, "loop", &[]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("inference limit (100000000"), "{out}");
    assert!(out.contains("raise it with --max-inferences"), "{out}");
}

#[test]
fn runaways_that_eat_memory_stop_on_the_memory_budget_within_a_capped_address_space() {
    let file = temp_file("runaway-memory.pl", RUNAWAYS);
    for query in [
        "p",
        "findall(X, between(1, inf, X), L)",
        "numlist(1, 100000000, L)",
        "length(L, 50000000)",
        "atom_length(abc, N), length(L, 30000000), msort(L, S)",
    ] {
        // 64 MB of budget in 1 GB of address space: without the budget's checks these
        // runs abort on a failed allocation (exit 134), or run for minutes.
        let (code, out) = crate::common::prove_capped(
            1024,
            &file,
            query,
            &["--max-memory", "64", "--max-inferences", "0"],
        );
        assert_eq!(code, 3, "{query}: {out}");
        assert!(
            out.contains("memory budget (64 MB, --max-memory)"),
            "{query}: {out}"
        );
    }
}

#[test]
fn running_out_of_memory_is_a_resource_error_that_catch_can_handle() {
    let file = temp_file("runaway-catch.pl", RUNAWAYS);
    let (code, out) = crate::common::prove_capped(
        1024,
        &file,
        "catch(numlist(1, 100000000, L), error(resource_error(R), _), true), atom(R)",
        &["--max-memory", "64"],
    );
    assert_eq!((code, out.as_str()), (0, "R = memory\n"));
}

#[test]
fn backtracking_into_builtins_and_directives_count_towards_the_limits() {
    let file = temp_file("runaway-redo.pl", RUNAWAYS);
    for query in [
        "between(1, inf, X), fail",
        "length(L, N), fail",
        "bagof(X, member(X, L), [a|T])",
        "findall(X, between(1, inf, X), L)",
    ] {
        let (code, out) = crate::common::prove_capped(
            1024,
            &file,
            query,
            &["--max-inferences", "3000", "--max-memory", "256"],
        );
        assert_eq!(code, 3, "{query}: {out}");
        assert!(
            out.contains("inference limit (3000, --max-inferences)"),
            "{query}: {out}"
        );
        let (code, out) = crate::common::prove_capped(
            1024,
            &file,
            query,
            // 0.1 s: `length(L, N), fail` keeps its growing list, about 50 bytes an
            // inference, and reaches 256 MB in about 0.3 s on a fast idle machine.
            &[
                "--timeout",
                "0.1",
                "--max-memory",
                "256",
                "--max-inferences",
                "0",
            ],
        );
        assert_eq!(code, 3, "{query}: {out}");
        assert!(
            out.contains("time limit (0.1 s, --timeout)"),
            "{query}: {out}"
        );
    }
    // A directive of the loaded file runs under the same limits; the line is named.
    let file = temp_file("runaway-directive.pl", "loop :- loop.\n:- loop.\n");
    let (code, out) =
        crate::common::prove_capped(1024, &file, "true", &["--max-inferences", "100000"]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains(":2: directive stopped: the inference limit"),
        "{out}"
    );
}

#[test]
fn cyclic_terms_neither_loop_nor_abort() {
    let file = temp_file("cyclic.pl", RUNAWAYS);
    for (query, want_code, want) in [
        ("X = f(X), Y = f(Y), X == Y, R = yes", 0, "R = yes"),
        (
            "X = f(X), Y = f(Y), compare(O, X, Y), O == (=), R = yes",
            0,
            "R = yes",
        ),
        (
            "X = f(X, Z), term_variables(X, Vs), length(Vs, N)",
            0,
            "N = 1",
        ),
        (
            "X = f(X), copy_term(X, Y), Y = f(Z), Z == Y, R = yes",
            0,
            "R = yes",
        ),
        (
            "X = [a|X], length(X, N)",
            1,
            "error: type_error(list,[a|...])",
        ),
        ("X = [a|X], is_list(X)", 1, "false."),
        (
            "X = [b,a|X], msort(X, S)",
            1,
            "error: type_error(list,[b,a|...])",
        ),
        ("X = f(X), Y = f(f(Y)), X = Y, R = yes", 0, "R = yes"),
    ] {
        let (code, out) = crate::common::prove_capped(1024, &file, query, &["--timeout", "5"]);
        assert_eq!(code, want_code, "{query}: {out}");
        assert!(out.contains(want), "{query}: {out}");
    }
}

#[test]
fn a_deterministic_recursion_runs_in_constant_memory() {
    // Without reclaiming, 3,000,000 steps take ~600 MB of heap: a 48 MB budget in a 512 MB
    // address space is enough because the collector gives the garbage back.
    let file = temp_file(
        "count.pl",
        "count(N, N) :- !.\ncount(I, N) :- I1 is I+1, count(I1, N).\n",
    );
    let (code, out) =
        crate::common::prove_capped(512, &file, "count(0, 3000000)", &["--max-memory", "48"]);
    assert_eq!((code, out.as_str()), (0, "true\n"));
}

#[test]
fn a_query_starting_with_a_minus_is_read_as_the_query_not_an_option() {
    let (code, out, err) = run(&["prove", "examples/prolog/lists.pl", "-1 =:= -1"]);
    assert_eq!((code, out.as_str()), (0, "true\n"), "{err}");
    let (code, out, err) = run(&[
        "prove",
        "examples/prolog/lists.pl",
        "-(X) = -(1)",
        "--limit",
        "1",
    ]);
    assert_eq!((code, out.as_str()), (0, "X = 1\n"), "{err}");
}

#[test]
fn an_op_directive_changes_how_the_rest_of_the_file_and_the_query_are_read() {
    let file = temp_file(
        "op-likes.pl",
        ":- op(700, xfx, likes).\njohn likes mary.\nmary likes wine.\n",
    );
    let (code, out, err) = run(&["prove", &file, "X likes wine"]);
    assert_eq!((code, out.as_str()), (0, "X = mary\n"), "{err}");
}

/// The lab's base of lab 004, in the lab's notation.
const LAB_BASE: &str = "A <- B, C.\nD <- F.\nD <- C.\nB <- True.\nC <- True.\n";

#[test]
fn the_labs_dat_trace_line_for_line_in_french_and_english() {
    let base = temp_file("lab004.txt", LAB_BASE);
    let (code, out, err) = run(&["prove", &base, "A, D", "--trace", "course", "--lang", "fr"]);
    assert_eq!(code, 0, "{err}");
    let expected = "\
1 On doit démontrer la CONJONCTION : ['A', 'D']
Pour ce Theorème, on a trouvé la règle A : ['B', 'C']
2 On doit démontrer la CONJONCTION : ['B', 'C', 'D']
Pour ce Theorème, on a trouvé la règle B : [True]
3 On doit démontrer la CONJONCTION : [True, 'C', 'D']
4 On doit démontrer la CONJONCTION : ['C', 'D']
Pour ce Theorème, on a trouvé la règle C : [True]
5 On doit démontrer la CONJONCTION : [True, 'D']
6 On doit démontrer la CONJONCTION : ['D']
Pour ce Theorème, on a trouvé la règle D : ['F']
7 On doit démontrer la CONJONCTION : ['F']
Pour ce Theorème, on a trouvé la règle D : ['C']
7 On doit démontrer la CONJONCTION : ['C']
Pour ce Theorème, on a trouvé la règle C : [True]
8 On doit démontrer la CONJONCTION : [True]
9 On doit démontrer la CONJONCTION : []
La réponse à la question ['A', 'D'] = True
";
    let trimmed: String = out
        .lines()
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    assert_eq!(trimmed, expected);
    // Three spaces a level: the line of level n and its rule line start with 3(n-1).
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[2].starts_with("   2 "), "{out}");
    assert!(lines[3].starts_with("   Pour ce"), "{out}");
    assert!(
        lines[15].starts_with(&format!("{}9 ", " ".repeat(24))),
        "{out}"
    );

    let (code, out, _) = run(&["prove", &base, "A, F", "--trace", "course", "--lang", "fr"]);
    assert_eq!(code, 1);
    let last: Vec<&str> = out.lines().rev().take(2).map(str::trim_start).collect();
    assert_eq!(
        last,
        [
            "La réponse à la question ['A', 'F'] = False",
            "6 On doit démontrer la CONJONCTION : ['F']"
        ]
    );

    let (_, out, _) = run(&["prove", &base, "A, D", "--trace", "--lang", "en"]);
    assert!(
        out.starts_with("1 We must prove the CONJUNCTION : ['A', 'D']\n"),
        "{out}"
    );
    assert!(
        out.ends_with("The answer to the question ['A', 'D'] = True\n"),
        "{out}"
    );
}

#[test]
fn the_labs_notation_is_recognised_and_what_is_not_in_it_is_false() {
    let base = temp_file("lab004-plain.txt", &LAB_BASE.replace("<-", "←"));
    let (code, out, _) = run(&["prove", &base, "A, D"]);
    assert_eq!((code, out.as_str()), (0, "true\n"));
    let (code, out, _) = run(&["prove", &base, "A, F"]);
    assert_eq!((code, out.as_str()), (1, "false.\n"));
    let (code, _, _) = run(&["prove", &base, "F ; D"]);
    assert_eq!(code, 0);
    // The lab's capitals in Prolog syntax: the error says why and what to do.
    let caps = temp_file("lab004-caps.pl", "A :- B, C.\nB.\nC.\n");
    let (code, _, err) = run(&["prove", &caps, "a"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("capital is a variable") && err.contains("--syntax course"),
        "{err}"
    );
}

#[test]
fn the_dat_trace_works_on_prolog_bases_with_variables() {
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/family.pl",
        "grandparent(tom, X)",
        "--trace",
        "course",
        "--lang",
        "en",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("1 We must prove the CONJUNCTION : ['grandparent(tom,X)']"),
        "{out}"
    );
    assert!(out.ends_with("= True\nX = ann\n"), "{out}");
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/car.pl",
        "voiture_OK",
        "--trace",
        "course",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("['voiture_OK'] = True"), "{out}");
}

#[test]
fn traces_and_proofs_write_with_the_programs_operators() {
    let file = temp_file(
        "op-likes-trace.pl",
        ":- op(700, xfx, likes).\njohn likes mary.\np(X) :- X likes mary.\n",
    );
    let (code, out, err) = run(&["prove", &file, "p(X)", "--explain"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(john likes mary)   [fact]"), "{out}");
    let (code, out, err) = run(&["prove", &file, "p(X)", "--trace", "ports"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Exit: (1) (john likes mary)"), "{out}");
    let (code, out, err) = run(&["prove", &file, "p(X)", "--trace", "course"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the rule john likes mary : [True]"), "{out}");
}
