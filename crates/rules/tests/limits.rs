//! The limits of a run stop it cleanly, with the searches' stop words: a generator in a
//! condition, a runaway Prolog call, an interrupt from outside, a huge join.
#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use resolu_rules::{Engine, RuleBase, Step, Stop, Strategy};
use resolu_search::{Monitor, StopReason};
use std::time::Duration;

fn engine(text: &str) -> Engine {
    Engine::new(RuleBase::parse(text).unwrap(), Strategy::Priority).unwrap()
}

#[test]
fn a_generator_in_a_condition_stops_at_the_memory_budget() {
    for condition in ["between(1, inf, X)", "length(X, _)"] {
        let mut e = engine(&format!(
            "fact start.\nrule g: start, {condition} ==> halt."
        ));
        e.set_max_memory(Some(20 << 20));
        e.set_max_inferences(None);
        assert_eq!(
            e.step().unwrap(),
            Step::Stopped(Stop::Limit(StopReason::MemoryLimit))
        );
        let detail = e.stop_detail().unwrap_or_default();
        assert!(
            detail.starts_with("line 2: rule g: the condition"),
            "{detail}"
        );
        assert!(detail.contains("answers, all gathered"), "{detail}");
    }
}

#[test]
fn a_generator_in_a_condition_stops_at_the_inference_limit() {
    let mut e = engine("fact start.\nrule g: start, between(1, inf, X) ==> halt.");
    e.set_max_inferences(Some(100_000));
    assert_eq!(
        e.step().unwrap(),
        Step::Stopped(Stop::Limit(StopReason::InferenceLimit))
    );
    assert_eq!(
        Stop::Limit(StopReason::InferenceLimit).as_str(),
        "inference-limit"
    );
}

#[test]
fn without_an_inference_limit_a_loop_runs_to_the_time_limit() {
    let mut e = engine("loop :- loop.\nfact go.\nrule spin: go, loop ==> halt.");
    e.set_max_inferences(None);
    e.set_timeout(Some(Duration::from_millis(300)));
    assert_eq!(
        e.step().unwrap(),
        Step::Stopped(Stop::Limit(StopReason::TimeLimit))
    );
}

#[test]
fn a_raised_monitor_flag_stops_the_run_with_its_counters_published() {
    static MONITOR: Monitor = Monitor::new();
    let mut e = engine("fact n(0).\nrule up: n(X), Y is X + 1 ==> retract(n(X)), assert(n(Y)).");
    e.set_monitor(&MONITOR);
    for _ in 0..5 {
        assert!(matches!(e.step().unwrap(), Step::Fired(_)));
    }
    MONITOR.interrupt();
    assert_eq!(
        e.step().unwrap(),
        Step::Stopped(Stop::Limit(StopReason::Interrupted))
    );
    assert_eq!(e.cycles(), 5);
    assert_eq!(MONITOR.expanded(), 5);
    assert!(MONITOR.memory_bytes() > 0);
    assert!(Stop::Limit(StopReason::Interrupted).is_limit());
}

#[test]
fn a_huge_join_stops_at_the_time_limit() {
    let mut text = String::from("rule j: a(X), b(Y) ==> assert(c(X, Y)).\n");
    for i in 0..3000 {
        text.push_str(&format!("fact a({i}). fact b({i}).\n"));
    }
    let mut e = engine(&text);
    e.set_timeout(Some(Duration::from_millis(200)));
    e.set_max_memory(Some(64 << 20));
    let stop = e.run(|_| {}).unwrap();
    assert!(
        matches!(
            stop,
            Stop::Limit(StopReason::TimeLimit) | Stop::Limit(StopReason::MemoryLimit)
        ),
        "{stop:?}"
    );
}
