//! Benchmarks of the backtracking engine on the knight's tour and N-queens: the figures the
//! course asks for, printed as a table (`cargo bench -p resolu-bench --bench backtracking`).
//!
//! Counters (tries, backtracks) are deterministic; times are wall-clock on this machine.
//! `RESOLU_BENCH_SECONDS` sets the time given to the 8x8 basic run (default 60) and
//! `RESOLU_BENCH_BOARD_SECONDS` the time per board of the course's tie order (default 2).

use resolu_puzzles::knight::{KnightTour, Method, Ties, TourOptions};
use resolu_puzzles::queens::Queens;
use resolu_search::backtrack::{self, BacktrackOutcome};
use resolu_search::{Limits, StopReason};
use std::time::Duration;

fn secs(var: &str, default: f64) -> Duration {
    let s = std::env::var(var)
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or(default);
    Duration::from_secs_f64(s)
}

fn tour(o: TourOptions, limits: Limits) -> (BacktrackOutcome, KnightTour) {
    let mut t = KnightTour::new(o).expect("valid board");
    let outcome = backtrack::first(&mut t, limits);
    (outcome, t)
}

fn opts(n: usize, method: Method, ties: Ties) -> TourOptions {
    TourOptions {
        method,
        ties,
        ..TourOptions::square(n)
    }
}

fn line(label: &str, o: &BacktrackOutcome) {
    println!(
        "{label:<44} {:>14} {:>14} {:>8} {:>12.3} ms  {}",
        o.stats.tries,
        o.stats.backtracks,
        o.stats.max_depth,
        o.stats.elapsed_ms(),
        o.reason
    );
}

fn header(title: &str) {
    println!("\n## {title}\n");
    println!(
        "{:<44} {:>14} {:>14} {:>8} {:>15}  reason",
        "run", "tries", "backtracks", "depth", "time"
    );
}

fn main() {
    // `cargo bench` passes --bench; a plain `cargo test` of the bench target passes nothing
    // and must stay quick.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let basic_budget = secs("RESOLU_BENCH_SECONDS", 60.0);
    let board_budget = secs("RESOLU_BENCH_BOARD_SECONDS", 2.0);

    header("Knight's tour, basic version, first tour from (0, 0)");
    for n in 5..=7 {
        let (o, _) = tour(
            opts(n, Method::Basic, Ties::Order),
            Limits::default().timeout(basic_budget),
        );
        line(&format!("{n}x{n} basic"), &o);
        let (o, _) = tour(
            opts(n, Method::Band, Ties::Order),
            Limits::default().timeout(basic_budget),
        );
        line(&format!("{n}x{n} band"), &o);
    }
    let (o, t) = tour(
        opts(8, Method::Basic, Ties::Order),
        Limits::default().timeout(basic_budget),
    );
    line(
        &format!("8x8 basic, {} s budget", basic_budget.as_secs_f64()),
        &o,
    );
    println!(
        "  8x8 basic: deepest partial tour {} squares of 64, {} squares on the board when stopped; {:.0} tries/s",
        o.stats.max_depth + 1,
        t.visited(),
        o.stats.tries as f64 / o.stats.elapsed.as_secs_f64()
    );

    header("Warnsdorff, ties roth, 1000x1000 from (0, 0) (5 runs)");
    let mut times = Vec::new();
    for _ in 0..5 {
        let (o, t) = tour(
            opts(1000, Method::Warnsdorff, Ties::Roth),
            Limits::default(),
        );
        assert_eq!(o.reason, StopReason::Solved);
        assert_eq!(t.visited(), 1_000_000);
        times.push(o.stats.elapsed.as_secs_f64() * 1000.0);
        line("1000x1000 warnsdorff roth", &o);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "  min {:.1} ms, median {:.1} ms, max {:.1} ms",
        times[0], times[2], times[4]
    );

    header("Closed tours of 6x6 from (0, 0), counted (19,724 expected)");
    for (label, method, prune) in [
        ("basic, pruning", Method::Basic, true),
        ("band, pruning", Method::Band, true),
        ("warnsdorff order, pruning", Method::Warnsdorff, true),
    ] {
        let mut t = KnightTour::new(TourOptions {
            closed: true,
            prune,
            method,
            ..TourOptions::square(6)
        })
        .expect("valid board");
        let o = backtrack::count(&mut t, Limits::default().timeout(Duration::from_secs(600)));
        assert_eq!(o.reason, StopReason::Exhausted);
        assert_eq!(o.stats.solutions, 19_724);
        line(&format!("6x6 closed, {label}"), &o);
    }
    let mut t = KnightTour::new(TourOptions {
        prune: true,
        ..TourOptions::square(5)
    })
    .expect("valid board");
    let o = backtrack::count(&mut t, Limits::default());
    line("5x5 open (304), basic, pruning", &o);
    let mut t = KnightTour::new(TourOptions::square(5)).expect("valid board");
    let o = backtrack::count(&mut t, Limits::default());
    line("5x5 open (304), basic", &o);

    header(&format!(
        "Warnsdorff from (0, 0), 5x5 to 100x100, {} s per board",
        board_budget.as_secs_f64()
    ));
    for ties in [Ties::Order, Ties::Roth] {
        let mut failed = Vec::new();
        let mut backtracked = Vec::new();
        let mut total = Duration::ZERO;
        for n in 5..=100 {
            let (o, _) = tour(
                opts(n, Method::Warnsdorff, ties),
                Limits::default().timeout(board_budget),
            );
            total += o.stats.elapsed;
            match o.reason {
                StopReason::Solved if o.stats.backtracks > 0 => {
                    backtracked.push(format!("{n} ({} backtracks)", o.stats.backtracks))
                }
                StopReason::Solved => {}
                r => failed.push(format!("{n} ({r}, {} tries)", o.stats.tries)),
            }
        }
        println!(
            "ties {:<5}: not finished on {:?}\n             backtracked on {:?}\n             total {:.1} s",
            ties.as_str(),
            failed,
            backtracked,
            total.as_secs_f64()
        );
    }
    let (o, _) = tour(
        opts(1000, Method::Warnsdorff, Ties::Order),
        Limits::default().timeout(Duration::from_secs(10)),
    );
    line("1000x1000 warnsdorff order (10 s)", &o);

    header("N-queens, all solutions counted");
    for n in [8, 10, 12, 13, 14] {
        let mut q = Queens::new(n).expect("valid size");
        let o = backtrack::count(&mut q, Limits::default());
        line(&format!("{n} queens: {} solutions", o.stats.solutions), &o);
    }
}
