//! An undefined predicate in a condition is an error, as under the prover's
//! `unknown=error`, unless the file says otherwise (`:- dynamic`, or the `unknown` flag).

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use resolu_rules::{Engine, RuleBase, Stop, Strategy};

/// Runs a base to its end: the stop and the facts of the working memory, or the message
/// of the error that stopped it (compiling the rules, or a cycle).
fn outcome(text: &str) -> Result<(Stop, Vec<String>), String> {
    let base = RuleBase::parse(text).map_err(|e| e.to_string())?;
    let mut e = Engine::new(base, Strategy::Priority).map_err(|e| e.to_string())?;
    e.set_max_cycles(Some(100));
    let stop = e.run(|_| {}).map_err(|e| e.to_string())?;
    let facts = e.memory().facts().map(|f| f.term.to_string()).collect();
    Ok((stop, facts))
}

#[test]
fn an_undefined_predicate_in_a_condition_is_an_error() {
    // A pattern over a relation nothing defines: refused before the run, with its rule.
    let e = outcome("fact a.\nrule r: a, bb(1) ==> assert(c).").unwrap_err();
    assert!(e.starts_with("2:1: rule r:"), "{e}");
    assert!(
        e.contains("bb/1, which no fact, action or clause defines"),
        "{e}"
    );
    // Negated, it is the prover's existence error when the rule is tried, not "true".
    let e = outcome("fact a.\nrule r: a, \\+ bb ==> assert(c).").unwrap_err();
    assert!(e.contains("existence_error(procedure,bb/0)"), "{e}");
    // Called through a clause of the file: the same error, naming the missing one.
    let e = outcome("fact a.\np :- qq.\nrule r: a, p ==> assert(c).").unwrap_err();
    assert!(e.contains("existence_error(procedure,qq/0)"), "{e}");
    let e = outcome("fact a.\np :- qq.\nrule r: a, \\+ p ==> assert(c).").unwrap_err();
    assert!(e.contains("existence_error(procedure,qq/0)"), "{e}");
}

#[test]
fn the_file_may_say_otherwise() {
    let facts = |text: &str| outcome(text).unwrap().1;
    // Declared dynamic: a relation with no facts yet, so false (and its negation true).
    assert_eq!(
        facts(
            ":- dynamic bb/0.\nfact a.\nrule r: a, bb ==> assert(c).\nrule s: a, \\+ bb ==> assert(d)."
        ),
        ["a", "d"]
    );
    assert_eq!(
        facts(":- dynamic qq/0.\nfact a.\np :- qq.\nrule r: a, \\+ p ==> assert(c)."),
        ["a", "c"]
    );
    // The unknown flag set to fail: every undefined predicate is false, as in Prolog.
    let text = ":- set_prolog_flag(unknown, fail).\nfact a.\np :- qq.
rule r: a, bb ==> assert(c).\nrule s: a, \\+ bb, \\+ p ==> assert(d).";
    assert_eq!(facts(text), ["a", "d"]);
}
