//! The rule engine's shared types: what a run reports (each [`Cycle`], the [`Instance`]s
//! of the conflict set, how it [`Stop`]s, the [`RunError`] that ends it) and what
//! interrupts matching and firing inside the engine. A leaf: it uses no other module of
//! the crate but the working memory's tag.

use crate::memory::Tag;
use resolu_logic::{Term, writeq};
use resolu_search::StopReason;
use std::fmt;

/// An instance of a rule: the rule and values of its variables that satisfy its
/// conditions, with the facts it matched.
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    /// The rule's index in the file.
    pub rule: usize,
    /// The rule's name.
    pub name: String,
    /// The rule's priority.
    pub priority: Option<i64>,
    /// The rule's salience (0 when not given).
    pub salience: i64,
    /// The rule's number of conditions (for the specificity strategy).
    pub specificity: usize,
    /// The comparisons the rule's conditions make, counted as CLIPS counts them (for the
    /// simplicity and complexity strategies): a constant or an already bound variable in
    /// a pattern, and a call, count one each.
    pub complexity: usize,
    /// The values of the rule's named variables (those not starting with `_`).
    pub bindings: Vec<(String, Term)>,
    /// The time tags of the facts matched, in the order of the conditions.
    pub facts: Vec<Tag>,
    /// The instance's activation number: the order in which instances entered the
    /// conflict set (for the depth and breadth strategies).
    pub activation: u64,
    /// The time tags of the facts matched, most recent first (for lex and recency).
    pub recency: Vec<Tag>,
    /// The time tag of the fact matching the first condition, if it is a pattern (mea).
    pub first_tag: Option<Tag>,
    /// The key of the random strategy, drawn from the engine's seed.
    pub random: u64,
    /// Per condition: the fact's tag or the Prolog answer's number (discovery order).
    pub(crate) path: Vec<u64>,
    /// CLIPS's time tags of the instance (for lex and mea): the facts' tags plus one,
    /// and a 0 for each negated condition (CLIPS counts a `not` as a match of time 0),
    /// most recent first.
    pub(crate) lex: Vec<usize>,
}

impl fmt::Display for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.bindings.is_empty() {
            let b: Vec<String> = self
                .bindings
                .iter()
                .map(|(n, v)| format!("{n} = {}", writeq(v)))
                .collect();
            write!(f, " {{{}}}", b.join(", "))?;
        }
        Ok(())
    }
}

/// What one cycle did.
#[derive(Clone, Debug, PartialEq)]
pub struct Cycle {
    /// The cycle's number, from 1.
    pub number: u64,
    /// The conflict set, in the strategy's order: the first one fired. Only the instance
    /// fired when the engine does not record conflict sets
    /// ([`crate::Engine::set_record_conflict_sets`]).
    pub conflict_set: Vec<Instance>,
    /// The facts added (an assertion of a fact already present adds nothing).
    pub added: Vec<Term>,
    /// The facts removed.
    pub removed: Vec<Term>,
    /// The lines printed by `print` actions.
    pub output: Vec<String>,
    /// Whether a `halt` action fired.
    pub halted: bool,
}

impl Cycle {
    /// The instance that fired.
    pub fn fired(&self) -> &Instance {
        // A cycle is only recorded when its conflict set was not empty.
        &self.conflict_set[0]
    }
}

/// The result of [`crate::Engine::step`].
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// A rule fired.
    Fired(Box<Cycle>),
    /// The run is over.
    Stopped(Stop),
}

/// How a run ended: one of the rule engine's own verdicts, or a limit, reported as every
/// engine of resolu reports it ([`StopReason`]: `CycleLimit`, `TimeLimit`, `MemoryLimit`,
/// `InferenceLimit` for a Prolog call of a condition or an action, `Interrupted`).
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
    /// A limit stopped the run before it was over: the cycle limit
    /// ([`resolu_search::Limits::max_nodes`] read as cycles), the time limit (between
    /// cycles, while matching, or inside a Prolog condition), the memory budget, the
    /// inference limit of one Prolog call ([`crate::Engine::set_max_inferences`]), or an
    /// interrupt from outside (the monitor's flag: Ctrl-C in the CLI).
    Limit(StopReason),
}

impl Stop {
    /// A short name: `goal`, `halt`, `quiescent`, `stuck`, and for a limit its
    /// [`StopReason::as_str`] word: `cycle-limit`, `time-limit`, `memory-limit`,
    /// `inference-limit`, `interrupted`.
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Goal => "goal",
            Stop::Halt => "halt",
            Stop::Quiescent => "quiescent",
            Stop::Stuck => "stuck",
            Stop::Limit(reason) => reason.as_str(),
        }
    }

    /// Whether a limit (or an interrupt) stopped the run before it was over.
    pub fn is_limit(self) -> bool {
        matches!(self, Stop::Limit(_))
    }

    /// The limit that stopped the run, if one did.
    pub fn limit(self) -> Option<StopReason> {
        match self {
            Stop::Limit(reason) => Some(reason),
            _ => None,
        }
    }
}

impl From<StopReason> for Stop {
    fn from(reason: StopReason) -> Self {
        Stop::Limit(reason)
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

/// What a comparison inside a negated condition cannot do.
pub(crate) const NEGATION_TESTS: &str = "a comparison inside a negated condition needs integer values \
     (or ground terms for == and \\==); write the test as a Prolog predicate instead";

/// The error of a negated condition whose comparison cannot be evaluated, in `rule` (its
/// name and line).
pub(crate) fn negation_error(rule: &str, line: usize) -> Interrupt {
    Interrupt::Error(RunError {
        rule: rule.to_string(),
        line,
        message: NEGATION_TESTS.into(),
    })
}
