//! Conflict resolution: which instance of the conflict set fires.
//!
//! Every strategy first compares the rules' salience (`salience N`, higher first, as in
//! CLIPS; 0 when not given), then its own criterion. The course's strategies (`priority`,
//! `order`, `recency`, `specificity`) then break ties by the rule's place in the file and
//! the order in which the instances were found (facts oldest first, Prolog answers in
//! their order). CLIPS's strategies (`depth`, `breadth`, `simplicity`, `complexity`,
//! `lex`, `mea`, `random`) break ties as CLIPS 6 does, by the age of the activation: an
//! activation is made when the last fact it needs arrives (or the last fact blocking a
//! negation leaves), and activations made by one change are ordered as CLIPS orders them
//! (see [`crate::engine`]).

use crate::memory::Tag;
use crate::outcome::Instance;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A conflict-resolution strategy. Every strategy orders the conflict set totally, so that
/// runs are deterministic (`random` too: it is seeded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// The course's meta-rule: the smallest priority number fires (rules without a
    /// priority come after all rules with one).
    #[default]
    Priority,
    /// The first rule in the file fires.
    Order,
    /// The instance that matched the most recent facts fires (the time tags of the matched
    /// facts, most recent first, compared lexicographically).
    Recency,
    /// The most specific rule fires: the one with the most conditions.
    Specificity,
    /// CLIPS `depth`: the newest activation fires.
    Depth,
    /// CLIPS `breadth`: the oldest activation fires.
    Breadth,
    /// CLIPS `simplicity`: the rule with the fewest comparisons in its conditions fires
    /// (oldest activation first among equals, as CLIPS 6.3 does).
    Simplicity,
    /// CLIPS `complexity`: the rule with the most comparisons fires.
    Complexity,
    /// CLIPS (OPS5) `lex`: the time tags of the matched facts, most recent first, compared
    /// lexicographically (more facts win a tie of the common part; a negated condition
    /// counts as a fact of time 0, as in CLIPS); then the oldest activation.
    Lex,
    /// CLIPS (OPS5) `mea`: the time tag of the fact matching the first condition, most
    /// recent first; then `lex`.
    Mea,
    /// CLIPS `random`: a random order, drawn when the activation is made from the
    /// engine's seed ([`crate::Engine::set_seed`]).
    Random,
}

impl Strategy {
    /// Every strategy name accepted by [`FromStr`].
    pub const NAMES: [&'static str; 11] = [
        "priority",
        "order",
        "recency",
        "specificity",
        "depth",
        "breadth",
        "simplicity",
        "complexity",
        "lex",
        "mea",
        "random",
    ];

    /// The strategy's name.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Priority => "priority",
            Strategy::Order => "order",
            Strategy::Recency => "recency",
            Strategy::Specificity => "specificity",
            Strategy::Depth => "depth",
            Strategy::Breadth => "breadth",
            Strategy::Simplicity => "simplicity",
            Strategy::Complexity => "complexity",
            Strategy::Lex => "lex",
            Strategy::Mea => "mea",
            Strategy::Random => "random",
        }
    }

    /// Compares two instances: `Less` if `a` fires before `b`.
    pub fn compare(self, a: &Instance, b: &Instance) -> Ordering {
        self.order(a, b)
    }

    /// Compares two activations (instances, or the engine's leaner records of them).
    pub(crate) fn order<R: Ranked>(self, a: &R, b: &R) -> Ordering {
        let file_order = || a.rule().cmp(&b.rule()).then_with(|| a.path().cmp(b.path()));
        let depth = || b.activation().cmp(&a.activation());
        let breadth = || a.activation().cmp(&b.activation());
        // CLIPS 6.3 breaks lex ties by age, oldest first (seen in recorded runs).
        let lex = || b.lex().cmp(&a.lex()).then_with(breadth);
        b.salience().cmp(&a.salience()).then_with(|| match self {
            Strategy::Priority => a
                .priority()
                .unwrap_or(i64::MAX)
                .cmp(&b.priority().unwrap_or(i64::MAX))
                .then_with(file_order),
            Strategy::Order => file_order(),
            Strategy::Recency => b.recency().cmp(&a.recency()).then_with(file_order),
            Strategy::Specificity => b.specificity().cmp(&a.specificity()).then_with(file_order),
            Strategy::Depth => depth(),
            Strategy::Breadth => breadth(),
            // CLIPS 6.3 breaks these ties by age, oldest first (seen in recorded runs).
            Strategy::Simplicity => a.complexity().cmp(&b.complexity()).then_with(breadth),
            Strategy::Complexity => b.complexity().cmp(&a.complexity()).then_with(breadth),
            Strategy::Lex => lex(),
            Strategy::Mea => b.first_tag().cmp(&a.first_tag()).then_with(lex),
            Strategy::Random => a.random().cmp(&b.random()).then_with(depth),
        })
    }

    /// Sorts a conflict set: the instance to fire comes first.
    pub fn sort(self, set: &mut [Instance]) {
        set.sort_by(|a, b| self.compare(a, b));
    }
}

/// What the strategies compare, read from an [`Instance`] or from the engine's record of
/// an activation.
pub(crate) trait Ranked {
    fn salience(&self) -> i64;
    fn priority(&self) -> Option<i64>;
    fn rule(&self) -> usize;
    fn path(&self) -> &[u64];
    fn activation(&self) -> u64;
    fn recency(&self) -> Cow<'_, [Tag]>;
    fn specificity(&self) -> usize;
    fn complexity(&self) -> usize;
    fn lex(&self) -> Cow<'_, [usize]>;
    fn first_tag(&self) -> Option<Tag>;
    fn random(&self) -> u64;
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown strategy name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy '{0}' (expected one of: {names})", names = Strategy::NAMES.join(", "))]
pub struct ParseStrategyError(pub String);

impl FromStr for Strategy {
    type Err = ParseStrategyError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "priority" | "priorite" | "priorité" => Strategy::Priority,
            "order" | "ordre" => Strategy::Order,
            "recency" | "recence" | "récence" => Strategy::Recency,
            "specificity" | "specificite" | "spécificité" => Strategy::Specificity,
            "depth" | "profondeur" => Strategy::Depth,
            "breadth" | "largeur" => Strategy::Breadth,
            "simplicity" | "simplicite" | "simplicité" => Strategy::Simplicity,
            "complexity" | "complexite" | "complexité" => Strategy::Complexity,
            "lex" => Strategy::Lex,
            "mea" => Strategy::Mea,
            "random" | "hasard" => Strategy::Random,
            _ => return Err(ParseStrategyError(s.to_string())),
        })
    }
}
