//! An activation as the agenda keeps it (numbers only: its rule, its path of fact tags
//! and answer numbers, the values of its variables as shared terms), its key for
//! refraction and the order the strategies read from it. Below the agenda and the
//! ranks, which both use it.

use crate::memory::Tag;
use crate::strategy::Ranked;
use crate::terms::Id;
use std::borrow::Cow;
use std::rc::Rc;

/// An activation as the agenda keeps it: numbers only (shared terms, tags); made into an
/// [`Instance`](crate::outcome::Instance) when it fires or is shown.
#[derive(Clone, Debug)]
pub(crate) struct Act {
    pub(crate) rule: usize,
    pub(crate) priority: Option<i64>,
    pub(crate) salience: i64,
    pub(crate) specificity: usize,
    pub(crate) complexity: usize,
    /// The positions of the patterns among the conditions (shared by the rule's
    /// activations): the facts matched are the path at those positions.
    pub(crate) positions: Rc<[usize]>,
    /// Those of the patterns over relations that actions retract (the facts whose
    /// removal must find the activation).
    pub(crate) removable: Rc<[usize]>,
    pub(crate) values: Vec<Id>,
    pub(crate) activation: u64,
    pub(crate) first_tag: Option<Tag>,
    pub(crate) random: u64,
    pub(crate) path: Vec<u64>,
    /// The number of negated conditions (each a 0 in the lex time tags).
    pub(crate) nots: usize,
    /// The hash of the key (rule, facts, values).
    pub(crate) hash: u64,
}

impl Act {
    /// The facts matched, in the order of the conditions.
    pub(crate) fn facts(&self) -> impl Iterator<Item = Tag> + '_ {
        self.positions.iter().map(|&i| self.path[i] as Tag)
    }

    pub(crate) fn key(&self) -> Key {
        (self.rule, self.facts().collect(), self.values.clone())
    }

    pub(crate) fn has_key(&self, rule: usize, path: &[u64], values: &[Id]) -> bool {
        self.rule == rule
            && self.values == values
            && self.positions.iter().all(|&i| self.path[i] == path[i])
    }

    /// The facts' tags, most recent first.
    pub(crate) fn recency(&self) -> Vec<Tag> {
        let mut r: Vec<Tag> = self.facts().collect();
        r.sort_unstable_by(|a, b| b.cmp(a));
        r
    }
}

/// The hash of an instance's key: its rule, the facts at `positions` of its path, the
/// values of its variables.
pub(crate) fn key_hash(rule: usize, positions: &[usize], path: &[u64], values: &[Id]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    rule.hash(&mut h);
    for &i in positions {
        path[i].hash(&mut h);
    }
    values.hash(&mut h);
    h.finish()
}

impl Ranked for Act {
    fn salience(&self) -> i64 {
        self.salience
    }
    fn priority(&self) -> Option<i64> {
        self.priority
    }
    fn rule(&self) -> usize {
        self.rule
    }
    fn path(&self) -> &[u64] {
        &self.path
    }
    fn activation(&self) -> u64 {
        self.activation
    }
    fn recency(&self) -> Cow<'_, [Tag]> {
        Cow::Owned(Act::recency(self))
    }
    fn specificity(&self) -> usize {
        self.specificity
    }
    fn complexity(&self) -> usize {
        self.complexity
    }
    fn lex(&self) -> Cow<'_, [usize]> {
        let mut lex: Vec<usize> = Act::recency(self).iter().map(|t| t + 1).collect();
        lex.resize(lex.len() + self.nots, 0);
        Cow::Owned(lex)
    }
    fn first_tag(&self) -> Option<Tag> {
        self.first_tag
    }
    fn random(&self) -> u64 {
        self.random
    }
}

/// A well-mixed 64-bit number from a seed and a counter (SplitMix64).
pub(crate) fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What identifies an instance for refraction: rule, facts, values of the variables.
pub(crate) type Key = (usize, Vec<Tag>, Vec<Id>);
