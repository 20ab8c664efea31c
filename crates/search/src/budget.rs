//! The running check of [`Limits`] shared by every algorithm.

use crate::{Limits, Outcome, Path, Stats, StopReason};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The most checks of the limits between two reads of the clock: reading it costs about
/// 20 ns, an expansion of a small puzzle about as much, so reading it every time would
/// halve speed.
const MAX_CLOCK_STRIDE: u32 = 1024;

/// The time between two reads of the clock that the stride aims at: short enough that a
/// timeout or a Ctrl-C stops a run within a few milliseconds, long enough to cost nothing.
const CLOCK_PERIOD: Duration = Duration::from_millis(2);

/// Tracks the limits during a run (one run: it counts itself as running on the limits'
/// monitor from its creation to its drop).
#[derive(Debug)]
pub(crate) struct Budget {
    limits: Limits,
    /// The count limit this run checks: the node limit of a search, the try limit of a
    /// backtracking run.
    max_count: Option<u64>,
    started: Instant,
    per_state: u64,
    max_states: u64,
    /// Checks left before the next read of the clock. (Atomics used as cells, relaxed:
    /// one thread at a time reads them, but the in-place descent may carry the budget to a
    /// thread with a fresh stack, which needs the budget `Sync`.)
    countdown: AtomicU32,
    /// Checks between two reads of the clock: adapted so that reads fall about every
    /// [`CLOCK_PERIOD`] whether a step takes nanoseconds (a small puzzle) or milliseconds
    /// (a node of a huge graph, a board of 10,000 tiles).
    stride: AtomicU32,
    /// The last read of the clock, in nanoseconds since `started`.
    last_read: AtomicU64,
    /// The time it takes to free one stored state when the run ends (0 for states that
    /// own no heap memory), so that the time limit covers the release too.
    release_per_state: Duration,
}

/// What freeing one stored state that owns heap memory (a boxed board) costs when a search
/// ends: about 85 ns measured on a 16x16 A* holding 6.5 million boxed boards; rounded up.
const RELEASE_PER_OWNED_STATE: Duration = Duration::from_nanos(100);

impl Budget {
    /// Starts the clock of a search for `limits`, for states of `state_bytes` bytes each
    /// (plus the bookkeeping overhead of one stored node); the count checked is the
    /// expanded nodes, against [`Limits::max_nodes`].
    pub(crate) fn new(limits: Limits, state_bytes: usize) -> Self {
        Self::counting(limits, limits.max_nodes, state_bytes)
    }

    /// Starts the clock of a backtracking run: the count checked is the tries, against
    /// [`Limits::max_tries`]; `frame_bytes` is the memory of one level of depth.
    pub(crate) fn for_tries(limits: Limits, frame_bytes: usize) -> Self {
        Self::counting(limits, limits.max_tries, frame_bytes)
    }

    fn counting(limits: Limits, max_count: Option<u64>, state_bytes: usize) -> Self {
        // 64 bytes of bookkeeping per stored state: measured 78 bytes per 16-byte state at the peak
        // of a 15-puzzle BFS (index table, node record, frontier entry).
        let per_state = (state_bytes + 64).max(1) as u64;
        let started = Instant::now();
        if let Some(monitor) = limits.monitor {
            monitor.begin_run();
        }
        Budget {
            limits,
            max_count,
            started,
            per_state,
            max_states: limits.max_memory_bytes / per_state,
            countdown: AtomicU32::new(1),
            stride: AtomicU32::new(1),
            last_read: AtomicU64::new(0),
            release_per_state: Duration::ZERO,
        }
    }

    /// Makes the time limit cover the release of the stored states of type `S` when the
    /// run ends: with states that own heap memory, freeing millions of them takes a good
    /// part of a second, which the user would otherwise wait for after the limit.
    pub(crate) fn releasing<S>(mut self) -> Self {
        if std::mem::needs_drop::<S>() {
            self.release_per_state = RELEASE_PER_OWNED_STATE;
        }
        self
    }

    /// The time since the start.
    pub(crate) fn elapsed(&self) -> std::time::Duration {
        self.started.elapsed()
    }

    /// The outcome of a search that stored `stored` states, stamped with its time.
    pub(crate) fn outcome<S, A>(
        &self,
        reason: StopReason,
        path: Option<Path<S, A>>,
        mut stats: Stats,
        stored: usize,
    ) -> Outcome<S, A> {
        stats.stored = stored as u64;
        stats.elapsed = self.elapsed();
        Outcome {
            reason,
            path,
            stats,
        }
    }

    /// The count limit this run checks (`u64::MAX` for none).
    pub(crate) fn node_limit(&self) -> u64 {
        self.max_count.unwrap_or(u64::MAX)
    }

    /// The most states that fit in the memory budget.
    pub(crate) fn max_states(&self) -> u64 {
        self.max_states
    }

    /// Checks the limits before expanding node (or making try) number `expanded + 1`, with
    /// `stored` states in memory. Returns the limit reached, if any.
    #[inline]
    pub(crate) fn check(&self, expanded: u64, stored: u64) -> Option<StopReason> {
        if let Some(max) = self.max_count
            && expanded >= max
        {
            return Some(StopReason::NodeLimit);
        }
        if stored > self.max_states {
            return Some(StopReason::MemoryLimit);
        }
        let left = self.countdown.load(Ordering::Relaxed) - 1;
        if left > 0 {
            self.countdown.store(left, Ordering::Relaxed);
            return None;
        }
        self.read_clock(expanded, stored)
    }

    /// The check of the clock and the monitor, every `stride` checks.
    #[cold]
    fn read_clock(&self, expanded: u64, stored: u64) -> Option<StopReason> {
        let now = Instant::now();
        let now_nanos = u64::try_from((now - self.started).as_nanos()).unwrap_or(u64::MAX);
        let since = Duration::from_nanos(
            now_nanos.saturating_sub(self.last_read.swap(now_nanos, Ordering::Relaxed)),
        );
        let stride = self.stride.load(Ordering::Relaxed);
        let stride = if since < CLOCK_PERIOD / 2 {
            (stride * 2).min(MAX_CLOCK_STRIDE)
        } else if since > CLOCK_PERIOD * 2 {
            (stride / 2).max(1)
        } else {
            stride
        };
        self.stride.store(stride, Ordering::Relaxed);
        self.countdown.store(stride, Ordering::Relaxed);
        if let Some(monitor) = self.limits.monitor {
            monitor.publish(expanded, stored.saturating_mul(self.per_state));
            if monitor.is_interrupted() {
                return Some(StopReason::Interrupted);
            }
        }
        match self.limits.timeout {
            Some(timeout)
                if now - self.started
                    + self
                        .release_per_state
                        .saturating_mul(u32::try_from(stored).unwrap_or(u32::MAX))
                    >= timeout =>
            {
                Some(StopReason::TimeLimit)
            }
            _ => None,
        }
    }
}

impl Drop for Budget {
    fn drop(&mut self) {
        if let Some(monitor) = self.limits.monitor {
            monitor.end_run();
        }
    }
}
