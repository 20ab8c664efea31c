//! The prover under the contract every engine shares: the one `Limits` value in, one
//! `StopReason` out, and a `Monitor` that interrupts it and sees its counters.

#![allow(clippy::unwrap_used)]

use resolu_logic::{Database, Options, SolveError};
use resolu_search::{Limits, Monitor, StopReason};
use std::time::Duration;

const LOOPS: &str = "
loop :- loop.
count(N) :- N1 is N + 1, count(N1).
grow(L) :- grow([x|L]).
";

fn stop(query: &str, limits: &Limits) -> SolveError {
    let mut db = Database::new();
    db.consult(LOOPS).unwrap();
    let q = db.parse_query(query).unwrap();
    let r = db.solve(&q, Options::from_limits(limits)).next();
    match r {
        Some(Err(e)) => e,
        other => panic!("{query}: {other:?}"),
    }
}

#[test]
fn max_nodes_is_the_inference_limit() {
    let e = stop("loop", &Limits::new().max_nodes(5000));
    assert!(matches!(e, SolveError::InferenceLimit(5000)), "{e}");
    assert_eq!(e.stop_reason(), Some(StopReason::InferenceLimit));
    assert_eq!(
        e.stop_reason().map(StopReason::as_str),
        Some("inference-limit")
    );
}

#[test]
fn the_timeout_is_the_time_limit() {
    let e = stop(
        "count(0)",
        &Limits::new().timeout(Duration::from_millis(50)),
    );
    assert_eq!(e.stop_reason(), Some(StopReason::TimeLimit), "{e}");
}

#[test]
fn the_memory_budget_is_the_memory_limit() {
    let e = stop("grow([])", &Limits::new().max_memory_bytes(8 << 20));
    assert!(matches!(e, SolveError::MemoryLimit(_)), "{e}");
    assert_eq!(e.stop_reason(), Some(StopReason::MemoryLimit));
}

#[test]
fn a_raised_monitor_interrupts_and_has_the_counters() {
    static MONITOR: Monitor = Monitor::new();
    MONITOR.interrupt();
    let e = stop("count(0)", &Limits::new().monitor(&MONITOR));
    assert!(matches!(e, SolveError::Interrupted), "{e}");
    assert_eq!(e.stop_reason(), Some(StopReason::Interrupted));
    assert!(MONITOR.expanded() > 0);
    assert!(MONITOR.memory_bytes() > 0);
}

#[test]
fn a_program_error_is_no_stop() {
    let mut db = Database::new();
    let e = db
        .query("X is foo + 1")
        .unwrap()
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(e.stop_reason(), None);
    assert!(!e.is_limit());
}
