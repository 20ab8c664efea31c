//! Counters of a game-tree search, in the vocabulary of the search library's `Stats`
//! (named apart so that a program using both crates never has two `Stats` in scope).

use std::time::Duration;

/// What an algorithm did: deterministic counters, and the wall-clock time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    /// Nodes visited (positions reached in the tree, leaves included).
    pub visited: u64,
    /// Nodes expanded: non-terminal positions whose moves were generated.
    pub expanded: u64,
    /// Child positions generated.
    pub generated: u64,
    /// Positions answered from the transposition table or the solver's memory.
    pub table_hits: u64,
    /// Alpha-beta cut-offs: moves left unexamined because a refutation was found.
    pub cutoffs: u64,
    /// Positions stored at the end (transposition table or solver memory).
    pub stored: u64,
    /// Deepest ply reached below the root.
    pub max_depth: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl GameStats {
    /// Elapsed time in milliseconds, as JSON reports it.
    pub fn elapsed_ms(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1000.0
    }
}
