//! Iterative-deepening A* (IDA*), and the bounded depth-first engine it shares with
//! [`iddfs`](crate::iddfs).
//!
//! Each iteration is a depth-first search that cuts every node whose f = g + h exceeds a
//! bound; the next bound is the least f that was cut. The first bound is h(start). Memory
//! is linear in the depth: only the current path and the successors of its nodes are kept,
//! in frames on the heap (no recursion on the call stack), and a state is never cloned: the
//! state of a frame is read in place from its parent's successor list. A successor equal to
//! the state two steps back (undoing the last move) is pruned, as in Korf's IDA*; longer
//! cycles are not checked, so on graphs with many short cycles IDA* re-expands states.
//! Goal test at expansion.
//!
//! The in-place IDA* (one state changed in place, for problems that implement
//! [`InPlace`](crate::InPlace)) and its parallel form are in [`in_place`](crate::in_place).
//!
//! - Complete and optimal with an admissible heuristic and positive step costs.
//! - Time: O(b^d) per iteration; space O(b·d).
//!
//! ```
//! use resolu_search::{idastar::idastar, FnProblem, Limits, NoObserver, Successor};
//! let grid = FnProblem::new((0i32, 0i32), |&p: &(i32, i32)| p == (4, 3),
//!     |&(x, y): &(i32, i32), out: &mut Vec<Successor<(i32, i32), char>>| {
//!         for (c, dx, dy) in [('R', 1, 0), ('L', -1, 0), ('D', 0, 1), ('U', 0, -1)] {
//!             out.push(Successor::new(c, (x + dx, y + dy), 1.0));
//!         }
//!     });
//! let h = |&(x, y): &(i32, i32)| ((4 - x).abs() + (3 - y).abs()) as f64;
//! let outcome = idastar(&grid, &h, Limits::default(), &mut NoObserver);
//! assert_eq!(outcome.path.unwrap().len(), 7);
//! assert_eq!(outcome.stats.iterations, 1); // h is exact here
//! ```

use crate::budget::Budget;
use crate::{
    Heuristic, Limits, Observer, Outcome, Path, Problem, Prune, Stats, StopReason, Successor,
};

/// IDA* search (see the [module documentation](self)).
pub fn idastar<P, H, O>(
    problem: &P,
    heuristic: &H,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::State, P::Action>
where
    P: Problem,
    H: Heuristic<P::State, P::Action>,
    O: Observer<P::State, P::Action>,
{
    bounded_dfs(problem, heuristic, Bounding::Cost, limits, observer)
}

/// What the bound of an iteration limits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Bounding {
    /// f = g + h (IDA*); cycles of length 2 pruned.
    Cost,
    /// The number of steps (iterative deepening); every state of the current path is
    /// checked, so that no iteration loops.
    Depth,
}

struct Frame<S, A> {
    succ: Vec<Successor<S, A>>,
    next: usize,
    g: f64,
    h: f64,
}

/// Iterations of depth-first search under an increasing bound.
pub(crate) fn bounded_dfs<P, H, O>(
    problem: &P,
    heuristic: &H,
    bounding: Bounding,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::State, P::Action>
where
    P: Problem,
    H: Heuristic<P::State, P::Action>,
    O: Observer<P::State, P::Action>,
{
    let budget = Budget::new(limits, problem.state_bytes());
    let mut stats = Stats::default();
    let root = problem.start();
    let h0 = match bounding {
        Bounding::Cost => heuristic.estimate(&root),
        Bounding::Depth => 0.0,
    };
    let mut frames: Vec<Frame<P::State, P::Action>> = Vec::new();
    let mut bound = h0;
    let finish = |reason, path, mut stats: Stats| {
        stats.elapsed = budget.elapsed();
        Outcome {
            reason,
            path,
            stats,
        }
    };
    loop {
        stats.iterations += 1;
        observer.iteration(bound);
        let mut next_bound = f64::INFINITY;
        // Frame 0 is the root; the state of frame d > 0 is the successor that frame d - 1
        // is currently trying (index `next - 1`).
        let mut depth = 0usize;
        let mut entering = Some((0.0, h0));
        // Successors generated but not yet tried, over the whole current path.
        let mut on_frontier = 0u64;
        loop {
            if let Some((g, h)) = entering.take() {
                if depth == frames.len() {
                    frames.push(Frame {
                        succ: Vec::new(),
                        next: 0,
                        g,
                        h,
                    });
                }
                let (parents, rest) = frames.split_at_mut(depth);
                let state = current(&root, parents);
                if problem.is_goal(state) {
                    let path = path_of(&root, parents, g);
                    return finish(StopReason::Solved, Some(path), stats);
                }
                // In memory: the states of the path and the successors listed but not yet
                // tried along it (each frame keeps its list).
                if let Some(limit) = budget.check(stats.expanded, depth as u64 + 1 + on_frontier) {
                    return finish(limit, None, stats);
                }
                let frame = &mut rest[0];
                frame.g = g;
                frame.h = h;
                frame.next = 0;
                frame.succ.clear();
                observer.expand(state, g, h);
                problem.successors(state, &mut frame.succ);
                stats.expanded += 1;
                on_frontier += frame.succ.len() as u64;
                stats.max_frontier = stats.max_frontier.max(on_frontier);
            }
            let (parents, rest) = frames.split_at_mut(depth);
            let frame = &mut rest[0];
            if frame.next == frame.succ.len() {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                continue;
            }
            let state = current(&root, parents);
            let succ = &frame.succ[frame.next];
            frame.next += 1;
            on_frontier -= 1;
            // Counted when tried, not when listed: successors left untried when a goal or
            // a limit ends the search were never looked at.
            stats.generated += 1;
            let g = frame.g + succ.cost;
            let (h, f) = match bounding {
                Bounding::Cost => {
                    let h = heuristic.update(state, frame.h, &succ.action, &succ.state);
                    (h, g + h)
                }
                Bounding::Depth => (0.0, (depth + 1) as f64),
            };
            observer.generate(state, &succ.action, &succ.state, g, h);
            if f > bound {
                next_bound = next_bound.min(f);
                observer.prune(&succ.state, Prune::Bound);
                continue;
            }
            let on_path = match bounding {
                Bounding::Cost => {
                    depth >= 1 && *current(&root, &parents[..depth - 1]) == succ.state
                }
                Bounding::Depth => {
                    (0..=depth).any(|d| *current(&root, &parents[..d]) == succ.state)
                }
            };
            if on_path {
                observer.prune(&succ.state, Prune::OnPath);
                continue;
            }
            depth += 1;
            entering = Some((g, h));
        }
        if next_bound.is_infinite() {
            return finish(StopReason::Exhausted, None, stats);
        }
        bound = next_bound;
    }
}

/// The state of the frame whose ancestors are `parents`.
#[inline]
fn current<'a, S, A>(root: &'a S, parents: &'a [Frame<S, A>]) -> &'a S {
    match parents.last() {
        None => root,
        Some(p) => &p.succ[p.next - 1].state,
    }
}

fn path_of<S: Clone, A: Clone>(root: &S, parents: &[Frame<S, A>], cost: f64) -> Path<S, A> {
    Path {
        start: root.clone(),
        steps: parents
            .iter()
            .map(|p| {
                let s = &p.succ[p.next - 1];
                (s.action.clone(), s.state.clone())
            })
            .collect(),
        cost,
        step_costs: parents.iter().map(|p| p.succ[p.next - 1].cost).collect(),
    }
}
