//! What a query runs under: its limits (the shared [`Limits`] of every engine, or set one
//! by one) and its switches (proof trees, ports).

use resolu_search::{Limits, Monitor};
use std::time::{Duration, Instant};

/// Limits and switches of one run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Stop with [`crate::SolveError::InferenceLimit`] after this many inferences (calls).
    pub max_inferences: Option<u64>,
    /// Stop with [`crate::SolveError::Timeout`] after this long.
    pub timeout: Option<Duration>,
    /// Record a proof tree for each answer ([`crate::Answer::proof`]).
    pub explain: bool,
    /// Report call/exit/redo/fail ports to the observer (the course-style steps are always
    /// reported when an observer is set).
    pub ports: bool,
    /// A memory budget in bytes for the query's heap, stacks and findall/3 buffers: past
    /// it the query raises `resource_error(memory)` (catchable; uncaught, the query ends
    /// with [`crate::SolveError::MemoryLimit`]). Without one, memory is limited by what the
    /// system grants: a refused allocation raises the same error rather than aborting.
    pub max_memory: Option<u64>,
    /// Stop with [`crate::SolveError::Timeout`] at this instant (a deadline shared by several
    /// queries, as the rule engine's run; the earlier of it and `timeout` applies).
    pub deadline: Option<Instant>,
    /// Asked at each clock check (every few thousand inferences) with the inferences so
    /// far: `true` stops the query with [`crate::SolveError::Interrupted`] (a Ctrl-C handler
    /// raises the flag that it reads; it may also publish the count).
    pub interrupt: Option<fn(u64) -> bool>,
    /// A monitor shared with another thread (a Ctrl-C handler, a progress line): at each
    /// clock check the query publishes its inferences and the bytes of its stacks there,
    /// and stops with [`crate::SolveError::Interrupted`] when its flag is raised.
    pub monitor: Option<&'static Monitor>,
}

impl Options {
    /// The options that the shared limits of every engine give the prover: `max_nodes`
    /// bounds the inferences, `timeout` the time, `max_memory_bytes` the memory, and the
    /// `monitor` interrupts (no proof tree, no ports). `max_tries` means nothing here.
    ///
    /// ```
    /// use resolu_logic::{Database, Options, SolveError};
    /// use resolu_search::{Limits, StopReason};
    /// let mut db = Database::new();
    /// db.consult("loop :- loop.").unwrap();
    /// let options = Options::from_limits(&Limits::new().max_nodes(1000));
    /// let q = db.parse_query("loop").unwrap();
    /// let stop = db.solve(&q, options).next().unwrap().unwrap_err();
    /// assert!(matches!(stop, SolveError::InferenceLimit(1000)));
    /// assert_eq!(stop.stop_reason(), Some(StopReason::InferenceLimit));
    /// ```
    pub fn from_limits(limits: &Limits) -> Options {
        Options {
            max_inferences: limits.max_nodes,
            timeout: limits.timeout,
            max_memory: Some(limits.max_memory_bytes),
            monitor: limits.monitor,
            ..Options::default()
        }
    }
}
