//! Uniform-cost search (Dijkstra's algorithm on the implicit graph).
//!
//! Expands the open state of least path cost g, with the same bucket-queue open set and
//! closed set as [`astar`](crate::astar) (it is A* with h = 0). Goal test at expansion.
//!
//! - Complete when step costs are bounded away from 0; optimal for non-negative costs.
//! - Time and space O(b^(1 + C*/ε)) for optimal cost C* and least step cost ε.
//!
//! ```
//! use resolu_search::{ucs::ucs, FnProblem, Limits, NoObserver, Successor};
//! // A small weighted graph: a -1- b -1- c, and a -5- c.
//! let p = FnProblem::new('a', |&s: &char| s == 'c', |&s: &char, out: &mut Vec<Successor<char, char>>| {
//!     match s {
//!         'a' => { out.push(Successor::new('c', 'c', 5.0)); out.push(Successor::new('b', 'b', 1.0)); }
//!         'b' => out.push(Successor::new('c', 'c', 1.0)),
//!         _ => {}
//!     }
//! });
//! let outcome = ucs(&p, Limits::default(), &mut NoObserver);
//! assert_eq!(outcome.path.unwrap().cost, 2.0);
//! ```

use crate::astar::{Order, best_first};
use crate::{Limits, Observer, Outcome, Problem, ZeroHeuristic};

/// Uniform-cost search (see the [module documentation](self)).
pub fn ucs<P, O>(problem: &P, limits: Limits, observer: &mut O) -> Outcome<P::State, P::Action>
where
    P: Problem,
    O: Observer<P::State, P::Action>,
{
    best_first(problem, &ZeroHeuristic, Order::astar(0.0), limits, observer)
}
