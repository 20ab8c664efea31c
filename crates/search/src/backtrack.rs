//! The backtracking engine ("algorithmes à essais successifs"): depth-first trial and error
//! on a partial solution that is extended in place by a choice and restored by undoing it.
//!
//! A problem implements [`Backtrack`]: it lists the candidate choices that may extend its
//! current partial solution, **in the order to try them** (that is where heuristics go:
//! Warnsdorff's rule for the knight's tour sorts its candidates), tests each candidate with
//! [`promising`](Backtrack::promising), and [`apply`](Backtrack::apply)s /
//! [`undo`](Backtrack::undo)es choices on itself. Nothing is copied per step: a 1000 x 1000
//! board is one board, marked and unmarked.
//!
//! Counters ([`BacktrackStats`]): a **try** is a candidate tested by the promising check; a
//! **backtrack** is a placed choice undone (including the last choice of a solution when the
//! search goes on to the next one); **solutions** counts the complete partial solutions met.
//!
//! Modes: [`first`] (stops at the first solution and leaves the problem in it), [`for_each`]
//! (a callback sees each solution and may stop), [`count`], and [`Backtracker`] /
//! [`Solutions`] to pull solutions one at a time (a lending `next_solution`, or an
//! [`Iterator`] of snapshots). [`Limits`] apply as in the searches: `max_tries` bounds
//! the tries, `timeout` the time, and the memory budget the depth (frames on the heap); the
//! [`StopReason`] says why a run stopped.
//!
//! The stack is explicit (a `Vec` of frames on the heap, candidates in one shared `Vec`), so
//! a depth of a million (a knight's tour of 1000 x 1000) needs no call stack.
//!
//! - Complete: it enumerates every extension the candidates allow (given no limit).
//! - Time: the size of the tree of promising partial solutions, times the cost of a try.
//! - Space: O(depth + candidates along the current branch).
//!
//! ```
//! use resolu_search::backtrack::{self, Backtrack};
//! use resolu_search::{Limits, StopReason};
//!
//! /// Binary words of a given length with no two adjacent 1s.
//! struct Words { len: usize, word: Vec<u8> }
//!
//! impl Backtrack for Words {
//!     type Choice = u8;
//!     fn is_complete(&self) -> bool { self.word.len() == self.len }
//!     fn candidates(&self, out: &mut Vec<u8>) { out.extend([0, 1]) }
//!     fn promising(&self, bit: u8) -> bool { bit == 0 || self.word.last() != Some(&1) }
//!     fn apply(&mut self, bit: u8) { self.word.push(bit) }
//!     fn undo(&mut self, _: u8) { self.word.pop(); }
//! }
//!
//! let mut words = Words { len: 4, word: vec![] };
//! let outcome = backtrack::count(&mut words, Limits::default());
//! assert_eq!(outcome.reason, StopReason::Exhausted);
//! assert_eq!(outcome.stats.solutions, 8); // a Fibonacci number
//!
//! let outcome = backtrack::first(&mut words, Limits::default());
//! assert_eq!(outcome.reason, StopReason::Solved);
//! assert_eq!(words.word, [0, 0, 0, 0]); // the problem is left in its first solution
//! ```

use crate::budget::Budget;
use crate::{Limits, StopReason};
use std::ops::ControlFlow;
use std::time::Duration;

/// A problem solved by backtracking: a partial solution, held by the value itself, that
/// choices extend and undo in place.
pub trait Backtrack {
    /// One choice that extends the partial solution (a move, a column, a direction). It is
    /// small and `Copy`: the engine keeps the candidates of every level of the current branch.
    type Choice: Copy;

    /// Whether the current partial solution is a solution. A complete partial solution is
    /// reported and never extended.
    fn is_complete(&self) -> bool;

    /// Appends to `out` the candidate choices for the current partial solution, in the
    /// order to try them. `out` holds the candidates of the levels above: append only.
    fn candidates(&self, out: &mut Vec<Self::Choice>);

    /// The "promising" test of a candidate (each call is one try): whether applying it keeps
    /// a partial solution that may still be completed. Default: every candidate is.
    fn promising(&self, choice: Self::Choice) -> bool {
        let _ = choice;
        true
    }

    /// Extends the partial solution by `choice` (a candidate found promising).
    fn apply(&mut self, choice: Self::Choice);

    /// Undoes `choice`, the last choice applied, restoring the partial solution before it.
    fn undo(&mut self, choice: Self::Choice);

    /// Estimated bytes per level of depth, for the memory budget. The default counts a
    /// frame and eight candidates.
    fn frame_bytes(&self) -> usize {
        std::mem::size_of::<Frame<Self::Choice>>() + 8 * std::mem::size_of::<Self::Choice>()
    }
}

/// Counters of a backtracking run. All but `elapsed` are deterministic.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BacktrackStats {
    /// Candidates tested by the promising check.
    pub tries: u64,
    /// Placed choices undone.
    pub backtracks: u64,
    /// Solutions met.
    pub solutions: u64,
    /// The deepest partial solution reached (number of choices placed).
    pub max_depth: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

impl BacktrackStats {
    /// Elapsed time in milliseconds, as JSON reports it.
    pub fn elapsed_ms(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1000.0
    }
}

/// How a backtracking run ended, with its counters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BacktrackOutcome {
    /// [`StopReason::Solved`]: stopped at a solution (first mode, or a callback that asked
    /// to stop); [`StopReason::Exhausted`]: every candidate was tried (in counting modes, the
    /// count is then exact; in first mode, no solution exists); or the limit reached.
    pub reason: StopReason,
    /// The counters.
    pub stats: BacktrackStats,
}

/// One level of the explicit stack: its candidates are `cands[begin..]` up to the next
/// frame's `begin`, `next` is the next one to try, `placed` the choice that led here.
#[derive(Clone, Copy, Debug)]
struct Frame<C> {
    begin: usize,
    next: usize,
    placed: Option<C>,
}

/// A resumable backtracking run over a problem borrowed mutably: each
/// [`next_solution`](Backtracker::next_solution) goes on from where the last one stopped.
pub struct Backtracker<'p, P: Backtrack> {
    problem: &'p mut P,
    budget: Budget,
    stats: BacktrackStats,
    cands: Vec<P::Choice>,
    frames: Vec<Frame<P::Choice>>,
    /// The last choice of the solution just reported, undone when the run resumes.
    pending: Option<P::Choice>,
    started: bool,
    done: Option<StopReason>,
}

impl<'p, P: Backtrack> Backtracker<'p, P> {
    /// A run on `problem` (in its current partial solution, usually empty) under `limits`.
    pub fn new(problem: &'p mut P, limits: Limits) -> Self {
        let budget = Budget::for_tries(limits, problem.frame_bytes());
        Backtracker {
            problem,
            budget,
            stats: BacktrackStats::default(),
            cands: Vec::new(),
            frames: Vec::new(),
            pending: None,
            started: false,
            done: None,
        }
    }

    /// The counters so far.
    pub fn stats(&self) -> BacktrackStats {
        let mut stats = self.stats;
        stats.elapsed = self.budget.elapsed();
        stats
    }

    /// Why the run ended, once it has (`None` while more solutions may come).
    pub fn reason(&self) -> Option<StopReason> {
        self.done
    }

    /// The problem, in its current partial solution.
    pub fn problem(&self) -> &P {
        self.problem
    }

    /// The outcome so far: the reason the run ended, or [`StopReason::Solved`] while it is
    /// paused at a solution.
    pub fn outcome(&self) -> BacktrackOutcome {
        BacktrackOutcome {
            reason: self.done.unwrap_or(StopReason::Solved),
            stats: self.stats(),
        }
    }

    /// Runs to the next solution and shows the problem in it; `None` when the run has
    /// ended ([`reason`](Backtracker::reason) says why). After a limit, the problem is left
    /// in the partial solution where the limit struck.
    pub fn next_solution(&mut self) -> Option<&P> {
        if self.done.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            if self.problem.is_complete() {
                // The empty extension is the only solution: complete states are leaves, so
                // with no frame pushed, the next call ends the run.
                self.stats.solutions += 1;
                return Some(self.problem);
            }
            self.problem.candidates(&mut self.cands);
            self.frames.push(Frame {
                begin: 0,
                next: 0,
                placed: None,
            });
        }
        if let Some(c) = self.pending.take() {
            self.problem.undo(c);
            self.stats.backtracks += 1;
        }
        loop {
            let Some(frame) = self.frames.last_mut() else {
                self.done = Some(StopReason::Exhausted);
                return None;
            };
            // The top frame's candidates run to the end of `cands`.
            if frame.next < self.cands.len() {
                let choice = self.cands[frame.next];
                frame.next += 1;
                if let Some(limit) = self
                    .budget
                    .check(self.stats.tries, self.frames.len() as u64)
                {
                    self.done = Some(limit);
                    return None;
                }
                self.stats.tries += 1;
                if !self.problem.promising(choice) {
                    continue;
                }
                self.problem.apply(choice);
                let depth = self.frames.len() as u64;
                self.stats.max_depth = self.stats.max_depth.max(depth);
                if self.problem.is_complete() {
                    self.stats.solutions += 1;
                    self.pending = Some(choice);
                    return Some(self.problem);
                }
                let begin = self.cands.len();
                self.problem.candidates(&mut self.cands);
                self.frames.push(Frame {
                    begin,
                    next: begin,
                    placed: Some(choice),
                });
            } else {
                let Frame { begin, placed, .. } = *frame;
                self.frames.pop();
                self.cands.truncate(begin);
                if let Some(c) = placed {
                    self.problem.undo(c);
                    self.stats.backtracks += 1;
                }
            }
        }
    }
}

/// Finds the first solution and leaves `problem` in it (or, when none is found, in the
/// state where the run ended: the empty partial solution when exhausted).
pub fn first<P: Backtrack>(problem: &mut P, limits: Limits) -> BacktrackOutcome {
    let mut run = Backtracker::new(problem, limits);
    let _ = run.next_solution();
    run.outcome()
}

/// Calls `visit` on each solution, in order, until it returns `ControlFlow::Break` (the
/// outcome is then [`StopReason::Solved`], the problem left in that solution), the space is
/// exhausted, or a limit is reached.
pub fn for_each<P, F>(problem: &mut P, limits: Limits, mut visit: F) -> BacktrackOutcome
where
    P: Backtrack,
    F: FnMut(&P) -> ControlFlow<()>,
{
    let mut run = Backtracker::new(problem, limits);
    while let Some(p) = run.next_solution() {
        if visit(p).is_break() {
            break;
        }
    }
    run.outcome()
}

/// Counts the solutions (`stats.solutions`); exact when the reason is
/// [`StopReason::Exhausted`].
pub fn count<P: Backtrack>(problem: &mut P, limits: Limits) -> BacktrackOutcome {
    for_each(problem, limits, |_| ControlFlow::Continue(()))
}

/// The solutions as an [`Iterator`] of snapshots taken by a closure (the partial solution
/// lives in the problem, which the next step changes).
///
/// ```
/// use resolu_search::backtrack::{solutions, Backtrack};
/// use resolu_search::Limits;
///
/// /// Permutations of 0..n, built in place.
/// struct Perms { n: u8, used: Vec<bool>, perm: Vec<u8> }
/// impl Backtrack for Perms {
///     type Choice = u8;
///     fn is_complete(&self) -> bool { self.perm.len() == self.n as usize }
///     fn candidates(&self, out: &mut Vec<u8>) { out.extend(0..self.n) }
///     fn promising(&self, x: u8) -> bool { !self.used[x as usize] }
///     fn apply(&mut self, x: u8) { self.used[x as usize] = true; self.perm.push(x) }
///     fn undo(&mut self, x: u8) { self.used[x as usize] = false; self.perm.pop(); }
/// }
/// let mut p = Perms { n: 3, used: vec![false; 3], perm: vec![] };
/// let all: Vec<Vec<u8>> = solutions(&mut p, Limits::default(), |p| p.perm.clone()).collect();
/// assert_eq!(all.len(), 6);
/// assert_eq!(all[1], [0, 2, 1]);
/// ```
pub fn solutions<P, F, T>(problem: &mut P, limits: Limits, snapshot: F) -> Solutions<'_, P, F>
where
    P: Backtrack,
    F: FnMut(&P) -> T,
{
    Solutions {
        run: Backtracker::new(problem, limits),
        snapshot,
    }
}

/// The iterator of [`solutions`]; [`outcome`](Solutions::outcome) gives the counters.
pub struct Solutions<'p, P: Backtrack, F> {
    run: Backtracker<'p, P>,
    snapshot: F,
}

impl<P: Backtrack, F> Solutions<'_, P, F> {
    /// The outcome so far (see [`Backtracker::outcome`]).
    pub fn outcome(&self) -> BacktrackOutcome {
        self.run.outcome()
    }
}

impl<P, F, T> Iterator for Solutions<'_, P, F>
where
    P: Backtrack,
    F: FnMut(&P) -> T,
{
    type Item = T;
    fn next(&mut self) -> Option<T> {
        let p = self.run.next_solution()?;
        Some((self.snapshot)(p))
    }
}
