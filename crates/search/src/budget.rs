//! The running check of [`Limits`] shared by every algorithm.

use crate::{Limits, StopReason};
use std::time::Instant;

/// How many expansions pass between two reads of the clock: reading it costs about 20 ns,
/// an expansion of a small puzzle about as much, so checking every time would halve speed.
const CLOCK_EVERY: u64 = 1024;

/// Tracks the limits during a run.
#[derive(Clone, Debug)]
pub struct Budget {
    limits: Limits,
    started: Instant,
    max_states: u64,
}

impl Budget {
    /// Starts the clock for `limits`, for states of `state_bytes` bytes each (plus the
    /// bookkeeping overhead of one stored node).
    pub fn new(limits: Limits, state_bytes: usize) -> Self {
        // 64 bytes of bookkeeping per stored state: measured 78 bytes per 16-byte state at the peak
        // of a 15-puzzle BFS (index table, node record, frontier entry).
        let per_state = (state_bytes + 64).max(1) as u64;
        Budget {
            limits,
            started: Instant::now(),
            max_states: limits.max_memory_bytes / per_state,
        }
    }

    /// The time since the start.
    pub fn elapsed(&self) -> std::time::Duration {
        self.started.elapsed()
    }

    /// The most states that fit in the memory budget.
    pub fn max_states(&self) -> u64 {
        self.max_states
    }

    /// Checks the limits before expanding node number `expanded + 1`, with `stored` states
    /// in memory. Returns the limit reached, if any.
    #[inline]
    pub fn check(&self, expanded: u64, stored: u64) -> Option<StopReason> {
        if let Some(max) = self.limits.max_expanded
            && expanded >= max
        {
            return Some(StopReason::NodeLimit);
        }
        if stored > self.max_states {
            return Some(StopReason::MemoryLimit);
        }
        if let Some(timeout) = self.limits.timeout
            && expanded.is_multiple_of(CLOCK_EVERY)
            && self.started.elapsed() >= timeout
        {
            return Some(StopReason::TimeLimit);
        }
        None
    }
}
