//! The conflict set's order as a key: each activation's place under the strategy, made
//! once when it enters the agenda, so that the agenda keeps its activations sorted (a
//! `BTreeSet`) and finds the one to fire in log(n) instead of comparing them all each
//! cycle. The key orders exactly as [`Strategy::order`] does; the activation's number,
//! unique, comes last, so that no two keys are equal.

use crate::activation::Act;
use crate::strategy::Strategy;
use std::cmp::Reverse;
use std::collections::BTreeSet;

/// An activation's place in the strategy's order: the smallest key fires first. The
/// fields a strategy does not look at are left empty (zero), so that they never decide.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Rank {
    /// Salience, higher first (every strategy).
    salience: Reverse<i64>,
    /// The strategy's own number: the priority, the specificity or the complexity (negated
    /// when more fires first), the time tag of the first fact (mea), the random key.
    primary: i64,
    /// Time tags, most recent first, compared lexicographically, larger first (recency,
    /// lex, mea).
    tags: Reverse<Vec<usize>>,
    /// The rule's place in the file (the course's strategies break ties by it).
    rule: usize,
    /// Per condition, the fact's tag or the answer's number (then by discovery order).
    path: PathKey,
    /// The activation's age: its number, or its complement when the newest fires first.
    age: u64,
    /// The activation's number, unique.
    activation: u64,
}

impl Rank {
    /// The key of `act` under `strategy`.
    pub(crate) fn of(act: &Act, strategy: Strategy) -> Rank {
        let mut rank = Rank {
            salience: Reverse(act.salience),
            primary: 0,
            tags: Reverse(Vec::new()),
            rule: 0,
            path: PathKey::Short([0; SHORT]),
            age: 0,
            activation: act.activation,
        };
        let newest = u64::MAX - act.activation;
        let file_order = |rank: &mut Rank| {
            rank.rule = act.rule;
            rank.path = PathKey::of(&act.path);
        };
        let lex = |rank: &mut Rank| {
            rank.tags = Reverse(crate::strategy::Ranked::lex(act).into_owned());
            rank.age = act.activation;
        };
        match strategy {
            Strategy::Priority => {
                rank.primary = act.priority.unwrap_or(i64::MAX);
                file_order(&mut rank);
            }
            Strategy::Order => file_order(&mut rank),
            Strategy::Recency => {
                rank.tags = Reverse(act.recency());
                file_order(&mut rank);
            }
            Strategy::Specificity => {
                rank.primary = -(act.specificity as i64);
                file_order(&mut rank);
            }
            Strategy::Depth => rank.age = newest,
            Strategy::Breadth => rank.age = act.activation,
            Strategy::Simplicity => {
                rank.primary = act.complexity as i64;
                rank.age = act.activation;
            }
            Strategy::Complexity => {
                rank.primary = -(act.complexity as i64);
                rank.age = act.activation;
            }
            Strategy::Lex => lex(&mut rank),
            Strategy::Mea => {
                // The most recent first fact first; an instance whose first condition is
                // not a pattern (no tag) after all those with one.
                rank.primary = act.first_tag.map_or(1, |t| -(t as i64));
                lex(&mut rank);
            }
            Strategy::Random => {
                // The order of the unsigned key, kept in a signed one.
                rank.primary = (act.random as i64) ^ i64::MIN;
                rank.age = newest;
            }
        }
        rank
    }

    /// The activation's number.
    pub(crate) fn activation(&self) -> u64 {
        self.activation
    }

    /// Bytes the key holds beside its own size (for the memory budget).
    pub(crate) fn heap_bytes(&self) -> usize {
        let path = match &self.path {
            PathKey::Short(_) => 0,
            PathKey::Long(p) => p.len(),
        };
        (self.tags.0.len() + path) * 8
    }
}

/// The conditions a path holds inside the key itself.
const SHORT: usize = 3;

/// A path in a key: inline when short (padded with zeros), so that comparing two keys,
/// the most frequent thing the agenda does, reads no other memory. Paths are compared
/// only between activations of one rule (the rule comes first in the key), which have
/// paths of one length: the padding never decides.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PathKey {
    Short([u64; SHORT]),
    Long(Box<[u64]>),
}

impl PathKey {
    pub(crate) fn of(path: &[u64]) -> PathKey {
        if path.len() <= SHORT {
            let mut short = [0; SHORT];
            short[..path.len()].copy_from_slice(path);
            PathKey::Short(short)
        } else {
            PathKey::Long(path.into())
        }
    }
}

/// The order of the course's strategies whose own criterion belongs to the rule
/// (`priority`, `order`, `specificity`): the rule first, then the path. So the agenda
/// keeps, per rule, its activations by path (small keys: a search through them reads
/// little memory), and the rules that have some by the rule's key.
#[derive(Clone, Debug, Default)]
pub(crate) struct ByRule {
    /// Per rule, its activations by (path, activation).
    sets: Vec<BTreeSet<(PathKey, u64)>>,
    /// The rules with activations, by (salience, the strategy's number, rule).
    live: BTreeSet<(Reverse<i64>, i64, usize)>,
}

impl ByRule {
    /// Whether `strategy` orders activations by rule first.
    pub(crate) fn fits(strategy: Strategy) -> bool {
        matches!(
            strategy,
            Strategy::Priority | Strategy::Order | Strategy::Specificity
        )
    }

    fn rule_key(act: &Act, strategy: Strategy) -> (Reverse<i64>, i64, usize) {
        let primary = match strategy {
            Strategy::Priority => act.priority.unwrap_or(i64::MAX),
            Strategy::Specificity => -(act.specificity as i64),
            _ => 0,
        };
        (Reverse(act.salience), primary, act.rule)
    }

    /// Adds an activation.
    pub(crate) fn insert(&mut self, act: &Act, strategy: Strategy) {
        if self.sets.len() <= act.rule {
            self.sets.resize_with(act.rule + 1, BTreeSet::new);
        }
        let set = &mut self.sets[act.rule];
        if set.is_empty() {
            self.live.insert(Self::rule_key(act, strategy));
        }
        set.insert((PathKey::of(&act.path), act.activation));
    }

    /// Takes an activation out.
    pub(crate) fn remove(&mut self, act: &Act, strategy: Strategy) {
        let Some(set) = self.sets.get_mut(act.rule) else {
            return;
        };
        set.remove(&(PathKey::of(&act.path), act.activation));
        if set.is_empty() {
            self.live.remove(&Self::rule_key(act, strategy));
        }
    }

    /// The activation that fires first.
    pub(crate) fn first(&self) -> Option<u64> {
        let &(_, _, rule) = self.live.first()?;
        self.sets.get(rule)?.first().map(|&(_, a)| a)
    }

    /// Bytes counted per activation (its entry and its share of the tree's nodes).
    pub(crate) fn entry_bytes(act: &Act) -> usize {
        std::mem::size_of::<(PathKey, u64)>() * 3 / 2 + act.path.len().saturating_sub(SHORT) * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::activation::mix;
    use std::rc::Rc;

    /// Activations with every field drawn at random from small ranges (so that ties are
    /// frequent), numbered in order.
    fn acts(n: u64, seed: u64) -> Vec<Act> {
        (0..n)
            .map(|a| {
                let r = |k: u64, m: u64| mix(seed, a * 16 + k) % m;
                // A rule's activations have one path length (one entry per condition);
                // rule 2's is longer than a key holds inline.
                let rule = r(5, 3) as usize;
                let len = [1, 3, 5][rule];
                let path: Vec<u64> = (0..len).map(|k| r(16 + k as u64, 5)).collect();
                Act {
                    rule,
                    // What belongs to a rule is drawn per rule.
                    priority: [None, Some(1), Some(2), Some(-1)]
                        [(mix(seed, rule as u64) % 4) as usize],
                    salience: (mix(seed + 1, rule as u64) % 2) as i64,
                    specificity: 1 + (mix(seed + 2, rule as u64) % 2) as usize,
                    complexity: (mix(seed + 3, rule as u64) % 3) as usize,
                    positions: (0..len).collect::<Vec<_>>().into(),
                    removable: Rc::from(Vec::new()),
                    values: Vec::new(),
                    activation: a,
                    first_tag: (r(10, 4) > 0).then(|| r(11, 5) as usize),
                    random: r(12, 7),
                    path,
                    nots: r(13, 2) as usize,
                    hash: 0,
                }
            })
            .collect()
    }

    #[test]
    fn the_rule_sets_fire_as_the_strategy_does() {
        for seed in 0..20 {
            let all = acts(60, seed);
            for strategy in [Strategy::Priority, Strategy::Order, Strategy::Specificity] {
                let mut by_rule = ByRule::default();
                for a in &all {
                    by_rule.insert(a, strategy);
                }
                let mut by_rank: Vec<&Act> = all.iter().collect();
                by_rank.sort_by_key(|a| Rank::of(a, strategy));
                for a in by_rank {
                    assert_eq!(
                        by_rule.first(),
                        Some(a.activation),
                        "{strategy}, seed {seed}"
                    );
                    by_rule.remove(a, strategy);
                }
                assert_eq!(by_rule.first(), None);
            }
        }
    }

    #[test]
    fn the_key_orders_as_the_strategy_does() {
        for seed in 0..20 {
            let all = acts(60, seed);
            for name in Strategy::NAMES {
                let strategy: Strategy = name.parse().unwrap();
                let mut by_order: Vec<&Act> = all.iter().collect();
                by_order
                    .sort_by(|a, b| strategy.order(*a, *b).then(a.activation.cmp(&b.activation)));
                let mut by_rank: Vec<&Act> = all.iter().collect();
                by_rank.sort_by_key(|a| Rank::of(a, strategy));
                let ids = |v: &[&Act]| v.iter().map(|a| a.activation).collect::<Vec<_>>();
                assert_eq!(ids(&by_order), ids(&by_rank), "{name}, seed {seed}");
            }
        }
    }
}
