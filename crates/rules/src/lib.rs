//! # resolu-rules
//!
//! A forward-chaining production system over the terms of [`resolu_logic`]: a working
//! memory of facts, rules with a name, a priority, conditions and actions, the conflict
//! set of eligible rule instances, conflict-resolution strategies (the course's priority
//! meta-rule, rule order, recency, specificity, and CLIPS 6's depth, breadth, simplicity,
//! complexity, lex, mea and random, with salience) and refraction (an instance fires once).
//!
//! Conditions match facts with variables, and may call predicates defined by Prolog
//! clauses written in the same file, including negation (`\+ seen(S)` or `not(seen(S))`,
//! or a pattern with comparisons: `\+ (size(X, N), N > M)`). Matching is incremental
//! (TREAT, over shared terms and indexes: see [`engine`]).
//! Actions add and remove facts (`assert`, `retract`), print and halt; any other action is
//! a Prolog goal run once. The text format is described in [`parse`]; the cycle in
//! [`engine`].
//!
//! ```
//! use resolu_rules::{Engine, RuleBase, Stop, Strategy};
//!
//! let base = RuleBase::parse("
//!     fact count(0).
//!     rule step priority 1: count(N), N < 3, M is N + 1 ==> retract(count(N)), assert(count(M)).
//!     goal count(3).
//! ").unwrap();
//! let mut engine = Engine::new(base, Strategy::Priority).unwrap();
//! let mut fired = Vec::new();
//! let stop = engine.run(|cycle| fired.push(cycle.fired().to_string())).unwrap();
//! assert_eq!(stop, Stop::Goal);
//! assert_eq!(fired, ["step {N = 0, M = 1}", "step {N = 1, M = 2}", "step {N = 2, M = 3}"]);
//! ```
//!
//! The engine never prints: [`Engine::step`] returns what each cycle did (the conflict
//! set in the strategy's order, the facts added and removed, the lines printed), and the
//! working memory remembers where each fact came from ([`WorkingMemory::explain`]).

mod activation;
mod agenda;
mod build;
mod compile;
pub mod engine;
mod join;
mod limits;
pub mod memory;
mod outcome;
pub mod parse;
mod rank;
pub mod strategy;
mod terms;
pub mod tutorial;

pub use engine::{Cycle, Engine, Instance, Step};
pub use limits::DEFAULT_MAX_INFERENCES;
pub use memory::{Fact, Origin, Tag, WorkingMemory};
pub use outcome::{RunError, Stop};
pub use parse::{GoalConditions, ParseStop, Rule, RuleBase, RuleError};

/// The old name of [`GoalConditions`].
#[deprecated(note = "renamed `GoalConditions` (`resolu_puzzles::sliding::Goal` is a target board)")]
pub type Goal = GoalConditions;
pub use strategy::{ParseStrategyError, Strategy};

/// Every error of this crate, for callers that handle them as one type: a rule file that
/// cannot be read ([`RuleError`], with its line and column), a run that cannot go on
/// ([`RunError`], naming the rule), an unknown strategy name ([`ParseStrategyError`]).
/// A limit reached is not an error: the run stops with a [`Stop`].
///
/// ```
/// use resolu_rules::{Error, RuleBase, Strategy};
/// fn load(text: &str, strategy: &str) -> Result<(RuleBase, Strategy), Error> {
///     Ok((RuleBase::parse(text)?, strategy.parse()?))
/// }
/// assert!(matches!(load("fact a.", "depth"), Ok(_)));
/// assert!(matches!(load("fact a.", "sideways"), Err(Error::Strategy(_))));
/// assert_eq!(load("rule r: ==>", "depth").unwrap_err().to_string().split(':').next(), Some("1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A rule file that cannot be read or compiled.
    #[error(transparent)]
    File(#[from] RuleError),
    /// A Prolog error in a condition or an action, or an action that cannot be done.
    #[error(transparent)]
    Run(#[from] RunError),
    /// An unknown strategy name.
    #[error(transparent)]
    Strategy(#[from] ParseStrategyError),
}
