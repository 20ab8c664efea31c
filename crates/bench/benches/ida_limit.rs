//! IDA* through the generic library against a hand-written specialised IDA* (see
//! `handwritten/mod.rs`), on Korf's 15-puzzle instances, with Manhattan and with linear
//! conflicts: same instances, same node counts (asserted), interleaved in one run, the ratio
//! printed. The library side is the code path of `resolu taquin --batch FILE --algo idastar`.
//!
//! Run with `cargo bench -p resolu-bench --bench ida_limit -- [N] [manhattan|lc] [threads=T]
//! [in-order]`: the N instances easiest for IDA* with Manhattan (default 20), or with
//! `in-order` Korf's first N (#1, #2, ...), both heuristics unless one is named; `threads=T`
//! also times the library with T threads (wall time, same lengths). The parallel speed-up
//! wants an idle machine: `ida_limit -- 33 lc threads=2 in-order`.

mod handwritten;

use handwritten::{Heuristic as HandHeuristic, Solver};
use resolu_puzzles::sliding::heuristics::HeuristicName;
use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle, SolveSettings};
use resolu_search::{Limits, Monitor};
use std::time::{Duration, Instant};

static MONITOR: Monitor = Monitor::new();

/// Runs of each instance by each side (the fastest is kept).
const PASSES: usize = 3;

/// The limits the CLI passes (a memory budget and its monitor).
fn cli_limits() -> Limits {
    Limits::new().max_memory_bytes(8 << 30).monitor(&MONITOR)
}

struct Run {
    length: usize,
    expanded: u64,
    time: Duration,
}

fn library_run(tiles: &[u8; 16], heuristic: HeuristicName, threads: usize) -> Run {
    let text = tiles
        .chunks(4)
        .map(|r| {
            r.iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("/");
    let goal = Goal::parse("0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15").expect("Korf's goal");
    let puzzle = SlidingPuzzle::new(&Grid::parse(&text).expect("a board"), goal).expect("a puzzle");
    let started = Instant::now();
    let mut settings =
        SolveSettings::new(resolu_search::Algorithm::IdaStar, heuristic, cli_limits());
    settings.threads = threads;
    let outcome = puzzle.solve(&settings);
    Run {
        time: started.elapsed(),
        length: outcome.path.map_or(usize::MAX, |p| p.steps.len()),
        expanded: outcome.stats.expanded,
    }
}

fn hand_run(solver: &Solver, tiles: &[u8; 16]) -> Run {
    let started = Instant::now();
    let solved = solver.solve(tiles);
    Run {
        time: started.elapsed(),
        length: solved.length as usize,
        expanded: solved.expanded,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20);
    let threads: usize = args
        .iter()
        .find_map(|a| a.strip_prefix("threads=")?.parse().ok())
        .unwrap_or(0);
    let heuristics: Vec<(HeuristicName, HandHeuristic)> = [
        (HeuristicName::Manhattan, HandHeuristic::Manhattan),
        (HeuristicName::LinearConflict, HandHeuristic::LinearConflict),
    ]
    .into_iter()
    .filter(|(n, _)| {
        match (
            args.iter().any(|a| a == "manhattan"),
            args.iter().any(|a| a == "lc"),
        ) {
            (true, false) => *n == HeuristicName::Manhattan,
            (false, true) => *n == HeuristicName::LinearConflict,
            _ => true,
        }
    })
    .collect();

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
    if !args.iter().any(|a| a == "in-order") {
        by_nodes.sort_unstable();
    } else {
        by_nodes.sort_unstable_by_key(|&(_, id)| id);
    }
    let rows: Vec<(usize, [u8; 16])> = instances
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<u8> = l
                .split_whitespace()
                .map(|x| x.parse().expect("a number"))
                .collect();
            (w[1] as usize, std::array::from_fn(|i| w[2 + i]))
        })
        .collect();

    println!(
        "IDA* on {count} Korf instances ({}; library = the CLI's path, \
         hand = handwritten/mod.rs; runs interleaved, best of {PASSES}, the machine shared)",
        if args.iter().any(|a| a == "in-order") {
            "the first by number"
        } else {
            "the easiest for Manhattan"
        }
    );
    for (name, hand_h) in heuristics {
        let solver = Solver::new(hand_h);
        println!("\n{name}:");
        println!(
            "    #  length   library s    hand s   ratio        expanded{}",
            if threads > 0 {
                format!("   {threads} threads s")
            } else {
                String::new()
            }
        );
        let (mut lib_total, mut hand_total, mut par_total, mut nodes_total) = (0.0, 0.0, 0.0, 0u64);
        for (k, &(_, id)) in by_nodes.iter().take(count).enumerate() {
            let (optimal, tiles) = rows[id - 1];
            // Alternate which side runs first, so neither always meets a warmer cache; each
            // side keeps its fastest of PASSES runs, the figure the other engineers' jobs
            // disturb least.
            let (mut lib, mut hand) = (None::<Run>, None::<Run>);
            for pass in 0..PASSES {
                // `only=hand` / `only=lib`: one side alone (the other's figures are then
                // copies), to count instructions with `perf stat`.
                if let Some(side) = args.iter().find_map(|a| a.strip_prefix("only=")) {
                    let r = if side == "hand" {
                        hand_run(&solver, &tiles)
                    } else {
                        library_run(&tiles, name, 1)
                    };
                    let copy = Run { ..r };
                    lib = Some(Run {
                        length: r.length,
                        expanded: r.expanded,
                        time: r.time,
                    });
                    hand = Some(copy);
                    continue;
                }
                let (l, h) = if (k + pass) % 2 == 0 {
                    let l = library_run(&tiles, name, 1);
                    (l, hand_run(&solver, &tiles))
                } else {
                    let h = hand_run(&solver, &tiles);
                    (library_run(&tiles, name, 1), h)
                };
                lib = Some(match lib {
                    Some(b) if b.time <= l.time => b,
                    _ => l,
                });
                hand = Some(match hand {
                    Some(b) if b.time <= h.time => b,
                    _ => h,
                });
            }
            let (lib, hand) = (lib.expect("one pass"), hand.expect("one pass"));
            assert_eq!((lib.length, hand.length), (optimal, optimal), "Korf #{id}");
            assert_eq!(lib.expanded, hand.expanded, "Korf #{id}: same expansions");
            let par = (threads > 0).then(|| library_run(&tiles, name, threads));
            if let Some(p) = &par {
                assert_eq!(p.length, optimal, "Korf #{id} with {threads} threads");
                par_total += p.time.as_secs_f64();
            }
            lib_total += lib.time.as_secs_f64();
            hand_total += hand.time.as_secs_f64();
            nodes_total += lib.expanded;
            println!(
                "  {id:>3}  {optimal:>6}  {:>10.3}  {:>8.3}  {:>6.2}  {:>14}{}",
                lib.time.as_secs_f64(),
                hand.time.as_secs_f64(),
                lib.time.as_secs_f64() / hand.time.as_secs_f64(),
                lib.expanded,
                par.map_or(String::new(), |p| format!(
                    "   {:>10.3}",
                    p.time.as_secs_f64()
                ))
            );
        }
        println!(
            "  total: library {lib_total:.3} s ({:.1} M nodes/s), hand {hand_total:.3} s \
             ({:.1} M nodes/s), library/hand = {:.2}x",
            nodes_total as f64 / lib_total / 1e6,
            nodes_total as f64 / hand_total / 1e6,
            lib_total / hand_total
        );
        if threads > 0 {
            println!(
                "  library with {threads} threads: {par_total:.3} s wall, {:.2}x faster than 1 thread",
                lib_total / par_total
            );
        }
    }
}
