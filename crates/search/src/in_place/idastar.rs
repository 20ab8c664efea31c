//! IDA* in place on one thread: iterations of [`descent::dive`] from the start under an
//! increasing bound.

use super::descent::{self, Context, Dive, NoPoll, Root};
use super::{Cost, InPlace, InPlaceHeuristic};
use crate::budget::Budget;
use crate::{Limits, Observer, Outcome, Path, Stats, StopReason};

/// IDA* on a problem with the in-place hook ([`InPlace`], [`InPlaceHeuristic`]): the same
/// expansions, in the same order, with the same result as [`idastar`](crate::idastar::idastar), but one state changed
/// in place instead of a list of successors per frame, and the move back to the parent never
/// generated (so `generated` counts fewer). The observer sees the iterations and the
/// expansions.
///
/// ```
/// use resolu_search::{in_place::idastar_in_place, Limits, NoObserver};
/// # use resolu_search::{InPlace, Problem, Successor, ZeroHeuristic};
/// # struct Walk;
/// # impl Problem for Walk {
/// #     type State = i32; type Action = i32;
/// #     fn start(&self) -> i32 { 0 }
/// #     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
/// #     fn successors(&self, s: &i32, out: &mut Vec<Successor<i32, i32>>) {
/// #         for d in [1, -1] { out.push(Successor::new(d, s + d, 1.0)); }
/// #     }
/// # }
/// # impl InPlace for Walk {
/// #     type Cost = f64;
/// #     fn next_move(&self, _: &i32, came_by: Option<&i32>, cursor: &mut u64) -> Option<(i32, f64)> {
/// #         while *cursor < 2 { let d = [1, -1][*cursor as usize]; *cursor += 1;
/// #             if came_by != Some(&-d) { return Some((d, 1.0)); } }
/// #         None
/// #     }
/// #     fn apply(&self, s: &mut i32, d: &i32) { *s += d; }
/// #     fn undo(&self, s: &mut i32, d: &i32) { *s -= d; }
/// # }
/// // With h = 0, IDA* deepens one step per iteration: 0 → 1 → 2 → 3.
/// let outcome = idastar_in_place(&Walk, &ZeroHeuristic, Limits::default(), &mut NoObserver);
/// assert_eq!(outcome.path.unwrap().len(), 3);
/// assert_eq!(outcome.stats.iterations, 4);
/// ```
pub fn idastar_in_place<P, H, O>(
    problem: &P,
    heuristic: &H,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::State, P::Action>
where
    P: InPlace,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost>,
    O: Observer<P::State, P::Action>,
{
    let budget = Budget::new(limits, problem.state_bytes());
    let mut stats = Stats::default();
    let start = problem.start();
    let mut state = start.clone();
    let h0 = P::Cost::from_f64(heuristic.estimate(&state));
    let mut bound = h0;
    loop {
        stats.iterations += 1;
        observer.iteration(bound.to_f64());
        let iteration = serial_iteration(
            problem,
            heuristic,
            (&start, &mut state),
            (bound, h0),
            &mut stats,
            &budget,
            observer,
        );
        match iteration {
            Iteration::Ended(reason, path) => {
                stats.elapsed = budget.elapsed();
                return Outcome {
                    reason,
                    path,
                    stats,
                };
            }
            Iteration::Next(next_bound) => bound = next_bound,
        }
    }
}

/// How one iteration of in-place IDA* ended: the search is over, or the next bound.
pub(super) enum Iteration<S, A, C> {
    Ended(StopReason, Option<Path<S, A>>),
    Next(C),
}

/// One iteration of in-place IDA* under `bound` on this thread, from the root `start`
/// (whose heuristic is `h0`; `state` is a copy of it, changed in place and restored).
pub(super) fn serial_iteration<P, H, O>(
    problem: &P,
    heuristic: &H,
    (start, state): (&P::State, &mut P::State),
    (bound, h0): (P::Cost, P::Cost),
    stats: &mut Stats,
    budget: &Budget,
    observer: &mut O,
) -> Iteration<P::State, P::Action, P::Cost>
where
    P: InPlace,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost>,
    O: Observer<P::State, P::Action>,
{
    let mut next_bound = P::Cost::INFINITY;
    let context = Context {
        problem,
        heuristic,
        budget,
        observer,
        poll: &mut NoPoll,
        node_limit: budget.node_limit(),
    };
    let root = Root {
        came_by: None,
        g: P::Cost::default(),
        h: h0,
    };
    match descent::dive(context, state, root, bound, &mut next_bound, stats) {
        Dive::Found(moves) => {
            let path = replay(problem, start, moves.into_iter());
            Iteration::Ended(StopReason::Solved, Some(path))
        }
        Dive::Stopped(reason) => Iteration::Ended(reason.unwrap_or(StopReason::Interrupted), None),
        Dive::Done if next_bound == P::Cost::INFINITY => {
            Iteration::Ended(StopReason::Exhausted, None)
        }
        Dive::Done => Iteration::Next(next_bound),
    }
}

/// The path from `start` by `steps` (each move with the g it reaches), the states
/// replayed, each step's cost the difference of two g's (exact for whole-number costs).
pub(super) fn replay<P: InPlace>(
    problem: &P,
    start: &P::State,
    steps: impl Iterator<Item = (P::Action, P::Cost)>,
) -> Path<P::State, P::Action> {
    let mut state = start.clone();
    let mut g = P::Cost::default();
    let mut step_costs = Vec::new();
    let steps = steps
        .map(|(a, next_g)| {
            problem.apply(&mut state, &a);
            step_costs.push((next_g - g).to_f64());
            g = next_g;
            (a, state.clone())
        })
        .collect();
    Path::new(start.clone(), steps, step_costs)
}
