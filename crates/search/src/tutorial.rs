//! A tutorial in five short chapters: pose a problem with the trait, pose one with closures,
//! give a heuristic, run algorithms under limits, read the outcome. Every example here is a
//! test.
//!
//! # 1. A problem, with the trait
//!
//! A [`Problem`](crate::Problem) says three things: the start state, which states are goals,
//! and the successors of a state, each with the action that reaches it and its step cost.
//! States must be `Clone + Eq + Hash` (the searches recognise states already seen); the
//! order of the successors is part of the problem (ties are broken by it).
//!
//! Here, a robot on a 5 x 5 grid with walls goes from a corner to the opposite one:
//!
//! ```
//! use resolu_search::{Problem, Successor};
//!
//! struct Grid {
//!     walls: Vec<(i32, i32)>,
//! }
//!
//! impl Problem for Grid {
//!     type State = (i32, i32);
//!     type Action = char;
//!     fn start(&self) -> (i32, i32) {
//!         (0, 0)
//!     }
//!     fn is_goal(&self, s: &(i32, i32)) -> bool {
//!         *s == (4, 4)
//!     }
//!     fn successors(&self, &(r, c): &(i32, i32), out: &mut Vec<Successor<(i32, i32), char>>) {
//!         for (name, dr, dc) in [('N', -1, 0), ('E', 0, 1), ('S', 1, 0), ('W', 0, -1)] {
//!             let next = (r + dr, c + dc);
//!             let inside = (0..5).contains(&next.0) && (0..5).contains(&next.1);
//!             if inside && !self.walls.contains(&next) {
//!                 out.push(Successor::new(name, next, 1.0));
//!             }
//!         }
//!     }
//! }
//!
//! let grid = Grid { walls: vec![(1, 0), (1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3), (3, 4)] };
//! let outcome = resolu_search::Runner::new(&grid).run(resolu_search::Algorithm::Bfs);
//! let path = outcome.path.unwrap();
//! // Around the two walls: east along row 0, down, west along row 2, down, east along row 4.
//! assert_eq!(path.actions().collect::<String>(), "EEEESSWWWWSSEEEE");
//! ```
//!
//! # 2. A problem, with closures
//!
//! [`FnProblem`](crate::FnProblem) poses a problem from a start state and two closures,
//! with no new type: handy for an exercise or a test.
//!
//! ```
//! use resolu_search::{Algorithm, FnProblem, Runner, Successor};
//!
//! // From 1, reach 100 by "+1" (cost 1) or "x3" (cost 2).
//! let numbers = FnProblem::new(
//!     1u32,
//!     |&n: &u32| n == 100,
//!     |&n: &u32, out: &mut Vec<Successor<u32, &'static str>>| {
//!         if n < 100 {
//!             out.push(Successor::new("+1", n + 1, 1.0));
//!         }
//!         if n * 3 <= 100 {
//!             out.push(Successor::new("x3", n * 3, 2.0));
//!         }
//!     },
//! );
//! let outcome = Runner::new(&numbers).run(Algorithm::Ucs);
//! let path = outcome.path.unwrap();
//! // 1 → 3 → 9 → 10 → 11 → 33 → 99 → 100: four x3 would overshoot.
//! assert_eq!(path.cost, 11.0);
//! assert_eq!(path.last(), &100);
//! ```
//!
//! # 3. A heuristic
//!
//! A heuristic estimates the cost left from a state; it is a value apart from the problem,
//! so one problem is searched with several. Any closure `Fn(&State) -> f64` is one. A type
//! implementing [`Heuristic`](crate::Heuristic) may also compute a child's estimate from
//! its parent's ([`update`](crate::Heuristic::update)), when that is cheaper.
//!
//! ```
//! use resolu_search::{Algorithm, FnProblem, Heuristic, Runner, Successor};
//!
//! // A walk on the integers from 0 to 40 by steps of +1, +3 or -1.
//! let walk = FnProblem::new(0i32, |&s: &i32| s == 40, |&s: &i32, out: &mut Vec<Successor<i32, i32>>| {
//!     for d in [1, 3, -1] {
//!         out.push(Successor::new(d, s + d, 1.0));
//!     }
//! });
//!
//! // Admissible: no step covers more than 3.
//! let closure = |&s: &i32| ((40 - s).max(0) as f64 / 3.0).ceil();
//!
//! // The same estimate as a type, updated from the parent's instead of recomputed.
//! struct StepsLeft;
//! impl Heuristic<i32, i32> for StepsLeft {
//!     fn estimate(&self, &s: &i32) -> f64 {
//!         ((40 - s).max(0) as f64 / 3.0).ceil()
//!     }
//!     fn update(&self, _parent: &i32, _parent_h: f64, _action: &i32, &child: &i32) -> f64 {
//!         self.estimate(&child)
//!     }
//! }
//!
//! let blind = Runner::new(&walk).run(Algorithm::Ucs);
//! let informed = Runner::new(&walk).heuristic(closure).run(Algorithm::Astar);
//! let typed = Runner::new(&walk).heuristic(StepsLeft).run(Algorithm::Astar);
//! // All three find an optimal path (14 steps: 13 x "+3" and one "+1")...
//! for outcome in [&blind, &informed, &typed] {
//!     assert_eq!(outcome.path.as_ref().unwrap().cost, 14.0);
//! }
//! // ...but the heuristic spares expansions.
//! assert!(informed.stats.expanded < blind.stats.expanded);
//! assert_eq!(informed.stats.expanded, typed.stats.expanded);
//! ```
//!
//! # 4. Algorithms and limits
//!
//! The [`Runner`](crate::Runner) runs any [`Algorithm`](crate::Algorithm) on a problem. The
//! parameters of a run are set on it: the heuristic, the [`Limits`](crate::Limits), the
//! weight of weighted A*, the seed of random search, the depth limit of depth-first
//! search. Every algorithm has a name that parses, for a command line or a table.
//!
//! ```
//! use resolu_search::{Algorithm, FnProblem, Limits, Runner, StopReason, Successor};
//! use std::time::Duration;
//!
//! let walk = FnProblem::new(0i32, |&s: &i32| s == 40, |&s: &i32, out: &mut Vec<Successor<i32, i32>>| {
//!     for d in [1, 3, -1] {
//!         out.push(Successor::new(d, s + d, 1.0));
//!     }
//! });
//! let h = |&s: &i32| ((40 - s).max(0) as f64 / 3.0).ceil();
//!
//! // Weighted A* with w = 1.5: a solution at most 1.5 times the optimum.
//! let algorithm: Algorithm = "wastar".parse().unwrap();
//! let outcome = Runner::new(&walk).heuristic(h).weight(1.5).run(algorithm);
//! assert!(outcome.path.unwrap().cost <= 1.5 * 14.0);
//!
//! // Depth-first search cut at depth 10 cannot reach 40 (at most 30 in 10 steps).
//! let outcome = Runner::new(&walk).depth_limit(Some(10)).run(Algorithm::Dfs);
//! assert_eq!(outcome.reason, StopReason::DepthLimit);
//!
//! // Limits stop a run cleanly, with the counters so far.
//! let limits = Limits::new().max_nodes(20).timeout(Duration::from_secs(10));
//! let outcome = Runner::new(&walk).limits(limits).run(Algorithm::Bfs);
//! assert_eq!(outcome.reason, StopReason::NodeLimit);
//! assert_eq!(outcome.stats.expanded, 20);
//! assert!(outcome.reason.is_limit() && outcome.path.is_none());
//! ```
//!
//! # 5. The outcome
//!
//! Every algorithm returns an [`Outcome`](crate::Outcome): why it stopped (a
//! [`StopReason`](crate::StopReason): solved, exhausted, or a limit), the
//! [`Path`](crate::Path) when solved, and the [`Stats`](crate::Stats) counters.
//!
//! ```
//! use resolu_search::{Algorithm, FnProblem, Runner, StopReason, Successor};
//!
//! // Only even numbers can be reached from 0 by +2: 7 never is, and the space is finite.
//! let evens = FnProblem::new(0u32, |&s: &u32| s == 7, |&s: &u32, out: &mut Vec<Successor<u32, ()>>| {
//!     if s < 20 {
//!         out.push(Successor::new((), s + 2, 1.0));
//!     }
//! });
//! let outcome = Runner::new(&evens).run(Algorithm::Bfs);
//! assert_eq!(outcome.reason, StopReason::Exhausted); // no solution exists
//! assert!(!outcome.is_solved() && !outcome.reason.is_limit());
//! assert_eq!(outcome.stats.expanded, 11); // 0, 2, ..., 20
//!
//! // A solved outcome: the path replays from the start, state by state.
//! let to_eight = FnProblem::new(0u32, |&s: &u32| s == 8, |&s: &u32, out: &mut Vec<Successor<u32, ()>>| {
//!     out.push(Successor::new((), s + 2, 1.0));
//! });
//! let path = Runner::new(&to_eight).run(Algorithm::Bfs).path.unwrap();
//! assert_eq!(path.len(), 4);
//! assert_eq!(path.states().copied().collect::<Vec<_>>(), [0, 2, 4, 6, 8]);
//!
//! // A `match` on the reason needs a last arm: new limits may be added.
//! let verdict = match StopReason::Exhausted {
//!     StopReason::Solved => "solved",
//!     StopReason::Exhausted => "no solution",
//!     reason if reason.is_limit() => "stopped by a limit",
//!     _ => "stopped",
//! };
//! assert_eq!(verdict, "no solution");
//! ```
