//! One entry point that solves a [`SlidingPuzzle`] with any algorithm and heuristic, with the
//! packing that fits its size: the path of `resolu taquin` and of the benchmarks.

use super::heuristics::{HeuristicName, TileHeuristic};
use super::{Board, Cells, Move, SlidingProblem, SlidingPuzzle};
use resolu_search::{
    Algorithm, InPlaceHeuristic, Limits, NoObserver, Outcome, Path, Runner, ZeroHeuristic,
};

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
    threads: usize,
) -> Outcome<(), Move> {
    let problem = puzzle.problem::<C>();
    let heuristic = TileHeuristic::new(name, puzzle);
    let outcome = if algorithm == Algorithm::IdaStar {
        // The in-place IDA*, instantiated for each heuristic, so that its update is
        // inlined in the loop (through the enum it was a call per move).
        match &heuristic {
            TileHeuristic::Zero => idastar(&problem, &ZeroHeuristic, limits, threads),
            TileHeuristic::Misplaced(h) => idastar(&problem, h, limits, threads),
            TileHeuristic::Manhattan(h) => idastar(&problem, h, limits, threads),
            TileHeuristic::LinearConflict(h) => idastar(&problem, h, limits, threads),
            TileHeuristic::Pdb(_) => idastar(&problem, &heuristic, limits, threads),
        }
    } else {
        Runner::new(&problem)
            .heuristic(heuristic)
            .limits(limits)
            .run(algorithm)
    };
    without_states(outcome)
}

/// IDA* in place on `threads` threads (one for 0 or 1).
fn idastar<C: Cells, H: InPlaceHeuristic<Board<C>, Move, u32> + Sync>(
    problem: &SlidingProblem<'_, C>,
    heuristic: &H,
    limits: Limits,
    threads: usize,
) -> Outcome<Board<C>, Move> {
    if threads > 1 {
        resolu_search::idastar::idastar_parallel(problem, heuristic, limits, threads)
    } else {
        resolu_search::idastar::idastar_in_place(problem, heuristic, limits, &mut NoObserver)
    }
}

/// The outcome with the states of its path left out.
fn without_states<S>(outcome: Outcome<S, Move>) -> Outcome<(), Move> {
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
