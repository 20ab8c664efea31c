//! The sliding-tile puzzle against the `pathfinding` crate, same instances, same heuristic,
//! same run: A* on random 8-puzzle boards, IDA* with Manhattan on Korf's 15-puzzle
//! instances. Run with `cargo bench -p resolu-bench --bench taquin` (add an argument to
//! choose the number of Korf instances, easiest first; default 10).
//!
//! Like is compared with like: the peer gets a list of successors (a `Vec`) per expansion,
//! as its API asks, and the Manhattan distance updated from the parent's (its node carries
//! h), as resolu's engines do. resolu's generic engines (a successor list per expansion,
//! whole states) are the like-for-like figure; its in-place A* (one board changed in place,
//! no list: `resolu_search::in_place`) is timed beside them and labelled as such.

use pathfinding::prelude::{astar, idastar};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use resolu_puzzles::sliding::heuristics::Manhattan;
use resolu_puzzles::sliding::{Board, Goal, Grid, SlidingPuzzle};
use resolu_search::{Heuristic, Limits, NoObserver, Problem, Successor};
use std::cell::Cell;
use std::time::{Duration, Instant};

fn puzzle(start: &str, goal: &str) -> SlidingPuzzle {
    let grid = Grid::parse(start).expect("a valid board");
    SlidingPuzzle::new(&grid, Goal::parse(goal).expect("a valid goal")).expect("same tiles")
}

/// One run: solution length, expanded nodes, time.
struct Run {
    length: usize,
    expanded: u64,
    time: Duration,
}

/// Which of resolu's engines a run uses.
#[derive(Clone, Copy, PartialEq)]
enum Engine {
    /// The generic IDA* (a successor list per frame).
    Ida,
    /// The generic A* (a successor list per expansion).
    Astar,
    /// The in-place A*: what `SlidingPuzzle::solve` (the CLI) runs.
    AstarInPlace,
}

fn resolu_run(p: &SlidingPuzzle, engine: Engine) -> Run {
    let problem = p.problem::<u64>();
    let h = Manhattan::new(p);
    let started = Instant::now();
    let limits = Limits::default();
    let outcome = match engine {
        Engine::Ida => resolu_search::idastar::idastar(&problem, &h, limits, &mut NoObserver),
        Engine::Astar => resolu_search::astar::astar(&problem, &h, limits, &mut NoObserver),
        Engine::AstarInPlace => {
            resolu_search::in_place::astar_in_place(&problem, &h, limits, &mut NoObserver)
        }
    };
    Run {
        time: started.elapsed(),
        length: outcome.path.map_or(usize::MAX, |p| p.len()),
        expanded: outcome.stats.expanded,
    }
}

fn pathfinding_run(p: &SlidingPuzzle, ida: bool) -> Run {
    let problem = p.problem::<u64>();
    let h = Manhattan::new(p);
    let expanded = Cell::new(0u64);
    // A node is the board and its h, the child's h updated from the parent's and the move.
    let h = &h;
    let successors = |(b, parent_h): &(Board<u64>, u32)| {
        expanded.set(expanded.get() + 1);
        let mut out: Vec<Successor<Board<u64>, _>> = Vec::with_capacity(4);
        problem.successors(b, &mut out);
        let (b, parent_h) = (b.clone(), *parent_h);
        out.into_iter().map(move |s| {
            let child_h = h.update(&b, f64::from(parent_h), &s.action, &s.state) as u32;
            ((s.state, child_h), 1u32)
        })
    };
    let heuristic = |&(_, h): &(Board<u64>, u32)| h;
    let goal = |(b, _): &(Board<u64>, u32)| problem.is_goal(b);
    let start = (problem.start(), h.estimate(&problem.start()) as u32);
    let started = Instant::now();
    let found = if ida {
        idastar(&start, successors, heuristic, goal)
    } else {
        astar(&start, successors, heuristic, goal)
    };
    Run {
        time: started.elapsed(),
        length: found.map_or(usize::MAX, |(path, _)| path.len() - 1),
        expanded: expanded.get(),
    }
}

fn report(name: &str, ours_label: &str, ours: &[Run], theirs: &[Run]) {
    let total = |runs: &[Run]| -> (u64, f64) {
        (
            runs.iter().map(|r| r.expanded).sum(),
            runs.iter().map(|r| r.time.as_secs_f64()).sum(),
        )
    };
    let ((n1, t1), (n2, t2)) = (total(ours), total(theirs));
    println!("{name}");
    println!(
        "  resolu {ours_label:<9}: {n1:>13} expanded in {t1:>8.3} s = {:>6.2} M nodes/s",
        n1 as f64 / t1 / 1e6
    );
    println!(
        "  pathfinding     : {n2:>13} expanded in {t2:>8.3} s = {:>6.2} M nodes/s",
        n2 as f64 / t2 / 1e6
    );
    println!("  speed-up (time): {:.2}x", t2 / t1);
}

fn main() {
    let korf_count: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(10);

    // A* on 300 random 8-puzzle boards (random walks of 100 moves from the spiral goal).
    let goal = "abc/h_d/gfe";
    let base = puzzle(goal, goal);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let boards: Vec<SlidingPuzzle> = (0..300)
        .map(|_| {
            let tiles = base.random_walk_from_goal(100, &mut rng);
            base.with_start(&base.grid_of(&tiles)).expect("same tiles")
        })
        .collect();
    // Each board is solved PASSES times by each side, alternately, and each side keeps
    // its fastest time per board: a run of a few tens of microseconds is easily disturbed
    // by the machine, and the minimum is the figure least so.
    const PASSES: usize = 5;
    let (mut ours, mut generic, mut theirs): (Vec<Run>, Vec<Run>, Vec<Run>) =
        (Vec::new(), Vec::new(), Vec::new());
    for pass in 0..PASSES {
        for (i, p) in boards.iter().enumerate() {
            let (a, g, b) = (
                resolu_run(p, Engine::AstarInPlace),
                resolu_run(p, Engine::Astar),
                pathfinding_run(p, false),
            );
            assert_eq!(
                (a.length, g.length),
                (b.length, b.length),
                "same optimal length"
            );
            if pass == 0 {
                ours.push(a);
                generic.push(g);
                theirs.push(b);
            } else {
                ours[i].time = ours[i].time.min(a.time);
                generic[i].time = generic[i].time.min(g.time);
                theirs[i].time = theirs[i].time.min(b.time);
            }
        }
    }
    let mean = ours.iter().map(|r| r.length).sum::<usize>() as f64 / ours.len() as f64;
    report(
        &format!(
            "A* + Manhattan, 300 random 8-puzzle boards (mean length {mean:.1}, best of {PASSES}), like for like:"
        ),
        "generic",
        &generic,
        &theirs,
    );
    report(
        "The same, resolu's in-place A* (no successor list: not like for like):",
        "in place",
        &ours,
        &theirs,
    );

    // IDA* on the easiest Korf instances (fewest nodes in Korf's table).
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/puzzles/");
    let nodes = std::fs::read_to_string(format!("{data}korf100-nodes.txt")).expect("Korf data");
    let instances = std::fs::read_to_string(format!("{data}korf100.txt")).expect("Korf data");
    let mut by_nodes: Vec<(u64, usize)> = nodes
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            Some((w.get(5)?.parse().ok()?, w.first()?.parse().ok()?))
        })
        .collect();
    by_nodes.sort_unstable();
    let korf_goal = "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15";
    let rows: Vec<Vec<&str>> = instances
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    // `astar` as an argument skips IDA*, to time the A* sections alone.
    let skip_ida = std::env::args().any(|a| a == "astar");
    println!("\nIDA* + Manhattan on Korf's 15-puzzle instances, easiest first:");
    println!("    #  length   resolu s  pathfinding s  resolu nodes");
    for &(_, id) in by_nodes.iter().take(if skip_ida { 0 } else { korf_count }) {
        let w = &rows[id - 1];
        let start = w[2..]
            .chunks(4)
            .map(|r| r.join(" "))
            .collect::<Vec<_>>()
            .join("/");
        let optimal: usize = w[1].parse().expect("a length");
        let p = puzzle(&start, korf_goal);
        let (a, b) = (resolu_run(&p, Engine::Ida), pathfinding_run(&p, true));
        assert_eq!((a.length, b.length), (optimal, optimal), "Korf #{id}");
        println!(
            "  {id:>3}  {optimal:>6}  {:>9.3}  {:>13.3}  {:>12}",
            a.time.as_secs_f64(),
            b.time.as_secs_f64(),
            a.expanded
        );
        ours.push(a);
        theirs.push(b);
    }
    if !ours.is_empty() {
        report("IDA* totals, like for like:", "generic", &ours, &theirs);
    }

    // A* on the same instances, the easiest five (A* keeps every node: memory grows fast).
    let (mut ours, mut generic, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    for &(_, id) in by_nodes.iter().take(korf_count.min(5)) {
        let w = &rows[id - 1];
        let start = w[2..]
            .chunks(4)
            .map(|r| r.join(" "))
            .collect::<Vec<_>>()
            .join("/");
        let p = puzzle(&start, korf_goal);
        let (a, g, b) = (
            resolu_run(&p, Engine::AstarInPlace),
            resolu_run(&p, Engine::Astar),
            pathfinding_run(&p, false),
        );
        assert_eq!((a.length, g.length), (b.length, b.length), "Korf #{id}");
        ours.push(a);
        generic.push(g);
        theirs.push(b);
    }
    report(
        "\nA* + Manhattan on the five easiest Korf instances, like for like:",
        "generic",
        &generic,
        &theirs,
    );
    report(
        "The same, resolu's in-place A* (not like for like):",
        "in place",
        &ours,
        &theirs,
    );
}
