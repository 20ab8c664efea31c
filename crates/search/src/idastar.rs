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
use crate::inplace::{Cost, InPlace, InPlaceHeuristic};
use crate::{
    Heuristic, Limits, Observer, Outcome, Path, Problem, Prune, Stats, StopReason, Successor,
};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

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

/// A frame of the in-place engine: the move that led to its state, the cursor over its
/// moves, and its g and h.
struct InPlaceFrame<A, C> {
    came_by: Option<A>,
    cursor: u64,
    g: C,
    h: C,
}

/// How a bounded dive below one node ended.
enum Dive {
    /// A goal: the frames hold the path to it.
    Found,
    /// The subtree is exhausted under the bound.
    Done,
    /// A limit, or another thread's result, stopped it.
    Stopped(Option<StopReason>),
}

/// What a dive checks besides its own counters, with the limits: whether to stop because
/// of another thread.
trait Poll {
    fn stop(&mut self, expanded: u64) -> Option<Option<StopReason>>;
}

struct NoPoll;

impl Poll for NoPoll {
    #[inline]
    fn stop(&mut self, _: u64) -> Option<Option<StopReason>> {
        None
    }
}

/// IDA* on a problem with the in-place hook ([`InPlace`], [`InPlaceHeuristic`]): the same
/// expansions, in the same order, with the same result as [`idastar`], but one state changed
/// in place instead of a list of successors per frame, and the move back to the parent never
/// generated (so `generated` counts fewer). The observer sees the iterations and the
/// expansions.
///
/// ```
/// use resolu_search::{idastar::idastar_in_place, Limits, NoObserver};
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
    let mut frames: Vec<InPlaceFrame<P::Action, P::Cost>> = Vec::new();
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
        observer.iteration(bound.to_f64());
        let iteration = serial_iteration(
            problem,
            heuristic,
            &start,
            &mut state,
            &mut frames,
            (bound, h0),
            &mut stats,
            &budget,
            observer,
            limits,
        );
        match iteration {
            Iteration::Ended(reason, path) => return finish(reason, path, stats),
            Iteration::Next(next_bound) => bound = next_bound,
        }
    }
}

/// How one iteration of in-place IDA* ended: the search is over, or the next bound.
enum Iteration<S, A, C> {
    Ended(StopReason, Option<Path<S, A>>),
    Next(C),
}

/// One iteration of in-place IDA* under `bound` on this thread, from the root (whose
/// heuristic is `h0`); `frames` is reused between iterations.
#[allow(clippy::too_many_arguments)]
fn serial_iteration<P, H, O>(
    problem: &P,
    heuristic: &H,
    start: &P::State,
    state: &mut P::State,
    frames: &mut Vec<InPlaceFrame<P::Action, P::Cost>>,
    (bound, h0): (P::Cost, P::Cost),
    stats: &mut Stats,
    budget: &Budget,
    observer: &mut O,
    limits: Limits,
) -> Iteration<P::State, P::Action, P::Cost>
where
    P: InPlace,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost>,
    O: Observer<P::State, P::Action>,
{
    frames.clear();
    frames.push(InPlaceFrame {
        came_by: None,
        cursor: 0,
        g: P::Cost::default(),
        h: h0,
    });
    let mut next_bound = P::Cost::INFINITY;
    match dive_recursive(
        problem,
        heuristic,
        state,
        frames,
        bound,
        &mut next_bound,
        stats,
        budget,
        observer,
        &mut NoPoll,
        limits.max_nodes.unwrap_or(u64::MAX),
    ) {
        Dive::Found => {
            let steps = frames
                .iter()
                .filter_map(|f| f.came_by.clone().map(|a| (a, f.g)));
            let path = replay(problem, start, steps);
            return Iteration::Ended(StopReason::Solved, Some(path));
        }
        Dive::Stopped(reason) => {
            return Iteration::Ended(reason.unwrap_or(StopReason::Interrupted), None);
        }
        Dive::Done => {}
    }
    if next_bound == P::Cost::INFINITY {
        Iteration::Ended(StopReason::Exhausted, None)
    } else {
        Iteration::Next(next_bound)
    }
}

/// The path from `start` by `steps` (each move with the g it reaches), the states
/// replayed, each step's cost the difference of two g's (exact for whole-number costs).
fn replay<P: InPlace>(
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

/// The bounded depth-first search below the last frame of `frames` (whose state is
/// `state`), in place. On [`Dive::Found`] the frames hold the path and `state` is the goal;
/// otherwise `state` and `frames` are as they were.
#[allow(clippy::too_many_arguments)]
#[inline]
fn dive<P, H, O, Q>(
    problem: &P,
    heuristic: &H,
    state: &mut P::State,
    frames: &mut Vec<InPlaceFrame<P::Action, P::Cost>>,
    bound: P::Cost,
    next_bound: &mut P::Cost,
    stats: &mut Stats,
    budget: &Budget,
    observer: &mut O,
    poll: &mut Q,
    node_limit: u64,
) -> Dive
where
    P: InPlace,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost>,
    O: Observer<P::State, P::Action>,
    Q: Poll,
{
    let base = frames.len() - 1;
    frames[base].cursor = problem.first_cursor(state, frames[base].came_by.as_ref());
    let mut depth = base;
    // The counters live in locals (registers) and are written back on the way out.
    let (mut expanded, mut generated, mut deepest) = (stats.expanded, stats.generated, 0usize);
    let mut least_cut = *next_bound;
    // The limits are checked every CHECK_EVERY expansions, and at the exact expansion
    // where the node limit falls.
    let mut check_at = expanded;
    macro_rules! leave {
        ($result:expr) => {{
            stats.expanded = expanded;
            stats.generated = generated;
            stats.max_frontier = stats.max_frontier.max(deepest as u64 + 1);
            *next_bound = least_cut;
            return $result;
        }};
    }
    // Enters the node of frame `depth`: goal test, limits, counted as expanded.
    macro_rules! enter {
        ($g:expr, $h:expr) => {{
            if problem.is_goal(state) {
                leave!(Dive::Found);
            }
            if expanded >= check_at {
                if let Some(limit) = budget.check(expanded, depth as u64 + 1) {
                    unwind(problem, state, frames, base);
                    leave!(Dive::Stopped(Some(limit)));
                }
                if let Some(why) = poll.stop(expanded) {
                    unwind(problem, state, frames, base);
                    leave!(Dive::Stopped(why));
                }
                check_at = (expanded + CHECK_EVERY).min(node_limit.max(expanded + 1));
            }
            observer.expand(state, $g.to_f64(), $h.to_f64());
            expanded += 1;
            deepest = deepest.max(depth);
        }};
    }
    let (g0, h0) = (frames[base].g, frames[base].h);
    enter!(g0, h0);
    loop {
        let Some(frame) = frames.last_mut() else {
            leave!(Dive::Done);
        };
        match problem.next_move(state, frame.came_by.as_ref(), &mut frame.cursor) {
            None => {
                if depth == base {
                    leave!(Dive::Done);
                }
                if let Some(action) = frames.pop().and_then(|f| f.came_by) {
                    problem.undo(state, &action);
                }
                depth -= 1;
            }
            Some((action, cost)) => {
                generated += 1;
                let g = frame.g + cost;
                let h = heuristic.update_in_place(state, frame.h, &action);
                let f = g + h;
                if f > bound {
                    if f < least_cut {
                        least_cut = f;
                    }
                    continue;
                }
                problem.apply(state, &action);
                let cursor = problem.first_cursor(state, Some(&action));
                frames.push(InPlaceFrame {
                    came_by: Some(action),
                    cursor,
                    g,
                    h,
                });
                depth += 1;
                enter!(g, h);
            }
        }
    }
}

/// Expansions between two checks of the limits by the in-place engine (the node limit is
/// still exact: a check falls on it). A check of the clock and the monitor is rare anyway;
/// this saves the counting in [`Budget::check`] on every node.
const CHECK_EVERY: u64 = 256;

/// Undoes the moves of the frames above `base`, and drops them.
fn unwind<P: InPlace>(
    problem: &P,
    state: &mut P::State,
    frames: &mut Vec<InPlaceFrame<P::Action, P::Cost>>,
    base: usize,
) {
    while frames.len() > base + 1 {
        if let Some(action) = frames.pop().and_then(|f| f.came_by) {
            problem.undo(state, &action);
        }
    }
}

/// A node at the depth where a parallel iteration splits the tree: the moves from the start,
/// its g and h.
struct Subroot<A, C> {
    /// The moves from the start, each with the g it reaches.
    actions: Vec<(A, C)>,
    g: C,
    h: C,
}

/// The top of an iteration's tree, in place, down to `levels_left` more levels: the nodes
/// there, and goals above, become subroots in depth-first order; the nodes above are
/// expanded (counted in `stats`). Returns the limit that stopped it, if any.
#[allow(clippy::too_many_arguments)]
fn split<P, H>(
    problem: &P,
    heuristic: &H,
    state: &mut P::State,
    actions: &mut Vec<(P::Action, P::Cost)>,
    (g, h): (P::Cost, P::Cost),
    levels_left: usize,
    bound: P::Cost,
    next_bound: &mut P::Cost,
    stats: &mut Stats,
    budget: &Budget,
    out: &mut Vec<Subroot<P::Action, P::Cost>>,
) -> Option<StopReason>
where
    P: InPlace,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost>,
{
    if levels_left == 0 || problem.is_goal(state) {
        out.push(Subroot {
            actions: actions.clone(),
            g,
            h,
        });
        return None;
    }
    if let Some(limit) = budget.check(stats.expanded, actions.len() as u64 + 1) {
        return Some(limit);
    }
    stats.expanded += 1;
    let came_by = actions.last().map(|(a, _)| a.clone());
    let mut cursor = problem.first_cursor(state, came_by.as_ref());
    while let Some((action, cost)) = problem.next_move(state, came_by.as_ref(), &mut cursor) {
        stats.generated += 1;
        let child_g = g + cost;
        let child_h = heuristic.update_in_place(state, h, &action);
        if child_g + child_h > bound {
            if child_g + child_h < *next_bound {
                *next_bound = child_g + child_h;
            }
            continue;
        }
        problem.apply(state, &action);
        actions.push((action, child_g));
        let stop = split(
            problem,
            heuristic,
            state,
            actions,
            (child_g, child_h),
            levels_left - 1,
            bound,
            next_bound,
            stats,
            budget,
            out,
        );
        if let Some((action, _)) = actions.pop() {
            problem.undo(state, &action);
        }
        if stop.is_some() {
            return stop;
        }
    }
    None
}

/// Expansions so far below which a parallel IDA* runs its next iteration on one thread.
const PARALLEL_FROM: u64 = 50_000;

/// A goal found by a worker: the index of its subtree, the moves, the cost.
type Solution<A, C> = (usize, Vec<(A, C)>, C);

/// What the workers of a parallel iteration share.
struct Shared {
    /// The next subroot to hand out.
    next: AtomicUsize,
    /// The least subroot index below which a goal was found (`usize::MAX`: none yet).
    found: AtomicUsize,
    /// The least f cut, as the bits of a non-negative `f64` (ordered as the numbers are).
    next_bound: AtomicU64,
    /// Expansions published so far (for the node limit and the monitor).
    expanded: AtomicU64,
    /// A limit reached by one worker stops them all.
    stop: Mutex<Option<StopReason>>,
    stopped: AtomicBool,
}

/// A worker's poll of the shared state and of the run's limits.
struct SharedPoll<'a> {
    shared: &'a Shared,
    limits: Limits,
    started: Instant,
    /// The subroot being searched: a goal found below a smaller index makes it moot.
    index: usize,
    /// Expansions of this worker already added to `shared.expanded`.
    published: u64,
}

impl SharedPoll<'_> {
    fn raise(&self, reason: StopReason) -> Option<Option<StopReason>> {
        if let Ok(mut stop) = self.shared.stop.lock() {
            stop.get_or_insert(reason);
        }
        self.shared.stopped.store(true, Ordering::Relaxed);
        Some(Some(reason))
    }
}

impl Poll for SharedPoll<'_> {
    fn stop(&mut self, expanded: u64) -> Option<Option<StopReason>> {
        let total = self
            .shared
            .expanded
            .fetch_add(expanded - self.published, Ordering::Relaxed)
            + (expanded - self.published);
        self.published = expanded;
        if self.shared.stopped.load(Ordering::Relaxed)
            || self.shared.found.load(Ordering::Relaxed) < self.index
        {
            return Some(None);
        }
        if let Some(monitor) = self.limits.monitor {
            monitor.publish(total, 0);
            if monitor.is_interrupted() {
                return self.raise(StopReason::Interrupted);
            }
        }
        if self.limits.max_nodes.is_some_and(|max| total >= max) {
            return self.raise(StopReason::NodeLimit);
        }
        if self
            .limits
            .timeout
            .is_some_and(|t| self.started.elapsed() >= t)
        {
            return self.raise(StopReason::TimeLimit);
        }
        None
    }
}

/// IDA* in place on up to `threads` threads (at most the cores available; one thread runs
/// [`idastar_in_place`]). Each iteration expands the top of the tree on the calling thread
/// until it has enough subtrees (64 per thread), then the threads take the subtrees in
/// depth-first order and search them under the iteration's bound, sharing the least f cut.
/// When a goal is found below a subtree, the subtrees after it are abandoned and those
/// before it finished: the solution is the one the single-threaded search returns, and
/// optimal like it. Iterations that start before 50,000 expansions in all run on the
/// calling thread alone (they are small: waking threads would cost more than they save).
/// Counters are summed over the threads: the last iteration may expand
/// more than one thread would (subtrees after the solution's, already started). The node
/// limit is checked every few thousand expansions per thread, so it may be passed by that
/// much; the observer of the serial form is not available.
pub fn idastar_parallel<P, H>(
    problem: &P,
    heuristic: &H,
    limits: Limits,
    threads: usize,
) -> Outcome<P::State, P::Action>
where
    P: InPlace + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost> + Sync,
{
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.clamp(1, cores);
    if threads == 1 {
        return idastar_in_place(problem, heuristic, limits, &mut crate::NoObserver);
    }
    let budget = Budget::new(limits, problem.state_bytes());
    let started = Instant::now();
    let start = problem.start();
    let h0 = P::Cost::from_f64(heuristic.estimate(&start));
    let mut bound = h0;
    let mut stats = Stats::default();
    let finish = |reason, path, mut stats: Stats| {
        stats.elapsed = budget.elapsed();
        Outcome {
            reason,
            path,
            stats,
        }
    };
    let mut state = start.clone();
    loop {
        stats.iterations += 1;
        if stats.expanded < PARALLEL_FROM {
            // A small iteration (they grow geometrically): on this thread, as the serial
            // search, rather than wake threads for a few milliseconds of work.
            let mut frames = Vec::new();
            let iteration = serial_iteration(
                problem,
                heuristic,
                &start,
                &mut state,
                &mut frames,
                (bound, h0),
                &mut stats,
                &budget,
                &mut crate::NoObserver,
                limits,
            );
            match iteration {
                Iteration::Ended(reason, path) => return finish(reason, path, stats),
                Iteration::Next(next_bound) => bound = next_bound,
            }
            continue;
        }
        // The top of the tree, one level deeper until there are enough subtrees.
        let mut subroots = Vec::new();
        let mut top = Stats::default();
        let mut next_bound = P::Cost::INFINITY;
        for levels in 1..=32 {
            subroots.clear();
            top = Stats::default();
            next_bound = P::Cost::INFINITY;
            let mut actions = Vec::new();
            if let Some(limit) = split(
                problem,
                heuristic,
                &mut state,
                &mut actions,
                (P::Cost::default(), h0),
                levels,
                bound,
                &mut next_bound,
                &mut top,
                &budget,
                &mut subroots,
            ) {
                stats.expanded += top.expanded;
                stats.generated += top.generated;
                return finish(limit, None, stats);
            }
            // Stop deepening when enough, or when the tree ends above (goals, bound).
            if subroots.len() >= 64 * threads || subroots.iter().all(|s| s.actions.len() < levels) {
                break;
            }
        }
        stats.expanded += top.expanded;
        stats.generated += top.generated;
        stats.max_frontier = stats.max_frontier.max(top.max_frontier);
        let shared = Shared {
            next: AtomicUsize::new(0),
            found: AtomicUsize::new(usize::MAX),
            next_bound: AtomicU64::new(next_bound.to_f64().to_bits()),
            expanded: AtomicU64::new(stats.expanded),
            stop: Mutex::new(None),
            stopped: AtomicBool::new(false),
        };
        let solutions: Mutex<Vec<Solution<P::Action, P::Cost>>> = Mutex::new(Vec::new());
        let worker_stats: Mutex<Vec<Stats>> = Mutex::new(Vec::new());
        let worker_limits = Limits {
            max_nodes: None,
            timeout: None,
            monitor: None,
            ..limits
        };
        let work = || {
            let budget = Budget::new(worker_limits, problem.state_bytes());
            let mut poll = SharedPoll {
                shared: &shared,
                limits,
                started,
                index: 0,
                published: 0,
            };
            let mut local = Stats::default();
            let mut local_next = P::Cost::INFINITY;
            let mut frames = Vec::new();
            loop {
                let i = shared.next.fetch_add(1, Ordering::Relaxed);
                if i >= subroots.len()
                    || shared.found.load(Ordering::Relaxed) < i
                    || shared.stopped.load(Ordering::Relaxed)
                {
                    break;
                }
                let sub = &subroots[i];
                let mut state = start.clone();
                for (a, _) in &sub.actions {
                    problem.apply(&mut state, a);
                }
                frames.clear();
                frames.push(InPlaceFrame {
                    came_by: sub.actions.last().map(|(a, _)| a.clone()),
                    cursor: 0,
                    g: sub.g,
                    h: sub.h,
                });
                poll.index = i;
                match dive_recursive(
                    problem,
                    heuristic,
                    &mut state,
                    &mut frames,
                    bound,
                    &mut local_next,
                    &mut local,
                    &budget,
                    &mut crate::NoObserver,
                    &mut poll,
                    u64::MAX,
                ) {
                    Dive::Found => {
                        shared.found.fetch_min(i, Ordering::Relaxed);
                        let mut actions = sub.actions.clone();
                        actions.extend(
                            frames
                                .iter()
                                .skip(1)
                                .filter_map(|f| f.came_by.clone().map(|a| (a, f.g))),
                        );
                        let cost = frames.last().map_or(sub.g, |f| f.g);
                        if let Ok(mut s) = solutions.lock() {
                            s.push((i, actions, cost));
                        }
                        break;
                    }
                    Dive::Done => {}
                    Dive::Stopped(Some(reason)) => {
                        poll.raise(reason);
                        break;
                    }
                    Dive::Stopped(None) => break,
                }
            }
            shared
                .next_bound
                .fetch_min(local_next.to_f64().to_bits(), Ordering::Relaxed);
            if let Ok(mut w) = worker_stats.lock() {
                w.push(local);
            }
        };
        // This thread is one of the workers: one thread fewer to wake.
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(work);
            }
            work();
        });
        for w in worker_stats.into_inner().unwrap_or_default() {
            stats.expanded += w.expanded;
            stats.generated += w.generated;
            stats.max_frontier = stats.max_frontier.max(w.max_frontier);
        }
        let best = solutions
            .into_inner()
            .unwrap_or_default()
            .into_iter()
            .min_by_key(|(i, _, _)| *i);
        if let Some((_, actions, _)) = best {
            let path = replay(problem, &start, actions.into_iter());
            return finish(StopReason::Solved, Some(path), stats);
        }
        if let Some(reason) = shared.stop.into_inner().ok().flatten() {
            return finish(reason, None, stats);
        }
        let next_bound = f64::from_bits(shared.next_bound.into_inner());
        if next_bound.is_infinite() {
            return finish(StopReason::Exhausted, None, stats);
        }
        bound = P::Cost::from_f64(next_bound);
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

/// Depth below which [`Descent::descend`] recurses on the call stack (about 100 bytes a level);
/// deeper, it hands the subtree to the heap-frame engine [`dive`], so that no depth
/// overflows a thread's stack.
const RECURSION_DEPTH: usize = 1000;

/// What the recursion of [`Descent::descend`] carries: the counters (written back by the caller),
/// the bound and the checks.
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
    /// The depth from which a node takes the cold path: hand over to the heap frames at
    /// [`RECURSION_DEPTH`], or a new deepest node to record in `max_frontier` (one compare
    /// a node for both).
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
            && let Some(step) = self.deep(state, came_by.clone(), g, h, depth)
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

    /// The cold path of a node at `deep_at` or deeper: the heap frames below
    /// [`RECURSION_DEPTH`] (their result), else a goal (found), else the new deepest node
    /// recorded (`None`: search it).
    #[cold]
    #[inline(never)]
    fn deep(
        &mut self,
        state: &mut P::State,
        came_by: Option<P::Action>,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> Option<Step> {
        if depth >= RECURSION_DEPTH {
            return Some(self.hand_over(state, came_by.as_ref(), g, h));
        }
        if self.problem.is_goal(state) {
            return Some(Step::Found);
        }
        self.stats.max_frontier = self.stats.max_frontier.max(depth as u64 + 1);
        self.deep_at = depth + 1;
        None
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

    /// The subtree below a node too deep to recurse further, searched by the heap-frame
    /// engine.
    #[cold]
    fn hand_over(
        &mut self,
        state: &mut P::State,
        came_by: Option<&P::Action>,
        g: P::Cost,
        h: P::Cost,
    ) -> Step {
        let mut frames = vec![InPlaceFrame {
            came_by: came_by.cloned(),
            cursor: 0,
            g,
            h,
        }];
        let mut least_cut = self.least_cut;
        self.sync_expanded();
        let result = dive(
            self.problem,
            self.heuristic,
            state,
            &mut frames,
            self.bound,
            &mut least_cut,
            &mut self.stats,
            self.budget,
            self.observer,
            self.poll,
            self.node_limit,
        );
        self.least_cut = least_cut;
        // The heap frames counted in the stats: the countdown restarts from there (with a
        // check at the next node).
        self.counted_to = self.stats.expanded;
        self.left = 0;
        match result {
            Dive::Found => {
                for f in frames.into_iter().skip(1).rev() {
                    if let Some(a) = f.came_by {
                        self.tail.push((a, f.g));
                    }
                }
                Step::Found
            }
            Dive::Done => Step::Done,
            Dive::Stopped(why) => {
                self.stopped = Some(why);
                Step::Stopped
            }
        }
    }
}

/// [`dive`] by recursion on the call stack down to [`RECURSION_DEPTH`] (the compiler keeps a
/// level's cursor, g and h in registers; with heap frames they went through memory at
/// every move), the same contract: on [`Dive::Found`] the frames hold the path.
#[allow(clippy::too_many_arguments)]
fn dive_recursive<P, H, O, Q>(
    problem: &P,
    heuristic: &H,
    state: &mut P::State,
    frames: &mut Vec<InPlaceFrame<P::Action, P::Cost>>,
    bound: P::Cost,
    next_bound: &mut P::Cost,
    stats: &mut Stats,
    budget: &Budget,
    observer: &mut O,
    poll: &mut Q,
    node_limit: u64,
) -> Dive
where
    P: InPlace,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost>,
    O: Observer<P::State, P::Action>,
    Q: Poll,
{
    let Some(top) = frames.last() else {
        return Dive::Done;
    };
    let (came_by, g, h) = (top.came_by.clone(), top.g, top.h);
    let mut descent = Descent {
        problem,
        heuristic,
        bound,
        least_cut: *next_bound,
        stats: *stats,
        left: 0,
        counted_to: stats.expanded,
        deep_at: (stats.max_frontier as usize).min(RECURSION_DEPTH),
        node_limit,
        budget,
        observer,
        poll,
        tail: Vec::new(),
        stopped: None,
    };
    let found = descent.descend(state, came_by, g, h, 0) == Step::Found;
    descent.sync_expanded();
    *stats = descent.stats;
    *next_bound = descent.least_cut;
    if found {
        frames.extend(descent.tail.into_iter().rev().map(|(a, g)| InPlaceFrame {
            came_by: Some(a),
            cursor: 0,
            g,
            h: P::Cost::default(),
        }));
        return Dive::Found;
    }
    match descent.stopped {
        Some(why) => Dive::Stopped(why),
        None => Dive::Done,
    }
}
