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
//! (moves of the other tiles). The region is named by its smallest cell, so a state is a
//! (k+1)-permutation of the cells (the group's cells, then that cell) and the space is
//! numbered with no hash table. Every abstract move (a tile of the group slides into a
//! cell of the blank's region) costs 1, so a plain BFS with 2 bits a state finds the
//! distances; each state reached writes its depth into the placement's entry (a byte,
//! the least over the blank's regions, kept by an atomic minimum).
//!
//! Lookups rank the cells of each group's tiles ([`rank_partial_permutation`]); with a
//! goal symmetric about the main diagonal (a square board whose blank's goal cell is on
//! the diagonal), the board mirrored about the diagonal is looked up too and the larger
//! sum kept.
//!
//! ```
//! use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle, pdb};
//! let puzzle = SlidingPuzzle::new(&Grid::parse("123/456/78_").unwrap(), Goal::Standard).unwrap();
//! let census = pdb::census(&puzzle, u64::MAX, None).unwrap();
//! assert_eq!(census.reached(), 181_440);
//! assert_eq!(census.eccentricity(), 31);
//! ```

use super::{Board, Cells, Move, SlidingPuzzle};
use crate::cache::{self, CacheError};
use resolu_search::Heuristic;
use resolu_search::numbered::{
    BfsReport, Encoding, LayerDone, Numbered, NumberedBfs, NumberedError, permutations,
    rank_partial_permutation,
};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
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
/// [`FullBoards`], 2 bits a board, refused when that needs more than `max_memory` bytes.
pub fn census(
    puzzle: &SlidingPuzzle,
    max_memory: u64,
    observer: Option<&(dyn Fn(LayerDone) + Sync)>,
) -> Result<BfsReport, PdbError> {
    let boards = FullBoards::new(puzzle)?;
    let goal = boards.rank_tiles(puzzle.goal_tiles());
    let mut bfs = NumberedBfs::new(&boards).max_memory_bytes(max_memory);
    if let Some(o) = observer {
        bfs = bfs.observer(o);
    }
    Ok(bfs.run(&[goal])?)
}

/// The abstract space of one group of tiles: (cells of the group's tiles, smallest cell of
/// the blank's region), numbered as a partial permutation of the cells. See the [module
/// documentation](self).
#[derive(Clone, Debug)]
pub struct PatternSpace {
    geometry: Geometry,
    tiles: Vec<u8>,
    goal_cells: Vec<u8>,
    blank_goal: u8,
}

impl PatternSpace {
    /// The space of `tiles` (internal numbers) in `puzzle`.
    pub fn new(puzzle: &SlidingPuzzle, tiles: &[u8]) -> PatternSpace {
        PatternSpace {
            geometry: Geometry::new(puzzle),
            tiles: tiles.to_vec(),
            goal_cells: tiles
                .iter()
                .map(|&t| puzzle.goal_cells()[t as usize])
                .collect(),
            blank_goal: puzzle.goal_cells()[0],
        }
    }

    /// The number of placements of the group: the entries of its table.
    pub fn placements(&self) -> u64 {
        permutations(self.geometry.cells as u64, self.tiles.len() as u64)
    }

    /// The goal state: the group on its goal cells, the blank in the region of its goal
    /// cell.
    pub fn goal_rank(&self) -> u64 {
        let k = self.tiles.len();
        let occupied = self.goal_cells.iter().fold(0u64, |m, &c| m | 1 << c);
        let free = self.geometry.all & !occupied;
        let region = self.geometry.flood(1 << self.blank_goal, free);
        let mut cells = self.goal_cells.clone();
        cells.push(region.trailing_zeros() as u8);
        let _ = k;
        rank_partial_permutation(&cells, self.geometry.cells as u32)
    }
}

impl Numbered for PatternSpace {
    fn state_count(&self) -> u64 {
        permutations(self.geometry.cells as u64, self.tiles.len() as u64 + 1)
    }

    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        let (n, k) = (self.geometry.cells, self.tiles.len());
        let mut cells = [0u8; MAX_CELLS];
        unrank_into(rank, k + 1, n as u32, &mut cells);
        let occupied = cells[..k].iter().fold(0u64, |m, &c| m | 1 << c);
        let free = self.geometry.all & !occupied;
        let region = self.geometry.flood(1 << cells[k], free);
        if region.trailing_zeros() != u32::from(cells[k]) {
            // Not the canonical name of its region: a rank no state has.
            return;
        }
        for i in 0..k {
            let from = cells[i];
            for &to in &self.geometry.neighbours[from as usize] {
                if region & (1 << to) == 0 {
                    continue;
                }
                let after = (free & !(1 << to)) | (1 << from);
                let new_region = self.geometry.flood(1 << from, after);
                cells[i] = to;
                cells[k] = new_region.trailing_zeros() as u8;
                out.push(rank_partial_permutation(&cells[..=k], n as u32));
            }
            cells[i] = from;
        }
    }
}

/// Builds the table of one group: for each placement (ranked as a partial permutation of
/// the cells, in the order of `tiles`), the fewest moves of those tiles to their goal
/// cells. Refused when the search's array would exceed `max_memory` bytes.
pub fn build_group(
    puzzle: &SlidingPuzzle,
    tiles: &[u8],
    max_memory: u64,
    observer: Option<&(dyn Fn(LayerDone) + Sync)>,
) -> Result<Vec<u8>, NumberedError> {
    let space = PatternSpace::new(puzzle, tiles);
    let free_cells = (space.geometry.cells - tiles.len()) as u64;
    let placements = space.placements();
    let bfs_bytes = Encoding::TwoBits.bytes_for(space.state_count());
    if bfs_bytes.saturating_add(placements) > max_memory {
        return Err(NumberedError::TooBig {
            needed: bfs_bytes + placements,
            limit: max_memory,
        });
    }
    let table: Vec<AtomicU8> = (0..placements).map(|_| AtomicU8::new(u8::MAX)).collect();
    let record = |rank: u64, depth: u32| {
        let d = depth.min(254) as u8;
        table[(rank / free_cells) as usize].fetch_min(d, Ordering::Relaxed);
    };
    let mut bfs = NumberedBfs::new(&space).on_reached(&record);
    if let Some(o) = observer {
        bfs = bfs.observer(o);
    }
    bfs.run(&[space.goal_rank()])?;
    Ok(table.into_iter().map(AtomicU8::into_inner).collect())
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

    /// Entries of all the tables (one byte each).
    pub fn table_bytes(&self, puzzle: &SlidingPuzzle) -> u64 {
        self.groups
            .iter()
            .map(|g| permutations(puzzle.cells() as u64, g.len() as u64))
            .sum()
    }

    /// The memory the largest group's build needs, beside the tables.
    pub fn build_bytes(&self, puzzle: &SlidingPuzzle) -> u64 {
        self.groups
            .iter()
            .map(|g| {
                Encoding::TwoBits.bytes_for(permutations(puzzle.cells() as u64, g.len() as u64 + 1))
            })
            .max()
            .unwrap_or(0)
    }
}

/// One group's table.
#[derive(Clone, Debug)]
struct Group {
    tiles: Vec<u8>,
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
    kind: Kind,
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
    /// Reflection is used when `reflect` is asked and the goal is symmetric.
    pub fn additive(
        puzzle: &SlidingPuzzle,
        partition: &Partition,
        tables: Vec<Vec<u8>>,
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
                table: t.into(),
            })
            .collect();
        let mirror = if reflect { mirror_of(puzzle) } else { None };
        PatternDatabase {
            cells: puzzle.cells(),
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
        let n = (pos.len()) as u32;
        u32::from(g.table[rank_partial_permutation(&cells[..g.tiles.len()], n) as usize])
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
        "sliding-pdb/1 size {}x{} goal {} partition {}",
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
    let tables_bytes = partition.table_bytes(puzzle);
    let needed = tables_bytes + partition.build_bytes(puzzle);
    if needed > max_memory {
        return Err(NumberedError::TooBig {
            needed,
            limit: max_memory,
        }
        .into());
    }
    let layer = |l: LayerDone| progress(Progress::Layer(l));
    let mut tables = Vec::new();
    for (i, g) in partition.groups.iter().enumerate() {
        progress(Progress::Group {
            group: i,
            groups: partition.groups.len(),
            tiles: g.len(),
        });
        tables.push(build_group(puzzle, g, u64::MAX, Some(&layer))?);
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
    let payload = tables.concat();
    cache::write(
        path,
        &cache_key(puzzle, partition),
        started.elapsed().as_millis() as u64,
        &payload,
    )?;
    Ok(tables)
}

/// Reads the tables of `partition` from `path`, checked; splits the payload by group.
pub fn read_tables(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    path: &Path,
) -> Result<Vec<Vec<u8>>, CacheError> {
    let table = cache::read(path, &cache_key(puzzle, partition))?;
    if table.payload.len() as u64 != partition.table_bytes(puzzle) {
        return Err(CacheError::Corrupt(path.to_path_buf()));
    }
    let mut rest = &table.payload[..];
    Ok(partition
        .groups
        .iter()
        .map(|g| {
            let len = permutations(puzzle.cells() as u64, g.len() as u64) as usize;
            let (head, tail) = rest.split_at(len);
            rest = tail;
            head.to_vec()
        })
        .collect())
}

/// The tables of `partition`, read from `dir` when a good file is there, else built,
/// stored and returned; [`Source`] says which (and why a file was not used).
pub fn load_or_build(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    dir: &Path,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Vec<Vec<u8>>, Source), PdbError> {
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
            Ok((t, Source::Built(why)))
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
