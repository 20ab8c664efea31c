//! What every search returns: the path, the counters and why the search stopped; and the
//! limits that may stop it.

use std::time::Duration;

/// Why a search (or a backtracking run) stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// A goal was reached.
    Solved,
    /// The whole reachable space (within any depth limit) was explored without reaching a
    /// goal: no solution exists (within that depth limit).
    Exhausted,
    /// The maximum number of expanded nodes was reached.
    NodeLimit,
    /// The timeout elapsed.
    TimeLimit,
    /// The memory budget (stored states times bytes per state) was reached.
    MemoryLimit,
}

impl StopReason {
    /// The name used in JSON output and tables: `solved`, `exhausted`, `node-limit`,
    /// `time-limit`, `memory-limit`.
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Solved => "solved",
            StopReason::Exhausted => "exhausted",
            StopReason::NodeLimit => "node-limit",
            StopReason::TimeLimit => "time-limit",
            StopReason::MemoryLimit => "memory-limit",
        }
    }

    /// Whether a limit (rather than the problem) stopped the search.
    pub fn is_limit(self) -> bool {
        matches!(
            self,
            StopReason::NodeLimit | StopReason::TimeLimit | StopReason::MemoryLimit
        )
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Counters of one search. All but `elapsed` are deterministic for a given problem,
/// algorithm and seed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
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
#[derive(Clone, Debug, PartialEq)]
pub struct Path<S, A> {
    /// The start state.
    pub start: S,
    /// Each step: the action taken and the state reached.
    pub steps: Vec<(A, S)>,
    /// The sum of the step costs.
    pub cost: f64,
}

impl<S, A> Path<S, A> {
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
}

/// The result of a search: why it stopped, the path when solved, and the counters.
#[derive(Clone, Debug)]
pub struct Outcome<S, A> {
    /// Why the search stopped.
    pub reason: StopReason,
    /// The solution, when `reason` is [`StopReason::Solved`].
    pub path: Option<Path<S, A>>,
    /// The counters.
    pub stats: Stats,
}

impl<S, A> Outcome<S, A> {
    /// Whether a goal was reached.
    pub fn is_solved(&self) -> bool {
        self.reason == StopReason::Solved
    }
}

/// The default memory budget: 4 GiB, a safe share of a machine with 16 GiB or more. Callers
/// that know the machine (the CLI does) pass their own.
pub const DEFAULT_MAX_MEMORY_BYTES: u64 = 4 << 30;

/// Limits that stop a search cleanly. Reaching one ends the search with the matching
/// [`StopReason`] and the counters so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Maximum number of expanded nodes (tries, for backtracking).
    pub max_expanded: Option<u64>,
    /// Maximum wall-clock time.
    pub timeout: Option<Duration>,
    /// Memory budget in bytes, compared with stored states times the estimated bytes per
    /// state. Always set: a search never grows until the machine runs out of memory.
    pub max_memory_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_expanded: None,
            timeout: None,
            max_memory_bytes: DEFAULT_MAX_MEMORY_BYTES,
        }
    }
}

impl Limits {
    /// No node or time limit, the default memory budget.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the maximum number of expanded nodes.
    pub fn max_expanded(mut self, n: u64) -> Self {
        self.max_expanded = Some(n);
        self
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
}
