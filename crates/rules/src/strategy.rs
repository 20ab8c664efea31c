//! Conflict resolution: which instance of the conflict set fires.

use crate::engine::Instance;
use std::cmp::Reverse;
use std::fmt;
use std::str::FromStr;

/// A conflict-resolution strategy. Every strategy orders the conflict set totally: after
/// its own criterion come the rule's place in the file, then the order in which the
/// instances were found (facts oldest first, Prolog answers in their order), so that runs
/// are deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// The course's meta-rule: the smallest priority number fires (rules without a
    /// priority come after all rules with one).
    #[default]
    Priority,
    /// The first rule in the file fires.
    Order,
    /// The instance that matched the most recent facts fires (OPS5's LEX: the time tags of
    /// the matched facts, most recent first, compared lexicographically).
    Recency,
    /// The most specific rule fires: the one with the most conditions.
    Specificity,
}

impl Strategy {
    /// Every strategy name accepted by [`FromStr`].
    pub const NAMES: [&'static str; 4] = ["priority", "order", "recency", "specificity"];

    /// The strategy's name.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Priority => "priority",
            Strategy::Order => "order",
            Strategy::Recency => "recency",
            Strategy::Specificity => "specificity",
        }
    }

    /// Sorts a conflict set found in (rule order, discovery order): the instance to fire
    /// comes first. The sort is stable, so ties keep rule and discovery order.
    pub fn sort(self, set: &mut [Instance]) {
        match self {
            Strategy::Priority => set.sort_by_key(|i| i.priority.unwrap_or(i64::MAX)),
            // Rule order is the order the set was found in.
            Strategy::Order => {}
            Strategy::Recency => set.sort_by_cached_key(|i| Reverse(recency(i))),
            Strategy::Specificity => set.sort_by_key(|i| Reverse(i.specificity)),
        }
    }
}

/// The time tags of an instance's facts, most recent first.
fn recency(i: &Instance) -> Vec<usize> {
    let mut tags = i.facts.clone();
    tags.sort_unstable_by(|a, b| b.cmp(a));
    tags
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown strategy name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStrategyError(pub String);

impl fmt::Display for ParseStrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown strategy '{}' (expected one of: {})",
            self.0,
            Strategy::NAMES.join(", ")
        )
    }
}

impl std::error::Error for ParseStrategyError {}

impl FromStr for Strategy {
    type Err = ParseStrategyError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "priority" | "priorite" | "priorité" => Strategy::Priority,
            "order" | "ordre" => Strategy::Order,
            "recency" | "recence" | "récence" => Strategy::Recency,
            "specificity" | "specificite" | "spécificité" => Strategy::Specificity,
            _ => return Err(ParseStrategyError(s.to_string())),
        })
    }
}
