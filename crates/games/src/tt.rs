//! A transposition table: the values of positions already searched by alpha-beta, so that a
//! position reached by several orders of moves is searched once.
//!
//! Alpha-beta does not always learn a position's exact value: a search cut off by a
//! refutation only proves a bound. Each entry says which: the exact value, a lower bound
//! (the search failed high) or an upper bound (it failed low). Keys are the game's
//! [`canonical`](crate::Game::canonical) states.
//!
//! ```
//! use resolu_games::tt::{Bound, TranspositionTable};
//!
//! let mut table = TranspositionTable::new();
//! table.insert(42u32, 1, Bound::Lower);
//! assert_eq!(table.get(&42).map(|e| e.bound), Some(Bound::Lower));
//! assert_eq!(table.len(), 1);
//! ```

use rustc_hash::FxHashMap;
use std::hash::Hash;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact negamax score.
    Exact,
    /// The score is at least this (a cut-off proved it).
    Lower,
    /// The score is at most this (no move reached alpha).
    Upper,
}

/// A stored negamax score (-1, 0 or +1 for the player to move) and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The score for the player to move.
    pub score: i8,
    /// Whether it is exact or a bound.
    pub bound: Bound,
}

/// Scores of positions already searched, keyed by canonical state.
#[derive(Clone, Debug)]
pub struct TranspositionTable<K> {
    map: FxHashMap<K, Entry>,
}

impl<K: Hash + Eq> Default for TranspositionTable<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Hash + Eq> TranspositionTable<K> {
    /// An empty table.
    pub fn new() -> Self {
        TranspositionTable {
            map: FxHashMap::default(),
        }
    }

    /// The entry of a position, if stored.
    pub fn get(&self, key: &K) -> Option<Entry> {
        self.map.get(key).copied()
    }

    /// Stores (or replaces) the entry of a position.
    pub fn insert(&mut self, key: K, score: i8, bound: Bound) {
        self.map.insert(key, Entry { score, bound });
    }

    /// Number of positions stored.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.map.clear();
    }
}
