//! Why a run stops and what bounds it: the stops a run reports ([`Stop`], with the same
//! words as the searches' stop reasons), the errors that end it ([`RunError`]), and the
//! limits (cycles, time, memory, inferences of a Prolog call, an interrupt from outside)
//! that the engine, its joins and its calls to the prover all check.

use resolu_logic::Options;
use resolu_search::Monitor;
use std::time::{Duration, Instant};

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stop {
    /// The goal holds.
    Goal,
    /// A `halt` action fired.
    Halt,
    /// No rule is eligible and no goal was given: everything derivable is derived.
    Quiescent,
    /// No rule is eligible and the goal does not hold: the rule base is stuck.
    Stuck,
    /// The cycle limit was reached.
    CycleLimit,
    /// The time limit was reached (between cycles, while matching, or inside a Prolog
    /// condition).
    TimeLimit,
    /// The memory budget was reached.
    MemoryLimit,
    /// A Prolog call of a condition or an action ran past its inference limit
    /// ([`crate::Engine::set_max_inferences`]).
    InferenceLimit,
    /// The run was interrupted from outside (the monitor's flag: Ctrl-C in the CLI).
    Interrupted,
}

impl Stop {
    /// A short name: `goal`, `halt`, `quiescent`, `stuck`, and for the limits the words
    /// of the searches' stop reasons: `cycle-limit`, `time-limit`, `memory-limit`,
    /// `inference-limit`, `interrupted`.
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Goal => "goal",
            Stop::Halt => "halt",
            Stop::Quiescent => "quiescent",
            Stop::Stuck => "stuck",
            Stop::CycleLimit => "cycle-limit",
            Stop::TimeLimit => "time-limit",
            Stop::MemoryLimit => "memory-limit",
            Stop::InferenceLimit => "inference-limit",
            Stop::Interrupted => "interrupted",
        }
    }

    /// Whether a limit (or an interrupt) stopped the run before it was over.
    pub fn is_limit(self) -> bool {
        matches!(
            self,
            Stop::CycleLimit
                | Stop::TimeLimit
                | Stop::MemoryLimit
                | Stop::InferenceLimit
                | Stop::Interrupted
        )
    }
}

/// An error while running: a Prolog error in a condition or an action, or an action that
/// cannot be done.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{rule}: {message}", line_prefix(*.line))]
pub struct RunError {
    /// The rule (or `goal`).
    pub rule: String,
    /// The line of the rule in its file (0 if unknown).
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

/// `line N: `, or nothing for an unknown line (0).
fn line_prefix(line: usize) -> String {
    if line > 0 {
        format!("line {line}: ")
    } else {
        String::new()
    }
}

/// What interrupts matching or firing: a limit (the run stops) or an error.
#[derive(Debug)]
pub(crate) enum Interrupt {
    Limit(Stop),
    Error(RunError),
}

impl From<RunError> for Interrupt {
    fn from(e: RunError) -> Self {
        Interrupt::Error(e)
    }
}

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
            return Err(Stop::Interrupted);
        }
        let timeout = match self.deadline {
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(Stop::TimeLimit);
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
            Some(m) if held >= m => return Err(Stop::MemoryLimit),
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
            Err(Stop::Interrupted)
        } else if self.past_deadline() {
            Err(Stop::TimeLimit)
        } else if self.max_memory.is_some_and(|m| bytes > m) {
            Err(Stop::MemoryLimit)
        } else {
            Ok(())
        }
    }
}
