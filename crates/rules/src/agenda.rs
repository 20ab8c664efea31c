//! The conflict set: activations kept as numbers (rule, path of fact tags and answer
//! numbers, values of the variables as shared terms), indexed for the updates of each
//! cycle, in the order the strategies fire them.

use crate::activation::Act;
use crate::memory::Tag;
use crate::outcome::Instance;
use crate::rank::{ByRule, Rank};
use crate::strategy::{Ranked, Strategy};
use crate::terms::Id;
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

impl Ranked for Instance {
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
        Cow::Borrowed(&self.recency)
    }
    fn specificity(&self) -> usize {
        self.specificity
    }
    fn complexity(&self) -> usize {
        self.complexity
    }
    fn lex(&self) -> Cow<'_, [usize]> {
        Cow::Borrowed(&self.lex)
    }
    fn first_tag(&self) -> Option<Tag> {
        self.first_tag
    }
    fn random(&self) -> u64 {
        self.random
    }
}

/// The conflict set, indexed for the updates: by activation, by key, by fact, by rule,
/// and in the strategy's order (each activation's [`Rank`], kept sorted, so that the one
/// to fire is found in log(n) rather than by comparing the whole set each cycle).
#[derive(Clone, Debug, Default)]
pub(crate) struct Agenda {
    pub(crate) acts: FxHashMap<u64, Act>,
    /// Activations by the hash of their key.
    pub(crate) by_key: hashbrown::HashTable<u64>,
    /// The activations that used each fact (entries of instances gone are skipped).
    pub(crate) by_tag: FxHashMap<Tag, Vec<u64>>,
    pub(crate) by_rule: Vec<FxHashSet<u64>>,
    /// Per rule, the slots its activations are indexed by: the first variable each
    /// negated pattern shares with the rest of the rule (a new fact that matches the
    /// pattern blocks only the activations with the fact's value there).
    pub(crate) index_slots: Vec<Vec<u32>>,
    /// Activations by (rule, slot, value of the slot), for the slots of `index_slots`.
    pub(crate) by_value: FxHashMap<(usize, u32, Id), Vec<u64>>,
    /// The strategy whose order `ranked` keeps.
    pub(crate) strategy: Strategy,
    /// Every activation's key in the strategy's order (the first one fires), for the
    /// strategies other than depth, breadth and those of [`ByRule`].
    pub(crate) ranked: BTreeSet<Rank>,
    /// For priority, order and specificity: the activations by rule, then by path.
    pub(crate) by_rule_order: ByRule,
    /// For depth and breadth: (salience, activation), newest or oldest first (heaps whose
    /// entries of activations gone are dropped when they come to the top).
    pub(crate) newest: BinaryHeap<(i64, u64)>,
    pub(crate) oldest: BinaryHeap<(i64, Reverse<u64>)>,
    pub(crate) bytes: usize,
}

/// Bytes counted per instance beside its entries in the tables (its two vectors, each
/// a heap block of at least 32 bytes, and its entries in the lists by fact and by value).
const INSTANCE_BYTES: usize = 64;

/// The bytes of a hash table that holds `capacity` entries of `entry` bytes: its buckets
/// (7 of 8 used at most) and their control bytes; a full table doubles on its next
/// insert and holds its old and new buckets for a moment, so that moment is counted
/// ahead.
pub(crate) fn table_bytes(len: usize, capacity: usize, entry: usize) -> usize {
    let buckets = |cap: usize| cap / 7 * 8 * (entry + 1);
    if len >= capacity {
        buckets(capacity) + buckets(capacity.max(3) * 2)
    } else {
        buckets(capacity)
    }
}

/// Bytes counted per key of the order beside its vectors (the key and its share of the
/// tree's nodes).
const RANK_BYTES: usize = std::mem::size_of::<Rank>() * 3 / 2;

/// Bytes counted per entry of the depth and breadth heaps (an entry of an activation gone
/// stays until it comes to the top).
const HEAP_ENTRY_BYTES: usize = 32;

impl Agenda {
    /// Whether an activation with this key is on the agenda.
    pub(crate) fn contains(&self, hash: u64, rule: usize, path: &[u64], values: &[Id]) -> bool {
        self.by_key
            .find(hash, |a| {
                self.acts
                    .get(a)
                    .is_some_and(|act| act.has_key(rule, path, values))
            })
            .is_some()
    }

    /// The bytes counted for an activation and its key in the order.
    pub(crate) fn act_bytes(act: &Act, rank: Option<&Rank>) -> usize {
        INSTANCE_BYTES
            + act.values.len() * std::mem::size_of::<Id>()
            + act.path.len() * 8
            + act.removable.len() * 16
            + rank.map_or(HEAP_ENTRY_BYTES.max(ByRule::entry_bytes(act)), |r| {
                RANK_BYTES + r.heap_bytes()
            })
    }

    /// The activation's key in the order, for the strategies that keep one.
    fn rank(&self, act: &Act) -> Option<Rank> {
        match self.strategy {
            Strategy::Depth | Strategy::Breadth => None,
            s if ByRule::fits(s) => None,
            s => Some(Rank::of(act, s)),
        }
    }

    pub(crate) fn insert(&mut self, act: Act) {
        let id = act.activation;
        for &i in act.removable.iter() {
            self.by_tag.entry(act.path[i] as Tag).or_default().push(id);
        }
        self.by_rule[act.rule].insert(id);
        if let Some(slots) = self.index_slots.get(act.rule) {
            for &v in slots {
                let value = act.values[v as usize];
                self.by_value
                    .entry((act.rule, v, value))
                    .or_default()
                    .push(id);
            }
        }
        self.by_key
            .insert_unique(act.hash, id, |a| self.acts.get(a).map_or(0, |act| act.hash));
        let rank = self.rank(&act);
        self.bytes += Self::act_bytes(&act, rank.as_ref());
        match (self.strategy, rank) {
            (_, Some(rank)) => {
                self.ranked.insert(rank);
            }
            (Strategy::Depth, None) => self.newest.push((act.salience, id)),
            (Strategy::Breadth, None) => self.oldest.push((act.salience, Reverse(id))),
            (strategy, None) => self.by_rule_order.insert(&act, strategy),
        }
        self.acts.insert(id, act);
    }

    pub(crate) fn remove(&mut self, id: u64) -> Option<Act> {
        let act = self.acts.remove(&id)?;
        if let Ok(entry) = self.by_key.find_entry(act.hash, |&a| a == id) {
            entry.remove();
        }
        self.by_rule[act.rule].remove(&id);
        if let Some(slots) = self.index_slots.get(act.rule) {
            for &v in slots {
                let key = (act.rule, v, act.values[v as usize]);
                if let Some(list) = self.by_value.get_mut(&key) {
                    if let Some(k) = list.iter().position(|&a| a == id) {
                        list.swap_remove(k);
                    }
                    if list.is_empty() {
                        self.by_value.remove(&key);
                    }
                }
            }
        }
        let rank = self.rank(&act);
        self.bytes = self
            .bytes
            .saturating_sub(Self::act_bytes(&act, rank.as_ref()));
        match rank {
            Some(rank) => {
                self.ranked.remove(&rank);
            }
            None if ByRule::fits(self.strategy) => self.by_rule_order.remove(&act, self.strategy),
            None => {}
        }
        Some(act)
    }

    /// The bytes the conflict set holds: its tables (by their capacity) and what each
    /// activation holds beside them.
    pub(crate) fn approx_bytes(&self) -> usize {
        let by_rule: usize = self
            .by_rule
            .iter()
            .map(|set| table_bytes(set.len(), set.capacity(), 8))
            .sum();
        table_bytes(
            self.acts.len(),
            self.acts.capacity(),
            std::mem::size_of::<(u64, Act)>(),
        ) + table_bytes(self.by_key.len(), self.by_key.capacity(), 8)
            + by_rule
            + self.bytes
    }

    /// How many activations the tables take before they grow, and the bytes they then
    /// hold for a moment (old and new buckets): a join that finds more counts them.
    pub(crate) fn growth(&self) -> (usize, usize) {
        let room = self.acts.capacity().saturating_sub(self.acts.len());
        let entry = std::mem::size_of::<(u64, Act)>();
        let grown = |cap: usize, entry: usize| (cap.max(3) * 2) / 7 * 8 * (entry + 1);
        (
            room,
            grown(self.acts.capacity(), entry) + grown(self.by_key.capacity(), 8),
        )
    }

    /// The activation the strategy fires first.
    pub(crate) fn best(&mut self) -> Option<u64> {
        match self.strategy {
            Strategy::Depth => {
                while let Some(&(_, id)) = self.newest.peek() {
                    if self.acts.contains_key(&id) {
                        return Some(id);
                    }
                    self.newest.pop();
                }
                None
            }
            Strategy::Breadth => {
                while let Some(&(_, Reverse(id))) = self.oldest.peek() {
                    if self.acts.contains_key(&id) {
                        return Some(id);
                    }
                    self.oldest.pop();
                }
                None
            }
            s if ByRule::fits(s) => self.by_rule_order.first(),
            _ => self.ranked.first().map(Rank::activation),
        }
    }
}
