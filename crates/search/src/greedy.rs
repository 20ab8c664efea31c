//! Greedy best-first search.
//!
//! Expands the open state of least heuristic value h, ignoring the cost already paid; keeps
//! an explored set, so it terminates on finite spaces. Ties on h go to the state generated
//! first. Goal test at expansion.
//!
//! - Complete on finite spaces (thanks to the explored set); not optimal.
//! - Time and space O(b^m) at worst (m the maximum depth); often far less with a good h.
//!
//! ```
//! use resolu_search::{greedy::greedy, FnProblem, Limits, NoObserver, Successor};
//! let p = FnProblem::new(0i32, |&s: &i32| s == 10, |&s: &i32, out: &mut Vec<Successor<i32, i32>>| {
//!     for d in [1, 3, -1] { out.push(Successor::new(d, s + d, 1.0)); }
//! });
//! let h = |&s: &i32| (10 - s).abs() as f64;
//! let outcome = greedy(&p, &h, Limits::default(), &mut NoObserver);
//! assert_eq!(outcome.path.unwrap().last(), &10);
//! ```

use crate::astar::{Order, best_first};
use crate::{Heuristic, Limits, Observer, Outcome, Problem};

/// Greedy best-first search (see the [module documentation](self)).
pub fn greedy<P, H, O>(
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
    let order = Order {
        g_weight: 0.0,
        h_weight: 1.0,
        improve: false,
    };
    best_first(problem, heuristic, order, limits, observer)
}
