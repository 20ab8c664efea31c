//! One entry point that solves a [`SlidingPuzzle`] with any algorithm and heuristic, with the
//! packing that fits its size: the path of `resolu taquin` and of the benchmarks.

use super::heuristics::{HeuristicName, TileHeuristic};
use super::{Cells, Move, SlidingPuzzle};
use resolu_search::{Algorithm, Limits, Outcome, Path, Runner};

/// Solves `puzzle` with `algorithm` and the heuristic `name`, within `limits`. The path's
/// states are left out (`()`): the moves carry everything, and the boards are replayed
/// from them ([`SlidingPuzzle::replay`]).
///
/// `threads` is the number of threads IDA* may use (0 or 1: one); other algorithms use one.
pub fn solve(
    puzzle: &SlidingPuzzle,
    algorithm: Algorithm,
    name: HeuristicName,
    limits: Limits,
    threads: usize,
) -> Outcome<(), Move> {
    match puzzle.cells() {
        n if n <= u64::MAX_CELLS => solve_with::<u64>(puzzle, algorithm, name, limits, threads),
        n if n <= u128::MAX_CELLS => solve_with::<u128>(puzzle, algorithm, name, limits, threads),
        _ => solve_with::<Box<[u8]>>(puzzle, algorithm, name, limits, threads),
    }
}

fn solve_with<C: Cells>(
    puzzle: &SlidingPuzzle,
    algorithm: Algorithm,
    name: HeuristicName,
    limits: Limits,
    _threads: usize,
) -> Outcome<(), Move> {
    let problem = puzzle.problem::<C>();
    let outcome = Runner::new(&problem)
        .heuristic(TileHeuristic::new(name, puzzle))
        .limits(limits)
        .run(algorithm);
    Outcome {
        reason: outcome.reason,
        path: outcome.path.map(|p| Path {
            start: (),
            steps: p.steps.into_iter().map(|(m, _)| (m, ())).collect(),
            cost: p.cost,
        }),
        stats: outcome.stats,
    }
}
