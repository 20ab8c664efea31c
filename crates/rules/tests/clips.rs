//! The firing order of each CLIPS strategy, against runs of CLIPS 6.3 (Debian's `clips`)
//! recorded by `tests/clips/record.sh` on the CLIPS translation of each rule base: the
//! same rules fire, in the same order, asserting the same facts.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use resolu_logic::{Term, writeq};
use resolu_rules::{Engine, RuleBase, Stop, Strategy};

/// A fact as CLIPS writes it: `(tagged 1 red)`.
fn clips_fact(t: &Term) -> String {
    match t {
        Term::Compound(f, args) => {
            let args: Vec<String> = args.iter().map(writeq).collect();
            format!("({} {})", f.name(), args.join(" "))
        }
        other => format!("({})", writeq(other)),
    }
}

/// Resolu's run, one line per cycle as the records have them: the rule, then the facts
/// its actions asserted.
fn run(text: &str, strategy: Strategy) -> Vec<String> {
    let mut engine = Engine::new(RuleBase::parse(text).unwrap(), strategy).unwrap();
    engine.set_max_cycles(Some(1000));
    let mut lines = Vec::new();
    let stop = engine
        .run(|c| {
            let mut line = vec![c.fired().name.clone()];
            line.extend(c.added.iter().map(clips_fact));
            lines.push(line.join(" "));
        })
        .unwrap();
    assert!(matches!(stop, Stop::Quiescent | Stop::Halt), "{stop:?}");
    lines
}

fn check(text: &str, record: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clips");
    for strategy in ["depth", "breadth", "simplicity", "complexity", "lex", "mea"] {
        let path = format!("{dir}/{record}.{strategy}.txt");
        let recorded = std::fs::read_to_string(&path).unwrap();
        let clips: Vec<&str> = recorded.lines().collect();
        let ours = run(text, strategy.parse().unwrap());
        assert_eq!(ours, clips, "{record} under {strategy} ({path})");
    }
}

#[test]
fn the_strategy_telling_base_fires_as_in_clips_under_every_strategy() {
    let text = include_str!("../../../examples/rules/strategies.rules");
    check(text, "strategies");
    // The base does tell the strategies apart: six different orders.
    let mut orders: Vec<Vec<String>> =
        ["depth", "breadth", "simplicity", "complexity", "lex", "mea"]
            .iter()
            .map(|s| run(text, s.parse().unwrap()))
            .collect();
    orders.sort();
    orders.dedup();
    assert_eq!(orders.len(), 6, "every strategy gives its own order");
}

#[test]
fn the_car_base_fires_as_in_clips_under_every_strategy() {
    check(include_str!("../../../examples/rules/car.rules"), "car");
}

#[test]
fn retraction_modification_salience_and_halt_fire_as_in_clips() {
    check(include_str!("clips/counter.rules"), "counter");
}

#[test]
fn salience_comes_before_the_strategy_and_random_is_seeded() {
    let text = include_str!("../../../examples/rules/strategies.rules");
    for strategy in Strategy::NAMES {
        let lines = run(text, strategy.parse().unwrap());
        // finish (salience -5) fires only once nothing else is eligible.
        let first_finish = lines.iter().position(|l| l.starts_with("finish")).unwrap();
        assert!(
            lines[first_finish..]
                .iter()
                .all(|l| l.starts_with("finish")),
            "{strategy}"
        );
    }
    let seeded = |seed: u64| {
        let mut engine = Engine::new(RuleBase::parse(text).unwrap(), Strategy::Random).unwrap();
        engine.set_seed(seed);
        let mut fired = Vec::new();
        engine.run(|c| fired.push(c.fired().to_string())).unwrap();
        fired
    };
    assert_eq!(seeded(7), seeded(7));
    assert!((0..8).any(|s| seeded(s) != seeded(7)));
}

#[test]
fn miss_manners_seats_the_guests_as_clips_does() {
    let text = include_str!("../../../examples/rules/manners.rules");
    let mut engine = Engine::new(RuleBase::parse(text).unwrap(), Strategy::Depth).unwrap();
    engine.set_record_conflict_sets(false);
    let mut printed = Vec::new();
    let stop = engine
        .run(|c| printed.extend(c.output.iter().cloned()))
        .unwrap();
    assert_eq!(stop, Stop::Halt);
    let recorded = include_str!("clips/manners.out");
    let clips: Vec<&str> = recorded.lines().collect();
    assert_eq!(printed, clips);
    // And the seating is a valid one: 16 seats, alternating sexes, neighbours sharing a
    // hobby, checked from the guests' facts.
    let seats: Vec<&str> = clips[clips.len() - 16..].to_vec();
    let mut by_seat = vec![""; 17];
    for line in &seats {
        let (name, seat) = line.split_once(' ').unwrap();
        by_seat[seat.parse::<usize>().unwrap()] = name;
    }
    let guest = |name: &str| -> (bool, Vec<u32>) {
        let i: u32 = name[1..].parse().unwrap();
        (i % 2 == 1, vec![1 + i % 3, 1 + (i + 1) % 3])
    };
    for s in 1..16 {
        let (a, b) = (guest(by_seat[s]), guest(by_seat[s + 1]));
        assert_ne!(a.0, b.0, "seats {s} and {}", s + 1);
        assert!(
            a.1.iter().any(|h| b.1.contains(h)),
            "seats {s} and {}",
            s + 1
        );
    }
}

#[test]
fn waltz_labels_the_drawing_as_clips_does() {
    let text = include_str!("../../../examples/rules/waltz.rules");
    let mut engine = Engine::new(RuleBase::parse(text).unwrap(), Strategy::Depth).unwrap();
    engine.set_record_conflict_sets(false);
    let mut printed = Vec::new();
    let stop = engine
        .run(|c| printed.extend(c.output.iter().cloned()))
        .unwrap();
    assert_eq!(stop, Stop::Quiescent);
    let recorded = include_str!("clips/waltz.out");
    assert_eq!(printed, recorded.lines().collect::<Vec<_>>());
    // And the labelling is the cube's: seen from a corner, the three edges of the Y inside
    // are convex (+) and the hexagon around it is the boundary (B). Each cube is centred
    // at (5 + 6i, 5), a point being 100x + y; the edges the propagation reached carry
    // these labels, the others none, and every edge was plotted.
    let mut labelled = 0;
    let mut centres_done = 0;
    for fact in engine.memory().facts() {
        let t = &fact.term;
        match t.functor() {
            Some((f, 5)) if f.name() == "edge" => {}
            _ => continue,
        }
        let point = |i: usize| match t.args()[i] {
            Term::Int(p) => p,
            _ => panic!("{t}"),
        };
        let (p1, p2) = (point(0), point(1));
        let is_centre = |p: i64| p % 100 == 5 && (p / 100 - 5) % 6 == 0;
        let label = t.args()[3].to_string().replace('\'', "");
        assert_eq!(t.args()[4].to_string(), "t", "{t} not plotted");
        let expected = if is_centre(p1) || is_centre(p2) {
            "+"
        } else {
            "B"
        };
        if label != "nil" {
            assert_eq!(label, expected, "{t}");
            labelled += 1;
            if is_centre(p1) {
                centres_done += 1;
            }
        }
    }
    assert_eq!(
        engine
            .memory()
            .facts()
            .filter(|f| f.term.to_string().starts_with("edge("))
            .count(),
        36
    );
    assert!(labelled >= 18, "{labelled} edges labelled");
    assert!(
        centres_done >= 6,
        "the Y of both cubes is labelled from its centre"
    );
}
