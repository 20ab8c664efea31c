//! # resolu-search
//!
//! Generic state-space search for teaching and for speed. A problem is defined once (its
//! start, goal test and successors: the [`Problem`] trait, or [`FnProblem`] from closures);
//! heuristics are separate values ([`Heuristic`]); every algorithm runs on that one
//! interface and returns an [`Outcome`]: the [`Path`], the [`Stats`] counters and the
//! [`StopReason`]. [`Limits`] stop a search cleanly; an [`Observer`] sees each event.
//!
//! ```
//! use resolu_search::{Algorithm, FnProblem, Runner, Successor};
//!
//! // Walk on the integers from 0 to 7 by steps of +1, +2 or -1.
//! let walk = FnProblem::new(0i32, |&s: &i32| s == 7, |&s: &i32, out: &mut Vec<Successor<i32, i32>>| {
//!     for d in [1, 2, -1] {
//!         out.push(Successor::new(d, s + d, 1.0));
//!     }
//! });
//! let outcome = Runner::new(&walk)
//!     .heuristic(|&s: &i32| ((7 - s).max(0) as f64 / 2.0).ceil())
//!     .run(Algorithm::Astar);
//! assert!(outcome.is_solved());
//! assert_eq!(outcome.path.unwrap().cost, 4.0);
//! ```
//!
//! The algorithms, one module each: [`random`], [`dfs`] (with an optional depth limit),
//! [`iddfs`], [`bfs`], [`ucs`], [`greedy`], [`astar`] (and weighted A*), [`idastar`];
//! [`in_place`] holds the one exception to that interface, engines for speed on problems
//! whose moves are applied and undone in place (the sliding-tile puzzles). The
//! [`backtrack`] module holds the in-place backtracking engine; [`numbered`] the exhaustive
//! breadth-first search over problems whose states are numbered (whole state spaces,
//! pattern databases).
//!
//! New here? The [`tutorial`] walks through posing a problem, giving a heuristic, running
//! the algorithms under limits and reading the outcome.

pub mod astar;
pub mod backtrack;
pub mod bfs;
mod budget;
pub mod dfs;
pub mod greedy;
pub mod idastar;
pub mod iddfs;
pub mod in_place;
mod nodes;
pub mod numbered;
mod observer;
mod open;
mod outcome;
mod problem;
pub mod random;
mod runner;
pub mod tutorial;
pub mod ucs;

pub use backtrack::{Backtrack, BacktrackOutcome, BacktrackStats};
pub use in_place::{Cost, InPlace, InPlaceHeuristic};
pub use observer::{NoObserver, Observer, Prune};
pub use outcome::{DEFAULT_MAX_MEMORY_BYTES, Limits, Monitor, Outcome, Path, Stats, StopReason};
pub use problem::{FnProblem, Heuristic, Problem, Successor, ZeroHeuristic};
pub use runner::{Algorithm, DEFAULT_WEIGHT, ParseAlgorithmError, Runner};

/// Every error of this crate, for callers that want one type (`?` converts each).
/// A search itself never fails: it returns an [`Outcome`] whose [`StopReason`] says why
/// it stopped; errors are about what is asked of it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An unknown algorithm name.
    #[error(transparent)]
    Algorithm(#[from] ParseAlgorithmError),
    /// A search over numbered states that could not run.
    #[error(transparent)]
    Numbered(#[from] numbered::NumberedError),
}
