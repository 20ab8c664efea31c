//! The prover's limits cover the work of its built-ins (issue 38): big arithmetic under
//! the clock, findall copies under the inference limit, sub_atom/5 over long atoms, the
//! op/3 table, the internal caps named; and the built-ins that answered otherwise than
//! SWI-Prolog 9 (float overflow, min/max of mixed types, bignum bounds, format/2 with
//! very large column arguments). Each SWI-Prolog answer quoted was checked with
//! `swipl` 9.0.4 (`swipl -g 'Goal' -t halt`).

#![allow(clippy::unwrap_used)]

use resolu_logic::{Database, Options, SolveError, parse_query};
use std::time::Duration;

/// Safety limits for the tests below: a regression fails the test instead of hanging it.
fn safe() -> Options {
    Options {
        max_inferences: Some(50_000_000),
        timeout: Some(Duration::from_secs(120)),
        max_memory: Some(1 << 30),
        ..Options::default()
    }
}

/// The first answer to `query` on `program`: `var`'s value written, or the error.
fn first(program: &str, query: &str, var: &str, opts: Options) -> Result<String, SolveError> {
    let mut db = Database::new();
    db.consult(program).unwrap();
    let q = parse_query(query).unwrap();
    let a = db.solve(&q, opts).next().unwrap()?;
    Ok(a.get(var).unwrap().to_string())
}

fn value(query: &str, var: &str) -> String {
    first("", query, var, safe()).unwrap_or_else(|e| panic!("{query}: {e}"))
}

fn fails(query: &str) -> bool {
    let mut db = Database::new();
    let q = parse_query(query).unwrap();
    db.solve(&q, safe()).next().is_none()
}

#[test]
fn format_with_column_arguments_past_65535_gives_the_text_as_swi_prolog() {
    // `~70000f` panicked: Rust's format! refuses a precision past 65,535. SWI-Prolog
    // prints every digit: 1.0 then 70,000 zeros, 70,002 characters in all.
    assert_eq!(
        value(
            "format(atom(A), \"~70000f\", [1.0]), atom_length(A, N)",
            "N"
        ),
        "70002"
    );
    assert_eq!(
        value(
            "format(atom(A), \"~70000f\", [1.0]), sub_atom(A, 0, 4, _, S)",
            "S"
        ),
        "'1.00'"
    );
    // ~e: 1.000...0e+00, 70,006 characters (SWI-Prolog's count).
    assert_eq!(
        value(
            "format(atom(A), \"~70000e\", [1.0]), atom_length(A, N)",
            "N"
        ),
        "70006"
    );
    assert_eq!(
        value(
            "format(atom(A), \"~70000e\", [1.0]), sub_atom(A, _, 4, 0, S)",
            "S"
        ),
        "'e+00'"
    );
    // ~d with a column argument inserts the point that many digits from the right.
    assert_eq!(
        value("format(atom(A), \"~70000d\", [1]), atom_length(A, N)", "N"),
        "70002"
    );
    assert_eq!(
        value(
            "format(atom(A), \"~70000d\", [1]), sub_atom(A, _, 3, 0, S)",
            "S"
        ),
        "'001'"
    );
    // The usual sizes are unchanged.
    assert_eq!(
        value("format(atom(A), \"~3e ~2f ~4d\", [1.5, 2.25, 12345])", "A"),
        "'1.500e+00 2.25 1.2345'"
    );
    // A column argument past what is left of the budget stops before making the text.
    let small = Options {
        max_memory: Some(100 << 20),
        ..safe()
    };
    let e = first("", "format(atom(A), \"~200000000f\", [1.0])", "A", small).unwrap_err();
    assert_eq!(e, SolveError::MemoryLimit(100 << 20));
    // A fraction's exact digits stay exact past the point where Rust's own stop.
    assert_eq!(
        value(
            "format(atom(A), \"~1200f\", [0.1]), sub_atom(A, 0, 22, _, S)",
            "S"
        ),
        "'0.10000000000000000555'"
    );
}

#[test]
fn a_float_beyond_the_range_is_an_evaluation_error_as_in_swi_prolog() {
    for expr in [
        "float(10^400)",
        "10^400 + 1.0",
        "10^400 / 3",
        "sqrt(10^400)",
    ] {
        let got = value(&format!("catch(X is {expr}, error(E, _), true)"), "E");
        assert_eq!(got, "evaluation_error(float_overflow)", "{expr}");
    }
    // Within the range, as before.
    assert_eq!(value("X is float(10^300)", "X"), "1.0e+300");
    assert_eq!(value("X is 10^400 - 10^400 + 1.0", "X"), "1.0");
}

#[test]
fn min_and_max_give_the_operand_itself_as_swi_prolog() {
    // SWI-Prolog 9: max(10^30, 1.0) is the integer; of equal operands, the float.
    assert_eq!(
        value("X is max(10^30, 1.0)", "X"),
        "1000000000000000000000000000000"
    );
    assert_eq!(
        value("X is min(2^70, 1.0e100)", "X"),
        "1180591620717411303424"
    );
    assert_eq!(value("X is max(10^30, 1.0e30)", "X"), "1.0e+30");
    for q in ["max(1, 1.0)", "max(1.0, 1)", "min(1, 1.0)", "min(1.0, 1)"] {
        assert_eq!(value(&format!("X is {q}"), "X"), "1.0", "{q}");
    }
    assert_eq!(value("X is max(1, 2.0)", "X"), "2.0");
    assert_eq!(value("X is min(1, 2.0)", "X"), "1");
}

#[test]
fn between_and_length_take_integers_beyond_64_bits() {
    // between(1, 10^30, X) enumerates from 1 (SWI-Prolog: the bound is an integer, not
    // an expression, so it is computed first).
    assert_eq!(
        value(
            "H is 10^30, findall(X, (between(1, H, X), (X >= 3 -> ! ; true)), L)",
            "L"
        ),
        "[1,2,3]"
    );
    assert_eq!(
        value(
            "H is 10^30, L is H - 1, findall(X, between(L, H, X), Xs)",
            "Xs"
        ),
        "[999999999999999999999999999999,1000000000000000000000000000000]"
    );
    assert_eq!(
        value("H is 10^30, (between(1, inf, H) -> R = yes ; R = no)", "R"),
        "yes"
    );
    assert!(fails("H is 10^30, L is H + 1, between(L, inf, H)"));
    assert!(fails("H is 10^30, between(1, 5, H)"));
    // length/2: a proper list is shorter; negative is SWI's domain error; a partial list
    // that long is past the cap of one build.
    assert!(fails("N is 10^30, length([a, b], N)"));
    assert_eq!(
        value("N is -(10^30), catch(length(_, N), error(E, _), true)", "E"),
        "domain_error(not_less_than_zero,-1000000000000000000000000000000)"
    );
    let e = first("", "N is 10^30, length(_, N)", "N", safe()).unwrap_err();
    assert!(e.is_limit());
    assert!(
        e.to_string().contains("length/2 was asked for a term of"),
        "{e}"
    );
}

#[test]
fn number_string_takes_no_surrounding_layout_as_swi_prolog_9() {
    // SWI-Prolog 9.0.4: number_string(N, "  42 "), number_string(N, " 42") and
    // number_string(N, "42\n") all fail (its manual: "Leading white space and Prolog
    // comments are not allowed"); number_codes/2 takes leading layout.
    assert!(fails("number_string(N, \"  42 \")"));
    assert!(fails("number_string(N, \"42 \")"));
    assert_eq!(value("number_codes(N, \" 42\")", "N"), "42");
    assert_eq!(value("number_string(N, \"42\")", "N"), "42");
}

#[test]
fn a_huge_power_stops_at_the_time_limit() {
    // 10^15000000 (50 million bits, under the cap on integers) takes seconds of
    // multiplications: the clock is looked at between them.
    let opts = Options {
        timeout: Some(Duration::from_millis(300)),
        ..safe()
    };
    let e = first("", "X is 10^15000000, Y = done", "Y", opts).unwrap_err();
    assert!(matches!(e, SolveError::Timeout(_)), "{e}");
}

#[test]
fn findall_copies_that_grow_are_stopped_by_the_inference_limit() {
    // member(X, L) with L unbound: the n-th witness of bagof/3 is a list of n cells, so
    // n solutions copy n^2 / 2 cells for n inferences. The copies count as inferences.
    let opts = Options {
        max_inferences: Some(100_000),
        ..safe()
    };
    let e = first("", "bagof(X, member(X, L), [a|T])", "T", opts).unwrap_err();
    assert_eq!(e, SolveError::InferenceLimit(100_000));
}

#[test]
fn sub_atom_over_a_five_megabyte_atom_does_not_copy_it_per_solution() {
    // A 5,000,000-character atom, `y` at two places.
    let program = "big(A) :- format(atom(P), \"~`xt~10|\", []),
                       format(atom(Q), \"~`xt~4999979|\", []),
                       atomic_list_concat([P, y, Q, y, xxxxxxxxx], A).";
    let cases = [
        // Every place of a bound Sub: searched for, not tried at each (B, L).
        (
            "big(A), findall(B, sub_atom(A, B, _, _, y), R)",
            "[10,4999990]",
        ),
        // Two numbers bound: the one candidate.
        ("big(A), atom_length(A, R)", "5000000"),
        ("big(A), sub_atom(A, _, 3, 0, R)", "xxx"),
        ("big(A), sub_atom(A, 4999989, 3, _, R)", "xyx"),
        // One bound: each solution in constant time (5 million of them; the atom was
        // copied for each, over a minute).
        (
            "big(A), findall(B, (sub_atom(A, B, 1, _, S), S == y), R)",
            "[10,4999990]",
        ),
        (
            "big(A), aggregate_all(count, sub_atom(A, _, _, 4999998, _), R)",
            "3",
        ),
    ];
    for (query, want) in cases {
        assert_eq!(
            first(program, query, "R", safe()).unwrap_or_else(|e| panic!("{query}: {e}")),
            want,
            "{query}"
        );
    }
}

#[test]
fn sub_atom_enumerates_in_swi_prolog_order_on_any_text() {
    // B ascending, then L ascending; non-ASCII text indexed by characters.
    assert_eq!(
        value("findall(B-L-S, sub_atom(abc, B, L, _, S), R)", "R"),
        "[0-0-'',0-1-a,0-2-ab,0-3-abc,1-0-'',1-1-b,1-2-bc,2-0-'',2-1-c,3-0-'']"
    );
    assert_eq!(
        value("findall(B-S, sub_atom('éaéb', B, 2, _, S), R)", "R"),
        "[0-éa,1-aé,2-éb]"
    );
    assert_eq!(
        value("findall(B, sub_atom('éaéaé', B, _, _, 'aé'), R)", "R"),
        "[1,3]"
    );
    assert_eq!(
        value("findall(L-A, sub_atom(abcd, 1, L, A, _), R)", "R"),
        "[0-3,1-2,2-1,3-0]"
    );
    assert_eq!(
        value("findall(B, sub_atom(abab, B, _, 0, _), R)", "R"),
        "[0,1,2,3,4]"
    );
    assert_eq!(
        value("findall(S, sub_string(\"hello\", _, 2, 1, S), R)", "R"),
        "[\"ll\"]"
    );
    assert!(fails("sub_atom(abc, B, 2, _, abc)"));
    assert!(fails("sub_atom(abc, 1, 1, 0, b)"));
}

#[test]
fn op_3_redefines_and_removes_in_place_among_many_operators() {
    // 20,000 operators, then one redefined and one removed: the table is a map.
    let mut program = String::new();
    for i in 0..20_000 {
        program.push_str(&format!(":- op(700, xfx, op{i}).\n"));
    }
    program.push_str(":- op(200, xfy, op7).\n:- op(0, xfx, op8).\n");
    let mut db = Database::new();
    db.consult(&program).unwrap();
    let q = db
        .parse_query(
            "findall(P-T, current_op(P, T, op7), A), findall(P, current_op(P, _, op8), B), \
         findall(N, (current_op(700, xfx, N), sub_atom(N, 0, 2, _, op)), C), length(C, K), \
         X = (a op19999 b), X =.. Parts",
        )
        .unwrap();
    let a = db.solve(&q, safe()).next().unwrap().unwrap();
    assert_eq!(a.get("A").unwrap().to_string(), "[200-xfy]");
    assert_eq!(a.get("B").unwrap().to_string(), "[]");
    assert_eq!(a.get("K").unwrap().to_string(), "19998");
    assert_eq!(a.get("Parts").unwrap().to_string(), "[op19999,a,b]");
}
