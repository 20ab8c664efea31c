//! `resolu prove`: the limits cover the prover's own work (issue 38). Memory that grew
//! outside the budget (the clause database, the atom table, the --explain tree) now
//! stops with exit 3 naming --max-memory, in an address space capped so that an
//! uncounted growth would abort instead; the internal caps are named as such; and the
//! inference and time limits stop the work they were given.

use crate::common::temp_file;

/// Programs that grow memory without end, as students write them.
const GROWING: &str = ":- dynamic(f/1).
assert_loop(N) :- assertz(f(N)), N1 is N + 1, assert_loop(N1).
atom_loop(N) :- atom_concat(a_long_enough_prefix_for_each_atom_, N, _), N1 is N + 1, atom_loop(N1).
format_loop(N) :- format(atom(_), \"~w-~a-~w\", [N, some_text_in_every_atom, N]), N1 is N + 1, format_loop(N1).
build(0, leaf) :- !.
build(N, node(T)) :- N1 is N - 1, build(N1, T).
";

#[test]
fn clauses_and_atoms_made_at_run_time_stop_on_the_memory_budget() {
    let file = temp_file("budgets-growing.pl", GROWING);
    for query in ["assert_loop(0)", "atom_loop(0)", "format_loop(0)"] {
        // Uncounted, each grew to gigabytes and the allocator aborted (exit 134).
        let (code, out) = crate::common::prove_capped(
            1024,
            &file,
            query,
            &["--max-memory", "100", "--max-inferences", "0"],
        );
        assert_eq!(code, 3, "{query}: {out}");
        assert!(
            out.contains("memory budget (100 MB, --max-memory)")
                && out.contains("raise it with --max-memory MB"),
            "{query}: {out}"
        );
    }
}

#[test]
fn the_explanation_of_a_deep_proof_is_elided_and_counted_against_the_budget() {
    let file = temp_file("budgets-explain.pl", GROWING);
    // Each goal held the rest of the tree: the proof was 5 x 10^9 nodes (4.7 GB in a
    // minute, then an abort). Elided past depth 10, it fits 512 MB.
    let (code, out) = crate::common::prove_capped(
        1536,
        &file,
        "build(100000, T)",
        &["--explain", "--max-memory", "512"],
    );
    assert_eq!(code, 0, "{}", &out[..out.len().min(500)]);
    let proof: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "proof:")
        .take_while(|l| !l.starts_with("T = "))
        .collect();
    // The heading, then 100,001 calls of build/2 and 100,000 of is/2; then the answer.
    assert_eq!(proof.len(), 1 + 200_001);
    assert!(
        out.lines()
            .last()
            .is_some_and(|l| l.starts_with("T = node("))
    );
    assert_eq!(
        proof[1].split("   [").next(),
        Some("  build(100000,node(node(node(node(node(node(node(node(node(node(...)))))))))))")
    );
    // Under a smaller budget, the tree is counted and the run stops.
    let (code, out) = crate::common::prove_capped(
        1024,
        &file,
        "build(100000, T)",
        &["--explain", "--max-memory", "100"],
    );
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("memory budget (100 MB, --max-memory)"),
        "{out}"
    );
}

#[test]
fn an_internal_cap_is_named_rather_than_the_memory_budget() {
    let file = temp_file("budgets-caps.pl", GROWING);
    for (query, cap) in [
        (
            "N is 10^30, length(L, N)",
            "length/2 was asked for a term of 1000000000000000000000000000000 elements",
        ),
        ("X is 7^(10^9)", "past the prover's cap on integers"),
    ] {
        let (code, out) = crate::common::prove_capped(1024, &file, query, &["--max-memory", "100"]);
        assert_eq!(code, 3, "{query}: {out}");
        assert!(out.contains(cap), "{query}: {out}");
        // Lowering or raising the budget cannot help: the message does not say to.
        assert!(!out.contains("--max-memory"), "{query}: {out}");
    }
}

#[test]
fn format_with_column_arguments_past_65535_answers_instead_of_panicking() {
    let file = temp_file("budgets-format.pl", GROWING);
    for (query, len) in [
        (
            "format(atom(A), \"~70000f\", [1.0]), atom_length(A, N)",
            "N = 70002",
        ),
        (
            "format(atom(A), \"~70000e\", [1.0]), atom_length(A, N)",
            "N = 70006",
        ),
        (
            "format(atom(A), \"~70000d\", [1]), atom_length(A, N)",
            "N = 70002",
        ),
    ] {
        // Exit 101 (a panic in Rust's format!) before.
        let (code, out) = crate::common::prove_capped(1024, &file, query, &[]);
        assert_eq!(code, 0, "{query}: {}", &out[..out.len().min(300)]);
        assert!(out.trim_end().ends_with(len), "{query}");
    }
}

#[test]
fn a_hundred_thousand_op_directives_load_within_the_time_limit() {
    let mut program = String::new();
    for i in 0..100_000 {
        program.push_str(&format!(":- op(700, xfx, op{i}).\n"));
    }
    program.push_str("t(L) :- X = (a op99999 b), X =.. L.\n");
    let file = temp_file("budgets-ops.pl", &program);
    // op/3 scanned the whole table: 54 s for the file, past --timeout 5 (its directives
    // were each under the limit). A map: about a second.
    let (code, out) = crate::common::prove_capped(1024, &file, "t(L)", &["--timeout", "30"]);
    assert_eq!((code, out.as_str()), (0, "L = [op99999,a,b]\n"));
}

#[test]
fn bagof_with_growing_witnesses_stops_on_the_inference_limit_it_was_given() {
    let file = temp_file("budgets-bagof.pl", GROWING);
    // The n-th witness is a list of n cells: the copies grow as n^2 for n inferences,
    // and the memory budget stopped the run after 12 s, not the inference limit.
    let (code, out) = crate::common::prove_capped(
        1024,
        &file,
        "bagof(X, member(X, L), [a|T])",
        &["--max-inferences", "200000", "--max-memory", "512"],
    );
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("inference limit (200000, --max-inferences)"),
        "{out}"
    );
}
