//! The in-place engines: the one exception to the simple [`Problem`] / [`Heuristic`] / `f64`
//! contract that every other algorithm of this crate runs on.
//!
//! A problem that also implements [`InPlace`] has its moves applied to a state and undone;
//! a heuristic that also implements [`InPlaceHeuristic`] gives a child's estimate from its
//! parent's and the move alone; both may count costs in a whole-number [`Cost`] type instead
//! of `f64`. The engines here then hold one state and change it in place: no successor list
//! per node, no state cloned or compared, the move back to the parent never generated.
//!
//! Why an exception: speed, and only that. Every algorithm runs on [`Problem`] alone, with
//! the same expansions; these engines exist because the sliding-tile puzzles are the
//! course's benchmark, and there the generic engines spend most of their time building
//! successor lists and converting costs. The `ida_limit` bench of `crates/bench` measures
//! the in-place IDA* against a hand-written 15-puzzle solver (same node counts, asserted),
//! and the `taquin` bench the generic and the in-place A* and IDA*.
//!
//! - [`idastar_in_place`]: IDA*, the same expansions in the same order as
//!   [`idastar`](crate::idastar::idastar), written as one recursive descent (two tree
//!   levels per call, a fresh stack every few thousand levels) that the parallel form
//!   shares;
//! - [`idastar_parallel`]: the same on several threads, the same path;
//! - [`astar_in_place`]: A*, the same expansions and path as [`astar`](crate::astar::astar).
//!
//! ```
//! use resolu_search::{FnProblem, InPlace, InPlaceHeuristic, Heuristic, Limits, Problem, Successor};
//! use resolu_search::in_place::idastar_in_place;
//!
//! /// A walk on the integers by +1 or -1, from 0 to 5.
//! struct Walk;
//! impl Problem for Walk {
//!     type State = i32;
//!     type Action = i32;
//!     fn start(&self) -> i32 { 0 }
//!     fn is_goal(&self, s: &i32) -> bool { *s == 5 }
//!     fn successors(&self, s: &i32, out: &mut Vec<Successor<i32, i32>>) {
//!         for d in [1, -1] { out.push(Successor::new(d, s + d, 1.0)); }
//!     }
//! }
//! impl InPlace for Walk {
//!     type Cost = f64;
//!     fn next_move(&self, _: &i32, came_by: Option<&i32>, cursor: &mut u64) -> Option<(i32, f64)> {
//!         while *cursor < 2 {
//!             let d = [1, -1][*cursor as usize];
//!             *cursor += 1;
//!             if came_by != Some(&-d) { return Some((d, 1.0)); } // never straight back
//!         }
//!         None
//!     }
//!     fn apply(&self, s: &mut i32, d: &i32) { *s += d; }
//!     fn undo(&self, s: &mut i32, d: &i32) { *s -= d; }
//! }
//! struct Distance;
//! impl Heuristic<i32, i32> for Distance {
//!     fn estimate(&self, s: &i32) -> f64 { f64::from((5 - s).abs()) }
//! }
//! impl InPlaceHeuristic<i32, i32> for Distance {
//!     fn update_in_place(&self, s: &i32, _h: f64, d: &i32) -> f64 { f64::from((5 - s - d).abs()) }
//! }
//! let outcome = idastar_in_place(&Walk, &Distance, Limits::default(), &mut resolu_search::NoObserver);
//! assert_eq!(outcome.path.unwrap().len(), 5);
//! ```

use crate::{Heuristic, Problem, ZeroHeuristic};

mod astar;
mod descent;
mod idastar;
mod parallel;

pub use astar::astar_in_place;
pub use idastar::idastar_in_place;
pub use parallel::idastar_parallel;
use std::ops::{Add, Sub};

/// The cost type of an in-place problem: `f64` like every other search, or a whole number
/// (`u32`, `u64`) when every step cost and estimate is one. Adding and comparing small
/// integers is what a hand-written solver does; with `f64` the conversions and the
/// floating-point compare weigh on IDA*'s inner loop. Outcomes still report `f64` costs.
pub trait Cost:
    Copy + PartialOrd + Add<Output = Self> + Sub<Output = Self> + Default + Send + Sync + 'static
{
    /// A cost above every other (the least f cut before any is).
    const INFINITY: Self;
    /// The cost as an `f64` (exact below 2^53).
    fn to_f64(self) -> f64;
    /// The cost nearest `x` (an estimate computed as an `f64`).
    fn from_f64(x: f64) -> Self;
    /// The cost as a `u32` when it is a whole number that fits: the in-place A* then
    /// files its open nodes in a grid of buckets indexed by such numbers.
    #[inline]
    fn whole(self) -> Option<u32> {
        let x = self.to_f64();
        let w = x as u32;
        (f64::from(w) == x).then_some(w)
    }
}

impl Cost for f64 {
    const INFINITY: f64 = f64::INFINITY;
    #[inline]
    fn to_f64(self) -> f64 {
        self
    }
    #[inline]
    fn from_f64(x: f64) -> f64 {
        x
    }
}

impl Cost for u32 {
    const INFINITY: u32 = u32::MAX;
    #[inline]
    fn to_f64(self) -> f64 {
        if self == u32::MAX {
            f64::INFINITY
        } else {
            f64::from(self)
        }
    }
    #[inline]
    fn from_f64(x: f64) -> u32 {
        x.round() as u32
    }
    #[inline]
    fn whole(self) -> Option<u32> {
        Some(self)
    }
}

impl Cost for u64 {
    const INFINITY: u64 = u64::MAX;
    #[inline]
    fn to_f64(self) -> f64 {
        if self == u64::MAX {
            f64::INFINITY
        } else {
            self as f64
        }
    }
    #[inline]
    fn from_f64(x: f64) -> u64 {
        x.round() as u64
    }
    #[inline]
    fn whole(self) -> Option<u32> {
        u32::try_from(self).ok()
    }
}

/// A [`Problem`] whose moves are applied to a state in place and undone.
///
/// The moves of a state, their order and costs must be those of
/// [`successors`](Problem::successors), except that [`next_move`](Self::next_move) may (and,
/// for speed, should) leave out the move that undoes `came_by`: the in-place algorithms
/// check no cycle themselves, so a problem that does not leave it out is searched with its
/// 2-cycles, correctly but more slowly.
pub trait InPlace: Problem {
    /// The type of step costs and estimates in the in-place searches (see [`Cost`]).
    type Cost: Cost;

    /// The cursor before the first move of `state` (reached by `came_by`, `None` at the
    /// start): the in-place searches pass it to the first [`next_move`](Self::next_move)
    /// call on `state`. 0 by default. A problem that lists a state's moves at once (into a
    /// word, say) does it here, once per state, so that `next_move` need not test
    /// whether the list is started at every call.
    #[inline]
    fn first_cursor(&self, state: &Self::State, came_by: Option<&Self::Action>) -> u64 {
        let _ = (state, came_by);
        0
    }

    /// The next move from `state` and its cost, `None` after the last. `cursor` is
    /// [`first_cursor`](Self::first_cursor)'s for the first call on a state; the problem
    /// advances it as it likes (an index into a table of moves, usually, or the moves
    /// themselves). `came_by` is the move that led to `state` (`None` at the start).
    fn next_move(
        &self,
        state: &Self::State,
        came_by: Option<&Self::Action>,
        cursor: &mut u64,
    ) -> Option<(Self::Action, Self::Cost)>;

    /// Applies `action` to `state`.
    fn apply(&self, state: &mut Self::State, action: &Self::Action);

    /// Undoes `action`, which was the last move applied to `state`.
    fn undo(&self, state: &mut Self::State, action: &Self::Action);
}

/// A [`Heuristic`] that gives the estimate of the state `action` leads to from `state`
/// (whose estimate is `h`) before the move is made: an in-place search prunes a child
/// beyond its bound without touching the state.
/// The estimate of the start is [`Heuristic::estimate`]'s, converted to `C`.
pub trait InPlaceHeuristic<S, A, C: Cost = f64>: Heuristic<S, A> {
    /// The estimate of the child of `state` by `action`.
    fn update_in_place(&self, state: &S, h: C, action: &A) -> C;

    /// Whether the estimate is 0 at every goal, so that a state whose estimate is not 0 is
    /// no goal: the in-place searches then test only states estimated at 0 for a goal,
    /// as a hand-written solver does. Every admissible heuristic is 0 at the goals; the
    /// default is `false`, for heuristics that may overestimate.
    #[inline]
    fn zero_at_goals(&self) -> bool {
        false
    }
}

impl<S, A, C: Cost> InPlaceHeuristic<S, A, C> for ZeroHeuristic {
    #[inline]
    fn update_in_place(&self, _: &S, _: C, _: &A) -> C {
        C::default()
    }
    #[inline]
    fn zero_at_goals(&self) -> bool {
        true
    }
}

impl<P: InPlace> InPlace for &P {
    type Cost = P::Cost;
    #[inline]
    fn first_cursor(&self, state: &Self::State, came_by: Option<&Self::Action>) -> u64 {
        (**self).first_cursor(state, came_by)
    }
    #[inline]
    fn next_move(
        &self,
        state: &Self::State,
        came_by: Option<&Self::Action>,
        cursor: &mut u64,
    ) -> Option<(Self::Action, Self::Cost)> {
        (**self).next_move(state, came_by, cursor)
    }
    #[inline]
    fn apply(&self, state: &mut Self::State, action: &Self::Action) {
        (**self).apply(state, action)
    }
    #[inline]
    fn undo(&self, state: &mut Self::State, action: &Self::Action) {
        (**self).undo(state, action)
    }
}
