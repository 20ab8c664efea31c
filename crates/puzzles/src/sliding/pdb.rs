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

/// Writes into `out[..k]` the `k` values numbered `rank` among `n` (the inverse of
/// [`rank_partial_permutation`]), without allocating.
#[inline]
fn unrank_into(mut rank: u64, k: usize, n: u32, out: &mut [u8]) {
    let mut digits = [0u32; MAX_CELLS];
    for i in (0..k).rev() {
        let radix = u64::from(n - i as u32);
        digits[i] = (rank % radix) as u32;
        rank /= radix;
    }
    let mut free = u64::MAX >> (64 - n);
    for i in 0..k {
        let mut f = free;
        for _ in 0..digits[i] {
            f &= f - 1;
        }
        let c = f.trailing_zeros() as u8;
        free &= !(1 << c);
        out[i] = c;
    }
}

/// The geometry a numbering needs: size and neighbour masks.
#[derive(Clone, Debug)]
struct Geometry {
    cells: usize,
    cols: usize,
    all: u64,
    not_col0: u64,
    not_last_col: u64,
    neighbours: Vec<Vec<u8>>,
}

impl Geometry {
    fn new(puzzle: &SlidingPuzzle) -> Geometry {
        let (n, cols) = (puzzle.cells(), puzzle.cols());
        let all = u64::MAX >> (64 - n);
        let col = |c: usize| {
            (0..n)
                .filter(|i| i % cols == c)
                .fold(0u64, |m, i| m | 1 << i)
        };
        Geometry {
            cells: n,
            cols,
            all,
            not_col0: all & !col(0),
            not_last_col: all & !col(cols - 1),
            neighbours: (0..n).map(|c| puzzle.neighbours(c).to_vec()).collect(),
        }
    }

    /// The cells of `free` connected to `seed` through `free`.
    #[inline]
    fn flood(&self, seed: u64, free: u64) -> u64 {
        let mut region = seed;
        loop {
            let grown = (region
                | ((region << 1) & self.not_col0)
                | ((region >> 1) & self.not_last_col)
                | (region << self.cols)
                | (region >> self.cols))
                & free
                & self.all;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// Every board of a puzzle, numbered by the permutation of its cells: rank of (cell of the
/// blank, cell of tile 1, ...). Half the ranks are boards the goal cannot reach.
#[derive(Clone, Debug)]
pub struct FullBoards {
    geometry: Geometry,
}

impl FullBoards {
    /// The numbering for `puzzle`'s size, refused above 20 cells (20! is the last
    /// factorial below 2^64).
    pub fn new(puzzle: &SlidingPuzzle) -> Result<FullBoards, PdbError> {
        if puzzle.cells() > 20 {
            return Err(format!(
                "a census numbers every board; {} cells have too many",
                puzzle.cells()
            )
            .into());
        }
        Ok(FullBoards {
            geometry: Geometry::new(puzzle),
        })
    }

    /// The rank of a board given as tiles row-major.
    pub fn rank_tiles(&self, tiles: &[u8]) -> u64 {
        let mut pos = [0u8; MAX_CELLS];
        for (cell, &t) in tiles.iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        rank_partial_permutation(&pos[..tiles.len()], tiles.len() as u32)
    }

    /// The rank of a board.
    #[inline]
    pub fn rank<C: Cells>(&self, board: &Board<C>) -> u64 {
        let n = self.geometry.cells;
        let mut pos = [0u8; MAX_CELLS];
        for cell in 0..n {
            pos[board.cells.get(cell) as usize] = cell as u8;
        }
        rank_partial_permutation(&pos[..n], n as u32)
    }
}

impl Numbered for FullBoards {
    fn state_count(&self) -> u64 {
        permutations(self.geometry.cells as u64, self.geometry.cells as u64)
    }

    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        let n = self.geometry.cells;
        let mut pos = [0u8; MAX_CELLS];
        unrank_into(rank, n, n as u32, &mut pos);
        let mut tile_at = [0u8; MAX_CELLS];
        for (t, &c) in pos[..n].iter().enumerate() {
            tile_at[c as usize] = t as u8;
        }
        let blank = pos[0];
        for &nb in &self.geometry.neighbours[blank as usize] {
            let t = tile_at[nb as usize] as usize;
            pos[0] = nb;
            pos[t] = blank;
            out.push(rank_partial_permutation(&pos[..n], n as u32));
            pos[t] = nb;
            pos[0] = blank;
        }
    }
}

/// The boards at each distance from `puzzle`'s goal: an exhaustive search over
/// [`FullBoards`], 2 bits a board, refused when that needs more than `max_memory` bytes,
/// stopped when `monitor`'s flag is raised.
pub fn census(
    puzzle: &SlidingPuzzle,
    max_memory: u64,
    observer: Option<&(dyn Fn(LayerDone) + Sync)>,
    monitor: Option<&resolu_search::Monitor>,
) -> Result<BfsReport, PdbError> {
    let boards = FullBoards::new(puzzle)?;
    let goal = boards.rank_tiles(puzzle.goal_tiles());
    let mut bfs = NumberedBfs::new(&boards).max_memory_bytes(max_memory);
    if let Some(o) = observer {
        bfs = bfs.observer(o);
    }
    if let Some(m) = monitor {
        bfs = bfs.monitor(m);
    }
    Ok(bfs.run(&[goal])?)
}

/// How the placements of one group of `k` tiles on `n` cells are numbered, shared by the
/// builder and the lookups: a placement is (the set of cells the group covers, the order of
/// the group's tiles on those cells), ranked as `set × k! + order`, where `set` is the
/// colexicographic rank of the cell mask and `order` the rank of the permutation that says
/// which of the set's cells (counted from the lowest) each tile of the group is on. Tables
/// store, for each placement, `(d - m) / 2` in 4 bits, `d` the table's value and `m` the
/// Manhattan distance of the group's tiles (the value is never below it and has its parity:
/// each move of a tile of the group changes `m` by one), so that 15 values cover what a
/// byte would; 15 means *not reached*.
#[derive(Clone, Debug)]
struct Placements {
    cells: usize,
    k: usize,
    /// `binomial[c * (k + 1) + i]` = C(c, i), for `c <= cells`, `i <= k`.
    binomial: Vec<u64>,
    /// k!.
    orders: u64,
    /// `manhattan[i * cells + c]`: the distance of the group's tile `i` on cell `c` to its
    /// goal cell.
    manhattan: Vec<u8>,
}

/// The value of a table entry meaning "not reached".
const UNREACHED: u8 = 15;

impl Placements {
    fn new(puzzle: &SlidingPuzzle, tiles: &[u8]) -> Placements {
        let (n, k, cols) = (puzzle.cells(), tiles.len(), puzzle.cols());
        let mut binomial = vec![0u64; (n + 1) * (k + 1)];
        for c in 0..=n {
            for i in 0..=k {
                binomial[c * (k + 1) + i] = if i == 0 {
                    1
                } else if c == 0 {
                    0
                } else {
                    binomial[(c - 1) * (k + 1) + i - 1] + binomial[(c - 1) * (k + 1) + i]
                };
            }
        }
        let mut manhattan = vec![0u8; k * n];
        for (i, &t) in tiles.iter().enumerate() {
            let goal = puzzle.goal_cells()[t as usize] as usize;
            for c in 0..n {
                manhattan[i * n + c] =
                    ((c / cols).abs_diff(goal / cols) + (c % cols).abs_diff(goal % cols)) as u8;
            }
        }
        Placements {
            cells: n,
            k,
            binomial,
            orders: (1..=k as u64).product(),
            manhattan,
        }
    }

    /// The number of placements: C(n, k) k!.
    fn count(&self) -> u64 {
        self.sets() * self.orders
    }

    /// The number of cell sets: C(n, k).
    fn sets(&self) -> u64 {
        self.binomial[self.cells * (self.k + 1) + self.k]
    }

    /// The colexicographic rank of a mask of `k` cells.
    #[inline]
    fn set_rank(&self, mut mask: u64) -> u64 {
        let mut rank = 0;
        let mut i = 1;
        while mask != 0 {
            let c = mask.trailing_zeros() as usize;
            rank += self.binomial[c * (self.k + 1) + i];
            mask &= mask - 1;
            i += 1;
        }
        rank
    }

    /// The rank of the order of the tiles on `cells`: the rank of the partial permutation
    /// of the tiles' ranks within their set of cells ([`rank_partial_permutation`]). A
    /// tile's digit there is the number of the set's cells below its own that no earlier
    /// tile holds, that is, the number of later tiles on lower cells: a few comparisons,
    /// no bit counts (this runs twice for every node IDA* generates).
    #[inline]
    fn order_rank(&self, cells: &[u8]) -> u64 {
        if cells.len() <= 8 {
            return self.packed_ranks::<false>(cells).1;
        }
        let mut rank = 0u64;
        for (i, &c) in cells.iter().enumerate() {
            let later_below = cells[i + 1..].iter().filter(|&&d| d < c).count();
            rank = rank * (cells.len() - i) as u64 + later_below as u64;
        }
        rank
    }

    /// The placement index of the group's tiles on `cells` (in the group's order).
    #[inline]
    fn index(&self, cells: &[u8]) -> u64 {
        if cells.len() > 8 {
            let mask = cells.iter().fold(0u64, |m, &c| m | 1 << c);
            return self.set_rank(mask) * self.orders + self.order_rank(cells);
        }
        let (set, order) = self.packed_ranks::<true>(cells);
        set * self.orders + order
    }

    /// For up to 8 tiles: the rank of their set of cells (when `SET`, else 0) and of their
    /// order, in one pass of comparisons made 8 at a time on the cells packed into the
    /// bytes of a word (cells are below 128, so no byte borrows from the next). Each tile
    /// gets both its rank within the set (the tile of rank `r` on cell `c` adds C(c, r + 1)
    /// to the set's colexicographic rank) and its digit of the order.
    #[inline]
    fn packed_ranks<const SET: bool>(&self, cells: &[u8]) -> (u64, u64) {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let k = cells.len();
        let packed = cells
            .iter()
            .enumerate()
            .fold(0u64, |w, (j, &c)| w | u64::from(c) << (8 * j));
        let lanes = if k == 8 {
            u64::MAX
        } else {
            (1u64 << (8 * k)) - 1
        };
        // The number of bytes whose high bit is set.
        let count = |x: u64| (x >> 7).wrapping_mul(ONES) >> 56;
        let (mut set, mut order) = (0u64, 0u64);
        for (i, &c) in cells.iter().enumerate() {
            // The high bit of each byte of `below` says whether that tile's cell is lower
            // than `c`.
            let below = !((packed | HIGH) - u64::from(c) * ONES) & HIGH & lanes;
            if SET {
                set += self.binomial[c as usize * (k + 1) + count(below) as usize + 1];
            }
            let later = if i + 1 >= 8 {
                0
            } else {
                u64::MAX << (8 * (i + 1))
            };
            order = order * (k - i) as u64 + count(below & later);
        }
        (set, order)
    }

    /// The Manhattan distance of the group's tiles on `cells` to their goal cells.
    #[inline]
    fn manhattan(&self, cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .map(|(i, &c)| u32::from(self.manhattan[i * self.cells + c as usize]))
            .sum()
    }

    /// The table's value for the group's tiles on `cells`.
    #[inline]
    fn value(&self, table: &[u8], cells: &[u8]) -> u32 {
        let index = self.index(cells);
        let nibble = (table[(index / 2) as usize] >> (4 * (index % 2))) & 0xF;
        // An entry never reached (a placement the goal cannot reach) counts as its
        // Manhattan distance: still a lower bound, never used on a solvable board.
        let extra = if nibble == UNREACHED { 0 } else { nibble };
        self.manhattan(cells) + 2 * u32::from(extra)
    }
}

/// The abstract space of one group of tiles: (placement of the group's tiles, region of
/// the blank), numbered with no gaps. See the [module documentation](self).
///
/// A state's rank is `(offset[set] + region) × k! + order`: `set` and `order` number the
/// placement as in the tables, `region` is the rank of the blank's region among the
/// connected regions of the free cells of `set` (ordered by their smallest cell), and
/// `offset` counts the regions of the sets before. On 4x4 a set of 8 cells leaves 2.75
/// regions on average, so the 8-tile space has 1.43 billion states (357 MB at 2 bits).
#[derive(Clone, Debug)]
pub struct PatternSpace {
    geometry: Geometry,
    placements: Placements,
    goal_cells: Vec<u8>,
    blank_goal: u8,
    /// The cell mask of each set.
    set_mask: Vec<u64>,
    /// The cells of each set, increasing (`k` a set).
    set_cells: Vec<u8>,
    /// `region_of[set * n + cell]`: the region of a free cell (255 on the set's cells).
    region_of: Vec<u8>,
    /// Regions of the sets before each set (one more entry: the total).
    offset: Vec<u64>,
    /// For each (set, region) pair, numbered `offset[set] + region`: the set.
    set_of: Vec<u32>,
    /// For each (set, region) pair: the region's cells.
    region_mask: Vec<u64>,
    /// For groups of at most 8 tiles, each order unranked ahead of time: the index in the
    /// set of each tile's cell, 4 bits a tile (decoding is most of the build's time).
    order_index: Vec<u32>,
    /// For groups of at most [`REORDER_MAX_TILES`] tiles, `reorder[(order * k + i) * k +
    /// b]`: the order after tile `i` moves to index `b` of the new set (the tiles between
    /// its old and new index shift by one; the others keep theirs). A move changes the
    /// order only so, so a successor's order is one lookup in the parent's row of `k * k`
    /// entries instead of ranking a permutation.
    reorder: Vec<u16>,
    /// The neighbours of each cell, as a mask.
    neighbour_mask: Vec<u64>,
    /// `cell_index[set * n + cell]`: the index of a cell of a set among the set's cells.
    cell_index: Vec<u8>,
    /// On boards of at most 20 cells, the set of each mask of `k` cells (the rank
    /// computed once; 4 MB at most).
    set_of_mask: Vec<u32>,
    /// 2^64 / k! + 1, and whether multiplying by it divides every rank exactly by k!.
    inverse: u128,
    inverse_exact: bool,
}

/// The largest group given a [`PatternSpace::reorder`] table: 7 tiles take 494 KB, which
/// stays in cache; 8 would take 5 MB, which does not, and was no faster than ranking the
/// order again (3x4, 8-3: 12.1 s against 10.0-13.2 s of CPU).
const REORDER_MAX_TILES: usize = 7;

/// `ONES_BELOW[used][x]`: the ones of `used` below bit `x`, for the orders of 8 tiles (the
/// build's inner loop).
static ONES_BELOW: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut used = 0;
    while used < 256 {
        let mut x = 0;
        while x < 8 {
            t[used][x] = ((used as u32) & ((1 << x) - 1)).count_ones() as u8;
            x += 1;
        }
        used += 1;
    }
    t
};

impl PatternSpace {
    /// The space of `tiles` (internal numbers) in `puzzle`.
    pub fn new(puzzle: &SlidingPuzzle, tiles: &[u8]) -> PatternSpace {
        let geometry = Geometry::new(puzzle);
        let placements = Placements::new(puzzle, tiles);
        let (n, k) = (geometry.cells, tiles.len());
        let sets = placements.sets() as usize;
        let mut set_mask = Vec::with_capacity(sets);
        let mut set_cells = Vec::with_capacity(sets * k);
        let mut region_of = vec![u8::MAX; sets * n];
        let mut offset = Vec::with_capacity(sets + 1);
        let mut set_of = Vec::new();
        let mut region_mask = Vec::new();
        // Gosper's hack enumerates the masks of k bits in increasing order: colex order.
        let mut mask: u64 = (1u64 << k) - 1;
        for set in 0..sets {
            set_mask.push(mask);
            set_cells.extend((0..n as u8).filter(|&c| mask & (1 << c) != 0));
            offset.push(region_mask.len() as u64);
            let mut free = geometry.all & !mask;
            let mut region = 0u8;
            while free != 0 {
                let cells = geometry.flood(free & free.wrapping_neg(), free);
                free &= !cells;
                let mut rest = cells;
                while rest != 0 {
                    region_of[set * n + rest.trailing_zeros() as usize] = region;
                    rest &= rest - 1;
                }
                set_of.push(set as u32);
                region_mask.push(cells);
                region += 1;
            }
            if k > 0 && set + 1 < sets {
                let low = mask & mask.wrapping_neg();
                let ripple = mask.wrapping_add(low);
                mask = (((ripple ^ mask) >> 2) / low) | ripple;
            }
        }
        offset.push(region_mask.len() as u64);
        let order_index = if k <= 8 {
            (0..placements.orders)
                .map(|order| {
                    let mut index = [0u8; MAX_CELLS];
                    unrank_into(order, k, k as u32, &mut index);
                    (0..k).fold(0u32, |p, i| p | u32::from(index[i]) << (4 * i))
                })
                .collect()
        } else {
            Vec::new()
        };
        let reorder = if k <= REORDER_MAX_TILES {
            reorder_table(k)
        } else {
            Vec::new()
        };
        let neighbour_mask = geometry
            .neighbours
            .iter()
            .map(|ns| ns.iter().fold(0u64, |m, &c| m | 1 << c))
            .collect();
        let mut cell_index = vec![0u8; sets * n];
        for set in 0..sets {
            for (i, &c) in set_cells[set * k..(set + 1) * k].iter().enumerate() {
                cell_index[set * n + c as usize] = i as u8;
            }
        }
        let mut set_of_mask = Vec::new();
        if n <= 20 {
            set_of_mask = vec![u32::MAX; 1 << n];
            for (set, &m) in set_mask.iter().enumerate() {
                set_of_mask[m as usize] = set as u32;
            }
        }
        let orders = u128::from(placements.orders);
        let states = u128::from(offset[offset.len() - 1]) * orders;
        PatternSpace {
            inverse: (1u128 << 64) / orders + 1,
            inverse_exact: states * orders < 1u128 << 64,
            set_of_mask,
            cell_index,
            neighbour_mask,
            order_index,
            reorder,
            goal_cells: tiles
                .iter()
                .map(|&t| puzzle.goal_cells()[t as usize])
                .collect(),
            blank_goal: puzzle.goal_cells()[0],
            geometry,
            placements,
            set_mask,
            set_cells,
            region_of,
            offset,
            set_of,
            region_mask,
        }
    }

    /// The number of placements of the group: the entries of its table.
    pub fn placements(&self) -> u64 {
        self.placements.count()
    }

    /// The rank of the group's tiles on `cells` with the blank on `blank`.
    fn state_rank(&self, cells: &[u8], blank: u8) -> u64 {
        let mask = cells.iter().fold(0u64, |m, &c| m | 1 << c);
        let set = self.placements.set_rank(mask) as usize;
        let region = self.region_of[set * self.geometry.cells + blank as usize];
        (self.offset[set] + u64::from(region)) * self.placements.orders
            + self.placements.order_rank(cells)
    }

    /// The goal state: the group on its goal cells, the blank in the region of its goal
    /// cell.
    pub fn goal_rank(&self) -> u64 {
        self.state_rank(&self.goal_cells, self.blank_goal)
    }

    /// The pair number (`offset[set] + region`) and the order of a rank: a division by k!,
    /// done as a multiplication by its inverse (a 64-bit division is tens of cycles, and
    /// the build divides at every state); exact while rank × k! stays below 2^64, as it
    /// does for every space here.
    #[inline]
    fn split(&self, rank: u64) -> (usize, u64) {
        let orders = self.placements.orders;
        let pair = if self.inverse_exact {
            ((u128::from(rank) * self.inverse) >> 64) as u64
        } else {
            rank / orders
        };
        (pair as usize, rank - pair * orders)
    }

    /// The pair number (`offset[set] + region`) and the order of a rank, and the cells of
    /// the group's tiles written into `cells`.
    #[inline]
    fn decode(&self, rank: u64, cells: &mut [u8]) -> (usize, u64) {
        let k = self.placements.k;
        let (pair, order) = self.split(rank);
        let set = self.set_of[pair] as usize;
        let set_cells = &self.set_cells[set * k..(set + 1) * k];
        if let Some(&packed) = self.order_index.get(order as usize) {
            for (i, cell) in cells.iter_mut().enumerate().take(k) {
                *cell = set_cells[((packed >> (4 * i)) & 0xF) as usize];
            }
        } else {
            let mut index = [0u8; MAX_CELLS];
            unrank_into(order, k, k as u32, &mut index);
            for i in 0..k {
                cells[i] = set_cells[index[i] as usize];
            }
        }
        (pair, order)
    }

    /// Pushes the successors of the state `(pair, order)` whose group's tiles are on
    /// `cells`.
    #[inline]
    fn successors(&self, pair: usize, order: u64, cells: &mut [u8], out: &mut Vec<u64>) {
        let (n, k) = (self.geometry.cells, self.placements.k);
        let region = self.region_mask[pair];
        let mask = self.set_mask[self.set_of[pair] as usize];
        let row = (order as usize) * k * k;
        for i in 0..k {
            let from = cells[i];
            let mut targets = self.neighbour_mask[from as usize] & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                // The tile slides into the blank's region; the blank is then in the region
                // of the cell it left.
                let after = mask ^ (1 << from) ^ (1 << to);
                let set = match self.set_of_mask.get(after as usize) {
                    Some(&set) => set as usize,
                    None => self.placements.set_rank(after) as usize,
                };
                // When no cell of the group lies between the two cells (always so for a
                // move along a row), every tile keeps its index in the set: same order.
                let (lo, hi) = (from.min(to), from.max(to));
                let between = ((1u64 << hi) - 1) & !((2u64 << lo) - 1);
                let order = if mask & between == 0 {
                    order
                } else if !self.reorder.is_empty() {
                    let b = usize::from(self.cell_index[set * n + to as usize]);
                    u64::from(self.reorder[row + i * k + b])
                } else if k <= 8 {
                    let index = &self.cell_index[set * n..(set + 1) * n];
                    cells[i] = to;
                    let mut order = 0u64;
                    let mut used = 0usize;
                    for (j, &c) in cells[..k].iter().enumerate() {
                        let x = index[c as usize];
                        let below = ONES_BELOW[used & 0xFF][usize::from(x & 7)];
                        order = order * (k - j) as u64 + u64::from(x - below);
                        used |= 1 << (x & 7);
                    }
                    cells[i] = from;
                    order
                } else {
                    cells[i] = to;
                    let order = self.placements.order_rank(&cells[..k]);
                    cells[i] = from;
                    order
                };
                let new_region = self.region_of[set * n + from as usize];
                out.push(
                    (self.offset[set] + u64::from(new_region)) * self.placements.orders + order,
                );
            }
        }
    }
}

/// The table of [`PatternSpace::reorder`] for groups of `k` tiles (at most 8: orders fit
/// in 16 bits).
fn reorder_table(k: usize) -> Vec<u16> {
    let orders: u64 = (1..=k as u64).product();
    let mut table = Vec::with_capacity(orders as usize * k * k);
    let mut index = [0u8; MAX_CELLS];
    let mut moved = [0u8; MAX_CELLS];
    for order in 0..orders {
        unrank_into(order, k, k as u32, &mut index);
        for i in 0..k {
            let a = index[i];
            for b in 0..k as u8 {
                for j in 0..k {
                    let x = index[j];
                    moved[j] = if j == i {
                        b
                    } else if a < b && x > a && x <= b {
                        x - 1
                    } else if b < a && x >= b && x < a {
                        x + 1
                    } else {
                        x
                    };
                }
                table.push(rank_partial_permutation(&moved[..k], k as u32) as u16);
            }
        }
    }
    table
}

impl Numbered for PatternSpace {
    fn state_count(&self) -> u64 {
        self.offset[self.offset.len() - 1] * self.placements.orders
    }

    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        let mut cells = [0u8; MAX_CELLS];
        let (pair, order) = self.decode(rank, &mut cells);
        self.successors(pair, order, &mut cells, out);
    }
}

/// Bytes of a table of `placements` entries (4 bits each).
fn table_bytes_for(placements: u64) -> u64 {
    placements.div_ceil(2)
}

/// While a group's table is built, its entries take 3 bits, 21 to a 64-bit word, rather
/// than the table's 4: with the search's array beside it, that is what keeps the 7-8 build
/// under 600 MB (the 8-tile table's 519 million entries take 198 MB so, 259 MB at 4 bits).
/// Values 0 to 5 are the entry's; [`BUILD_MORE`] says the value is 6 or more and is in the
/// list of larger values (few: the search reaches most placements close to their Manhattan
/// distance); [`BUILD_UNREACHED`] is not reached yet. Once the search is over and its array
/// freed, the entries are written out at 4 bits.
const BUILD_PER_WORD: u64 = 21;
/// A 3-bit build entry: the value is 6 or more, in the list of larger values.
const BUILD_MORE: u8 = 6;
/// A 3-bit build entry: not reached yet.
const BUILD_UNREACHED: u64 = 7;

/// Bytes of the 3-bit build entries of `placements` placements.
fn build_entries_bytes_for(placements: u64) -> u64 {
    placements.div_ceil(BUILD_PER_WORD) * 8
}

/// Bytes set aside for the list of values of 6 or more: room for one placement in 256 (8
/// bytes an entry, a list that doubles as it grows counted at its capacity). The 7-8 build
/// lists 568k of the 8-tile group's 519 million placements (0.11%, 4.5 MB), so this
/// 16 MB is 3.5 times what it needs; a build whose list outgrows what the budget leaves
/// is refused when its search ends ([`NumberedError::TooBig`]).
fn build_list_reserve_bytes(placements: u64) -> u64 {
    placements.div_ceil(256) * 8
}

/// The most memory [`build_group`] holds at once for a group of `k` tiles: the search's
/// array beside the 3-bit entries, or the 3-bit entries beside the 4-bit table they are
/// written out to, and the list of values of 6 or more ([`build_list_reserve_bytes`]).
fn build_group_peak_bytes(space: &PatternSpace) -> u64 {
    let entries = build_entries_bytes_for(space.placements());
    let search = Encoding::TwoBits.bytes_for(space.state_count());
    entries
        + search.max(table_bytes_for(space.placements()))
        + build_list_reserve_bytes(space.placements())
}

/// Builds the table of one group: for each placement (numbered as described at
/// [`PatternSpace`]), the fewest moves of those tiles to their goal cells, packed as
/// described at the module level. Refused when the search's array and the table would
/// exceed `max_memory` bytes.
pub fn build_group(
    puzzle: &SlidingPuzzle,
    tiles: &[u8],
    max_memory: u64,
    observer: Option<&(dyn Fn(LayerDone) + Sync)>,
) -> Result<Vec<u8>, NumberedError> {
    build_group_listing_from(puzzle, tiles, max_memory, observer, BUILD_MORE)
}

/// [`build_group`], with the values from `more_from` (at most [`BUILD_MORE`]) kept in the
/// list rather than in the 3-bit entries (the tests send every value through the list).
fn build_group_listing_from(
    puzzle: &SlidingPuzzle,
    tiles: &[u8],
    max_memory: u64,
    observer: Option<&(dyn Fn(LayerDone) + Sync)>,
    more_from: u8,
) -> Result<Vec<u8>, NumberedError> {
    let more_from = more_from.min(BUILD_MORE);
    let space = PatternSpace::new(puzzle, tiles);
    let needed = build_group_peak_bytes(&space);
    if needed > max_memory {
        return Err(NumberedError::TooBig {
            needed,
            limit: max_memory,
        });
    }
    let placements = space.placements();
    // The list may take what the budget leaves beside the arrays (at least its reserve).
    let arrays = needed - build_list_reserve_bytes(placements);
    let list_limit = max_memory - arrays;
    // All ones: every entry BUILD_UNREACHED.
    let entries: Vec<AtomicU64> = (0..placements.div_ceil(BUILD_PER_WORD))
        .map(|_| AtomicU64::new(u64::MAX))
        .collect();
    let more = Mutex::new(Vec::new());
    let list_wanted = AtomicU64::new(0);
    let builder = TableBuilder {
        space: &space,
        entries: &entries,
        more: &more,
        more_from,
        list_limit,
        list_wanted: &list_wanted,
    };
    let mut bfs = NumberedBfs::new(&builder);
    if let Some(o) = observer {
        bfs = bfs.observer(o);
    }
    // The search's array is freed when `run` returns: the 4-bit table is allocated after.
    bfs.run(&[space.goal_rank()])?;
    let wanted = list_wanted.into_inner();
    if wanted > 0 {
        return Err(NumberedError::TooBig {
            needed: arrays + wanted,
            limit: max_memory,
        });
    }
    let mut table = vec![0u8; table_bytes_for(placements) as usize];
    // 42 entries are 2 words of build entries and 21 bytes of the table.
    const WORDS: usize = 1 << 12;
    let bytes = WORDS / 2 * 21;
    table
        .par_chunks_mut(bytes)
        .zip(entries.par_chunks(WORDS))
        .for_each(|(out, words)| {
            for (i, w) in words.iter().enumerate() {
                let w = w.load(Ordering::Relaxed);
                for slot in 0..BUILD_PER_WORD as usize {
                    let index = i * BUILD_PER_WORD as usize + slot;
                    let Some(byte) = out.get_mut(index / 2) else {
                        break;
                    };
                    let v = ((w >> (3 * slot)) & 7) as u8;
                    let nibble = if u64::from(v) == BUILD_UNREACHED {
                        UNREACHED
                    } else {
                        v
                    };
                    *byte = if index.is_multiple_of(2) {
                        (*byte & 0xF0) | nibble
                    } else {
                        (*byte & 0x0F) | (nibble << 4)
                    };
                }
            }
        });
    drop(entries);
    for packed in more.into_inner().unwrap_or_else(|e| e.into_inner()) {
        let (index, extra) = (packed >> 8, (packed & 0xFF) as u8);
        let shift = 4 * (index % 2);
        let byte = &mut table[(index / 2) as usize];
        *byte = (*byte & !(0xF << shift)) | (extra << shift);
    }
    Ok(table)
}

/// The search of [`build_group`]: the pattern space, whose states write their placement's
/// entry when expanded. The search expands every state once, at its depth, in order of
/// depth, so the first state of a placement expanded gives its least distance over the
/// blank's regions; and the state is decoded there anyway, for its successors.
struct TableBuilder<'a> {
    space: &'a PatternSpace,
    /// The 3-bit entries ([`BUILD_PER_WORD`]).
    entries: &'a [AtomicU64],
    /// Values of 6 or more: placement index << 8 | value.
    more: &'a Mutex<Vec<u64>>,
    /// The least value kept in `more` ([`BUILD_MORE`] but in tests).
    more_from: u8,
    /// The bytes `more` may take.
    list_limit: u64,
    /// The bytes `more` would have grown to past `list_limit` (0 while it has not; the
    /// build is then refused).
    list_wanted: &'a AtomicU64,
}

impl Numbered for TableBuilder<'_> {
    fn state_count(&self) -> u64 {
        self.space.state_count()
    }

    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        self.space.successor_ranks(rank, out);
    }

    #[inline]
    fn expand(&self, rank: u64, depth: u32, out: &mut Vec<u64>) {
        let space = self.space;
        let k = space.placements.k;
        let mut cells = [0u8; MAX_CELLS];
        let (pair, order) = space.decode(rank, &mut cells);
        let index = u64::from(space.set_of[pair]) * space.placements.orders + order;
        let shift = 3 * (index % BUILD_PER_WORD);
        let word = &self.entries[(index / BUILD_PER_WORD) as usize];
        // Most placements were written by a shallower state already (a placement has 2.75
        // states on average on 4x4): a plain load skips them.
        if (word.load(Ordering::Relaxed) >> shift) & 7 == BUILD_UNREACHED {
            let m = space.placements.manhattan(&cells[..k]);
            let extra = (depth.saturating_sub(m) / 2).min(u32::from(UNREACHED) - 1) as u8;
            let stored = u64::from(extra.min(self.more_from));
            // Other states of the placement expanded in this layer write the same value,
            // and an unreached entry is all ones: an AND writes it; the old word says
            // which call was first (the one that records a larger value).
            let old = word.fetch_and(!(7 << shift) | (stored << shift), Ordering::Relaxed);
            if (old >> shift) & 7 == BUILD_UNREACHED && extra >= self.more_from {
                let mut more = self.more.lock().unwrap_or_else(|e| e.into_inner());
                // A push that would make the list reallocate past its share of the budget
                // is not done: the build is refused when the search ends.
                let grown = if more.len() < more.capacity() {
                    more.capacity()
                } else {
                    (2 * more.capacity()).max(4)
                };
                if grown as u64 * 8 <= self.list_limit {
                    more.push(index << 8 | u64::from(extra));
                } else {
                    self.list_wanted
                        .fetch_max(grown as u64 * 8, Ordering::Relaxed);
                }
            }
        }
        space.successors(pair, order, &mut cells, out);
    }
}

/// A partition of the tiles into groups (internal tile numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// The groups, each a list of tiles.
    pub groups: Vec<Vec<u8>>,
}

/// Named partitions for `pdb:NAME`.
pub const PARTITION_NAMES: [&str; 4] = ["7-8", "6-6-3", "5-5-5", "6-6-6-6"];

impl Partition {
    /// Tiles in the order of their goal cells, row-major (the blank skipped).
    fn goal_order(puzzle: &SlidingPuzzle) -> Vec<u8> {
        puzzle
            .goal_tiles()
            .iter()
            .copied()
            .filter(|&t| t != 0)
            .collect()
    }

    /// Groups of the given sizes, filled with the tiles in the order of their goal cells
    /// (so each group is a compact block of the goal).
    pub fn of_sizes(puzzle: &SlidingPuzzle, sizes: &[usize]) -> Result<Partition, PdbError> {
        let order = Self::goal_order(puzzle);
        if sizes.iter().sum::<usize>() != order.len() {
            return Err(format!(
                "the partition {} does not cover the {} tiles of a {}x{} board",
                sizes
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("-"),
                order.len(),
                puzzle.rows(),
                puzzle.cols()
            )
            .into());
        }
        let mut groups = Vec::new();
        let mut rest = &order[..];
        for &s in sizes {
            groups.push(rest[..s].to_vec());
            rest = &rest[s..];
        }
        Ok(Partition { groups })
    }

    /// The partition of Korf and Felner for the 24-puzzle (their 6-6-6-6, symmetric about
    /// the main diagonal), written in goal cells of the blank-first goal and mapped to the
    /// tiles of `puzzle`'s goal.
    fn twenty_four(puzzle: &SlidingPuzzle) -> Partition {
        const CELLS: [[u8; 6]; 4] = [
            [1, 2, 5, 6, 7, 12],
            [3, 4, 8, 9, 13, 14],
            [10, 11, 15, 16, 20, 21],
            [17, 18, 19, 22, 23, 24],
        ];
        // The blank of Korf's goal is in cell 0; with another goal, cells shift so that
        // the blank's goal cell is left out.
        let blank = puzzle.goal_cells()[0];
        let groups = CELLS
            .iter()
            .map(|g| {
                g.iter()
                    .map(|&c| {
                        let cell = if c == blank { 0 } else { c };
                        puzzle.goal_tiles()[cell as usize]
                    })
                    .collect()
            })
            .collect();
        Partition { groups }
    }

    /// The best partition known here for the board's size: 7-8 on 4x4, 6-6-6-6 on 5x5,
    /// groups of at most 6 tiles in goal order elsewhere.
    pub fn best_for(puzzle: &SlidingPuzzle) -> Partition {
        match (puzzle.rows(), puzzle.cols()) {
            (4, 4) => Partition::of_sizes(puzzle, &[7, 8]).unwrap_or_else(|_| Self::chunks(puzzle)),
            (5, 5) => Self::twenty_four(puzzle),
            _ => Self::chunks(puzzle),
        }
    }

    fn chunks(puzzle: &SlidingPuzzle) -> Partition {
        Partition {
            groups: Self::goal_order(puzzle)
                .chunks(6)
                .map(<[u8]>::to_vec)
                .collect(),
        }
    }

    /// Reads `7-8`, `6-6-3`, `5-5-5`, `6-6-6-6` (on 5x5, Korf and Felner's groups), other
    /// sizes like `4-4-4-3`, or explicit groups of tile names: `1,2,3,4/5,6,7,8/...`.
    pub fn parse(puzzle: &SlidingPuzzle, text: &str) -> Result<Partition, PdbError> {
        let text = text.trim();
        if text == "6-6-6-6" && (puzzle.rows(), puzzle.cols()) == (5, 5) {
            return Ok(Self::twenty_four(puzzle));
        }
        if text.contains('/') || text.contains(',') {
            let mut groups = Vec::new();
            let mut seen = vec![false; puzzle.cells()];
            for group in text.split('/') {
                let mut tiles = Vec::new();
                for name in group.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let t = (1..puzzle.cells() as u8)
                        .find(|&t| puzzle.label(t) == name)
                        .ok_or_else(|| format!("no tile named '{name}' in the partition"))?;
                    if std::mem::replace(&mut seen[t as usize], true) {
                        return Err(
                            format!("tile '{name}' is in two groups of the partition").into()
                        );
                    }
                    tiles.push(t);
                }
                if tiles.is_empty() {
                    return Err("a group of the partition is empty".into());
                }
                groups.push(tiles);
            }
            return Ok(Partition { groups });
        }
        let sizes = text
            .split('-')
            .map(|s| s.trim().parse::<usize>().ok().filter(|&n| n > 0))
            .collect::<Option<Vec<usize>>>()
            .ok_or_else(|| {
                format!(
                    "bad partition '{text}' (expected {}, sizes like 4-4-4-3, or groups of tiles like 1,2,3/4,5,6)",
                    PARTITION_NAMES.join(", ")
                )
            })?;
        Partition::of_sizes(puzzle, &sizes)
    }

    /// The partition as the sizes of its groups: `7-8`.
    pub fn sizes(&self) -> String {
        self.groups
            .iter()
            .map(|g| g.len().to_string())
            .collect::<Vec<_>>()
            .join("-")
    }

    /// The partition with tile names: `1,2,3/4,5,6`.
    pub fn describe(&self, puzzle: &SlidingPuzzle) -> String {
        self.groups
            .iter()
            .map(|g| {
                g.iter()
                    .map(|&t| puzzle.label(t))
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Bytes of all the tables (4 bits an entry).
    pub fn table_bytes(&self, puzzle: &SlidingPuzzle) -> u64 {
        self.groups
            .iter()
            .map(|g| group_table_bytes(puzzle, g.len()))
            .sum()
    }

    /// The order in which the groups are built: the largest search first, so that its
    /// array lives beside its own table only.
    fn build_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.groups.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.groups[i].len()));
        order
    }

    /// The most memory the build needs at once: over the groups in their build order, the
    /// tables built before and the group's own peak: its search's array (2 bits a state of
    /// its [`PatternSpace`]) beside its 3-bit build entries, or those beside its table.
    pub fn build_peak_bytes(&self, puzzle: &SlidingPuzzle) -> u64 {
        let mut done = 0u64;
        let mut peak = 0u64;
        for i in self.build_order() {
            let g = &self.groups[i];
            let space = PatternSpace::new(puzzle, g);
            peak = peak.max(done + build_group_peak_bytes(&space));
            done += group_table_bytes(puzzle, g.len());
        }
        peak
    }
}

/// Bytes of the table of a group of `k` tiles.
fn group_table_bytes(puzzle: &SlidingPuzzle, k: usize) -> u64 {
    table_bytes_for(permutations(puzzle.cells() as u64, k as u64))
}

/// One group's table.
#[derive(Clone, Debug)]
struct Group {
    tiles: Vec<u8>,
    placements: Placements,
    table: Arc<[u8]>,
}

/// How a cell and tile map to their mirror images about the main diagonal.
#[derive(Clone, Debug)]
struct Mirror {
    cell: Vec<u8>,
    tile: Vec<u8>,
}

/// The heuristic of a pattern database: the sum of the groups' tables, the larger of the
/// board's and its mirror image's when the goal allows; or, for the exact table of a
/// small board, the distance itself.
#[derive(Clone, Debug)]
pub struct PatternDatabase {
    cells: usize,
    /// Tells databases apart in the per-thread cache of recent values (clones share it:
    /// they share the tables).
    id: u64,
    kind: Kind,
}

/// The source of [`PatternDatabase`] ids; 0 marks an empty cache slot.
static NEXT_DATABASE_ID: AtomicU64 = AtomicU64::new(1);

fn next_database_id() -> u64 {
    NEXT_DATABASE_ID.fetch_add(1, Ordering::Relaxed)
}

/// How many slots the per-thread cache of recent values has (a power of two).
const RECENT_SLOTS: usize = 1024;
/// The most groups whose values a cache slot holds (per orientation).
const RECENT_GROUPS: usize = 8;
/// The most cells of a board whose tiles' cells a slot holds.
const RECENT_CELLS: usize = 32;

/// The values of each group, direct then mirrored, of one recent board, and the cell of
/// each tile (decoding the packed board is a third of an update's work).
#[derive(Clone, Copy)]
struct Recent {
    database: u64,
    cells: u128,
    values: [u8; 2 * RECENT_GROUPS],
    pos: [u8; RECENT_CELLS],
}

impl Recent {
    const EMPTY: Recent = Recent {
        database: 0,
        cells: 0,
        values: [0; 2 * RECENT_GROUPS],
        pos: [0; RECENT_CELLS],
    };
}

thread_local! {
    /// The group values of the boards an in-place search has evaluated lately, so that a
    /// child's value costs the lookups of the moved tile's group alone (see
    /// [`PatternDatabase::update_in_place`]). Direct-mapped: a slot holds the last board
    /// hashed to it.
    static RECENT: RefCell<[Recent; RECENT_SLOTS]> =
        const { RefCell::new([Recent::EMPTY; RECENT_SLOTS]) };
}

#[inline]
fn recent_slot(database: u64, cells: u128) -> usize {
    let folded = (cells as u64) ^ ((cells >> 64) as u64).rotate_left(29) ^ database;
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - RECENT_SLOTS.trailing_zeros())) as usize
}

#[derive(Clone, Debug)]
enum Kind {
    Additive {
        groups: Vec<Group>,
        /// The group of each tile (usize::MAX for none).
        group_of: Vec<usize>,
        mirror: Option<Mirror>,
    },
    Exact {
        boards: FullBoards,
        distance: Arc<[u8]>,
    },
}

impl PatternDatabase {
    /// The additive heuristic of `partition` from its tables, in the order of its groups.
    /// Reflection is used when `reflect` is asked and the goal is symmetric. A table given
    /// as an `Arc<[u8]>` ([`load_or_build`]) is kept as it is; a `Vec<u8>` is copied once.
    pub fn additive<T: Into<Arc<[u8]>>>(
        puzzle: &SlidingPuzzle,
        partition: &Partition,
        tables: Vec<T>,
        reflect: bool,
    ) -> PatternDatabase {
        let mut group_of = vec![usize::MAX; puzzle.cells()];
        for (i, g) in partition.groups.iter().enumerate() {
            for &t in g {
                group_of[t as usize] = i;
            }
        }
        let groups = partition
            .groups
            .iter()
            .zip(tables)
            .map(|(g, t)| Group {
                tiles: g.clone(),
                placements: Placements::new(puzzle, g),
                table: t.into(),
            })
            .collect();
        let mirror = if reflect { mirror_of(puzzle) } else { None };
        PatternDatabase {
            cells: puzzle.cells(),
            id: next_database_id(),
            kind: Kind::Additive {
                groups,
                group_of,
                mirror,
            },
        }
    }

    /// The exact distance table of a small board (all its boards, a byte each), built
    /// here: a perfect heuristic. Refused above 12 cells.
    pub fn exact(puzzle: &SlidingPuzzle) -> Result<PatternDatabase, PdbError> {
        if puzzle.cells() > 12 {
            return Err("an exact table is built for boards of 12 cells at most".into());
        }
        let boards = FullBoards::new(puzzle)?;
        let goal = boards.rank_tiles(puzzle.goal_tiles());
        let report = NumberedBfs::new(&boards)
            .encoding(Encoding::Byte)
            .run(&[goal])?;
        let distance = report
            .table
            .map(|t| t.bytes().to_vec())
            .unwrap_or_default()
            .into();
        Ok(PatternDatabase {
            cells: puzzle.cells(),
            id: next_database_id(),
            kind: Kind::Exact { boards, distance },
        })
    }

    /// Whether the mirror image is looked up too.
    pub fn reflects(&self) -> bool {
        matches!(
            &self.kind,
            Kind::Additive {
                mirror: Some(_),
                ..
            }
        )
    }

    /// The value of the board given as the cell of each tile (`pos[t]`).
    #[inline]
    fn sum(groups: &[Group], pos: &[u8]) -> u32 {
        groups.iter().map(|g| Self::lookup(g, pos)).sum()
    }

    #[inline]
    fn lookup(g: &Group, pos: &[u8]) -> u32 {
        let mut cells = [0u8; MAX_CELLS];
        for (i, &t) in g.tiles.iter().enumerate() {
            cells[i] = pos[t as usize];
        }
        g.placements.value(&g.table, &cells[..g.tiles.len()])
    }

    /// The heuristic's value on a board given as tiles row-major.
    pub fn value_of_tiles(&self, tiles: &[u8]) -> u32 {
        let mut pos = [0u8; MAX_CELLS];
        for (cell, &t) in tiles.iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        self.value_of_positions(&pos[..self.cells], tiles)
    }

    fn value_of_positions(&self, pos: &[u8], tiles: &[u8]) -> u32 {
        match &self.kind {
            Kind::Exact { boards, distance } => {
                u32::from(distance[boards.rank_tiles(tiles) as usize])
            }
            Kind::Additive { groups, mirror, .. } => {
                let direct = Self::sum(groups, pos);
                match mirror {
                    None => direct,
                    Some(m) => {
                        let mut mirrored = [0u8; MAX_CELLS];
                        for (t, &c) in pos.iter().enumerate() {
                            mirrored[m.tile[t] as usize] = m.cell[c as usize];
                        }
                        direct.max(Self::sum(groups, &mirrored[..pos.len()]))
                    }
                }
            }
        }
    }

    /// The value of the board `m` leads to from `parent` ([`InPlaceHeuristic`]).
    ///
    /// With reflection the value is the larger of two sums, and the parent's value alone
    /// does not say how the move changes it. The in-place searches pass nothing else, so
    /// the group values of recently evaluated boards are kept per thread, keyed by the
    /// board: the parent, evaluated just before its children in a depth-first search, is
    /// nearly always there, and the child then costs one lookup per orientation (the moved
    /// tile's group), not one per group and orientation (8 on the 24-puzzle). A board not
    /// found is evaluated in full; the value is the same either way.
    fn child_value<C: Cells>(&self, parent: &Board<C>, m: &Move) -> u32 {
        let Kind::Additive {
            groups,
            group_of,
            mirror,
        } = &self.kind
        else {
            return self.value(&parent.apply(*m));
        };
        let (Some(key), true) = (
            parent.cells.as_u128(),
            groups.len() <= RECENT_GROUPS && self.cells <= RECENT_CELLS,
        ) else {
            return self.value(&parent.apply(*m));
        };
        let n = groups.len();
        let child = parent.cells.slide(m.tile, m.from as usize, m.to as usize);
        let child_key = child.as_u128().unwrap_or_default();
        RECENT.with_borrow_mut(|recent| {
            let slot = &recent[recent_slot(self.id, key)];
            let (mut values, mut pos) = if slot.database == self.id && slot.cells == key {
                (slot.values, slot.pos)
            } else {
                let mut pos = [0u8; RECENT_CELLS];
                for cell in 0..self.cells {
                    pos[parent.cells.get(cell) as usize] = cell as u8;
                }
                let mut values = [0u8; 2 * RECENT_GROUPS];
                for (v, g) in values.iter_mut().zip(groups) {
                    *v = Self::lookup(g, &pos) as u8;
                }
                if let Some(mr) = mirror {
                    for (v, g) in values[RECENT_GROUPS..].iter_mut().zip(groups) {
                        *v = Self::lookup_mirrored(g, &pos, mr) as u8;
                    }
                }
                (values, pos)
            };
            pos[m.tile as usize] = m.to;
            pos[0] = m.from;
            let g = group_of[m.tile as usize];
            if g != usize::MAX {
                values[g] = Self::lookup(&groups[g], &pos) as u8;
            }
            let mut best = values[..n].iter().map(|&v| u32::from(v)).sum::<u32>();
            if let Some(mr) = mirror {
                let gm = group_of[mr.tile[m.tile as usize] as usize];
                if gm != usize::MAX {
                    values[RECENT_GROUPS + gm] = Self::lookup_mirrored(&groups[gm], &pos, mr) as u8;
                }
                let mirrored = values[RECENT_GROUPS..RECENT_GROUPS + n]
                    .iter()
                    .map(|&v| u32::from(v))
                    .sum::<u32>();
                best = best.max(mirrored);
            }
            recent[recent_slot(self.id, child_key)] = Recent {
                database: self.id,
                cells: child_key,
                values,
                pos,
            };
            best
        })
    }

    /// The value of group `g` on the mirror image of the board whose tiles are on `pos`:
    /// the mirror image's tile `u` stands on the mirror of the cell of tile `mirror.tile[u]`
    /// (the reflection is its own inverse).
    #[inline]
    fn lookup_mirrored(g: &Group, pos: &[u8], mirror: &Mirror) -> u32 {
        let mut cells = [0u8; MAX_CELLS];
        for (i, &u) in g.tiles.iter().enumerate() {
            cells[i] = mirror.cell[pos[mirror.tile[u as usize] as usize] as usize];
        }
        g.placements.value(&g.table, &cells[..g.tiles.len()])
    }

    fn value<C: Cells>(&self, board: &Board<C>) -> u32 {
        let mut pos = [0u8; MAX_CELLS];
        let mut tiles = [0u8; MAX_CELLS];
        for (cell, tile) in tiles.iter_mut().enumerate().take(self.cells) {
            *tile = board.cells.get(cell);
            pos[*tile as usize] = cell as u8;
        }
        self.value_of_positions(&pos[..self.cells], &tiles[..self.cells])
    }
}

impl<C: Cells> Heuristic<Board<C>, Move> for PatternDatabase {
    fn estimate(&self, board: &Board<C>) -> f64 {
        f64::from(self.value(board))
    }

    /// Without reflection only the moved tile's group changes: its entry before and after
    /// the move replace each other in the parent's sum (two lookups). With reflection the
    /// heuristic is a maximum of two sums, which the parent's value does not split, so
    /// both sums are recomputed (for 7-8, four lookups: as many as the incremental form
    /// would need for the two sums).
    #[inline]
    fn update(&self, parent: &Board<C>, parent_h: f64, m: &Move, child: &Board<C>) -> f64 {
        if let Kind::Additive {
            groups,
            group_of,
            mirror: None,
        } = &self.kind
        {
            let g = group_of[m.tile as usize];
            if g == usize::MAX {
                return parent_h;
            }
            let mut pos = [0u8; MAX_CELLS];
            for cell in 0..self.cells {
                pos[parent.cells.get(cell) as usize] = cell as u8;
            }
            let before = Self::lookup(&groups[g], &pos[..self.cells]);
            pos[m.tile as usize] = m.to;
            let after = Self::lookup(&groups[g], &pos[..self.cells]);
            return parent_h - f64::from(before) + f64::from(after);
        }
        f64::from(self.value(child))
    }
}

impl<C: Cells> InPlaceHeuristic<Board<C>, Move, u32> for PatternDatabase {
    #[inline]
    fn update_in_place(&self, parent: &Board<C>, _: u32, m: &Move) -> u32 {
        self.child_value(parent, m)
    }
}

/// The reflection about the main diagonal, when it maps the goal onto itself up to the
/// names of the tiles: a square board whose blank's goal cell is on the diagonal.
fn mirror_of(puzzle: &SlidingPuzzle) -> Option<Mirror> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    if rows != cols {
        return None;
    }
    let n = puzzle.cells();
    let cell: Vec<u8> = (0..n)
        .map(|c| ((c % cols) * cols + c / cols) as u8)
        .collect();
    let goal = puzzle.goal_cells();
    if cell[goal[0] as usize] != goal[0] {
        return None;
    }
    let tile = (0..n)
        .map(|t| puzzle.goal_tiles()[cell[goal[t] as usize] as usize])
        .collect();
    Some(Mirror { cell, tile })
}

/// Where and how a table came to be loaded.
#[derive(Clone, Debug)]
pub enum Source {
    /// Read from the cache file.
    Cached,
    /// Built now (no file, or the file was unusable: the reason).
    Built(Option<String>),
}

/// A progress event of [`load_or_build`].
#[derive(Clone, Copy, Debug)]
pub enum Progress {
    /// Building group `group` (0-based) of `groups`, `tiles` tiles.
    Group {
        /// Which group.
        group: usize,
        /// How many groups.
        groups: usize,
        /// Tiles in the group.
        tiles: usize,
    },
    /// A layer of the current group's search is done.
    Layer(LayerDone),
}

/// The key a table file records: board size, goal, partition, format of the payload.
pub fn cache_key(puzzle: &SlidingPuzzle, partition: &Partition) -> String {
    format!(
        "sliding-pdb/2 size {}x{} goal {} partition {}",
        puzzle.rows(),
        puzzle.cols(),
        puzzle.goal_grid().one_line(),
        partition.describe(puzzle)
    )
}

/// The file name of a partition's tables in a cache directory: readable size and sizes,
/// and a hash of the key (goal and tiles) so that tables of different goals coexist.
pub fn cache_file(dir: &Path, puzzle: &SlidingPuzzle, partition: &Partition) -> PathBuf {
    let key = cache_key(puzzle, partition);
    dir.join(format!(
        "pdb-{}x{}-{}-{:016x}.table",
        puzzle.rows(),
        puzzle.cols(),
        partition.sizes(),
        cache::checksum(key.as_bytes())
    ))
}

/// The default directory of the pattern databases, from the environment values given:
/// `pdb` in resolu's cache directory ([`cache::default_dir`]), so
/// `$XDG_CACHE_HOME/resolu/pdb`, else `$HOME/.cache/resolu/pdb`.
pub fn default_dir(
    xdg_cache_home: Option<&std::ffi::OsStr>,
    home: Option<&std::ffi::OsStr>,
) -> Option<PathBuf> {
    cache::default_dir(xdg_cache_home, home).map(|d| d.join("pdb"))
}

/// Builds every table of `partition`, in the order of its groups, concatenated.
pub fn build_tables(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<Vec<u8>>, PdbError> {
    check_size(puzzle)?;
    let needed = partition.build_peak_bytes(puzzle);
    if needed > max_memory {
        return Err(NumberedError::TooBig {
            needed,
            limit: max_memory,
        }
        .into());
    }
    let layer = |l: LayerDone| progress(Progress::Layer(l));
    let mut tables = vec![Vec::new(); partition.groups.len()];
    // What the tables built so far hold is not the next group's to use.
    let mut done = 0u64;
    for i in partition.build_order() {
        let g = &partition.groups[i];
        progress(Progress::Group {
            group: i,
            groups: partition.groups.len(),
            tiles: g.len(),
        });
        tables[i] = build_group(puzzle, g, max_memory.saturating_sub(done), Some(&layer))?;
        done += tables[i].len() as u64;
    }
    Ok(tables)
}

fn check_size(puzzle: &SlidingPuzzle) -> Result<(), PdbError> {
    if puzzle.cells() > MAX_CELLS {
        return Err(format!("pattern databases take boards of {MAX_CELLS} cells at most").into());
    }
    Ok(())
}

/// Builds the tables and writes them to `path` (through a temporary file); returns them.
pub fn build_and_store(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    path: &Path,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<Vec<u8>>, PdbError> {
    let started = Instant::now();
    let tables = build_tables(puzzle, partition, max_memory, progress)?;
    // The tables are written one after the other: a concatenated copy would double the
    // memory at the end of the build (288 MB more for 7-8, above its search's peak).
    let parts: Vec<&[u8]> = tables.iter().map(Vec::as_slice).collect();
    cache::write_parts(
        path,
        &cache_key(puzzle, partition),
        started.elapsed().as_millis() as u64,
        &parts,
    )?;
    Ok(tables)
}

/// The tables of a partition as read or loaded, one per group in the partition's order,
/// shared with the heuristics that use them.
pub type Tables = Vec<Arc<[u8]>>;

/// Reads the tables of `partition` from `path`, checked, each group's table straight into
/// its own memory.
pub fn read_tables(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    path: &Path,
) -> Result<Tables, CacheError> {
    // The header and the file's size are checked before anything is allocated: a missing,
    // foreign or short file must not cost the tables' memory (a 15-tile pattern's would be
    // 10 TB, which no allocator gives).
    let key = cache_key(puzzle, partition);
    let header = cache::read_header_of(path)?;
    if header.key != key {
        return Err(CacheError::KeyMismatch {
            path: path.to_path_buf(),
            found: header.key,
            expected: key,
        });
    }
    let total: u64 = partition
        .groups
        .iter()
        .map(|g| group_table_bytes(puzzle, g.len()))
        .sum();
    let on_disk = std::fs::metadata(path).map_or(0, |m| m.len());
    if header.len != total {
        return Err(CacheError::Corrupt(path.to_path_buf()));
    }
    if on_disk < total {
        return Err(CacheError::Truncated(path.to_path_buf()));
    }
    // Each group's table is allocated where it will live and read into it: no payload
    // buffer beside the tables, and no copy into the `Arc` the heuristic keeps (the 7-8
    // tables are 288 MB). Collecting a sized iterator builds the `Arc` in place.
    let mut tables: Vec<Arc<[u8]>> = partition
        .groups
        .iter()
        .map(|g| {
            (0..group_table_bytes(puzzle, g.len()))
                .map(|_| 0u8)
                .collect()
        })
        .collect();
    let mut parts: Vec<&mut [u8]> = tables.iter_mut().filter_map(|t| Arc::get_mut(t)).collect();
    cache::read_parts(path, &key, &mut parts)?;
    Ok(tables)
}

/// The tables of `partition`, read from `dir` when a good file is there, else built,
/// stored and returned; [`Source`] says which (and why a file was not used).
pub fn load_or_build(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    dir: &Path,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Tables, Source), PdbError> {
    check_size(puzzle)?;
    let path = cache_file(dir, puzzle, partition);
    match read_tables(puzzle, partition, &path) {
        Ok(t) => Ok((t, Source::Cached)),
        Err(e) => {
            let why = match e {
                CacheError::Missing(_) => None,
                other => Some(other.to_string()),
            };
            let t = build_and_store(puzzle, partition, &path, max_memory, progress)?;
            Ok((t.into_iter().map(Arc::from).collect(), Source::Built(why)))
        }
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sizes())
    }
}

/// Pattern databases made available to [`super::heuristics::TileHeuristic::new`] by goal:
/// callers that load tables (from disk, with progress shown) install them here, so code
/// that only names the heuristic `pdb` finds them.
static INSTALLED: Mutex<Vec<(usize, Vec<u8>, PatternDatabase)>> = Mutex::new(Vec::new());

/// Makes `db` the pattern database of `puzzle`'s size and goal for
/// [`super::heuristics::HeuristicName::Pdb`].
pub fn install(puzzle: &SlidingPuzzle, db: PatternDatabase) {
    let mut installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    installed.retain(|(rows, goal, _)| !(*rows == puzzle.rows() && goal == puzzle.goal_tiles()));
    installed.push((puzzle.rows(), puzzle.goal_tiles().to_vec(), db));
}

/// The pattern database installed for `puzzle`'s size and goal, if any.
pub fn installed(puzzle: &SlidingPuzzle) -> Option<PatternDatabase> {
    let installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    installed
        .iter()
        .find(|(rows, goal, _)| *rows == puzzle.rows() && goal == puzzle.goal_tiles())
        .map(|(_, _, db)| db.clone())
}

impl PatternDatabase {
    /// The best heuristic of this module for `puzzle`, built in memory (no cache): the
    /// exact table up to 10 cells, else the additive tables of
    /// [`Partition::best_for`] with reflection.
    pub fn best_in_memory(
        puzzle: &SlidingPuzzle,
        max_memory: u64,
    ) -> Result<PatternDatabase, PdbError> {
        if puzzle.cells() <= 10 {
            return PatternDatabase::exact(puzzle);
        }
        let partition = Partition::best_for(puzzle);
        let tables = build_tables(puzzle, &partition, max_memory, &|_| ())?;
        Ok(PatternDatabase::additive(puzzle, &partition, tables, true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::{Goal, Grid};

    /// The values above 5 go through the list of larger values; no small board has any,
    /// so the list is tested by sending lower values through it: the tables must not
    /// change (they are checked against an independent search in tests/pdb.rs).
    #[test]
    fn values_kept_in_the_list_give_the_same_table() {
        let puzzle = SlidingPuzzle::new(
            &Grid::parse("1 2 3 4/5 6 7 8/9 10 11 _").unwrap(),
            Goal::Standard,
        )
        .unwrap();
        for tiles in [&[1u8, 2, 5, 6, 9][..], &[3, 4, 7, 8, 10, 11]] {
            let plain = build_group(&puzzle, tiles, u64::MAX, None).unwrap();
            let values: Vec<u8> = plain.iter().flat_map(|b| [b & 0xF, b >> 4]).collect();
            assert!(values.iter().any(|&v| v >= 2), "values of 2 or more");
            for more_from in 0..=BUILD_MORE {
                let listed =
                    build_group_listing_from(&puzzle, tiles, u64::MAX, None, more_from).unwrap();
                assert_eq!(listed, plain, "values from {more_from} listed");
            }
        }
    }

    /// The list of large values counts against the budget: with every value listed, a
    /// budget that holds the arrays and the list's reserve but not the whole list refuses
    /// the build, and one that holds the list gives the same table.
    #[test]
    fn the_list_of_large_values_counts_against_the_budget() {
        let puzzle = SlidingPuzzle::new(
            &Grid::parse("1 2 3 4/5 6 7 8/9 10 11 _").unwrap(),
            Goal::Standard,
        )
        .unwrap();
        let tiles = [3u8, 4, 7, 8, 10, 11];
        let space = PatternSpace::new(&puzzle, &tiles);
        let peak = build_group_peak_bytes(&space);
        let refused = build_group_listing_from(&puzzle, &tiles, peak, None, 0).unwrap_err();
        assert!(
            matches!(refused, NumberedError::TooBig { needed, limit } if limit == peak && needed > peak),
            "{refused:?}"
        );
        // Every placement listed: at most twice their number of 8-byte entries.
        let roomy = peak + 16 * space.placements();
        let listed = build_group_listing_from(&puzzle, &tiles, roomy, None, 0).unwrap();
        assert_eq!(listed, build_group(&puzzle, &tiles, peak, None).unwrap());
    }

    /// Each entry of the reorder table is the rank of the indices after the move, worked
    /// out by sorting the cells again.
    #[test]
    fn the_reorder_table_matches_sorting_the_cells_again() {
        for k in 1..=5usize {
            let table = reorder_table(k);
            let orders: u64 = (1..=k as u64).product();
            for order in 0..orders {
                let index = unrank_partial_permutation_vec(order, k);
                for i in 0..k {
                    for b in 0..k {
                        // Tile i goes to just below the b-th smallest of the others (or
                        // above them all): positions as half-integers, then re-ranked.
                        let mut keys: Vec<(i32, usize)> = (0..k)
                            .filter(|&j| j != i)
                            .map(|j| (2 * i32::from(index[j]), j))
                            .collect();
                        keys.sort_unstable();
                        let slot = if b < keys.len() {
                            keys[b].0 - 1
                        } else {
                            2 * k as i32
                        };
                        keys.push((slot, i));
                        keys.sort_unstable();
                        let mut moved = vec![0u8; k];
                        for (new_index, &(_, j)) in keys.iter().enumerate() {
                            moved[j] = new_index as u8;
                        }
                        assert_eq!(moved[i], b as u8);
                        assert_eq!(
                            u64::from(table[((order as usize) * k + i) * k + b]),
                            rank_partial_permutation(&moved, k as u32)
                        );
                    }
                }
            }
        }
    }

    /// The order's rank by packed comparisons (up to 8 tiles) or by slices (more) is the
    /// rank of the partial permutation of the tiles' ranks within their set of cells, and
    /// the placement's index, by one pass (up to 8) or two, is the set's rank and the
    /// order's.
    #[test]
    fn the_order_rank_is_the_rank_of_the_ranks_within_the_set() {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let puzzle = SlidingPuzzle::new(
            &Grid::parse("1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 _")
                .unwrap(),
            Goal::Standard,
        )
        .unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut all: Vec<u8> = (0..25).collect();
        for k in 1..=12usize {
            let tiles: Vec<u8> = (1..=k as u8).collect();
            let placements = Placements::new(&puzzle, &tiles);
            for _ in 0..300 {
                all.shuffle(&mut rng);
                let cells = &all[..k];
                let within: Vec<u8> = cells
                    .iter()
                    .map(|&c| cells.iter().filter(|&&d| d < c).count() as u8)
                    .collect();
                let order = rank_partial_permutation(&within, k as u32);
                assert_eq!(placements.order_rank(cells), order, "{cells:?}");
                let mask = cells.iter().fold(0u64, |m, &c| m | 1 << c);
                let set = placements.set_rank(mask);
                assert_eq!(placements.index(cells), set * placements.orders + order);
            }
        }
    }

    fn unrank_partial_permutation_vec(order: u64, k: usize) -> Vec<u8> {
        let mut index = [0u8; MAX_CELLS];
        unrank_into(order, k, k as u32, &mut index);
        index[..k].to_vec()
    }
}
