//! What every search returns: the path, the counters and why the search stopped; and the
//! limits that may stop it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Why a search (or a backtracking run) stopped.
///
/// `#[non_exhaustive]`: new limits may be added; a `match` needs a `_` arm, and
/// [`is_limit`](StopReason::is_limit) tells the limits from the two verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// A goal was reached.
    Solved,
    /// The whole reachable space (within any depth limit) was explored without reaching a
    /// goal: no solution exists (within that depth limit).
    Exhausted,
    /// The node limit was reached: [`Limits::max_nodes`] expanded nodes for a search,
    /// [`Limits::max_tries`] tries for backtracking (a try is a node of the backtracking
    /// tree).
    NodeLimit,
    /// The timeout elapsed.
    TimeLimit,
    /// The memory budget (stored states times bytes per state) was reached.
    MemoryLimit,
    /// Depth-first search with a depth limit explored everything within the limit and cut
    /// some states at it: no solution within the limit, but one may lie deeper.
    DepthLimit,
    /// The run was interrupted from outside (the [`Monitor`]'s flag: Ctrl-C in the CLI).
    Interrupted,
    /// The prover's unit of work ran out: [`Limits::max_nodes`] read as a number of
    /// inferences (calls of a predicate), the prover's node.
    InferenceLimit,
    /// The rule engine's unit of work ran out: [`Limits::max_nodes`] read as a number of
    /// cycles (rules fired), the rule engine's node.
    CycleLimit,
}

impl StopReason {
    /// The name used in JSON output and tables: `solved`, `exhausted`, `node-limit`,
    /// `time-limit`, `memory-limit`, `depth-limit`, `interrupted`, `inference-limit`,
    /// `cycle-limit`.
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Solved => "solved",
            StopReason::Exhausted => "exhausted",
            StopReason::NodeLimit => "node-limit",
            StopReason::TimeLimit => "time-limit",
            StopReason::MemoryLimit => "memory-limit",
            StopReason::DepthLimit => "depth-limit",
            StopReason::Interrupted => "interrupted",
            StopReason::InferenceLimit => "inference-limit",
            StopReason::CycleLimit => "cycle-limit",
        }
    }

    /// Whether a limit or an interruption (rather than the problem) stopped the search: a
    /// solution may exist beyond it.
    pub fn is_limit(self) -> bool {
        !matches!(self, StopReason::Solved | StopReason::Exhausted)
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Counters of one search. All but `elapsed` are deterministic for a given problem,
/// algorithm and seed.
///
/// `#[non_exhaustive]`: new counters may be added. Outside this crate, start from
/// `Stats::default()` and set the fields.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Stats {
    /// Nodes expanded: states whose successors were generated.
    pub expanded: u64,
    /// Successors generated (including duplicates that were then discarded).
    pub generated: u64,
    /// Generated states already seen with a cost at least as good, and so discarded.
    pub duplicates: u64,
    /// Closed states re-opened because a cheaper path to them was found (A* with an
    /// inconsistent heuristic, DFS with a depth limit).
    pub reopened: u64,
    /// Largest frontier (open list, stack or queue) size during the search.
    pub max_frontier: u64,
    /// States stored at the end of the search (the quantity the memory limit counts).
    pub stored: u64,
    /// Iterations of iterative algorithms (iterative deepening, IDA*); 1 for the others.
    pub iterations: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl Stats {
    /// Elapsed time in milliseconds, as JSON reports it.
    pub fn elapsed_ms(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1000.0
    }
}

/// A solution path: the start state, then each action with the state it leads to.
///
/// `#[non_exhaustive]`: build one with [`Path::new`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Path<S, A> {
    /// The start state.
    pub start: S,
    /// Each step: the action taken and the state reached.
    pub steps: Vec<(A, S)>,
    /// The sum of the step costs.
    pub cost: f64,
    /// The cost of each step, in the order of `steps`, as the problem's successor gave it
    /// (so a caller need not generate the successors again to learn them).
    pub step_costs: Vec<f64>,
}

impl<S, A> Path<S, A> {
    /// The path from `start` through `steps`, the i-th step costing `step_costs[i]`; its cost
    /// is their sum, added in order as the searches add g, so the two agree to the last bit.
    pub fn new(start: S, steps: Vec<(A, S)>, step_costs: Vec<f64>) -> Self {
        debug_assert_eq!(steps.len(), step_costs.len());
        let cost = step_costs.iter().fold(0.0, |g, c| g + c);
        Path {
            start,
            steps,
            cost,
            step_costs,
        }
    }

    /// The number of steps (actions).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the path has no step (the start is a goal).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The actions, in order.
    pub fn actions(&self) -> impl Iterator<Item = &A> {
        self.steps.iter().map(|(a, _)| a)
    }

    /// The states, start included, in order.
    pub fn states(&self) -> impl Iterator<Item = &S> {
        std::iter::once(&self.start).chain(self.steps.iter().map(|(_, s)| s))
    }

    /// The last state (the goal reached).
    pub fn last(&self) -> &S {
        self.steps.last().map_or(&self.start, |(_, s)| s)
    }

    /// The same path with each state replaced by `f(state)`: a packed state unpacked for
    /// display, or `()` to keep the actions alone.
    pub fn map_states<T>(self, mut f: impl FnMut(S) -> T) -> Path<T, A> {
        Path {
            start: f(self.start),
            steps: self.steps.into_iter().map(|(a, s)| (a, f(s))).collect(),
            cost: self.cost,
            step_costs: self.step_costs,
        }
    }
}

/// The result of a search: why it stopped, the path when solved, and the counters.
///
/// `#[non_exhaustive]`: build one with [`Outcome::new`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Outcome<S, A> {
    /// Why the search stopped.
    pub reason: StopReason,
    /// The solution, when `reason` is [`StopReason::Solved`].
    pub path: Option<Path<S, A>>,
    /// The counters.
    pub stats: Stats,
}

impl<S, A> Outcome<S, A> {
    /// An outcome that stopped for `reason`, with `path` when solved, and `stats`.
    pub fn new(reason: StopReason, path: Option<Path<S, A>>, stats: Stats) -> Self {
        Outcome {
            reason,
            path,
            stats,
        }
    }

    /// Whether a goal was reached.
    pub fn is_solved(&self) -> bool {
        self.reason == StopReason::Solved
    }

    /// The same outcome with each state of the path replaced by `f(state)` (see
    /// [`Path::map_states`]).
    ///
    /// ```
    /// use resolu_search::{Algorithm, FnProblem, Runner, Successor};
    /// let line = FnProblem::new(0u8, |&s: &u8| s == 3, |&s: &u8, out: &mut Vec<Successor<u8, char>>| {
    ///     out.push(Successor::new('+', s + 1, 2.0));
    /// });
    /// let outcome = Runner::new(&line).run(Algorithm::Bfs).map_states(|s| s.to_string());
    /// let path = outcome.path.unwrap();
    /// assert_eq!(path.states().cloned().collect::<Vec<_>>(), ["0", "1", "2", "3"]);
    /// assert_eq!(path.step_costs, [2.0, 2.0, 2.0]);
    /// ```
    pub fn map_states<T>(self, f: impl FnMut(S) -> T) -> Outcome<T, A> {
        Outcome {
            reason: self.reason,
            path: self.path.map(|p| p.map_states(f)),
            stats: self.stats,
        }
    }
}

/// The default memory budget: 4 GiB, a safe share of a machine with 16 GiB or more. Callers
/// that know the machine (the CLI does) pass their own.
pub const DEFAULT_MAX_MEMORY_BYTES: u64 = 4 << 30;

/// Limits that stop a search cleanly. Reaching one ends the search with the matching
/// [`StopReason`] and the counters so far.
///
/// `#[non_exhaustive]`: new limits may be added. Build with [`Limits::new`] and the builder
/// methods ([`max_nodes`](Limits::max_nodes), [`max_tries`](Limits::max_tries),
/// [`timeout`](Limits::timeout), ...).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Limits {
    /// Maximum number of expanded nodes of a search ([`StopReason::NodeLimit`]).
    pub max_nodes: Option<u64>,
    /// Maximum number of tries of a backtracking run (candidates tested by the promising
    /// check; [`StopReason::NodeLimit`]): the node count of the backtracking tree.
    pub max_tries: Option<u64>,
    /// Maximum wall-clock time.
    pub timeout: Option<Duration>,
    /// Memory budget in bytes, compared with stored states times the estimated bytes per
    /// state. Always set: a search never grows until the machine runs out of memory.
    pub max_memory_bytes: u64,
    /// A monitor shared with another thread: the run publishes its counters there and
    /// stops with [`StopReason::Interrupted`] when its flag is raised.
    pub monitor: Option<&'static Monitor>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: None,
            max_tries: None,
            timeout: None,
            max_memory_bytes: DEFAULT_MAX_MEMORY_BYTES,
            monitor: None,
        }
    }
}

/// What a running search shares with the outside: a flag that interrupts it, and its
/// counters, published at each clock check (every 1024 checks of the limits), so that
/// another thread can draw a progress line. A `static` one lives as long as the program:
///
/// ```
/// use resolu_search::{Algorithm, FnProblem, Limits, Monitor, Runner, StopReason, Successor};
/// static MONITOR: Monitor = Monitor::new();
/// let line = FnProblem::new(0u64, |_: &u64| false, |&s: &u64, out: &mut Vec<Successor<u64, ()>>| {
///     out.push(Successor::new((), s + 1, 1.0));
/// });
/// MONITOR.interrupt(); // as a Ctrl-C handler would, from another thread
/// let outcome = Runner::new(&line).limits(Limits::new().monitor(&MONITOR)).run(Algorithm::Bfs);
/// assert_eq!(outcome.reason, StopReason::Interrupted);
/// ```
#[derive(Debug, Default)]
pub struct Monitor {
    interrupted: AtomicBool,
    expanded: AtomicU64,
    memory_bytes: AtomicU64,
    running: AtomicU64,
    started: AtomicU64,
}

impl PartialEq for Monitor {
    /// Two monitors are equal when they are the same one.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Monitor {
    /// A monitor with its flag down and counters at zero.
    pub const fn new() -> Self {
        Monitor {
            interrupted: AtomicBool::new(false),
            expanded: AtomicU64::new(0),
            memory_bytes: AtomicU64::new(0),
            running: AtomicU64::new(0),
            started: AtomicU64::new(0),
        }
    }

    /// How many runs watched by this monitor are going on now.
    pub fn running(&self) -> u64 {
        self.running.load(Ordering::Relaxed)
    }

    /// How many runs watched by this monitor have started so far (a new number says that
    /// a new run began).
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }

    /// Counts a run that starts (called by the searches, paired with [`Monitor::end_run`]).
    pub fn begin_run(&self) {
        self.publish(0, 0);
        self.started.fetch_add(1, Ordering::Relaxed);
        self.running.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a run that ends.
    pub fn end_run(&self) {
        self.running.fetch_sub(1, Ordering::Relaxed);
    }

    /// Raises the flag: the runs watched stop at their next clock check.
    pub fn interrupt(&self) {
        self.interrupted.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_interrupted(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed)
    }

    /// Nodes expanded (tries, for backtracking) by the current run, as last published.
    pub fn expanded(&self) -> u64 {
        self.expanded.load(Ordering::Relaxed)
    }

    /// Estimated memory of the current run's stored states, as last published.
    pub fn memory_bytes(&self) -> u64 {
        self.memory_bytes.load(Ordering::Relaxed)
    }

    /// Publishes the counters of the run (called by the searches).
    pub fn publish(&self, expanded: u64, memory_bytes: u64) {
        self.expanded.store(expanded, Ordering::Relaxed);
        self.memory_bytes.store(memory_bytes, Ordering::Relaxed);
    }
}

impl Limits {
    /// No node, try or time limit, the default memory budget.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the maximum number of expanded nodes of a search.
    pub fn max_nodes(mut self, n: u64) -> Self {
        self.max_nodes = Some(n);
        self
    }

    /// Sets the maximum number of tries of a backtracking run.
    pub fn max_tries(mut self, n: u64) -> Self {
        self.max_tries = Some(n);
        self
    }

    /// The old name of [`max_nodes`](Limits::max_nodes), which it calls; it also sets
    /// [`max_tries`](Limits::max_tries), since it bounded the tries of backtracking too.
    #[deprecated(
        since = "0.1.0",
        note = "use `max_nodes` (searches) or `max_tries` (backtracking)"
    )]
    pub fn max_expanded(self, n: u64) -> Self {
        self.max_nodes(n).max_tries(n)
    }

    /// Sets the timeout.
    pub fn timeout(mut self, t: Duration) -> Self {
        self.timeout = Some(t);
        self
    }

    /// Sets the memory budget in bytes.
    pub fn max_memory_bytes(mut self, bytes: u64) -> Self {
        self.max_memory_bytes = bytes;
        self
    }

    /// Publishes the counters to `monitor` and stops when its flag is raised.
    pub fn monitor(mut self, monitor: &'static Monitor) -> Self {
        self.monitor = Some(monitor);
        self
    }
}
