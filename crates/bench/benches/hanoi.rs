//! The Towers of Hanoi: how far exhaustive search confirms Frame–Stewart on 4 pegs, and how
//! fast; the optimal-move generator; the rule engine on the course's expert systems.
//! Run with `cargo bench -p resolu-bench --bench hanoi` (an argument sets the seconds a
//! search may take before the table stops growing; default 20).

use resolu_logic::Term;
use resolu_puzzles::hanoi::{DisksOffGoal, Hanoi, OptimalMoves, frame_stewart};
use resolu_rules::{Engine, RuleBase, Stop, Strategy};
use resolu_search::{Algorithm, Limits, Runner, StopReason};
use std::time::{Duration, Instant};

const COURSE: &str = include_str!("../../../examples/rules/hanoi.rules");
const OPTIMAL: &str = include_str!("../../../examples/rules/hanoi-optimal.rules");

/// One search: (length found, expanded, time), or the stop reason.
fn search(h: &Hanoi, algo: Algorithm, limits: Limits) -> Result<(u64, u64, Duration), String> {
    let started = Instant::now();
    let out = Runner::new(h)
        .heuristic(DisksOffGoal::new(h))
        .limits(limits)
        .run(algo);
    let time = started.elapsed();
    match (out.reason, out.path) {
        (StopReason::Solved, Some(p)) => Ok((p.len() as u64, out.stats.expanded, time)),
        (reason, _) => Err(format!(
            "{} after {} expanded",
            reason.as_str(),
            out.stats.expanded
        )),
    }
}

fn exhaustive(pegs: usize, budget: Duration) {
    println!("\n{pegs} pegs: optimal length by exhaustive search against Frame–Stewart");
    println!(
        "{:>5} {:>5} {:>14} {:>12} {:>10} {:>14} {:>12} {:>10}",
        "disks", "FS", "BFS expanded", "BFS ms", "BFS len", "A* expanded", "A* ms", "A* len"
    );
    let limits = || Limits::new().timeout(budget * 3).max_memory_bytes(3 << 30);
    let mut bfs_on = true;
    let mut astar_on = true;
    for n in 1..=20 {
        if !bfs_on && !astar_on {
            break;
        }
        let h = match Hanoi::new(n, pegs) {
            Ok(h) => h,
            Err(_) => break,
        };
        let fs = frame_stewart(n, pegs);
        let mut cells = Vec::new();
        for (on, algo) in [
            (&mut bfs_on, Algorithm::Bfs),
            (&mut astar_on, Algorithm::Astar),
        ] {
            if !*on {
                cells.push(format!("{:>14} {:>12} {:>10}", "-", "-", "-"));
                continue;
            }
            match search(&h, algo, limits()) {
                Ok((len, expanded, time)) => {
                    let mark = if len == fs { "" } else { " (!)" };
                    cells.push(format!(
                        "{expanded:>14} {:>12.1} {:>10}",
                        time.as_secs_f64() * 1e3,
                        format!("{len}{mark}")
                    ));
                    if time > budget {
                        *on = false;
                    }
                }
                Err(why) => {
                    cells.push(format!("{:>38}", why));
                    *on = false;
                }
            }
        }
        println!("{n:>5} {fs:>5} {}", cells.join(" "));
    }
}

fn generator() {
    println!("\nOptimal move generator (explicit stack, no allocation per move)");
    println!(
        "{:>5} {:>5} {:>12} {:>10} {:>10}",
        "pegs", "disks", "moves", "ms", "ns/move"
    );
    for (pegs, disks) in [(3, 20), (3, 25), (4, 32), (5, 21), (8, 21)] {
        let Ok(h) = Hanoi::new(disks, pegs) else {
            continue;
        };
        let started = Instant::now();
        let mut count = 0u64;
        let mut check = 0u64;
        for m in OptimalMoves::new(&h) {
            count += 1;
            check = check.wrapping_add(u64::from(m.disk));
        }
        let time = started.elapsed();
        assert_eq!(count, frame_stewart(disks, pegs), "{check}");
        println!(
            "{pegs:>5} {disks:>5} {count:>12} {:>10.1} {:>10.2}",
            time.as_secs_f64() * 1e3,
            time.as_secs_f64() * 1e9 / count as f64
        );
    }
}

fn situation(disks: i64, peg: usize, pegs: usize) -> Term {
    let piles = (0..pegs)
        .map(|p| {
            let items = if p == peg {
                (1..=disks).rev().map(Term::int).collect()
            } else {
                Vec::new()
            };
            Term::list(items, Term::nil())
        })
        .collect();
    Term::list(piles, Term::nil())
}

fn rules() {
    println!("\nThe rule engine on the Hanoi expert systems (3 pegs)");
    println!(
        "{:>10} {:>5} {:>8} {:>10} {:>12}",
        "rules", "disks", "moves", "ms", "cycles/s"
    );
    for (name, text, sizes) in [
        ("course", COURSE, &[3i64, 5, 7][..]),
        ("optimal", OPTIMAL, &[3, 6, 9][..]),
    ] {
        for &n in sizes {
            let Ok(mut base) = RuleBase::parse(text) else {
                println!("{name}: the rule file does not parse");
                return;
            };
            base.facts.retain(|f| {
                !matches!(f.functor(), Some((a, 1)) if ["state", "seen", "target"].contains(&a.name()))
            });
            base.facts
                .push(Term::compound("state", vec![situation(n, 0, 3)]));
            base.facts
                .push(Term::compound("seen", vec![situation(n, 0, 3)]));
            base.facts
                .push(Term::compound("target", vec![situation(n, 2, 3)]));
            let Ok(mut engine) = Engine::new(base, Strategy::Priority) else {
                return;
            };
            let started = Instant::now();
            let stop = engine.run(|_| {});
            let time = started.elapsed();
            let cycles = engine.cycles();
            if stop != Ok(Stop::Goal) {
                println!("{name} {n}: {stop:?}");
                continue;
            }
            println!(
                "{name:>10} {n:>5} {cycles:>8} {:>10.1} {:>12.0}",
                time.as_secs_f64() * 1e3,
                cycles as f64 / time.as_secs_f64()
            );
        }
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a number sets the budget.
    let secs = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u64>().ok())
        .unwrap_or(20);
    let budget = Duration::from_secs(secs);
    exhaustive(4, budget);
    exhaustive(5, budget / 2);
    generator();
    rules();
}
