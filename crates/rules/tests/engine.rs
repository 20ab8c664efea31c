//! The engine's behaviour, case by case: file errors with their positions, refraction,
//! recency against an independent simulation, loops, stuck bases, halting, explanations.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use resolu_rules::{Engine, Origin, RuleBase, Step, Stop, Strategy};
use resolu_search::StopReason;

const CAR: &str = include_str!("../../../examples/rules/car.rules");

fn engine(text: &str, strategy: Strategy) -> Engine {
    Engine::new(RuleBase::parse(text).unwrap(), strategy).unwrap()
}

/// Runs to the end: the stop, and per cycle the rule fired and the facts added.
fn run(text: &str, strategy: Strategy, max: u64) -> (Stop, Vec<(String, Vec<String>)>, Engine) {
    let mut e = engine(text, strategy);
    e.set_max_cycles(Some(max));
    let mut cycles = Vec::new();
    let stop = e
        .run(|c| {
            cycles.push((
                c.fired().name.clone(),
                c.added.iter().map(|t| t.to_string()).collect(),
            ))
        })
        .unwrap();
    (stop, cycles, e)
}

#[test]
fn file_errors_carry_line_and_column() {
    for (text, (line, column), why) in [
        ("fact a.\nrule r1: a => assert(b).", (2, 1), "needs `==>`"),
        ("rule : a ==> b.", (1, 6), "rule's name"),
        ("rule r1 priority x: a ==> b.", (1, 18), "integer"),
        ("rule r1 a ==> b.", (1, 9), "expected `:`"),
        ("rule r1: a ==> b ==> c.", (1, 18), "second `==>`"),
        ("rule r1: ==> assert(b).", (1, 10), "no conditions"),
        ("rule r: foo(,) ==> halt.", (1, 13), "syntax"),
        ("fact a.  goal b,, c.", (1, 17), "syntax"),
        (
            "fact a.\n\nrule r2:\n    foo(X,, Y) ==> assert(b).",
            (4, 11),
            "syntax",
        ),
        ("fact a.\nfoo(X :- bar.\n", (2, 13), "syntax"),
        // The fact itself (column 8), no longer the space after `fact` (7).
        ("\n  fact f(X).", (2, 8), "variables"),
        ("goal a.\ngoal b.", (2, 1), "second"),
        ("fact a.\nfact b", (2, 1), "full stop"),
        ("fact 'a.\n", (1, 6), "unterminated"),
        // The Prolog lexer's wording, at the same place.
        (
            "/* a comment\nfact a.",
            (1, 1),
            "unterminated block comment",
        ),
    ] {
        let e = RuleBase::parse(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
        assert!(e.message.contains(why), "{text:?}: {e}");
    }
}

#[test]
fn rules_and_prolog_clauses_come_through_one_reader() {
    // The header is read token by token: layout and comments between its words, the
    // priority and salience in either order, a negative number.
    let base = RuleBase::parse("fact a.\nrule r1 /* first */ salience 5\n  priority -3 : a ==> b.")
        .unwrap();
    let r = &base.rules[0];
    assert_eq!(
        (r.name.as_str(), r.priority, r.salience, r.line),
        ("r1", Some(-3), Some(5), 2)
    );
    // An operator declared by a directive reads the rest of the file, rules included, as
    // Prolog would read it.
    let text = ":- op(700, xfx, ===).\nX === Y :- X == Y.\nfact n(1).
rule r: n(X), X === 1 ==> print(X), halt.";
    let (stop, cycles, _) = run(text, Strategy::Priority, 10);
    assert_eq!((stop, cycles.len()), (Stop::Halt, 1));
    // A clause the database refuses is placed where it starts.
    let e = RuleBase::parse("fact a.\nfact b.  foo :- 1.").unwrap_err();
    assert_eq!((e.line, e.column), (2, 10), "{e}");
    assert!(e.message.contains("cannot be added"), "{e}");
}

#[test]
fn full_stops_inside_quotes_numbers_and_comments_do_not_end_items() {
    let text = "% a comment. with a full stop.
fact msg('a. b').  /* another. one */ fact pi(3.14).
rule r priority 1: msg(X), pi(P), C = 0'., P > 3 ==> print(X, ' ', P, ' ', C), halt.
rule s: true ==> print(never).";
    let (stop, cycles, _) = run(text, Strategy::Priority, 10);
    assert_eq!(stop, Stop::Halt);
    assert_eq!(cycles.len(), 1);
    let mut e = engine(text, Strategy::Priority);
    let out = match e.step().unwrap() {
        resolu_rules::Step::Fired(c) => c.output.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(out, ["a. b 3.14 46"]);
}

#[test]
fn clauses_named_like_our_keywords_stay_prolog() {
    let text = "goal :- true.\nrule(a).\nfact go.\nrule r: go, goal, rule(X) ==> print(X), halt.";
    let mut e = engine(text, Strategy::Priority);
    match e.step().unwrap() {
        resolu_rules::Step::Fired(c) => assert_eq!(c.output, ["a"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_instance_fires_once_and_a_fact_is_added_once() {
    let (stop, cycles, e) = run(
        "fact a. rule r1: a ==> assert(b). rule r2: a ==> assert(b), print(x).",
        Strategy::Order,
        100,
    );
    assert_eq!(stop, Stop::Quiescent);
    assert_eq!(
        cycles,
        [("r1".into(), vec!["b".into()]), ("r2".into(), vec![])]
    );
    assert_eq!(e.memory().len(), 2);
}

#[test]
fn a_looping_base_stops_at_the_cycle_limit() {
    let text = "fact n(0). rule inc: n(X), Y is X + 1 ==> retract(n(X)), assert(n(Y)).";
    let (stop, cycles, e) = run(text, Strategy::Priority, 50);
    assert_eq!(
        (stop, cycles.len(), e.cycles()),
        (Stop::Limit(StopReason::CycleLimit), 50, 50)
    );
    let facts: Vec<String> = e.memory().facts().map(|f| f.term.to_string()).collect();
    assert_eq!(facts, ["n(50)"]);
}

#[test]
fn a_stuck_base_says_so_and_a_goal_stops_the_run() {
    let (stop, cycles, _) = run(
        ":- dynamic c/0. fact a. rule r: a ==> assert(b). goal c.",
        Strategy::Priority,
        10,
    );
    assert_eq!((stop, cycles.len()), (Stop::Stuck, 1));
    // Without the declaration, a goal over a relation nothing defines is an error.
    let base = RuleBase::parse("fact a. rule r: a ==> assert(b). goal c.").unwrap();
    let e = Engine::new(base, Strategy::Priority).unwrap_err();
    assert!(e.message.contains("c/0, which no fact"), "{e}");
    let (stop, cycles, _) = run(
        "fact a. rule r: a ==> assert(b). rule s: b ==> assert(c). rule t: c ==> assert(d). goal c.",
        Strategy::Priority,
        10,
    );
    assert_eq!((stop, cycles.len()), (Stop::Goal, 2));
    // A goal that holds at the start: no cycle at all.
    let (stop, cycles, _) = run(
        "fact a. rule r: a ==> assert(b). goal a.",
        Strategy::Order,
        10,
    );
    assert_eq!((stop, cycles.len()), (Stop::Goal, 0));
}

#[test]
fn priorities_halt_print_and_actions_that_bind() {
    let text = "fact count(3). fact go.
        rule later priority 2: go ==> print(later).
        rule first priority 1: go ==> retract(count(N)), M is N * 2, assert(count(M)),
            print('count ', N, ' -> ', M), halt.";
    let mut e = engine(text, Strategy::Priority);
    let c = match e.step().unwrap() {
        resolu_rules::Step::Fired(c) => c,
        other => panic!("{other:?}"),
    };
    assert_eq!(c.fired().name, "first");
    assert_eq!(c.conflict_set.len(), 2);
    assert_eq!(c.output, ["count 3 -> 6"]);
    assert_eq!(
        (c.removed[0].to_string(), c.added[0].to_string()),
        ("count(3)".into(), "count(6)".into())
    );
    assert!(c.halted);
    assert_eq!(e.step().unwrap(), resolu_rules::Step::Stopped(Stop::Halt));
    // With the order strategy the first rule of the file fires instead.
    let (_, cycles, _) = run(text, Strategy::Order, 10);
    assert_eq!(cycles[0].0, "later");
}

#[test]
fn negation_both_ways_and_prolog_clauses_see_the_working_memory() {
    let text = "
        fact item(a). fact item(b). fact item(c). fact taken(b).
        free(X) :- item(X), \\+ taken(X).
        rule take priority 1: free(X), not(taken(X)) ==> assert(taken(X)).";
    let (stop, cycles, _) = run(text, Strategy::Priority, 10);
    assert_eq!(stop, Stop::Quiescent);
    assert_eq!(
        cycles,
        [
            ("take".into(), vec!["taken(a)".into()]),
            ("take".into(), vec!["taken(c)".into()])
        ]
    );
}

/// Visits a graph from `a`: one rule, whose instances the strategy orders.
const GRAPH: &str = "
    fact reached(a).
    facts edge(a, b), edge(a, c), edge(b, d), edge(c, e), edge(b, f).
    rule visit: reached(X), edge(X, Y), \\+ reached(Y) ==> assert(reached(Y)).";

/// The same visit simulated: facts get time tags as they arrive; an instance is a pair of
/// facts (reached(X), edge(X, Y)); `recency` picks the instance whose tags, most recent
/// first, are greatest, otherwise the first found (reached facts oldest first, then edges
/// in file order).
fn simulate_visit(recency: bool) -> Vec<char> {
    let edges = [('a', 'b'), ('a', 'c'), ('b', 'd'), ('c', 'e'), ('b', 'f')];
    let mut reached = vec![('a', 0usize)];
    let mut next_tag = 1 + edges.len();
    let mut order = Vec::new();
    loop {
        let mut instances = Vec::new();
        for &(x, tx) in &reached {
            for (i, &(from, to)) in edges.iter().enumerate() {
                if from == x && !reached.iter().any(|r| r.0 == to) {
                    let mut tags = vec![tx, 1 + i];
                    tags.sort_by(|a, b| b.cmp(a));
                    instances.push((tags, to));
                }
            }
        }
        let Some(first) = instances.first().cloned() else {
            return order;
        };
        let chosen = if recency {
            instances
                .iter()
                .fold(first, |best, i| if i.0 > best.0 { i.clone() } else { best })
        } else {
            first
        };
        reached.push((chosen.1, next_tag));
        next_tag += 1;
        order.push(chosen.1);
    }
}

#[test]
fn recency_goes_deep_where_order_goes_wide() {
    for (strategy, recency) in [
        (Strategy::Recency, true),
        (Strategy::Order, false),
        (Strategy::Priority, false),
        (Strategy::Specificity, false),
    ] {
        let (stop, cycles, _) = run(GRAPH, strategy, 100);
        assert_eq!(stop, Stop::Quiescent);
        let visited: Vec<char> = cycles
            .iter()
            .map(|(_, added)| added[0].chars().nth(8).unwrap())
            .collect();
        assert_eq!(visited, simulate_visit(recency), "{strategy}");
    }
    assert_eq!(simulate_visit(true), ['c', 'e', 'b', 'f', 'd']);
    assert_eq!(simulate_visit(false), ['b', 'c', 'd', 'f', 'e']);
}

#[test]
fn the_car_base_derives_every_conclusion_with_its_chain() {
    let (stop, cycles, e) = run(CAR, Strategy::Priority, 100);
    assert_eq!(stop, Stop::Quiescent);
    // r4, r6, r7, r9, r1, and r5 which adds nothing new (batterie_OK is there).
    let fired: Vec<&str> = cycles.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(fired, ["r4", "r6", "r5", "r7", "r9", "r1"]);
    let derived: Vec<String> = e
        .memory()
        .facts()
        .filter(|f| matches!(f.origin, Origin::Rule { .. }))
        .map(|f| f.term.to_string())
        .collect();
    assert_eq!(
        derived,
        [
            "batterie_OK",
            "jauge_OK",
            "essence_OK",
            "demarreur_OK",
            "voiture_OK"
        ]
    );
    let car = e
        .memory()
        .facts()
        .find(|f| f.term.to_string() == "voiture_OK")
        .unwrap();
    let tree: Vec<(usize, String)> = e
        .memory()
        .explain(car.tag)
        .into_iter()
        .map(|(d, f)| (d, f.term.to_string()))
        .collect();
    assert_eq!(
        tree,
        [
            (0, "voiture_OK".into()),
            (1, "batterie_OK".into()),
            (2, "bruit_demarrage".into()),
            (1, "demarreur_OK".into()),
            (2, "bruit_demarrage".into()),
            (1, "essence_OK".into()),
            (2, "jauge_positive".into()),
        ]
    );
    // Without the start noise, the car is not known to be OK.
    let without = CAR.replace("fact bruit_demarrage.", ":- dynamic bruit_demarrage/0.");
    let (_, _, e) = run(&without, Strategy::Priority, 100);
    assert!(
        e.memory()
            .facts()
            .all(|f| f.term.to_string() != "voiture_OK")
    );
}

#[test]
fn prolog_errors_in_conditions_name_the_rule_and_its_line() {
    let mut e = engine(
        "fact n(a).\nrule bad: n(X), Y is X + 1 ==> assert(m(Y)).",
        Strategy::Priority,
    );
    let err = e.step().unwrap_err();
    assert_eq!((err.rule.as_str(), err.line), ("bad", 2));
    assert!(err.message.contains("type_error"), "{err}");
    let mut e = engine(
        "fact go.\nloop :- loop.\nrule spin: go, loop ==> halt.",
        Strategy::Priority,
    );
    e.set_max_inferences(Some(10_000));
    // A runaway call is a limit, not an error: the run stops and says where.
    assert_eq!(
        e.step().unwrap(),
        Step::Stopped(Stop::Limit(StopReason::InferenceLimit))
    );
    let detail = e.stop_detail().unwrap_or_default();
    assert!(
        detail.contains("line 3: rule spin: `loop` ran past 10000 inferences"),
        "{detail}"
    );
    let mut e = engine("fact go.\nrule r: go ==> assert(f(X)).", Strategy::Priority);
    assert!(e.step().unwrap_err().message.contains("ground"));
}

#[test]
fn strategy_names() {
    for name in Strategy::NAMES {
        assert_eq!(name.parse::<Strategy>().unwrap().name(), name);
    }
    assert!("randomly".parse::<Strategy>().is_err());
}

/// Deterministic fuzzing: texts made of the pieces that matter to the scanner and the
/// parser never make them panic, and whatever parses runs within its limits.
#[test]
fn arbitrary_texts_never_panic() {
    const PIECES: [&str; 32] = [
        "rule ",
        "fact ",
        "facts ",
        "goal ",
        "priority ",
        "==>",
        ".",
        ". ",
        ".\n",
        "'",
        "\"",
        "0'",
        "(",
        ")",
        "[",
        "]",
        "%",
        "/*",
        "*/",
        "\n",
        "X",
        "a",
        "b(X)",
        ",",
        ":",
        " ",
        "1",
        "-",
        "\\+ ",
        "assert(",
        "retract(",
        "halt",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut parsed = 0;
    for _ in 0..4000 {
        let len = 1 + next() % 24;
        let text: String = (0..len)
            .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
            .collect();
        let Ok(base) = RuleBase::parse(&text) else {
            continue;
        };
        parsed += 1;
        if let Ok(mut e) = Engine::new(base, Strategy::Recency) {
            e.set_max_cycles(Some(20));
            e.set_max_inferences(Some(10_000));
            let _ = e.run(|_| {});
        }
    }
    // Some of them are valid rule bases, so the engine was exercised too.
    assert!(parsed > 50, "{parsed}");
    // And a few hand-made ones.
    for text in [
        "rule",
        "rule r",
        "rule r:",
        "rule r: a ==>",
        "rule r: a ==> .",
        "fact",
        "0'",
        "'\\",
    ] {
        let _ = RuleBase::parse(text);
    }
}

#[test]
fn a_negated_pattern_with_comparisons_blocks_and_unblocks() {
    // `low` needs no value above the level. `bump` adds one (blocking `low`), `drop`
    // removes it (unblocking it), then `low` fires; the comparison is evaluated on the
    // fact that comes and goes, and the value 1 never blocks.
    let text = "
        fact level(3). fact val(1).
        rule low: level(L), \\+ (val(X), X > L) ==> assert(low(L)).
        rule bump priority 1: val(1), \\+ low(_) ==> assert(val(7)).
        rule drop priority 2: val(7) ==> retract(val(7)).
    ";
    let mut e = engine(text, Strategy::Priority);
    let mut sets = Vec::new();
    let stop = e
        .run(|c| {
            sets.push(
                c.conflict_set
                    .iter()
                    .map(|i| i.name.clone())
                    .collect::<Vec<_>>(),
            )
        })
        .unwrap();
    assert_eq!(stop, Stop::Quiescent);
    assert_eq!(sets, [vec!["bump", "low"], vec!["drop"], vec!["low"]]);
    let facts: Vec<String> = e.memory().facts().map(|f| f.term.to_string()).collect();
    assert_eq!(facts, ["level(3)", "val(1)", "low(3)"]);
}
