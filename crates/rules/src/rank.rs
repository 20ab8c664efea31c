//! The conflict set's order as a key: each activation's place under the strategy, made
//! once when it enters the agenda, so that the agenda keeps its activations sorted (a
//! `BTreeSet`) and finds the one to fire in log(n) instead of comparing them all each
//! cycle. The key orders exactly as [`Strategy::order`] does; the activation's number,
//! unique, comes last, so that no two keys are equal.

use crate::agenda::Act;
use crate::strategy::Strategy;
use std::cmp::Reverse;

/// An activation's place in the strategy's order: the smallest key fires first. The
/// fields a strategy does not look at are left empty (zero), so that they never decide.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Rank {
    /// Salience, higher first (every strategy).
    salience: Reverse<i64>,
    /// The strategy's own number: the priority, the specificity or the complexity (negated
    /// when more fires first), the time tag of the first fact (mea), the random key.
    primary: i128,
    /// Time tags, most recent first, compared lexicographically, larger first (recency,
    /// lex, mea).
    tags: Reverse<Vec<usize>>,
    /// The rule's place in the file (the course's strategies break ties by it).
    rule: usize,
    /// Per condition, the fact's tag or the answer's number (then by discovery order).
    path: Vec<u64>,
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
            path: Vec::new(),
            age: 0,
            activation: act.activation,
        };
        let newest = u64::MAX - act.activation;
        let file_order = |rank: &mut Rank| {
            rank.rule = act.rule;
            rank.path = act.path.clone();
        };
        let lex = |rank: &mut Rank| {
            rank.tags = Reverse(crate::strategy::Ranked::lex(act).into_owned());
            rank.age = act.activation;
        };
        match strategy {
            Strategy::Priority => {
                rank.primary = i128::from(act.priority.unwrap_or(i64::MAX));
                file_order(&mut rank);
            }
            Strategy::Order => file_order(&mut rank),
            Strategy::Recency => {
                rank.tags = Reverse(act.recency());
                file_order(&mut rank);
            }
            Strategy::Specificity => {
                rank.primary = -(act.specificity as i128);
                file_order(&mut rank);
            }
            Strategy::Depth => rank.age = newest,
            Strategy::Breadth => rank.age = act.activation,
            Strategy::Simplicity => {
                rank.primary = act.complexity as i128;
                rank.age = act.activation;
            }
            Strategy::Complexity => {
                rank.primary = -(act.complexity as i128);
                rank.age = act.activation;
            }
            Strategy::Lex => lex(&mut rank),
            Strategy::Mea => {
                // The most recent first fact first; an instance whose first condition is
                // not a pattern (no tag) after all those with one.
                rank.primary = act.first_tag.map_or(1, |t| -(t as i128));
                lex(&mut rank);
            }
            Strategy::Random => {
                rank.primary = i128::from(act.random);
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
        (self.tags.0.len() + self.path.len()) * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agenda::mix;
    use std::rc::Rc;

    /// Activations with every field drawn at random from small ranges (so that ties are
    /// frequent), numbered in order.
    fn acts(n: u64, seed: u64) -> Vec<Act> {
        (0..n)
            .map(|a| {
                let r = |k: u64, m: u64| mix(seed, a * 16 + k) % m;
                let len = 1 + r(0, 3) as usize;
                let path: Vec<u64> = (0..len).map(|k| r(1 + k as u64, 5)).collect();
                Act {
                    rule: r(5, 3) as usize,
                    priority: [None, Some(1), Some(2), Some(-1)][r(6, 4) as usize],
                    salience: r(7, 2) as i64,
                    specificity: 1 + r(8, 3) as usize,
                    complexity: r(9, 4) as usize,
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
