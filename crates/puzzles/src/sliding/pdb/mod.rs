//! Whole state spaces and pattern databases of the sliding-tile puzzle.
//!
//! - [`FullBoards`] numbers every board of a puzzle (the rank of the permutation of its
//!   cells), so [`census`] counts the boards at each distance from the goal with the
//!   exhaustive search of [`resolu_search::numbered`], two bits a board.
//! - A *pattern database* for a group of tiles holds, for every placement of those tiles,
//!   the fewest moves **of those tiles** that bring them to their goal cells, moves of the
//!   other tiles costing nothing. Tables of disjoint groups add up to an admissible
//!   heuristic ([`PatternDatabase`]).
//!
//! A table is built by a breadth-first search backwards from the goal in the abstract
//! space whose state is the placement of the group plus the *region* of the blank: the
//! connected set of cells free of the group's tiles that the blank can roam for free
//! (moves of the other tiles). Every abstract move (a tile of the group slides into a cell
//! of the blank's region) costs 1, so a plain BFS with 2 bits a state finds the distances;
//! the first state of a placement reached writes its depth (the least over the blank's
//! regions) into the placement's entry. The states are numbered with no gaps and no hash
//! table ([`PatternSpace`]): the set of cells of the group, the blank's region among that
//! set's regions, the order of the tiles on the set.
//!
//! An entry takes 4 bits: the table keeps `(d - m) / 2`, where `m` is the Manhattan
//! distance of the group's tiles (`d` is never below `m` and has its parity), so the
//! 8-tile table of the 15-puzzle takes 259 MB. While a table is built its entries take 3
//! bits (the few larger values listed apart) beside the search's array (357 MB for the
//! 8-tile group, built before the smaller ones), so the 7-8 build peaks under 600 MB. An excess over Manhattan above 28 would be stored as 28 (a lower
//! bound); none of the partitions here comes near.
//!
//! The tables are admissible and additive, **not consistent**: a placement's value is the
//! least over the blank's regions, while a board's blank is in one region only, and the
//! placement after a move may owe its least to a region the board's blank is not in; so a
//! move can change the sum by more than one (the tests count it on small boards). IDA* stays optimal with an admissible heuristic; it
//! only loses some pruning (a child may be cut off by a bound its parent passed). A* with
//! a closed set, which would need consistency to never reopen a board, is not what solves
//! these puzzles here.
//!
//! Lookups rank the cells of each group's tiles ([`rank_partial_permutation`]); with a
//! goal symmetric about the main diagonal (a square board whose blank's goal cell is on
//! the diagonal), the board mirrored about the diagonal is looked up too and the larger
//! sum kept.
//!
//! ```
//! use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle, pdb};
//! let puzzle = SlidingPuzzle::new(&Grid::parse("123/456/78_").unwrap(), Goal::Standard).unwrap();
//! let census = pdb::census(&puzzle, u64::MAX, None, None).unwrap();
//! assert_eq!(census.reached(), 181_440);
//! assert_eq!(census.eccentricity(), 31);
//! ```

use super::{Board, Cells, Move, SlidingPuzzle};
use crate::cache::{self, CacheError};
use rayon::prelude::*;
use resolu_search::numbered::{
    BfsReport, Encoding, LayerDone, Numbered, NumberedBfs, NumberedError, permutations,
    rank_partial_permutation,
};
use resolu_search::{Heuristic, InPlaceHeuristic};
use std::cell::RefCell;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Why a pattern database cannot be built, read or described (the messages are the
/// command line's).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PdbError {
    /// A board, a size or a partition the tables refuse; the message says why.
    #[error("{0}")]
    Refused(String),
    /// The numbered breadth-first search could not run.
    #[error(transparent)]
    Numbered(#[from] NumberedError),
    /// A table file could not be read or written.
    #[error(transparent)]
    Cache(#[from] CacheError),
}

impl PdbError {
    /// Whether the memory budget refused the tables (a limit, exit 3 on the command line,
    /// rather than bad input).
    pub fn is_memory_limit(&self) -> bool {
        matches!(self, PdbError::Numbered(NumberedError::TooBig { .. }))
    }

    /// The stop reason's name when this error is a limit (`memory-limit`) or an
    /// interruption (`interrupted`) rather than bad input.
    pub fn stop_reason(&self) -> Option<&'static str> {
        match self {
            PdbError::Numbered(e) => e.stop_reason(),
            _ => None,
        }
    }
}

impl From<String> for PdbError {
    fn from(message: String) -> Self {
        PdbError::Refused(message)
    }
}

impl From<&str> for PdbError {
    fn from(message: &str) -> Self {
        PdbError::Refused(message.to_string())
    }
}

/// Boards with more cells than this have no numbering here (ranks use 64-bit cell masks).
pub const MAX_CELLS: usize = 64;

mod build;
mod database;
mod partition;
mod space;
mod store;

use build::*;
pub use build::{
    build_and_store, build_and_store_watched, build_group, build_tables, build_tables_watched,
};
pub use database::PatternDatabase;
use partition::*;
pub use partition::{PARTITION_NAMES, Partition};
use space::*;
pub use space::{FullBoards, PatternSpace, census};
pub use store::{
    Progress, Source, Tables, cache_file, cache_key, default_dir, load_or_build,
    load_or_build_watched, read_tables,
};

#[cfg(test)]
mod tests;
