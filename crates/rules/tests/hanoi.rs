//! The Towers of Hanoi expert systems and the conflict-resolution strategies, against runs
//! simulated independently here (plain Rust, no rule engine).

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use resolu_logic::Term;
use resolu_rules::{Engine, RuleBase, Step, Stop, Strategy};
use std::collections::HashSet;

const COURSE: &str = include_str!("../../../examples/rules/hanoi.rules");
const NEIGHBOURS: &str = include_str!("../../../examples/rules/hanoi-neighbours.rules");
const OPTIMAL: &str = include_str!("../../../examples/rules/hanoi-optimal.rules");

/// Pegs, each a stack of disk sizes listed from the top (the rule bases list them bottom
/// first: [`term`] and [`situation`] turn each peg over).
type Situation = Vec<Vec<i64>>;

fn start(disks: i64, pegs: usize) -> Situation {
    let mut s = vec![Vec::new(); pegs];
    s[0] = (1..=disks).collect();
    s
}

fn target(disks: i64, pegs: usize) -> Situation {
    let mut s = vec![Vec::new(); pegs];
    s[pegs - 1] = (1..=disks).collect();
    s
}

fn term(s: &Situation) -> Term {
    Term::list(
        s.iter()
            .map(|p| Term::list(p.iter().rev().map(|&d| Term::int(d)).collect(), Term::nil()))
            .collect(),
        Term::nil(),
    )
}

fn situation(t: &Term) -> Situation {
    t.list_items()
        .unwrap()
        .iter()
        .map(|p| {
            p.list_items()
                .unwrap()
                .iter()
                .rev()
                .map(|d| match d {
                    Term::Int(n) => *n,
                    other => panic!("{other} is not a disk"),
                })
                .collect()
        })
        .collect()
}

/// The move (from, to) from `a` to `b`, checked legal: exactly one disk moved, from a top
/// onto an empty peg or a larger disk.
fn legal_move(a: &Situation, b: &Situation) -> (usize, usize) {
    for from in 0..a.len() {
        for to in 0..a.len() {
            if from == to || a[from].is_empty() {
                continue;
            }
            let d = a[from][0];
            if a[to].first().is_some_and(|&t| t < d) {
                continue;
            }
            let mut c = a.clone();
            c[from].remove(0);
            c[to].insert(0, d);
            if c == *b {
                return (from, to);
            }
        }
    }
    panic!("{a:?} -> {b:?} is not one legal move")
}

/// An engine over a Hanoi rule base whose start, seen and target facts are replaced by
/// those of `disks` disks on `pegs` pegs.
fn hanoi_engine(text: &str, disks: i64, pegs: usize, strategy: Strategy) -> Engine {
    let mut base = RuleBase::parse(text).unwrap();
    base.facts.retain(
        |f| !matches!(f.functor(), Some((n, 1)) if ["state", "seen", "target"].contains(&n.name())),
    );
    let s0 = start(disks, pegs);
    base.facts.push(Term::compound("state", vec![term(&s0)]));
    base.facts.push(Term::compound("seen", vec![term(&s0)]));
    base.facts
        .push(Term::compound("target", vec![term(&target(disks, pegs))]));
    Engine::new(base, strategy).unwrap()
}

/// Runs a Hanoi rule base from `disks` disks on `pegs` pegs: the stop, the moves (each
/// checked legal) and the rules fired.
fn run_hanoi(
    text: &str,
    disks: i64,
    pegs: usize,
    strategy: Strategy,
) -> (Stop, Vec<(usize, usize)>, Vec<String>) {
    let mut engine = hanoi_engine(text, disks, pegs, strategy);
    engine.set_max_cycles(Some(10_000));
    let mut state = start(disks, pegs);
    let mut moves = Vec::new();
    let mut fired = Vec::new();
    loop {
        match engine.step().unwrap() {
            Step::Stopped(stop) => {
                if stop == Stop::Goal {
                    assert_eq!(state, target(disks, pegs));
                }
                return (stop, moves, fired);
            }
            Step::Fired(cycle) => {
                fired.push(cycle.fired().name.clone());
                let new = cycle
                    .added
                    .iter()
                    .find(|f| matches!(f.functor(), Some((n, 1)) if n.name() == "state"))
                    .map(|f| situation(&f.args()[0]))
                    .unwrap();
                moves.push(legal_move(&state, &new));
                state = new;
            }
        }
    }
}

/// The course's expert, simulated: try the moves in `order`, take the first legal one that
/// leads to a situation not seen yet; stop at the goal or when none is left.
fn simulate(disks: i64, pegs: usize, order: &[(usize, usize)]) -> (Stop, Vec<(usize, usize)>) {
    let mut s = start(disks, pegs);
    let goal = target(disks, pegs);
    let mut seen = HashSet::from([s.clone()]);
    let mut moves = Vec::new();
    while s != goal {
        let next = order.iter().find_map(|&(a, b)| {
            let d = *s[a].first()?;
            if s[b].first().is_some_and(|&t| t < d) {
                return None;
            }
            let mut c = s.clone();
            c[a].remove(0);
            c[b].insert(0, d);
            (!seen.contains(&c)).then_some((c, (a, b)))
        });
        let Some((c, m)) = next else {
            return (Stop::Stuck, moves);
        };
        seen.insert(c.clone());
        moves.push(m);
        s = c;
    }
    (Stop::Goal, moves)
}

#[test]
fn the_course_rules_take_26_legal_moves_without_repeating_a_situation() {
    let (stop, moves, fired) = run_hanoi(COURSE, 3, 3, Strategy::Priority);
    assert_eq!(stop, Stop::Goal);
    assert_eq!(moves.len(), 26);
    let mut s = start(3, 3);
    let mut seen = HashSet::from([s.clone()]);
    for &(a, b) in &moves {
        let d = s[a].remove(0);
        s[b].insert(0, d);
        assert!(seen.insert(s.clone()), "situation {s:?} repeated");
    }
    assert_eq!(seen.len(), 27, "every one of the 3^3 situations, once");
    assert_eq!(&fired[..5], ["r1", "r2", "r1", "r3", "r4"]);
    assert_eq!(
        (stop, moves),
        simulate(3, 3, &[(0, 1), (1, 2), (2, 1), (1, 0)])
    );
    // 3^n - 1 for other sizes too (the neighbour-only puzzle).
    for n in [1, 2, 4] {
        let (stop, moves, _) = run_hanoi(COURSE, n, 3, Strategy::Priority);
        assert_eq!(
            (stop, moves.len() as u32),
            (Stop::Goal, 3u32.pow(n as u32) - 1)
        );
    }
}

#[test]
fn the_neighbour_rules_are_the_course_rules_on_three_pegs_and_generalise() {
    for n in 1..=4 {
        let course = run_hanoi(COURSE, n, 3, Strategy::Priority);
        let general = run_hanoi(NEIGHBOURS, n, 3, Strategy::Priority);
        assert_eq!(course.0, general.0);
        assert_eq!(course.1, general.1, "{n} disks");
    }
    for pegs in [4, 5] {
        let order: Vec<(usize, usize)> = (0..pegs - 1)
            .map(|i| (i, i + 1))
            .chain((1..pegs).rev().map(|i| (i, i - 1)))
            .collect();
        for n in 1..=3 {
            let (stop, moves, _) = run_hanoi(NEIGHBOURS, n, pegs, Strategy::Priority);
            assert_eq!((stop, moves), simulate(n, pegs, &order), "{n} on {pegs}");
        }
    }
    // 3 disks on 4 pegs: 29 moves (checked by the simulation above).
    assert_eq!(run_hanoi(NEIGHBOURS, 3, 4, Strategy::Priority).1.len(), 29);
}

#[test]
fn the_optimal_rules_take_two_to_the_n_minus_one_moves() {
    for n in 1..=6 {
        let (stop, moves, fired) = run_hanoi(OPTIMAL, n, 3, Strategy::Priority);
        assert_eq!(stop, Stop::Goal, "{n} disks");
        assert_eq!(moves.len() as u64, (1u64 << n) - 1, "{n} disks");
        // The smallest disk moves on every odd move.
        for (i, rule) in fired.iter().enumerate() {
            assert_eq!(rule == "smallest", i % 2 == 0, "{n} disks, move {}", i + 1);
        }
        // The same moves as the textbook recursion.
        let mut expected = Vec::new();
        let mut stack = vec![(n, 0usize, 2usize, 1usize, false)];
        while let Some((k, from, to, via, expanded)) = stack.pop() {
            if k == 0 {
                continue;
            }
            if expanded {
                expected.push((from, to));
                stack.push((k - 1, via, to, from, false));
            } else {
                stack.push((k, from, to, via, true));
                stack.push((k - 1, from, via, to, false));
            }
        }
        assert_eq!(moves, expected, "{n} disks");
    }
    // They know 3 pegs only: on 4 the base is stuck at once.
    let (stop, moves, _) = run_hanoi(OPTIMAL, 3, 4, Strategy::Priority);
    assert_eq!((stop, moves.len()), (Stop::Stuck, 0));
}

/// A rule base with one rule per move, in the given file order, each with a priority and
/// some extra `true` conditions (which change only its specificity).
fn six_moves(rules: &[((usize, usize), i64, usize)]) -> String {
    let mut text = String::from(COURSE.split("% The expert's four rules").next().unwrap());
    for ((a, b), priority, extra) in rules {
        let padding = ", true".repeat(*extra);
        text.push_str(&format!(
            "rule m{a}{b} priority {priority}: state(S), move(S, {a}, {b}, _, S1), \\+ seen(S1){padding}\n    ==> retract(state(S)), assert(state(S1)), assert(seen(S1)).\n"
        ));
    }
    text.push_str(&COURSE[COURSE.find("% move(S, From").unwrap()..]);
    text
}

const SIX: [(usize, usize); 6] = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)];

/// The k-th permutation of the six moves (k < 720), by the factorial number system.
fn permutation(mut k: usize) -> Vec<(usize, usize)> {
    let mut pool = SIX.to_vec();
    let mut out = Vec::new();
    for radix in (1..=6).rev() {
        let f: usize = (1..radix).product();
        out.push(pool.remove(k / f));
        k %= f;
    }
    out
}

#[test]
fn each_strategy_follows_its_own_order_of_the_six_moves() {
    let mut outcomes = HashSet::new();
    for k in (0..720).step_by(37) {
        let order = permutation(k);
        let expected = simulate(3, 3, &order);
        outcomes.insert((expected.0, expected.1.len()));
        // Priority: the file lists the moves in SIX order, the priorities give `order`.
        let by_priority: Vec<_> = SIX
            .iter()
            .map(|m| (*m, order.iter().position(|o| o == m).unwrap() as i64 + 1, 0))
            .collect();
        let (stop, moves, _) = run_hanoi(&six_moves(&by_priority), 3, 3, Strategy::Priority);
        assert_eq!((stop, moves.clone()), expected, "priority, order {order:?}");
        // Order: the file lists the moves in `order`, the priorities say the reverse.
        let by_file: Vec<_> = order
            .iter()
            .enumerate()
            .map(|(i, m)| (*m, 10 - i as i64, 0))
            .collect();
        let text = six_moves(&by_file);
        assert_eq!(
            run_hanoi(&text, 3, 3, Strategy::Order).1,
            expected.1,
            "order {order:?}"
        );
        let reversed: Vec<_> = order.iter().rev().copied().collect();
        assert_eq!(
            run_hanoi(&text, 3, 3, Strategy::Priority).1,
            simulate(3, 3, &reversed).1,
            "priority against the file order"
        );
        // Recency: every instance matches the same state fact (the seen facts are only
        // tested by negation), so the file order decides.
        assert_eq!(run_hanoi(&text, 3, 3, Strategy::Recency).1, expected.1);
        // Specificity: more conditions first; the file lists the moves in SIX order.
        let by_conditions: Vec<_> = SIX
            .iter()
            .map(|m| (*m, 0, 6 - order.iter().position(|o| o == m).unwrap()))
            .collect();
        let (stop, moves, _) = run_hanoi(&six_moves(&by_conditions), 3, 3, Strategy::Specificity);
        assert_eq!((stop, moves), expected, "specificity, order {order:?}");
    }
    // The sample mixes runs that get stuck and runs that reach the goal in several lengths.
    assert!(outcomes.iter().any(|o| o.0 == Stop::Stuck), "{outcomes:?}");
    let lengths: HashSet<usize> = outcomes
        .iter()
        .filter(|o| o.0 == Stop::Goal)
        .map(|o| o.1)
        .collect();
    assert!(lengths.len() >= 3, "{outcomes:?}");
}

#[test]
fn no_order_of_the_six_moves_is_optimal() {
    // Why the optimal rule base must look at more than the tops of the pegs.
    let (k, best) = (0..720)
        .filter_map(|k| {
            let (stop, moves) = simulate(3, 3, &permutation(k));
            (stop == Stop::Goal).then_some((k, moves.len()))
        })
        .min_by_key(|&(_, len)| len)
        .unwrap();
    assert!(best > 7, "{best}");
    // And the engine agrees on the best order found.
    let order = permutation(k);
    let rules: Vec<_> = order
        .iter()
        .enumerate()
        .map(|(i, m)| (*m, i as i64, 0))
        .collect();
    assert_eq!(
        run_hanoi(&six_moves(&rules), 3, 3, Strategy::Priority)
            .1
            .len(),
        best
    );
}

/// The largest conflict set met in a run of a Hanoi rule base on 3 pegs.
fn largest_conflict_set(text: &str, disks: i64) -> usize {
    let mut engine = hanoi_engine(text, disks, 3, Strategy::Priority);
    let mut largest = 0;
    engine
        .run(|c| largest = largest.max(c.conflict_set.len()))
        .unwrap();
    largest
}

#[test]
fn the_course_rules_never_leave_two_rules_eligible_but_six_moves_do() {
    // So the course's base never exercises the meta-rule...
    for n in 1..=5 {
        assert_eq!(largest_conflict_set(COURSE, n), 1, "{n} disks");
    }
    // ... while with all six moves two rules can be eligible at once.
    let six: Vec<_> = SIX
        .iter()
        .enumerate()
        .map(|(i, m)| (*m, i as i64, 0))
        .collect();
    assert!(largest_conflict_set(&six_moves(&six), 3) >= 2);
}
