//! The prover's speed: naive reverse of a 30-element list (the classic LIPS measure: 496
//! logical inferences per reverse), all 92 solutions of 8 queens and a deterministic loop
//! counting to a million (which the garbage collector keeps in constant memory), side by
//! side with SWI-Prolog (`swipl`, Debian's swi-prolog-nox) when it is installed.
//!
//! Both are timed in CPU time (this machine is shared). Run:
//! `cargo bench -p resolu-bench --bench prolog` (the workspace's `bench` profile: the whole
//! program optimised as one unit, as `cargo install --profile dist` builds the binary).
//! With `RESOLU_PROLOG_BENCH_QUICK=1` in the environment it runs a tenth of the work
//! without SWI (for profiling under callgrind).

use resolu_logic::{Database, Options, parse_query};
use std::process::Command;
use std::time::Instant;

const PROGRAM: &str = "
app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).
nrev([], []).
nrev([H|T], R) :- nrev(T, RT), app(RT, [H], R).
range(N, N, [N]) :- !.
range(I, N, [I|T]) :- I < N, I1 is I+1, range(I1, N, T).
bench(Count) :- range(1, 30, L), between(1, Count, _), nrev(L, _), fail.
bench(_).

queens(N, Qs) :- numlist(1, N, Ns), place(Ns, [], Qs).
place([], Qs, Qs).
place(Unplaced, Safe, Qs) :-
    select(Q, Unplaced, Rest), no_attack(Q, Safe, 1), place(Rest, [Q|Safe], Qs).
no_attack(_, [], _).
no_attack(Q, [Q1|Qs], D) :-
    Q =\\= Q1 + D, Q =\\= Q1 - D, D1 is D + 1, no_attack(Q, Qs, D1).
all_queens(N, C) :- findall(Q, queens(N, Q), L), length(L, C).
queens_runs(K, C) :- between(1, K, _), all_queens(8, C), fail.
queens_runs(_, C) :- all_queens(8, C).

count(N, N) :- !.
count(I, N) :- I1 is I+1, count(I1, N).
count_runs(K) :- between(1, K, _), count(0, 1000000), fail.
count_runs(_).
";

/// The count-to-a-million loop is repeated this many times.
const COUNT_RUNS: u64 = 5;

/// 8-queens all solutions is repeated this many times (the CPU clock ticks coarsely).
const QUEENS_RUNS: u64 = 20;

const NREV_ITERATIONS: u64 = 20_000;

/// Whether to run the short profiling variant.
fn quick() -> bool {
    std::env::var_os("RESOLU_PROLOG_BENCH_QUICK").is_some()
}

/// CPU time of this thread in seconds (the machine may be shared: wall time would count
/// other processes; SWI's figures below are CPU time too).
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(
            || {
                static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
                START.get_or_init(Instant::now).elapsed().as_secs_f64()
            },
            |ns| ns / 1e9,
        )
}
const NREV_LI: u64 = 496;

fn ours() -> (f64, f64, i64, f64) {
    let mut db = Database::new();
    db.consult(PROGRAM).expect("the benchmark program loads");
    // Warm up, then time.
    let q = parse_query("bench(1000)").expect("query");
    let _ = db.solve(&q, Options::default()).count();
    let iterations = if quick() {
        NREV_ITERATIONS / 10
    } else {
        NREV_ITERATIONS
    };
    let q = parse_query(&format!("bench({iterations})")).expect("query");
    let t = cpu_seconds();
    let n = db.solve(&q, Options::default()).count();
    assert_eq!(n, 1);
    let secs = cpu_seconds() - t;
    let lips = (iterations * NREV_LI) as f64 / secs;

    let runs = if quick() {
        QUEENS_RUNS / 10
    } else {
        QUEENS_RUNS
    };
    let q = parse_query(&format!("queens_runs({runs}, C)")).expect("query");
    let t = cpu_seconds();
    let a = db
        .solve(&q, Options::default())
        .next()
        .expect("an answer")
        .expect("no error");
    let queens_ms = (cpu_seconds() - t) * 1000.0 / (runs + 1) as f64;
    let count = match a.get("C") {
        Some(resolu_logic::Term::Int(c)) => *c,
        _ => -1,
    };
    let runs = if quick() { 1 } else { COUNT_RUNS };
    let q = parse_query(&format!("count_runs({runs})")).expect("query");
    let t = cpu_seconds();
    assert_eq!(db.solve(&q, Options::default()).count(), 1);
    let count_ms = (cpu_seconds() - t) * 1000.0 / runs as f64;
    (lips, queens_ms, count, count_ms)
}

fn swi() -> Option<(f64, f64, i64, f64)> {
    let dir = std::env::temp_dir().join(format!("resolu-bench-prolog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let file = dir.join("bench.pl");
    // SWI's own numlist/select are used by the same program text.
    std::fs::write(&file, PROGRAM).ok()?;
    let goal = format!(
        "bench(1000), statistics(cputime, T0), bench({NREV_ITERATIONS}), statistics(cputime, T1), \
         T is T1 - T0, statistics(cputime, Q0), queens_runs({QUEENS_RUNS}, C), statistics(cputime, Q1), \
         Q is (Q1 - Q0) * 1000 / ({QUEENS_RUNS} + 1), statistics(cputime, K0), \
         count_runs({COUNT_RUNS}), statistics(cputime, K1), K is (K1 - K0) * 1000 / {COUNT_RUNS}, \
         format('~w ~w ~w ~w~n', [T, Q, C, K])"
    );
    let out = Command::new("swipl")
        .arg("-q")
        .arg("-g")
        .arg(goal)
        .arg("-t")
        .arg("halt")
        .arg(&file)
        .output()
        .ok()?;
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    let mut it = text.split_whitespace();
    let t: f64 = it.next()?.parse().ok()?;
    let q: f64 = it.next()?.parse().ok()?;
    let c: i64 = it.next()?.parse().ok()?;
    let k: f64 = it.next()?.parse().ok()?;
    Some(((NREV_ITERATIONS * NREV_LI) as f64 / t, q, c, k))
}

fn main() {
    let (lips, qms, count, kms) = ours();
    println!(
        "resolu-logic: nrev30 {:.1} MLIPS; 8-queens all solutions ({count}) {qms:.1} ms; \
         count to 1M {kms:.1} ms",
        lips / 1e6
    );
    match if quick() { None } else { swi() } {
        Some((lips_swi, qms_swi, c, kms_swi)) => {
            println!(
                "SWI-Prolog:   nrev30 {:.1} MLIPS; 8-queens all solutions ({c}) {qms_swi:.1} ms; \
                 count to 1M {kms_swi:.1} ms",
                lips_swi / 1e6
            );
            println!(
                "ratio: SWI is {:.2}x faster on nrev, {:.2}x on 8-queens, {:.2}x on count",
                lips_swi / lips,
                qms / qms_swi,
                kms / kms_swi
            );
        }
        None => {
            println!("SWI-Prolog:   not found (install Debian's swi-prolog-nox for the comparison)")
        }
    }
}
