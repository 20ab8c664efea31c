//! The prover's memory, measured: each test runs its program again in a child process
//! (this test binary, started with the test's name and an address-space cap set by
//! `ulimit -v`), which reports its peak resident size (`VmHWM` in `/proc/self/status`)
//! and its results on standard output; the parent checks them. A child of its own keeps
//! the peak of one program apart from the other tests' (and of the test harness's
//! threads running them in parallel).

#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used)]

use resolu_logic::{Database, Options, atom_count, parse_query, set_max_atoms};
use std::process::Command;

/// The environment variable naming the test a child runs.
const CHILD: &str = "RESOLU_MEMORY_CHILD";

/// SWI-Prolog 9.0.4's peak resident size, in KB, for the million-element list:
/// `/usr/bin/time -f %M swipl -g 'numlist(1,1000000,L), length(L,N), N =:= 1000000' -t halt`
/// printed 47652, 47768 and 47724 (x86_64 Linux, 2026-11-26); the largest is kept.
const SWI_PEAK_KB_MILLION_LIST: u64 = 47_768;

/// Whether this process is the child running test `name`.
fn is_child(name: &str) -> bool {
    std::env::var(CHILD).is_ok_and(|v| v == name)
}

/// This process's peak resident size in KB.
fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Runs test `name` of this binary in a child process limited to `cap_mb` MB of address
/// space; returns what it printed.
fn run_child(name: &str, cap_mb: u64) -> String {
    let exe = std::env::current_exe().unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {}; exec \"$0\" \"$@\"", cap_mb * 1024))
        .arg(exe)
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "child {name} failed: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // Shown with `--nocapture`: the figures measured.
    eprintln!("{name}: {stdout}");
    stdout
}

/// The value the child printed as `key=value`.
fn reported<'a>(out: &'a str, key: &str) -> &'a str {
    // The test harness's `test <name> ... ` may start the child's first line.
    out.split_whitespace()
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_else(|| panic!("{key} not reported:\n{out}"))
}

/// The first answer's binding of `var` to `query` on `program`, written by `writeq`.
fn first_binding(db: &mut Database, query: &str, var: &str) -> String {
    let q = parse_query(query).unwrap();
    let opts = Options {
        max_memory: Some(1 << 30),
        ..Options::default()
    };
    let answer = db.solve(&q, opts).next().unwrap().unwrap();
    answer.get(var).unwrap().to_string()
}

#[test]
fn a_million_element_list_peaks_within_one_and_a_half_times_swi_prolog() {
    const NAME: &str = "a_million_element_list_peaks_within_one_and_a_half_times_swi_prolog";
    if is_child(NAME) {
        let mut db = Database::new();
        // The list is not an answer (reading it back would build owned terms), as SWI's
        // `-g` goal does not print it.
        db.consult("go(N) :- numlist(1, 1000000, L), length(L, N).")
            .unwrap();
        println!("length={}", first_binding(&mut db, "go(N)", "N"));
        println!("peak_kb={}", peak_kb());
        return;
    }
    let out = run_child(NAME, 1024);
    assert_eq!(reported(&out, "length"), "1000000");
    let peak: u64 = reported(&out, "peak_kb").parse().unwrap();
    let bound = SWI_PEAK_KB_MILLION_LIST * 3 / 2;
    assert!(
        peak <= bound,
        "peak {peak} KB, more than 1.5 x SWI-Prolog's {SWI_PEAK_KB_MILLION_LIST} KB"
    );
}

#[test]
fn a_million_iterations_building_strings_run_in_bounded_memory_without_atoms() {
    const NAME: &str = "a_million_iterations_building_strings_run_in_bounded_memory_without_atoms";
    if is_child(NAME) {
        let mut db = Database::new();
        db.consult(
            "loop(N, N, Last) :- !, Last = done.
             loop(I, N, Last) :-
                 number_string(I, S), string_concat(\"item-\", S, T),
                 format(string(F), \"~w/~a\", [I, T]), string_concat(T, F, TF),
                 string_length(TF, _), string_upper(TF, U), string_chars(C, [a, b]),
                 atom_string(item, C2),
                 string(U), string(C), string(C2),
                 I1 is I + 1, loop(I1, N, Last).
             last(N, S) :- M is N - 1, number_string(M, MS), string_concat(\"item-\", MS, S).",
        )
        .unwrap();
        let before = atom_count();
        println!("end={}", first_binding(&mut db, "loop(0, 1000000, E)", "E"));
        println!("last={}", first_binding(&mut db, "last(1000000, S)", "S"));
        println!("atoms_made={}", atom_count() - before);
        println!("peak_kb={}", peak_kb());
        return;
    }
    let out = run_child(NAME, 1024);
    assert_eq!(reported(&out, "end"), "done");
    assert_eq!(reported(&out, "last"), "\"item-999999\"");
    // Each iteration makes five strings; none of them is interned. (The handful of atoms
    // are the query's own names.)
    let atoms: usize = reported(&out, "atoms_made").parse().unwrap();
    assert!(atoms < 100, "{atoms} atoms made");
    // Interned, the five million strings took 1.2 GB; on the heap, the collector keeps
    // a few MB.
    let peak: u64 = reported(&out, "peak_kb").parse().unwrap();
    assert!(peak <= 64 * 1024, "peak {peak} KB");
}

#[test]
fn millions_of_new_atoms_stop_at_the_bound_with_a_catchable_resource_error() {
    const NAME: &str = "millions_of_new_atoms_stop_at_the_bound_with_a_catchable_resource_error";
    const BOUND: usize = 2_000_000;
    if is_child(NAME) {
        let mut db = Database::new();
        db.consult(
            "make(N, N) :- !.
             make(I, N) :- atom_number(A, I), atom_concat(a_, A, _), I1 is I + 1, make(I1, N).",
        )
        .unwrap();
        let base = atom_count();
        set_max_atoms(base + BOUND);
        // Three million iterations would make six million atoms.
        let caught = first_binding(
            &mut db,
            "catch((make(0, 3000000), E = none), error(E, _), true)",
            "E",
        );
        println!("caught={caught}");
        println!(
            "uncaught={}",
            ending(&mut db, "make(3000000, 3000001)", 1024, false)
        );
        println!("atoms_made={}", atom_count() - base);
        // Atoms that exist are still found, and work that makes none still runs.
        println!(
            "old_atom={}",
            first_binding(&mut db, "atom_concat(a_, '17', X)", "X")
        );
        println!("sum={}", first_binding(&mut db, "X is 40 + 2", "X"));
        println!(
            "again={}",
            first_binding(
                &mut db,
                "catch(atom_concat(a_, never_made, X), error(X, _), true)",
                "X"
            )
        );
        println!("peak_kb={}", peak_kb());
        return;
    }
    let out = run_child(NAME, 1024);
    assert_eq!(reported(&out, "caught"), "resource_error(atoms)");
    // Uncaught, it names the atom table (a budget would not help).
    assert!(reported(&out, "uncaught").starts_with("Capacity(\"stopped:_the_atom_table_is_full"));
    // The built-ins stop at the bound; the error term's own names may pass it by a few.
    let made: usize = reported(&out, "atoms_made").parse().unwrap();
    assert!((BOUND..BOUND + 10).contains(&made), "{made} atoms made");
    assert_eq!(reported(&out, "old_atom"), "a_17");
    assert_eq!(reported(&out, "sum"), "42");
    assert_eq!(reported(&out, "again"), "resource_error(atoms)");
    // Two million short atoms cost about 250 MB; six million, unbounded, three times that.
    let peak: u64 = reported(&out, "peak_kb").parse().unwrap();
    assert!(peak <= 512 * 1024, "peak {peak} KB");
}

#[test]
fn a_loop_that_makes_and_cuts_a_choicepoint_each_time_runs_in_bounded_memory() {
    const NAME: &str = "a_loop_that_makes_and_cuts_a_choicepoint_each_time_runs_in_bounded_memory";
    if is_child(NAME) {
        let mut db = Database::new();
        // `once/1` and an if-then-else each cut a choicepoint of member/2.
        db.consult(
            "loop(N, N, Last) :- !, Last = done.
             loop(I, N, Last) :-
                 once(member(_, [a, b])), ( member(X, [c, d]) -> X == c ; fail ),
                 I1 is I + 1, loop(I1, N, Last).",
        )
        .unwrap();
        println!("end={}", first_binding(&mut db, "loop(0, 3000000, E)", "E"));
        println!("peak_kb={}", peak_kb());
        return;
    }
    let out = run_child(NAME, 1024);
    assert_eq!(reported(&out, "end"), "done");
    // The frames run under each cut choicepoint were kept: a peak of 575 MB for these
    // three million iterations; reclaimed at the cut, the loop needs a few MB.
    let peak: u64 = reported(&out, "peak_kb").parse().unwrap();
    assert!(peak <= 48 * 1024, "peak {peak} KB");
}

/// How `query` ends on `db` under a budget of `budget_mb` MB (with proofs if `explain`):
/// `answer` or the error.
fn ending(db: &mut Database, query: &str, budget_mb: u64, explain: bool) -> String {
    let q = parse_query(query).unwrap();
    let opts = Options {
        max_memory: Some(budget_mb << 20),
        explain,
        ..Options::default()
    };
    match db.solve(&q, opts).next() {
        Some(Ok(a)) => format!(
            "answer(proof_nodes={})",
            a.proof.map_or(0, |p| p.nodes.len())
        ),
        Some(Err(e)) => format!("{e:?}").replace(' ', "_"),
        None => "false".into(),
    }
}

/// The budget of the runaway programs below, in MB, and the most their process may take
/// beyond it (the test binary itself, before the run: about 10 MB).
const RUNAWAY_BUDGET_MB: u64 = 200;
const RUNAWAY_SLACK_KB: u64 = 32 * 1024;

/// Checks a runaway child's report: stopped by the budget, its peak within 10% of it.
fn assert_stopped_within_budget(out: &str) {
    let end = reported(out, "end");
    assert!(end.starts_with("MemoryLimit("), "{end}");
    let peak: u64 = reported(out, "peak_kb").parse().unwrap();
    let bound = RUNAWAY_BUDGET_MB * 1024 * 11 / 10 + RUNAWAY_SLACK_KB;
    assert!(peak <= bound, "peak {peak} KB, more than {bound} KB");
}

#[test]
fn an_assertz_loop_stops_at_the_memory_budget() {
    const NAME: &str = "an_assertz_loop_stops_at_the_memory_budget";
    if is_child(NAME) {
        let mut db = Database::new();
        db.consult(
            ":- dynamic(fact/2).
             grow(N) :- assertz(fact(N, [N, N])), N1 is N + 1, grow(N1).",
        )
        .unwrap();
        println!(
            "end={}",
            ending(&mut db, "grow(0)", RUNAWAY_BUDGET_MB, false)
        );
        println!("peak_kb={}", peak_kb());
        return;
    }
    // Uncounted, the clause database grew to 3.9 GB in 27 s and the allocator aborted.
    assert_stopped_within_budget(&run_child(NAME, 2048));
}

#[test]
fn atoms_made_at_run_time_stop_at_the_memory_budget() {
    const NAME: &str = "atoms_made_at_run_time_stop_at_the_memory_budget";
    if is_child(NAME) {
        let mut db = Database::new();
        db.consult(
            "concat(N) :- atom_concat(a_rather_long_prefix_for_each_atom_, N, _),
                 N1 is N + 1, concat(N1).
             formatted(N) :- format(atom(_), \"~w-~a\", [N, another_long_name_in_each]),
                 N1 is N + 1, formatted(N1).",
        )
        .unwrap();
        let budget = RUNAWAY_BUDGET_MB;
        println!("end={}", ending(&mut db, "concat(0)", budget, false));
        println!("peak_kb={}", peak_kb());
        // The atoms stay (they are never freed): the second loop stops at once.
        println!("then={}", ending(&mut db, "formatted(0)", budget, false));
        return;
    }
    let out = run_child(NAME, 2048);
    // Uncounted, atom_concat/3 and format(atom(A), ...) grew the process until the
    // allocator aborted.
    assert_stopped_within_budget(&out);
    assert!(reported(&out, "then").starts_with("MemoryLimit("));
}

#[test]
fn the_proof_of_a_deep_recursion_is_elided_within_the_memory_budget() {
    const NAME: &str = "the_proof_of_a_deep_recursion_is_elided_within_the_memory_budget";
    if is_child(NAME) {
        let mut db = Database::new();
        db.consult(
            "build(0, leaf) :- !.
             build(N, node(T)) :- N1 is N - 1, build(N1, T).",
        )
        .unwrap();
        let small = RUNAWAY_BUDGET_MB;
        println!("small={}", ending(&mut db, "build(100000, T)", small, true));
        let budget = 2 * RUNAWAY_BUDGET_MB;
        println!("end={}", ending(&mut db, "build(100000, T)", budget, true));
        println!("peak_kb={}", peak_kb());
        return;
    }
    let out = run_child(NAME, 2048);
    // Each goal of the proof held the rest of the tree: read back whole, 5 x 10^9 nodes
    // (4.7 GB in a minute, then the allocator aborted). Elided, the 100,001 goals and
    // 100,000 `is` calls fit 400 MB; under 200 MB they are counted, and stop.
    assert!(reported(&out, "small").starts_with("MemoryLimit("));
    assert_eq!(reported(&out, "end"), "answer(proof_nodes=200001)");
    let peak: u64 = reported(&out, "peak_kb").parse().unwrap();
    let bound = 2 * RUNAWAY_BUDGET_MB * 1024 * 11 / 10 + RUNAWAY_SLACK_KB;
    assert!(peak <= bound, "peak {peak} KB, more than {bound} KB");
}
