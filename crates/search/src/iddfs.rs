//! Iterative deepening depth-first search.
//!
//! Depth-limited depth-first searches with limits 0, 1, 2, ...: the memory of depth-first
//! search with the completeness and (for unit costs) optimality of breadth-first search.
//! Each iteration checks the current path for cycles, so an iteration never loops; when an
//! iteration cuts no node at its limit, the whole space has been seen and the search stops
//! with `Exhausted`. Shares the heap-allocated frame engine of [`idastar`](crate::idastar).
//!
//! - Complete; optimal in the number of steps.
//! - Time O(b^d) (the shallow levels are repeated, a factor b/(b-1)); space O(b·d).
//!
//! ```
//! use resolu_search::{iddfs::iddfs, FnProblem, Limits, NoObserver, Successor};
//! let p = FnProblem::new(1u32, |&s: &u32| s == 12, |&s: &u32, out: &mut Vec<Successor<u32, char>>| {
//!     out.push(Successor::new('+', s + 1, 1.0));
//!     out.push(Successor::new('*', s * 3, 1.0));
//! });
//! let outcome = iddfs(&p, Limits::default(), &mut NoObserver);
//! assert_eq!(outcome.path.unwrap().len(), 3);
//! assert_eq!(outcome.stats.iterations, 4); // limits 0, 1, 2, 3
//! ```

use crate::idastar::{Bounding, bounded_dfs};
use crate::{Limits, Observer, Outcome, Problem, ZeroHeuristic};

/// Iterative deepening (see the [module documentation](self)).
pub fn iddfs<P, O>(problem: &P, limits: Limits, observer: &mut O) -> Outcome<P::State, P::Action>
where
    P: Problem,
    O: Observer<P::State, P::Action>,
{
    bounded_dfs(problem, &ZeroHeuristic, Bounding::Depth, limits, observer)
}
