//! Why a run stops and what bounds it: the stops a run reports ([`Stop`], with the same
//! words as the searches' stop reasons), the errors that end it ([`RunError`]), and the
//! limits (cycles, time, memory, inferences of a Prolog call, an interrupt from outside)
//! that the engine, its joins and its calls to the prover all check.

use crate::outcome::Stop;
use resolu_logic::Options;
use resolu_search::{Monitor, StopReason};
use std::time::{Duration, Instant};

/// The default inference limit of one Prolog call: the prover's own (`resolu prove`), a
/// loop guard of a few seconds, so that `--timeout`, when given, stops a slower loop.
pub const DEFAULT_MAX_INFERENCES: u64 = 100_000_000;

/// The least memory budget a Prolog call is given: the stacks' room the prover reserves
/// before it runs (its heap's headroom is 4 MiB), with a margin.
const PROVER_FLOOR: u64 = 6 << 20;

/// The limits of a run.
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    pub(crate) max_cycles: Option<u64>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) timeout: Option<Duration>,
    pub(crate) max_memory: Option<usize>,
    /// Of each Prolog call; `None`: no limit.
    pub(crate) max_inferences: Option<u64>,
    /// Raised from outside to stop the run; the run's counters are published to it.
    pub(crate) monitor: Option<&'static Monitor>,
    /// Asked by the prover during a long Prolog call ([`Options::interrupt`]).
    pub(crate) prolog_interrupt: Option<fn(u64) -> bool>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_cycles: None,
            deadline: None,
            timeout: None,
            max_memory: None,
            max_inferences: Some(DEFAULT_MAX_INFERENCES),
            monitor: None,
            prolog_interrupt: None,
        }
    }
}

impl Limits {
    /// The options of one call to the prover: the inference bound of one call, the time
    /// left, and the memory the engine does not hold (`held` bytes). This is the one
    /// place where the run's limits are handed to the prover.
    pub(crate) fn prover_options(&self, held: usize) -> Result<Options, Stop> {
        if self.interrupted() {
            return Err(Stop::Limit(StopReason::Interrupted));
        }
        let timeout = match self.deadline {
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(Stop::Limit(StopReason::TimeLimit));
                }
                Some(left)
            }
            None => None,
        };
        // The prover's stacks and the engine's memory share one budget: the prover has
        // what the working memory, the conflict set and the join do not hold, but never
        // less than the room it reserves before any work (a fixed overhead, not growth:
        // a small budget still runs a small rule base).
        let max_memory = match self.max_memory {
            Some(m) if held >= m => return Err(Stop::Limit(StopReason::MemoryLimit)),
            Some(m) => Some(((m - held) as u64).max(PROVER_FLOOR)),
            None => None,
        };
        Ok(Options {
            max_inferences: self.max_inferences,
            timeout,
            // The prover checks the run's own deadline and memory budget as it goes, so a
            // Prolog condition that loops or grows stops the run on time and within memory.
            deadline: self.deadline,
            max_memory,
            interrupt: self.prolog_interrupt,
            ..Options::default()
        })
    }

    /// Whether the deadline has passed.
    pub(crate) fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the monitor's flag is raised.
    pub(crate) fn interrupted(&self) -> bool {
        self.monitor.is_some_and(Monitor::is_interrupted)
    }

    /// The time, interrupt or memory limit reached when `bytes` are held, if any (the
    /// checks made while matching).
    pub(crate) fn check(&self, bytes: usize) -> Result<(), Stop> {
        if self.interrupted() {
            Err(Stop::Limit(StopReason::Interrupted))
        } else if self.past_deadline() {
            Err(Stop::Limit(StopReason::TimeLimit))
        } else if self.max_memory.is_some_and(|m| bytes > m) {
            Err(Stop::Limit(StopReason::MemoryLimit))
        } else {
            Ok(())
        }
    }
}
