//! The engine beyond single answers: every 8-queens solution checked independently, deep
//! recursion, laziness, limits, the embedding API, traces and proofs, the unknown flag,
//! syntax errors with positions, and writeq read back by the reader.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use resolu_logic::{
    Bindings, ConsultError, Database, Options, SolveError, Term, TraceEvent, Unknown, match_term,
    parse_program, parse_query, parse_term, unify,
};
use std::cell::RefCell;
use std::rc::Rc;

const QUEENS: &str = include_str!("../../../examples/prolog/queens.pl");
const LISTS: &str = include_str!("../../../examples/prolog/lists.pl");
const CAR: &str = include_str!("../../../examples/prolog/car.pl");
const TINY: &str = include_str!("../../../examples/prolog/tiny.pl");

fn db(program: &str) -> Database {
    let mut db = Database::new();
    db.consult(program).unwrap();
    db
}

fn all(db: &mut Database, query: &str) -> Vec<resolu_logic::Answer> {
    let q = parse_query(query).unwrap();
    db.solve(&q, Options::default())
        .collect::<Result<Vec<_>, _>>()
        .unwrap()
}

fn ints(t: &Term) -> Vec<i64> {
    t.list_items()
        .unwrap()
        .into_iter()
        .map(|x| match x {
            Term::Int(n) => *n,
            other => panic!("not an integer: {other}"),
        })
        .collect()
}

#[test]
fn eight_queens_has_92_distinct_valid_solutions() {
    for query in ["queens(8, Qs)", "queens2(8, Qs)"] {
        let mut d = db(QUEENS);
        let sols = all(&mut d, query);
        assert_eq!(sols.len(), 92, "{query}");
        let mut seen = std::collections::HashSet::new();
        for a in &sols {
            let qs = ints(a.get("Qs").unwrap());
            // Checked here, independently of the program: a permutation of 1..8 with no
            // two queens on a diagonal.
            let mut sorted = qs.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (1..=8).collect::<Vec<_>>());
            for i in 0..8 {
                for j in i + 1..8 {
                    assert_ne!((qs[i] - qs[j]).abs(), (j - i) as i64, "{qs:?}");
                }
            }
            assert!(seen.insert(qs));
        }
    }
}

#[test]
fn append_in_every_mode() {
    let mut d = Database::new();
    // Split: n+1 ways, in order.
    let splits = all(&mut d, "append(X, Y, [1,2,3,4])");
    assert_eq!(splits.len(), 5);
    for (k, a) in splits.iter().enumerate() {
        assert_eq!(
            ints(a.get("X").unwrap()),
            (1..=k as i64).collect::<Vec<_>>()
        );
        assert_eq!(
            ints(a.get("Y").unwrap()),
            (k as i64 + 1..=4).collect::<Vec<_>>()
        );
    }
    // Check, concatenate, prefix, suffix.
    assert_eq!(all(&mut d, "append([1], [2], [1,2])").len(), 1);
    assert_eq!(all(&mut d, "append([1], [2], [2,1])").len(), 0);
    assert_eq!(
        all(&mut d, "append([a], [b,c], L)")[0]
            .get("L")
            .unwrap()
            .to_string(),
        "[a,b,c]"
    );
    assert_eq!(
        all(&mut d, "append(P, [c], [a,b,c])")[0]
            .get("P")
            .unwrap()
            .to_string(),
        "[a,b]"
    );
    // All unbound: infinite, but lazy; the k-th answer has a k-element prefix.
    let q = parse_query("append(X, Y, Z)").unwrap();
    let first: Vec<_> = d.solve(&q, Options::default()).take(50).collect();
    assert_eq!(first.len(), 50);
    let last = first[49].as_ref().unwrap();
    assert_eq!(last.get("X").unwrap().list_items().unwrap().len(), 49);
}

#[test]
fn a_million_calls_deep() {
    let mut d = db(LISTS);
    // Tail recursion and non-tail recursion (my_length, sum build a million pending
    // frames), then an answer a million elements long, written and dropped.
    assert_eq!(all(&mut d, "count(1000000)").len(), 1);
    let a = &all(
        &mut d,
        "numlist(1, 1000000, L), my_length(L, N), sum(L, S), my_append(L, [x], M)",
    )[0];
    assert_eq!(a.get("N"), Some(&Term::Int(1_000_000)));
    assert_eq!(a.get("S"), Some(&Term::Int(500_000_500_000)));
    let m = a.get("M").unwrap();
    assert_eq!(m.list_items().unwrap().len(), 1_000_001);
    assert!(m.to_string().ends_with(",999999,1000000,x]"));
    let copy = m.clone();
    assert_eq!(&copy, m);
}

#[test]
fn first_argument_index_keeps_clause_order() {
    // 300 facts f(Key, I), every 7th with a variable first argument (it matches any key);
    // the index must give the same answers, in the same order, as a scan.
    let mut text = String::new();
    let mut expected: Vec<Vec<i64>> = vec![Vec::new(); 5];
    for i in 0..300i64 {
        if i % 7 == 0 {
            text.push_str(&format!("f(_, {i}).\n"));
            for e in expected.iter_mut() {
                e.push(i);
            }
        } else {
            let k = i % 5;
            text.push_str(&format!("f(k{k}, {i}).\n"));
            expected[k as usize].push(i);
        }
    }
    text.push_str(":- dynamic f/2.\n");
    let mut d = db(&text);
    let got = |d: &mut Database, k: usize| -> Vec<i64> {
        all(d, &format!("f(k{k}, X)"))
            .iter()
            .map(|a| match a.get("X") {
                Some(Term::Int(n)) => *n,
                _ => -1,
            })
            .collect()
    };
    for (k, want) in expected.iter().enumerate() {
        assert_eq!(&got(&mut d, k), want, "key k{k}");
    }
    // An unknown key only meets the variable clauses; a variable meets all 300.
    assert_eq!(all(&mut d, "f(nokey, X)").len(), 43);
    assert_eq!(all(&mut d, "f(K, X)").len(), 300);
    // Changing the predicate rebuilds the index.
    assert_eq!(
        all(&mut d, "retract(f(k1, 1)), assertz(f(k1, 1000))").len(),
        1
    );
    let mut want = expected[1].clone();
    want.retain(|&i| i != 1);
    want.push(1000);
    assert_eq!(got(&mut d, 1), want);
}

#[test]
fn cyclic_answers_are_cut_where_they_loop() {
    let mut d = Database::new();
    let a = &all(&mut d, "X = f(X, Y), Y = [a|Y], Z = g(Y, Y)")[0];
    assert_eq!(a.get("X").unwrap().to_string(), "f(...,[a|...])");
    assert_eq!(a.get("Z").unwrap().to_string(), "g([a|...],[a|...])");
}

#[test]
fn answers_are_lazy_and_limits_stop_runaways() {
    let mut d = db("nat(0). nat(N) :- nat(M), N is M + 1. loop :- loop.");
    let q = parse_query("nat(N)").unwrap();
    let five: Vec<i64> = d
        .solve(&q, Options::default())
        .take(5)
        .map(|a| match a.unwrap().get("N") {
            Some(Term::Int(n)) => *n,
            _ => -1,
        })
        .collect();
    assert_eq!(five, [0, 1, 2, 3, 4]);

    let q = parse_query("loop").unwrap();
    let opts = Options {
        max_inferences: Some(100_000),
        ..Options::default()
    };
    let mut sols = d.solve(&q, opts);
    assert_eq!(sols.next(), Some(Err(SolveError::InferenceLimit(100_000))));
    assert_eq!(sols.next(), None);
    assert!(sols.inferences() > 100_000);
    drop(sols);

    let opts = Options {
        timeout: Some(std::time::Duration::from_millis(50)),
        ..Options::default()
    };
    let r = d.solve(&q, opts).next().unwrap();
    assert!(matches!(r, Err(SolveError::Timeout(_))), "{r:?}");
    assert!(r.unwrap_err().is_limit());
}

#[test]
fn exhaustion_is_known_when_no_alternative_is_left() {
    let mut d = Database::new();
    let q = parse_query("member(X, [a,b])").unwrap();
    let mut sols = d.solve(&q, Options::default());
    assert!(sols.next().is_some());
    assert!(!sols.is_exhausted());
    assert!(sols.next().is_some());
    // SWI's member/2 leaves no choicepoint on the last element.
    assert!(sols.is_exhausted());
    assert!(sols.next().is_none());
}

#[test]
fn unknown_predicates_error_unless_dynamic_or_flag() {
    let mut d = db("a :- b.");
    let q = parse_query("a").unwrap();
    let r = d.solve(&q, Options::default()).next().unwrap();
    assert_eq!(r.unwrap_err().to_string(), "existence_error(procedure,b/0)");
    d.set_unknown(Unknown::Fail);
    assert_eq!(d.unknown(), Unknown::Fail);
    assert_eq!(d.solve(&q, Options::default()).count(), 0);

    let mut d = db(":- dynamic b/0.\na :- b.");
    assert_eq!(d.solve(&q, Options::default()).count(), 0);

    // The course's bases: car proves voiture_OK (twice, as SWI does), tiny proves a, d.
    let mut car = db(CAR);
    assert_eq!(all(&mut car, "voiture_OK").len(), 2);
    let mut tiny = db(TINY);
    assert_eq!(all(&mut tiny, "a, d").len(), 1);
    assert_eq!(all(&mut tiny, "a, f").len(), 0);
}

#[test]
fn the_host_adds_and_removes_clauses_between_queries() {
    let mut d = Database::new();
    d.consult("likes(mary, wine).").unwrap();
    d.assertz(&Term::compound(
        "likes",
        vec![Term::atom("john"), Term::atom("wine")],
    ))
    .unwrap();
    d.asserta(&parse_term("likes(ann, tea)").unwrap().term)
        .unwrap();
    d.assertz(&parse_term("drinks(X) :- likes(X, wine)").unwrap().term)
        .unwrap();
    let who: Vec<String> = all(&mut d, "drinks(X)")
        .iter()
        .map(|a| a.get("X").unwrap().to_string())
        .collect();
    assert_eq!(who, ["mary", "john"]);
    assert_eq!(d.clauses("likes", 2).len(), 3);
    assert!(
        d.retract(&parse_term("likes(mary, _)").unwrap().term)
            .unwrap()
    );
    assert!(
        !d.retract(&parse_term("likes(mary, _)").unwrap().term)
            .unwrap()
    );
    assert_eq!(all(&mut d, "drinks(X)").len(), 1);
    // A program may then assert into the (now dynamic) predicate.
    assert_eq!(
        all(&mut d, "assertz(likes(bob, wine)), drinks(bob)").len(),
        1
    );
    // Built-ins cannot be redefined.
    let e = d.assertz(&parse_term("atom(x)").unwrap().term).unwrap_err();
    assert_eq!(
        e.to_string(),
        "permission_error(modify,static_procedure,atom/1)"
    );
    // Clauses added while a call runs are not seen by that call (logical update view).
    let mut d = db(":- dynamic p/1.\np(1). p(2).");
    let a = &all(&mut d, "findall(X, (p(X), Y is X + 10, assertz(p(Y))), L)")[0];
    assert_eq!(a.get("L").unwrap().to_string(), "[1,2]");
    assert_eq!(all(&mut d, "p(X)").len(), 4);
}

#[test]
fn owned_unification_and_matching() {
    let a = parse_term("f(X, g(Y), Y)").unwrap().term;
    let b = parse_term("f(h(Z), g(k), Z)").unwrap().term.offset_vars(10);
    let mut s = Bindings::new();
    assert!(unify(&a, &b, &mut s));
    assert_eq!(s.resolve(&a).to_string(), "f(h(k),g(k),k)");
    // Occurs check: X = f(X) fails, and leaves the bindings as they were.
    let mut s = Bindings::new();
    let x = Term::var(0);
    let fx = Term::compound("f", vec![Term::var(0)]);
    assert!(!unify(&x, &fx, &mut s));
    assert!(s.is_empty());
    // Matching binds only the pattern's variables.
    let mut s = Bindings::new();
    let pat = parse_term("p(A, A)").unwrap().term;
    assert!(match_term(
        &pat,
        &parse_term("p(1, 1)").unwrap().term,
        &mut s
    ));
    let mut s = Bindings::new();
    assert!(!match_term(
        &pat,
        &parse_term("p(1, 2)").unwrap().term,
        &mut s
    ));
    assert!(s.is_empty());
    let mut s = Bindings::new();
    let ground = parse_term("p(1, 2)").unwrap().term;
    assert!(!match_term(
        &ground,
        &parse_term("p(X, 2)").unwrap().term,
        &mut s
    ));
}

#[test]
fn course_trace_shows_conjunctions_and_clauses() {
    let mut d = db(TINY);
    let q = parse_query("a, d").unwrap();
    let events = Rc::new(RefCell::new(Vec::new()));
    let sink = events.clone();
    let mut sols = d.solve(&q, Options::default());
    sols.set_observer(Box::new(move |e: &TraceEvent| {
        sink.borrow_mut().push(e.clone())
    }));
    assert!(sols.next().unwrap().is_ok());
    drop(sols);
    let steps: Vec<(usize, String, String)> = events
        .borrow()
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Step {
                depth,
                goals,
                clause,
            } => Some((
                *depth,
                goals
                    .iter()
                    .map(|g| g.to_string())
                    .collect::<Vec<_>>()
                    .join(","),
                clause.to_string(),
            )),
            _ => None,
        })
        .collect();
    let expect = [
        (0, "a,d", "a:-b,c"),
        (1, "b,c,d", "b"),
        (1, "c,d", "c"),
        (0, "d", "d:-c"),
        (1, "c", "c"),
    ];
    assert_eq!(steps.len(), expect.len(), "{steps:?}");
    for (got, want) in steps.iter().zip(expect) {
        assert_eq!((got.0, got.1.as_str(), got.2.as_str()), want);
    }
}

#[test]
fn port_trace_calls_exits_redos_and_fails() {
    let mut d = db("p(1). p(2). q(2).");
    let q = parse_query("p(X), q(X)").unwrap();
    let events = Rc::new(RefCell::new(Vec::new()));
    let sink = events.clone();
    let opts = Options {
        ports: true,
        ..Options::default()
    };
    let mut sols = d.solve(&q, opts);
    sols.set_observer(Box::new(move |e: &TraceEvent| {
        let line = match e {
            TraceEvent::Call { goal, .. } => format!("call {goal}"),
            TraceEvent::Exit { goal, .. } => format!("exit {goal}"),
            TraceEvent::Redo { goal, .. } => format!("redo {goal}"),
            TraceEvent::Fail { goal, .. } => format!("fail {goal}"),
            _ => return,
        };
        sink.borrow_mut().push(line)
    }));
    assert_eq!(sols.by_ref().count(), 1);
    drop(sols);
    let got = events.borrow().join("; ");
    let got = got
        .split("; ")
        .map(|s| {
            // Variables print as _G<address>: keep only whether it is one.
            if s.contains("_G") {
                s.split('(').next().unwrap_or(s).to_string() + "(_)"
            } else {
                s.to_string()
            }
        })
        .collect::<Vec<_>>();
    assert_eq!(
        got,
        [
            "call p(_)",
            "exit p(1)",
            "call q(1)",
            "fail q(1)",
            "redo p(_)",
            "exit p(2)",
            "call q(2)",
            "exit q(2)",
            "fail q(2)",
            "fail p(_)"
        ]
    );
}

#[test]
fn explain_gives_the_clause_of_every_goal() {
    let mut d = db(CAR);
    let q = parse_query("voiture_OK").unwrap();
    let opts = Options {
        explain: true,
        ..Options::default()
    };
    let a = d.solve(&q, opts).next().unwrap().unwrap();
    let proof = a.proof.unwrap();
    let lines: Vec<String> = proof
        .nodes
        .iter()
        .map(|n| {
            format!(
                "{}{} by {}",
                " ".repeat(n.depth),
                n.goal,
                n.clause
                    .as_ref()
                    .map_or("builtin".into(), |c| c.to_string())
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            "voiture_OK by voiture_OK:-batterie_OK,demarreur_OK,essence_OK",
            " batterie_OK by batterie_OK:-bruit_demarrage",
            "  bruit_demarrage by bruit_demarrage",
            " demarreur_OK by demarreur_OK:-bruit_demarrage",
            "  bruit_demarrage by bruit_demarrage",
            " essence_OK by essence_OK:-jauge_positive",
            "  jauge_positive by jauge_positive",
        ]
    );
}

#[test]
fn syntax_errors_name_line_column_and_text() {
    let mut d = Database::new();
    let e = d.consult("ok(1).\nbad(X) :- foo(X) bar.\n").unwrap_err();
    match e {
        ConsultError::Syntax(p) => {
            assert_eq!((p.line, p.column, p.near.as_str()), (2, 18, "bar"));
        }
        other => panic!("{other:?}"),
    }
    for (text, line, col) in [
        ("p :- q(", 1, 8),
        ("p :- 'unterminated.\n", 1, 6),
        ("p.\nq :- [a, b.\n", 2, 11),
        ("p :- X = f(a))).", 1, 14),
        // (`1 2` is one integer with a digit group, as in SWI-Prolog.)
        ("p. q :- 1 a.", 1, 11),
        ("\n\n   p :- ) .", 3, 9),
    ] {
        let e = parse_program(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, col), "{text:?}: {e}");
    }
    // Never a panic on odd input.
    for text in [
        "",
        ".",
        "(",
        ")",
        "[",
        "'",
        "0'",
        "0x",
        "/*",
        "f(a,",
        "a :- :- b.",
        "- - -",
    ] {
        let _ = parse_program(text);
        let _ = parse_term(text);
    }
}

fn arb_term() -> impl Strategy<Value = Term> {
    let atoms = prop_oneof![
        Just("a"),
        Just("foo"),
        Just("[]"),
        Just("-"),
        Just("+"),
        Just("hello world"),
        Just("Cap"),
        Just("it's"),
        Just(","),
        Just("|"),
        Just("{}"),
        Just("!"),
        Just(";"),
        Just(":-"),
        Just("\\+"),
        Just("is"),
        Just("mod"),
        Just(""),
    ];
    let leaf = prop_oneof![
        atoms.clone().prop_map(Term::atom),
        (-20i64..20).prop_map(Term::Int),
        (0u32..3).prop_map(Term::Var),
        Just(Term::Float(1.5)),
        Just(Term::Float(-0.25)),
        Just(Term::string("say \"hi\"\n")),
    ];
    leaf.prop_recursive(4, 24, 3, move |inner| {
        let names = prop_oneof![
            Just("f"),
            Just("-"),
            Just("+"),
            Just("*"),
            Just("^"),
            Just(","),
            Just(";"),
            Just("->"),
            Just(":-"),
            Just("="),
            Just("\\+"),
            Just("is"),
            Just("mod"),
            Just("."),
            Just("{}"),
            Just("hello world"),
        ];
        (names, prop::collection::vec(inner, 1..3)).prop_map(|(n, args)| Term::compound(n, args))
    })
}

proptest! {
    /// writeq's output reads back as the same term (variables renumbered in order).
    #[test]
    fn writeq_reads_back(t in arb_term()) {
        let text = t.to_string();
        let back = parse_term(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        let vars = t.variables();
        let renumbered = t.map_vars(&mut |v| Term::Var(vars.iter().position(|&w| w == v).unwrap_or(0) as u32));
        prop_assert_eq!(back.term, renumbered, "{}", text);
    }
}

#[test]
fn integer_division_of_min_int_by_minus_one_gives_the_big_quotient() {
    // The quotient of min_int by -1 does not fit 64 bits: it becomes a big integer, as
    // in SWI-Prolog (9223372036854775808 for // and div).
    let mut d = Database::new();
    for op in ["/", "//", "div"] {
        let q = parse_query(&format!("M is -9223372036854775807 - 1, X is M {op} -1")).unwrap();
        let a = d.solve(&q, Options::default()).next().unwrap().unwrap();
        assert_eq!(a.bindings[1].1.to_string(), "9223372036854775808", "{op}");
    }
}

#[test]
fn a_result_too_large_for_memory_is_a_resource_error_not_an_abort() {
    let mut d = Database::new();
    let q = parse_query("X is 2 ** (10 ** 9)").unwrap();
    let r = d.solve(&q, Options::default()).next().unwrap();
    // Uncaught, it names the cap on integers that refused it (no budget would help).
    let e = r.unwrap_err();
    assert!(e.is_limit());
    assert!(
        e.to_string()
            .contains("cap on integers (resource_error(memory))"),
        "{e}"
    );
    // Caught, it is the resource error SWI-Prolog raises.
    let q = parse_query("catch(X is 2 ** (10 ** 9), error(E, _), true)").unwrap();
    let a = d.solve(&q, Options::default()).next().unwrap().unwrap();
    assert_eq!(a.get("E").unwrap().to_string(), "resource_error(memory)");
}

#[test]
fn random_is_not_an_evaluable() {
    // No random numbers: random/1 is unknown rather than a fixed stand-in value.
    let mut d = Database::new();
    let q = parse_query("X is random(10)").unwrap();
    let r = d.solve(&q, Options::default()).next().unwrap();
    assert_eq!(r.unwrap_err().to_string(), "type_error(evaluable,random/1)");
}

const RECURSIONS: &str = "
count(N, N) :- !.
count(I, N) :- I1 is I+1, count(I1, N).
mk(0, []) :- !.
mk(N, [N|T]) :- N1 is N-1, mk(N1, T).
sum([], S, S).
sum([X|Xs], S0, S) :- S1 is S0+X, sum(Xs, S1, S).
pairs(0, []) :- !.
pairs(N, [N-f(N, _)|T]) :- N1 is N-1, pairs(N1, T).
";

fn with_budget(mb: u64) -> Options {
    Options {
        max_memory: Some(mb << 20),
        ..Options::default()
    }
}

#[test]
fn the_memory_budget_raises_a_resource_error_that_catch_handles() {
    let mut db = db(RECURSIONS);
    let q =
        parse_query("catch(numlist(1, 10000000, _), error(resource_error(R), _), true)").unwrap();
    let a = db.solve(&q, with_budget(32)).next().unwrap().unwrap();
    assert_eq!(a.get("R"), Some(&Term::atom("memory")));
    // Uncaught, it is the memory limit, a limit like the others.
    let q = parse_query("findall(X, between(1, inf, X), _)").unwrap();
    let e = db.solve(&q, with_budget(32)).next().unwrap().unwrap_err();
    assert_eq!(e, SolveError::MemoryLimit(32 << 20));
    assert!(e.is_limit());
    // An answer too large for the budget is the limit too, not an abort.
    let q = parse_query("length(L, 1500000)").unwrap();
    let e = db.solve(&q, with_budget(100)).next().unwrap().unwrap_err();
    assert_eq!(e, SolveError::MemoryLimit(100 << 20));
}

#[test]
fn queries_in_a_row_reuse_buffers_and_still_meet_the_budget() {
    // The rule engine's pattern: many small queries on one database, which now hands
    // each query the emptied heap and stacks of the previous one.
    let mut db = db(RECURSIONS);
    for n in 0..2000i64 {
        let q = parse_query(&format!("mk({}, L), sum(L, 0, S)", n % 50)).unwrap();
        let a = db.solve(&q, Options::default()).next().unwrap().unwrap();
        let k = n % 50;
        assert_eq!(a.get("S"), Some(&Term::Int(k * (k + 1) / 2)));
    }
    // A reused buffer does not loosen the budget: the same queries as on a fresh
    // database raise the memory error, caught or not, and a small one still answers.
    let q =
        parse_query("catch(numlist(1, 10000000, _), error(resource_error(R), _), true)").unwrap();
    let a = db.solve(&q, with_budget(32)).next().unwrap().unwrap();
    assert_eq!(a.get("R"), Some(&Term::atom("memory")));
    let q = parse_query("findall(X, between(1, inf, X), _)").unwrap();
    let e = db.solve(&q, with_budget(32)).next().unwrap().unwrap_err();
    assert_eq!(e, SolveError::MemoryLimit(32 << 20));
    let q = parse_query("mk(100, L), sum(L, 0, S)").unwrap();
    let a = db.solve(&q, with_budget(32)).next().unwrap().unwrap();
    assert_eq!(a.get("S"), Some(&Term::Int(5050)));
}

#[test]
fn a_deadline_stops_the_query_like_a_timeout() {
    let mut db = db("loop :- loop.");
    let opts = Options {
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_millis(50)),
        ..Options::default()
    };
    let e = db
        .solve(&parse_query("loop").unwrap(), opts)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(matches!(e, SolveError::Timeout(_)), "{e}");
}

#[test]
fn deterministic_recursion_runs_in_bounded_memory_and_live_data_survives_collection() {
    let mut db = db(RECURSIONS);
    // Three million steps leave ~600 MB of garbage without a collector: 32 MB suffice.
    let q = parse_query("count(0, 3000000)").unwrap();
    assert_eq!(db.solve(&q, with_budget(32)).count(), 1);
    // Live data built across many collections, under a choicepoint and after one, with
    // variables inside structures: the sums and the bindings come out right.
    let q = parse_query(
        "between(1, 2, K), mk(600000, L), count(0, 200000), sum(L, 0, S), \
         pairs(3000, P), count(0, 200000), member(3000-f(A, V), P), V = K",
    )
    .unwrap();
    let answers: Vec<_> = db
        .solve(&q, with_budget(256))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(answers.len(), 2);
    for (k, a) in answers.iter().enumerate() {
        assert_eq!(a.get("S"), Some(&Term::Int(600000 * 600001 / 2)));
        assert_eq!(a.get("A"), Some(&Term::Int(3000)));
        assert_eq!(a.get("V"), Some(&Term::Int(k as i64 + 1)));
    }
    // findall/3 and catch/3 around collections.
    let q = parse_query(
        "findall(S, (member(N, [100000, 200000]), mk(N, L), count(0, 100000), sum(L, 0, S)), Ss), \
         catch((count(0, 300000), throw(done(Ss))), done(X), true)",
    )
    .unwrap();
    let a = db.solve(&q, with_budget(256)).next().unwrap().unwrap();
    assert_eq!(
        a.get("X").unwrap().to_string(),
        format!("[{},{}]", 100000i64 * 100001 / 2, 200000i64 * 200001 / 2)
    );
}

#[test]
fn read_takes_the_terms_of_the_input_one_by_one_then_end_of_file() {
    let mut d = Database::new();
    d.set_input(|| "foo(X, Y, X).\n'hello world'. [1,2|T].".to_string());
    let q = parse_query("read_term(A, [variable_names(B)]), read(C), read(D), read(E), read(F)")
        .unwrap();
    let a = d.solve(&q, Options::default()).next().unwrap().unwrap();
    let shown: Vec<String> = a
        .bindings
        .iter()
        .map(|(n, t)| format!("{n} = {t}"))
        .collect();
    assert_eq!(
        shown,
        [
            "A = foo(_G1,_G2,_G1)",
            "B = ['X'=_G1,'Y'=_G2]",
            "C = 'hello world'",
            "D = [1,2|_G3]",
            "E = end_of_file",
            "F = end_of_file"
        ]
    );
    // Without an input, reading gives end_of_file; a syntax error is an error term.
    let mut d = Database::new();
    let q = parse_query("read(X)").unwrap();
    let a = d.solve(&q, Options::default()).next().unwrap().unwrap();
    assert_eq!(a.bindings[0].1.to_string(), "end_of_file");
    d.set_input(|| "foo(.".to_string());
    let r = d.solve(&q, Options::default()).next().unwrap();
    assert!(r.unwrap_err().to_string().starts_with("syntax_error("));
}

/// read/1 on a line source asks for lines only as terms need them: a term may span lines,
/// a line may hold two, and the source's end is `end_of_file`.
#[test]
fn read_takes_lines_as_terms_need_them() {
    let mut db = Database::new();
    let lines = Rc::new(RefCell::new(vec!["f(a,", "  b). g.", "h('x"].into_iter()));
    let asked = Rc::new(RefCell::new(0));
    let (l, n) = (lines.clone(), asked.clone());
    db.set_input_lines(move || {
        *n.borrow_mut() += 1;
        l.borrow_mut().next().map(String::from)
    });
    let q = parse_query("read(X), read(Y)").unwrap();
    let a = db.solve(&q, Options::default()).next().unwrap().unwrap();
    let shown: Vec<String> = a.bindings.iter().map(|(n, t)| format!("{n}={t}")).collect();
    assert_eq!(shown, ["X=f(a,b)", "Y=g"]);
    // The second term was on the second line: no third line was asked for.
    assert_eq!(*asked.borrow(), 2);
    // An unterminated quote at the end of the input is a syntax error, then end_of_file.
    let q = parse_query("catch(read(X), error(E, _), true), read(Y)").unwrap();
    let a = db.solve(&q, Options::default()).next().unwrap().unwrap();
    let shown: Vec<String> = a.bindings.iter().map(|(n, t)| format!("{n}={t}")).collect();
    assert_eq!(shown[2], "Y=end_of_file", "{shown:?}");
    assert!(shown[1].starts_with("E=syntax_error("), "{shown:?}");
}

/// Arithmetic that opens a clause body runs at clause entry from the clause; the same
/// goals behind a `call(true)` take the ordinary path. Both must answer alike, errors
/// included, over the cases the entry path leaves to the ordinary one (floats, overflow,
/// unbound variables, other functions, a bound or non-variable left side).
#[test]
fn arithmetic_opening_a_clause_answers_as_the_ordinary_builtins() {
    let program = "
        fast(X, Y, Z) :- Z is X * Y + 1 - -X.
        slow(X, Y, Z) :- call(true), Z is X * Y + 1 - -X.
        fast_cmp(X, Y, R) :- X < Y, X =< Y, Y > X, Y >= X, X =\\= Y, X + 1 =:= Y, R = yes.
        fast_cmp(_, _, no).
        slow_cmp(X, Y, R) :- call(true), X < Y, X =< Y, Y > X, Y >= X, X =\\= Y, X + 1 =:= Y, R = yes.
        slow_cmp(_, _, no).
        fast_lhs(Z) :- 3 is 1 + 2, Z is 2, Z is 1 + 1.
        slow_lhs(Z) :- call(true), 3 is 1 + 2, Z is 2, Z is 1 + 1.
    ";
    let mut d = db(program);
    let cases = [
        ("P(2, 3, Z)", "Z"),
        ("P(2, 3.0, Z)", "Z"),
        ("P(9223372036854775807, 1, Z)", "Z"),
        ("P(-9223372036854775807, 2, Z)", "Z"),
        ("P(_, 3, Z)", "Z"),
        ("P(a, 3, Z)", "Z"),
        ("P(2, 3, 9)", "Z"),
        ("P(2, 3, 10)", "Z"),
        ("P(2, 3, 9.0)", "Z"),
        ("P(2, 3, f(x))", "Z"),
        ("P(2 + 1, 3, Z)", "Z"),
        ("P(2, 3 / 1, Z)", "Z"),
        ("P_cmp(2, 3, R)", "R"),
        ("P_cmp(3, 2, R)", "R"),
        ("P_cmp(2, 3.0, R)", "R"),
        ("P_cmp(_, 3, R)", "R"),
        ("P_cmp(1 + 1, 3, R)", "R"),
        ("P_lhs(Z)", "Z"),
    ];
    let run = |d: &mut Database, query: &str, var: &str| -> Vec<String> {
        let q = parse_query(query).unwrap();
        d.solve(&q, Options::default())
            .map(|a| match a {
                Ok(a) => a.get(var).map_or("-".to_string(), |t| t.to_string()),
                Err(e) => format!("error: {e}"),
            })
            .collect()
    };
    for (query, var) in cases {
        let fast = run(&mut d, &query.replace('P', "fast"), var);
        let slow = run(&mut d, &query.replace('P', "slow"), var);
        assert_eq!(fast, slow, "{query}");
    }
    // And the values themselves, worked out by hand.
    assert_eq!(run(&mut d, "fast(2, 3, Z)", "Z"), ["9"]);
    assert_eq!(run(&mut d, "fast(2, 3.0, Z)", "Z"), ["9.0"]);
    assert_eq!(
        run(&mut d, "fast(9223372036854775807, 1, Z)", "Z"),
        ["18446744073709551615"]
    );
    assert_eq!(run(&mut d, "fast(2, 3, 10)", "Z"), Vec::<String>::new());
    assert_eq!(run(&mut d, "fast_cmp(2, 3, R)", "R"), ["yes", "no"]);
    assert_eq!(run(&mut d, "fast_cmp(3, 2, R)", "R"), ["no"]);
    assert_eq!(run(&mut d, "fast_lhs(Z)", "Z"), ["2"]);
    assert!(run(&mut d, "fast(_, 3, Z)", "Z")[0].starts_with("error"));
}

/// Clauses run from compiled code (heads matched by get/unify operations, bodies built
/// by put operations) answer as written: a head structure meeting a structure or a
/// variable, a variable repeated inside it, nested structures and shared variables in a
/// body goal, and whatever number of opening arithmetic goals ran at clause entry.
#[test]
fn compiled_clauses_match_and_build_as_written() {
    let program = "
        h(f(X, X, a), X, [X|T], T).
        b(X, Y) :- Y = g(h(X, Z), [Z, W | W], k(Z)).
        e(X, Y) :- Z is X + 1, W is Z * 2, Y = r(Z, W, V, V).
        d(X, Y) :- Y is ((((((((((X+1)+1)+1)+1)+1)+1)+1)+1)+1)+1).
        v(G) :- G.
        n([X, Y|T], Z) :- W is X + Y, Z = p(W, T, V, V).
    ";
    let mut d = db(program);
    let mut run = |query: &str, vars: &[&str]| -> Vec<String> {
        let q = parse_query(query).unwrap();
        d.solve(&q, Options::default())
            .map(|a| match a {
                Ok(a) => vars
                    .iter()
                    .map(|v| a.get(v).map_or("-".to_string(), |t| t.to_string()))
                    .collect::<Vec<_>>()
                    .join(" "),
                Err(e) => format!("error: {e}"),
            })
            .collect()
    };
    assert_eq!(run("h(A, 1, L, nil)", &["A", "L"]), ["f(1,1,a) [1|nil]"]);
    assert_eq!(
        run("h(f(P, Q, R), 2, [S|U], z)", &["P", "Q", "R", "S", "U"]),
        ["2 2 a 2 z"]
    );
    assert!(run("h(f(1, 2, a), _, _, _)", &[]).is_empty());
    assert!(run("h(f(1, 1, b), _, _, _)", &[]).is_empty());
    assert!(run("h(f(1, 1, a), 2, _, _)", &[]).is_empty());
    assert_eq!(
        run(
            "b(1, g(h(A, B), [C, D | E], k(F))), B == C, C == F, D == E, B \\== D",
            &["A"]
        ),
        ["1"]
    );
    assert_eq!(run("e(3, r(A, B, C, D)), C == D", &["A", "B"]), ["4 8"]);
    assert_eq!(
        run("e(3.0, r(A, B, C, D)), C == D", &["A", "B"]),
        ["4.0 8.0"]
    );
    assert!(run("e(a, _)", &[])[0].starts_with("error"));
    assert_eq!(run("d(0, Y)", &["Y"]), ["10"]);
    assert_eq!(run("d(0.5, Y)", &["Y"]), ["10.5"]);
    assert_eq!(run("v(X = 1)", &["X"]), ["1"]);
    // A head with a nested structure is matched by the template walk; its body is still
    // compiled code.
    assert_eq!(
        run("n([1, 2, 3], p(W, T, A, B)), A == B", &["W", "T"]),
        ["3 [3]"]
    );
    assert!(run("n(_, p(3, [], _, _))", &[])[0].starts_with("error: instantiation_error"));
    assert!(run("n([1], _)", &[]).is_empty());
}

#[test]
fn short_clause_lists_select_by_first_argument_and_calls_see_new_procedures() {
    // Under the hashing threshold the keys are scanned: each kind of first argument meets
    // only its own clauses and the variable ones, in order.
    let mut d = db("
        k(1, int). k(1.0, float). k(a, atom). k(_, var). k(f(x), f1). k(f(x, y), f2). k(1, int2).
    ");
    let tags = |d: &mut Database, q: &str| -> Vec<String> {
        all(d, q)
            .iter()
            .map(|a| a.get("T").map_or("-".to_string(), |t| t.to_string()))
            .collect()
    };
    assert_eq!(tags(&mut d, "k(1, T)"), ["int", "var", "int2"]);
    assert_eq!(tags(&mut d, "k(1.0, T)"), ["float", "var"]);
    assert_eq!(tags(&mut d, "k(a, T)"), ["atom", "var"]);
    assert_eq!(tags(&mut d, "k(f(_), T)"), ["var", "f1"]);
    assert_eq!(tags(&mut d, "k(f(_, _), T)"), ["var", "f2"]);
    assert_eq!(tags(&mut d, "k(2, T)"), ["var"]);
    assert_eq!(tags(&mut d, "k(_, T)").len(), 7);
    // A procedure unknown at the first call and created by assertz/1 in the same query is
    // found by the next call (only procedures that exist are remembered by a call).
    let got = tags(
        &mut d,
        "catch(later(_), error(existence_error(_, _), _), true), assertz(later(new)), later(T)",
    );
    assert_eq!(got, ["new"]);
}

#[test]
fn list_cells_of_two_variables_in_heads_match_and_build() {
    // `[X|X]` and `[X|Y]` in a head are one compiled operation: read from the goal's
    // list, or built when the goal has a variable there.
    let mut d =
        db("c([X|X]). c2(Y, [X|Y], X). app([], L, L). app([H|T], L, [H|R]) :- app(T, L, R).");
    let count = |d: &mut Database, q: &str| all(d, q).len();
    assert_eq!(count(&mut d, "c([A|B]), A == B"), 1);
    assert_eq!(count(&mut d, "c(L), L = [P|Q], P == Q, var(P)"), 1);
    assert_eq!(count(&mut d, "c([1|1])"), 1);
    assert_eq!(count(&mut d, "c([1|2])"), 0);
    assert_eq!(count(&mut d, "c(f(1, 1))"), 0);
    let a = all(&mut d, "c2(t, L, h)");
    assert_eq!(a[0].get("L").unwrap().to_string(), "[h|t]");
    let a = all(&mut d, "c2(T, [1|2], H)");
    assert_eq!(
        (
            a[0].get("T").unwrap().to_string(),
            a[0].get("H").unwrap().to_string()
        ),
        ("2".to_string(), "1".to_string())
    );
    assert_eq!(count(&mut d, "c2(2, [1|3], _)"), 0);
    let a = all(&mut d, "app(X, Y, [1, 2])");
    assert_eq!(a.len(), 3);
    let a = all(&mut d, "app([1, 2], [3], Z)");
    assert_eq!(a[0].get("Z").unwrap().to_string(), "[1,2,3]");
    // Body goals whose arguments are all variables already set are built by one
    // operation each, in the order written.
    let mut d =
        db("q(1, a). q(2, b). r(X, Y, X, Y). p(X, Y, Z) :- q(X, Y), r(Y, X, Z, W), W == X.");
    let a = all(&mut d, "p(X, Y, Z)");
    let got: Vec<String> = a
        .iter()
        .map(|a| {
            format!(
                "{} {} {}",
                a.get("X").unwrap(),
                a.get("Y").unwrap(),
                a.get("Z").unwrap()
            )
        })
        .collect();
    assert_eq!(got, ["1 a a", "2 b b"]);
}
