//! Missionaries and cannibals: three of each must cross a river in a boat that holds two,
//! and the cannibals must never outnumber the missionaries on a bank where there are
//! missionaries. Defined once with `FnProblem` (closures), solved by BFS and iterative
//! deepening, which agree on the 11 crossings.
//!
//! Run with `cargo run --example missionaries`.

use resolu_search::{Algorithm, FnProblem, Runner, Successor};

/// Missionaries and cannibals on the starting bank, and whether the boat is there.
type State = (u8, u8, bool);

fn safe(m: u8, c: u8) -> bool {
    let (om, oc) = (3 - m, 3 - c);
    (m == 0 || m >= c) && (om == 0 || om >= oc)
}

fn main() {
    let problem = FnProblem::new(
        (3u8, 3u8, true),
        |&s: &State| s == (0, 0, false),
        |&(m, c, boat): &State, out: &mut Vec<Successor<State, (u8, u8)>>| {
            for (dm, dc) in [(2, 0), (1, 0), (1, 1), (0, 1), (0, 2)] {
                let next = if boat {
                    (m.checked_sub(dm), c.checked_sub(dc))
                } else {
                    (
                        Some(m + dm).filter(|&v| v <= 3),
                        Some(c + dc).filter(|&v| v <= 3),
                    )
                };
                if let (Some(nm), Some(nc)) = next
                    && safe(nm, nc)
                {
                    out.push(Successor::new((dm, dc), (nm, nc, !boat), 1.0));
                }
            }
        },
    );
    for algorithm in [Algorithm::Bfs, Algorithm::Iddfs] {
        let outcome = Runner::new(&problem).run(algorithm);
        let Some(path) = outcome.path else {
            println!("{algorithm}: no solution ({})", outcome.reason);
            continue;
        };
        println!(
            "{algorithm}: {} crossings, {} expansions",
            path.len(),
            outcome.stats.expanded
        );
        for (i, ((dm, dc), (m, c, boat))) in path.steps.iter().enumerate() {
            let way = if *boat { "back" } else { "over" };
            println!(
                "{:>3}. {dm} missionaries, {dc} cannibals {way:<4} -> left bank: {m}M {c}C",
                i + 1
            );
        }
    }
}
