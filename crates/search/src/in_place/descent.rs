//! The bounded depth-first descent of the in-place engines, written once: the serial IDA*
//! runs it from the start at each iteration, the parallel IDA* from each subtree root.
//!
//! It recurses on the call stack (the compiler keeps a level's cursor, g and h in
//! registers, where heap frames sent them through memory at every move), two levels of the
//! tree per call. Every [`LEVELS_PER_STACK`] levels the descent goes on on a fresh stack
//! segment of the same thread (the `stacker` crate), so that no depth overflows a stack:
//! deep descents are rare, the common ones never leave the first stack.

use super::{Cost, InPlace, InPlaceHeuristic};
use crate::budget::Budget;
use crate::{Observer, Stats, StopReason};

/// Expansions between two checks of the limits (the node limit is still exact: a check
/// falls on it). A check of the clock and the monitor is rare anyway; this saves the
/// counting in [`Budget::check`] on every node.
const CHECK_EVERY: u64 = 256;

/// Levels of the descent on the calling thread's stack (about 100 bytes a level for the
/// sliding-tile puzzles, well within the 2 MiB of a spawned thread).
const FIRST_STACK_LEVELS: usize = 1000;

/// Levels of the descent on each further stack.
const LEVELS_PER_STACK: usize = 10_000;

/// The size of each further stack: room for 6 KB a level, reserved, not touched.
const STACK_BYTES: usize = 64 << 20;

/// What a descent checks besides its own counters and the limits: whether to stop because
/// of another thread.
pub(super) trait Poll {
    /// `Some(Some(reason))` for a limit, `Some(None)` when another thread's result makes the
    /// descent moot, `None` to go on; `expanded` is the descent's count so far.
    fn stop(&mut self, expanded: u64) -> Option<Option<StopReason>>;
}

/// The poll of a search on one thread: nothing besides the limits.
pub(super) struct NoPoll;

impl Poll for NoPoll {
    #[inline]
    fn stop(&mut self, _: u64) -> Option<Option<StopReason>> {
        None
    }
}

/// The node a descent starts from: the move that led to it (`None` at the start), its g
/// and h.
pub(super) struct Root<A, C> {
    pub(super) came_by: Option<A>,
    pub(super) g: C,
    pub(super) h: C,
}

/// How a descent ended.
pub(super) enum Dive<A, C> {
    /// A goal: the moves below the root, each with the g it reaches, in order.
    Found(Vec<(A, C)>),
    /// The subtree is exhausted under the bound.
    Done,
    /// A limit (`Some`), or another thread's result (`None`), stopped it.
    Stopped(Option<StopReason>),
}

/// What a descent shares with its caller and does not change.
pub(super) struct Context<'a, P, H, O, Q> {
    pub(super) problem: &'a P,
    pub(super) heuristic: &'a H,
    pub(super) budget: &'a Budget,
    pub(super) observer: &'a mut O,
    pub(super) poll: &'a mut Q,
    /// The node limit (exact: a check of the limits falls on it); `u64::MAX` for none.
    pub(super) node_limit: u64,
}

/// The bounded depth-first search below `root` (whose state is `state`) under `bound`, in
/// place: `stats` and `next_bound` (the least f cut) brought up to date. On
/// [`Dive::Found`] `state` is the goal; otherwise `state` is as it was.
pub(super) fn dive<P, H, O, Q>(
    context: Context<'_, P, H, O, Q>,
    state: &mut P::State,
    root: Root<P::Action, P::Cost>,
    bound: P::Cost,
    next_bound: &mut P::Cost,
    stats: &mut Stats,
) -> Dive<P::Action, P::Cost>
where
    P: InPlace,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost>,
    O: Observer<P::State, P::Action>,
    Q: Poll,
{
    let mut descent = Descent {
        problem: context.problem,
        heuristic: context.heuristic,
        bound,
        least_cut: *next_bound,
        stats: *stats,
        left: 0,
        counted_to: stats.expanded,
        stack_end: FIRST_STACK_LEVELS,
        deep_at: (stats.max_frontier as usize).min(FIRST_STACK_LEVELS),
        node_limit: context.node_limit,
        budget: context.budget,
        observer: context.observer,
        poll: context.poll,
        tail: Vec::new(),
        stopped: None,
    };
    let step = descent.descend(state, root.came_by, root.g, root.h, 0);
    descent.sync_expanded();
    *stats = descent.stats;
    *next_bound = descent.least_cut;
    match (step, descent.stopped) {
        (Step::Found, _) => {
            let mut moves = descent.tail;
            moves.reverse();
            Dive::Found(moves)
        }
        (_, Some(why)) => Dive::Stopped(why),
        (_, None) => Dive::Done,
    }
}

/// How a call of [`Descent::descend`] ended (in a register: the caller branches on it
/// without reading the descent's state back from memory).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// A goal: the state is the goal, the tail holds the moves.
    Found,
    /// The subtree is exhausted; the state is as it was.
    Done,
    /// A limit or another thread stopped the search (the reason is in `stopped`).
    Stopped,
}

/// What the recursion of [`Descent::descend`] carries: the counters (written back by
/// [`dive`]), the bound and the checks.
struct Descent<'a, P: InPlace, H, O, Q> {
    problem: &'a P,
    heuristic: &'a H,
    bound: P::Cost,
    least_cut: P::Cost,
    /// The counters; `expanded` is brought up to date (`counted_to - left`) by
    /// [`Descent::sync_expanded`] only where it is read.
    stats: Stats,
    /// Expansions left before the next check of the limits (a countdown: one decrement
    /// and a branch a node).
    left: u64,
    /// The expansions counted when `left` reaches 0.
    counted_to: u64,
    /// The depth at which the current stack is full: the descent goes on on a new one.
    stack_end: usize,
    /// The depth from which a node takes the cold path: the end of the stack, or a new
    /// deepest node to record in `max_frontier` (one compare a node for both).
    deep_at: usize,
    node_limit: u64,
    budget: &'a Budget,
    observer: &'a mut O,
    poll: &'a mut Q,
    /// On a goal: the moves and costs below the start of the descent, deepest first.
    tail: Vec<(P::Action, P::Cost)>,
    /// A stop: the reason, if a limit (else another thread's result).
    stopped: Option<Option<StopReason>>,
}

impl<'a, P, H, O, Q> Descent<'a, P, H, O, Q>
where
    P: InPlace,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost>,
    O: Observer<P::State, P::Action>,
    Q: Poll,
{
    /// Enters `state` (reached by `came_by` at cost `g`, estimate `h`, `depth` levels below
    /// the start of the descent) and searches below it under the bound. Returns whether a
    /// goal was found (then `state` is the goal and `tail` holds the moves); a stop leaves
    /// `stopped` set; otherwise `state` is unchanged.
    #[inline(never)]
    fn descend(
        &mut self,
        state: &mut P::State,
        came_by: Option<P::Action>,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> Step {
        // In locals, so that the loops read them from registers, not through `self`; the
        // inner level takes the outer's (loaded from `self` at each inner node, they cost
        // three loads and their spills).
        let fixed = (self.problem, self.heuristic, self.bound);
        self.node::<true>(fixed, state, came_by, g, h, depth)
    }

    /// [`descend`](Self::descend)'s body, inlined twice: a node's children (`OUTER`) are
    /// searched by a copy of it that calls `descend` for the grandchildren, so one call
    /// (its saved registers and spilled values) serves two levels of the tree.
    #[inline(always)]
    fn node<const OUTER: bool>(
        &mut self,
        (problem, heuristic, bound): (&'a P, &'a H, P::Cost),
        state: &mut P::State,
        came_by: Option<P::Action>,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> Step {
        if depth >= self.deep_at
            && let Some(step) = self.deep(state, &came_by, g, h, depth)
        {
            return step;
        }
        if (!heuristic.zero_at_goals() || h == P::Cost::default()) && problem.is_goal(state) {
            return Step::Found;
        }
        if self.left == 0 && self.check(depth) {
            return Step::Stopped;
        }
        self.left -= 1;
        self.observer.expand(state, g.to_f64(), h.to_f64());
        let mut cursor = problem.first_cursor(state, came_by.as_ref());
        // Counted in a register, added to the stats once per node.
        let mut generated = 0u64;
        while let Some((action, cost)) = problem.next_move(state, came_by.as_ref(), &mut cursor) {
            generated += 1;
            let child_g = g + cost;
            let child_h = heuristic.update_in_place(state, h, &action);
            let f = child_g + child_h;
            if f > bound {
                if f < self.least_cut {
                    self.least_cut = f;
                }
                continue;
            }
            problem.apply(state, &action);
            // The move by value (a clone): a small action then travels in a register, where
            // a reference made the caller store it on its stack at every move.
            let below = if OUTER {
                self.node::<false>(
                    (problem, heuristic, bound),
                    state,
                    Some(action.clone()),
                    child_g,
                    child_h,
                    depth + 1,
                )
            } else {
                self.descend(state, Some(action.clone()), child_g, child_h, depth + 1)
            };
            match below {
                Step::Done => problem.undo(state, &action),
                Step::Found => {
                    self.stats.generated += generated;
                    self.tail.push((action, child_g));
                    return Step::Found;
                }
                Step::Stopped => {
                    problem.undo(state, &action);
                    self.stats.generated += generated;
                    return Step::Stopped;
                }
            }
        }
        self.stats.generated += generated;
        Step::Done
    }

    /// The cold path of a node at `deep_at` or deeper: at the end of the stack, the node
    /// searched on a new one (its result); else a goal (found); else the new deepest node
    /// recorded (`None`: search it).
    #[cold]
    #[inline(never)]
    fn deep(
        &mut self,
        state: &mut P::State,
        came_by: &Option<P::Action>,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> Option<Step> {
        if depth >= self.stack_end {
            return Some(self.on_new_stack(state, came_by.clone(), g, h, depth));
        }
        if self.problem.is_goal(state) {
            return Some(Step::Found);
        }
        self.stats.max_frontier = self.stats.max_frontier.max(depth as u64 + 1);
        self.deep_at = depth + 1;
        None
    }

    /// The node at the end of the stack and its subtree, searched by the same descent on a
    /// fresh stack. A system that refuses the stack stops the search at the memory limit.
    #[cold]
    #[inline(never)]
    fn on_new_stack(
        &mut self,
        state: &mut P::State,
        came_by: Option<P::Action>,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> Step {
        let stack_end = self.stack_end;
        self.stack_end = depth + LEVELS_PER_STACK;
        // The subtree runs on a fresh stack segment of this thread (`stacker`), so the
        // observer and the problem need not cross threads. A system that refuses the
        // segment's memory makes `grow` panic: that is the memory limit, not a crash.
        let below = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            stacker::grow(STACK_BYTES, || self.descend(state, came_by, g, h, depth))
        }));
        let step = match below {
            Ok(step) => step,
            Err(_) => {
                self.stopped = Some(Some(StopReason::MemoryLimit));
                Step::Stopped
            }
        };
        self.stack_end = stack_end;
        self.deep_at = (self.stats.max_frontier as usize).min(stack_end);
        step
    }

    /// Brings `stats.expanded` up to date with the countdown.
    #[inline]
    fn sync_expanded(&mut self) {
        self.stats.expanded = self.counted_to - self.left;
    }

    /// The limits and the poll, when the countdown is out; true when they stop the search.
    #[cold]
    fn check(&mut self, depth: usize) -> bool {
        self.sync_expanded();
        let expanded = self.stats.expanded;
        if let Some(limit) = self.budget.check(expanded, depth as u64 + 1) {
            self.stopped = Some(Some(limit));
            return true;
        }
        if let Some(why) = self.poll.stop(expanded) {
            self.stopped = Some(why);
            return true;
        }
        let next = (expanded + CHECK_EVERY).min(self.node_limit.max(expanded + 1));
        self.left = next - expanded;
        self.counted_to = next;
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::idastar::idastar;
    use crate::in_place::{InPlace, InPlaceHeuristic, idastar_in_place, idastar_parallel};
    use crate::{Heuristic, Limits, NoObserver, Problem, StopReason, Successor, ZeroHeuristic};

    /// A walk on the integers by +1 or -1, from 0 to `.0`.
    struct Walk(i64);

    impl Problem for Walk {
        type State = i64;
        type Action = i64;
        fn start(&self) -> i64 {
            0
        }
        fn is_goal(&self, s: &i64) -> bool {
            *s == self.0
        }
        fn successors(&self, s: &i64, out: &mut Vec<Successor<i64, i64>>) {
            for d in [1, -1] {
                out.push(Successor::new(d, s + d, 1.0));
            }
        }
    }

    impl InPlace for Walk {
        type Cost = u32;
        fn next_move(
            &self,
            _: &i64,
            came_by: Option<&i64>,
            cursor: &mut u64,
        ) -> Option<(i64, u32)> {
            while *cursor < 2 {
                let d = [1, -1][*cursor as usize];
                *cursor += 1;
                if came_by != Some(&-d) {
                    return Some((d, 1));
                }
            }
            None
        }
        fn apply(&self, s: &mut i64, d: &i64) {
            *s += d;
        }
        fn undo(&self, s: &mut i64, d: &i64) {
            *s -= d;
        }
    }

    /// The exact distance to the goal of a [`Walk`].
    struct Distance(i64);

    impl Heuristic<i64, i64> for Distance {
        fn estimate(&self, s: &i64) -> f64 {
            (self.0 - s).abs() as f64
        }
    }

    impl InPlaceHeuristic<i64, i64, u32> for Distance {
        fn update_in_place(&self, s: &i64, _: u32, d: &i64) -> u32 {
            (self.0 - s - d).unsigned_abs() as u32
        }
    }

    #[test]
    fn a_descent_deeper_than_several_stacks_finds_the_generic_path() {
        // 25,000 levels: the calling thread's stack, then three more.
        let walk = Walk(25_000);
        let h = Distance(25_000);
        let fast = idastar_in_place(&walk, &h, Limits::default(), &mut NoObserver);
        let plain = idastar(&walk, &h, Limits::default(), &mut NoObserver);
        let fast_path = fast.path.expect("a path");
        assert_eq!(fast_path.len(), 25_000);
        assert_eq!(fast_path.states().last(), Some(&25_000));
        assert_eq!(fast.stats.expanded, plain.stats.expanded);
        assert_eq!(fast.stats.max_frontier, 25_000);
    }

    #[test]
    fn deep_iterations_expand_what_the_generic_engine_does() {
        // h = 0: one iteration per depth, each going past the first stack's end on both rays.
        let walk = Walk(1_200);
        let fast = idastar_in_place(&walk, &ZeroHeuristic, Limits::default(), &mut NoObserver);
        let plain = idastar(&walk, &ZeroHeuristic, Limits::default(), &mut NoObserver);
        assert_eq!(fast.stats.iterations, 1_201);
        assert_eq!(fast.stats.expanded, plain.stats.expanded);
        assert_eq!(fast.path.map(|p| p.len()), Some(1_200));
    }

    #[test]
    fn the_node_limit_stops_a_deep_descent_exactly() {
        let walk = Walk(5_000);
        let h = Distance(5_000);
        let limits = Limits::default().max_nodes(3_000);
        let stopped = idastar_in_place(&walk, &h, limits, &mut NoObserver);
        assert_eq!(stopped.reason, StopReason::NodeLimit);
        assert_eq!(stopped.stats.expanded, 3_000);
        let parallel = idastar_parallel(&walk, &h, limits, 2);
        assert_eq!(parallel.reason, StopReason::NodeLimit);
    }
}
