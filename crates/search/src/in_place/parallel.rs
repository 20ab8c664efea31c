//! IDA* in place on several threads: each large iteration splits the top of the tree into
//! subtrees that the threads search with the one [`descent`].

use super::descent::{self, Context, Dive, Poll, Root};
use super::idastar::{Iteration, replay, serial_iteration};
use super::{Cost, InPlace, InPlaceHeuristic};
use crate::budget::Budget;
use crate::{Limits, NoObserver, Outcome, Stats, StopReason};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

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

/// A goal found by a worker: the index of its subtree, the moves from the start.
type Solution<A, C> = (usize, Vec<(A, C)>);

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
pub(super) struct SharedPoll<'a> {
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
/// [`idastar_in_place`](super::idastar_in_place)). Each iteration expands the top of the tree on the calling thread
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
        return super::idastar_in_place(problem, heuristic, limits, &mut NoObserver);
    }
    let budget = Budget::new(limits, problem.state_bytes());
    let run = Run {
        problem,
        heuristic,
        limits,
        threads,
        started: Instant::now(),
        budget: &budget,
    };
    let start = problem.start();
    let h0 = P::Cost::from_f64(heuristic.estimate(&start));
    let mut bound = h0;
    let mut stats = Stats::default();
    let mut state = start.clone();
    loop {
        stats.iterations += 1;
        let iteration = if stats.expanded < PARALLEL_FROM {
            // A small iteration (they grow geometrically): on this thread, as the serial
            // search, rather than wake threads for a few milliseconds of work.
            serial_iteration(
                problem,
                heuristic,
                (&start, &mut state),
                (bound, h0),
                &mut stats,
                &budget,
                &mut NoObserver,
            )
        } else {
            run.iteration(&start, &mut state, (bound, h0), &mut stats)
        };
        match iteration {
            Iteration::Ended(reason, path) => {
                stats.elapsed = budget.elapsed();
                return Outcome {
                    reason,
                    path,
                    stats,
                };
            }
            Iteration::Next(next_bound) => bound = next_bound,
        }
    }
}

/// A worker's counters and the goal it found, if any.
type Worked<A, C> = (Stats, Option<Solution<A, C>>);

/// The top of an iteration's tree: its subroots, the counters of the nodes above them and
/// the least f cut there.
type Top<A, C> = (Vec<Subroot<A, C>>, Stats, C);

/// What the iterations of a parallel search share.
struct Run<'a, P, H> {
    problem: &'a P,
    heuristic: &'a H,
    limits: Limits,
    threads: usize,
    started: Instant,
    budget: &'a Budget,
}

impl<P, H> Run<'_, P, H>
where
    P: InPlace + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost> + Sync,
{
    /// One iteration under `bound` on the threads, `stats` brought up to date.
    fn iteration(
        &self,
        start: &P::State,
        state: &mut P::State,
        (bound, h0): (P::Cost, P::Cost),
        stats: &mut Stats,
    ) -> Iteration<P::State, P::Action, P::Cost> {
        let (subroots, top, next_bound) = match self.top_of_tree(state, (bound, h0)) {
            Ok(top) => top,
            Err((limit, top)) => {
                stats.expanded += top.expanded;
                stats.generated += top.generated;
                return Iteration::Ended(limit, None);
            }
        };
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
        let work = || {
            let (local, found) = self.work(start, &subroots, bound, &shared);
            if let (Some(found), Ok(mut s)) = (found, solutions.lock()) {
                s.push(found);
            }
            if let Ok(mut w) = worker_stats.lock() {
                w.push(local);
            }
        };
        // This thread is one of the workers: one thread fewer to wake.
        std::thread::scope(|scope| {
            for _ in 1..self.threads {
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
            .min_by_key(|(i, _)| *i);
        if let Some((_, actions)) = best {
            let path = replay(self.problem, start, actions.into_iter());
            return Iteration::Ended(StopReason::Solved, Some(path));
        }
        if let Some(reason) = shared.stop.into_inner().ok().flatten() {
            return Iteration::Ended(reason, None);
        }
        let next_bound = f64::from_bits(shared.next_bound.into_inner());
        if next_bound.is_infinite() {
            return Iteration::Ended(StopReason::Exhausted, None);
        }
        Iteration::Next(P::Cost::from_f64(next_bound))
    }

    /// The top of the tree, one level deeper until there are enough subtrees: the
    /// subroots, the counters of the nodes above them and the least f cut there; or the
    /// limit that stopped it.
    fn top_of_tree(
        &self,
        state: &mut P::State,
        (bound, h0): (P::Cost, P::Cost),
    ) -> Result<Top<P::Action, P::Cost>, (StopReason, Stats)> {
        let mut subroots = Vec::new();
        let mut top = Stats::default();
        let mut next_bound = P::Cost::INFINITY;
        for levels in 1..=32 {
            subroots.clear();
            top = Stats::default();
            next_bound = P::Cost::INFINITY;
            let mut actions = Vec::new();
            if let Some(limit) = split(
                self.problem,
                self.heuristic,
                state,
                &mut actions,
                (P::Cost::default(), h0),
                levels,
                bound,
                &mut next_bound,
                &mut top,
                self.budget,
                &mut subroots,
            ) {
                return Err((limit, top));
            }
            // Stop deepening when enough, or when the tree ends above (goals, bound).
            if subroots.len() >= 64 * self.threads
                || subroots.iter().all(|s| s.actions.len() < levels)
            {
                break;
            }
        }
        Ok((subroots, top, next_bound))
    }

    /// A worker: takes the subroots in turn and searches below them until they are all
    /// taken, a goal is found before the next one, or a limit stops the run. Returns its
    /// counters and the goal it found, if any.
    fn work(
        &self,
        start: &P::State,
        subroots: &[Subroot<P::Action, P::Cost>],
        bound: P::Cost,
        shared: &Shared,
    ) -> Worked<P::Action, P::Cost> {
        // The shared poll checks the node and time limits and the monitor for all threads.
        let worker_limits = Limits {
            max_nodes: None,
            timeout: None,
            monitor: None,
            ..self.limits
        };
        let budget = Budget::new(worker_limits, self.problem.state_bytes());
        let mut poll = SharedPoll {
            shared,
            limits: self.limits,
            started: self.started,
            index: 0,
            published: 0,
        };
        let mut local = Stats::default();
        let mut local_next = P::Cost::INFINITY;
        let mut found = None;
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
                self.problem.apply(&mut state, a);
            }
            poll.index = i;
            let context = Context {
                problem: self.problem,
                heuristic: self.heuristic,
                budget: &budget,
                observer: &mut NoObserver,
                poll: &mut poll,
                node_limit: u64::MAX,
            };
            let root = Root {
                came_by: sub.actions.last().map(|(a, _)| a.clone()),
                g: sub.g,
                h: sub.h,
            };
            match descent::dive(
                context,
                &mut state,
                root,
                bound,
                &mut local_next,
                &mut local,
            ) {
                Dive::Found(moves) => {
                    shared.found.fetch_min(i, Ordering::Relaxed);
                    let mut actions = sub.actions.clone();
                    actions.extend(moves);
                    found = Some((i, actions));
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
        (local, found)
    }
}
