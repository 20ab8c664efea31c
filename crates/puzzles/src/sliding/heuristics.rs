//! Admissible heuristics of the sliding-tile puzzle, each updated incrementally from the
//! parent's value when a move is generated (the blank is never counted).
//!
//! - [`Misplaced`]: tiles not on their goal cell. A move changes it by at most 1.
//! - [`Manhattan`]: the sum over tiles of their row and column distances to their goal
//!   cell. A move changes it by exactly ±1.
//! - [`LinearConflict`]: Manhattan plus 2 for each tile that must leave its row (or column)
//!   to let another tile of that line pass it (Hansson, Mayer and Yung, 1992). Per line,
//!   the tiles that are in their goal line must all end in their goal order; the fewest to
//!   take out so that the rest are in order is their number minus the longest increasing
//!   subsequence of their goal positions, and each one taken out costs two moves that
//!   Manhattan does not count. A horizontal move only changes two columns, a vertical move
//!   two rows, so the update recomputes those two lines only.
//!
//! Misplaced ≤ Manhattan ≤ linear conflict ≤ the true distance, on every board: the tests
//! check it against exhaustive search.

use super::{Board, Cells, Move, SlidingPuzzle};
use resolu_search::Heuristic;
use std::fmt;
use std::str::FromStr;

/// The number of tiles not on their goal cell.
#[derive(Clone, Debug)]
pub struct Misplaced {
    goal_cell: Vec<u8>,
}

impl Misplaced {
    /// The heuristic for `puzzle`'s goal.
    pub fn new(puzzle: &SlidingPuzzle) -> Self {
        Misplaced {
            goal_cell: puzzle.goal_cells().to_vec(),
        }
    }
}

impl<C: Cells> Heuristic<Board<C>, Move> for Misplaced {
    fn estimate(&self, board: &Board<C>) -> f64 {
        (0..self.goal_cell.len())
            .filter(|&i| {
                let t = board.cells.get(i);
                t != 0 && self.goal_cell[t as usize] as usize != i
            })
            .count() as f64
    }

    #[inline]
    fn update(&self, _: &Board<C>, parent_h: f64, m: &Move, _: &Board<C>) -> f64 {
        let goal = self.goal_cell[m.tile as usize];
        parent_h - f64::from(goal != m.from) + f64::from(goal != m.to)
    }
}

/// The sum of the tiles' Manhattan distances to their goal cells.
#[derive(Clone, Debug)]
pub struct Manhattan {
    cells: usize,
    /// `distance[tile * cells + cell]`.
    distance: Vec<u8>,
}

impl Manhattan {
    /// The heuristic for `puzzle`'s goal.
    pub fn new(puzzle: &SlidingPuzzle) -> Self {
        let (n, cols) = (puzzle.cells(), puzzle.cols());
        let mut distance = vec![0u8; n * n];
        for (tile, &goal) in puzzle.goal_cells().iter().enumerate().skip(1) {
            let goal = goal as usize;
            for cell in 0..n {
                let d = (cell / cols).abs_diff(goal / cols) + (cell % cols).abs_diff(goal % cols);
                distance[tile * n + cell] = d as u8;
            }
        }
        Manhattan { cells: n, distance }
    }

    /// The distance of `tile` in `cell` to its goal cell.
    #[inline]
    pub fn of(&self, tile: u8, cell: u8) -> u8 {
        self.distance[tile as usize * self.cells + cell as usize]
    }

    fn total<C: Cells>(&self, board: &Board<C>) -> u32 {
        (0..self.cells)
            .map(|i| u32::from(self.of(board.cells.get(i), i as u8)))
            .sum()
    }
}

impl<C: Cells> Heuristic<Board<C>, Move> for Manhattan {
    fn estimate(&self, board: &Board<C>) -> f64 {
        f64::from(self.total(board))
    }

    #[inline]
    fn update(&self, _: &Board<C>, parent_h: f64, m: &Move, _: &Board<C>) -> f64 {
        parent_h - f64::from(self.of(m.tile, m.from)) + f64::from(self.of(m.tile, m.to))
    }
}

/// Manhattan distance plus linear conflicts (see the [module documentation](self)).
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    rows: usize,
    cols: usize,
    goal_row: Vec<u8>,
    goal_col: Vec<u8>,
}

impl LinearConflict {
    /// The heuristic for `puzzle`'s goal.
    pub fn new(puzzle: &SlidingPuzzle) -> Self {
        let cols = puzzle.cols();
        let goal = puzzle.goal_cells();
        LinearConflict {
            manhattan: Manhattan::new(puzzle),
            rows: puzzle.rows(),
            cols,
            goal_row: goal.iter().map(|&c| c / cols as u8).collect(),
            goal_col: goal.iter().map(|&c| c % cols as u8).collect(),
        }
    }

    /// Tiles to take out of row `r` so that the others are in goal order.
    fn row_conflicts<C: Cells>(&self, board: &Board<C>, r: usize) -> u32 {
        let goal_cols = (0..self.cols).filter_map(|c| {
            let t = board.cells.get(r * self.cols + c) as usize;
            (t != 0 && self.goal_row[t] as usize == r).then_some(self.goal_col[t])
        });
        to_take_out(goal_cols)
    }

    /// Tiles to take out of column `c` so that the others are in goal order.
    fn col_conflicts<C: Cells>(&self, board: &Board<C>, c: usize) -> u32 {
        let goal_rows = (0..self.rows).filter_map(|r| {
            let t = board.cells.get(r * self.cols + c) as usize;
            (t != 0 && self.goal_col[t] as usize == c).then_some(self.goal_row[t])
        });
        to_take_out(goal_rows)
    }
}

/// The number of elements minus the length of the longest strictly increasing subsequence
/// (patience sorting; lines are short, so the piles live on the stack).
fn to_take_out(seq: impl Iterator<Item = u8>) -> u32 {
    let mut tails = [0u8; 256];
    let (mut piles, mut count) = (0usize, 0u32);
    for x in seq {
        count += 1;
        let i = tails[..piles].partition_point(|&t| t < x);
        tails[i] = x;
        if i == piles {
            piles += 1;
        }
    }
    count - piles as u32
}

impl<C: Cells> Heuristic<Board<C>, Move> for LinearConflict {
    fn estimate(&self, board: &Board<C>) -> f64 {
        let rows: u32 = (0..self.rows).map(|r| self.row_conflicts(board, r)).sum();
        let cols: u32 = (0..self.cols).map(|c| self.col_conflicts(board, c)).sum();
        f64::from(self.manhattan.total(board) + 2 * (rows + cols))
    }

    #[inline]
    fn update(&self, parent: &Board<C>, parent_h: f64, m: &Move, child: &Board<C>) -> f64 {
        let (from, to) = (m.from as usize, m.to as usize);
        let manhattan = f64::from(self.manhattan.of(m.tile, m.from))
            - f64::from(self.manhattan.of(m.tile, m.to));
        let (before, after) = if from / self.cols == to / self.cols {
            // A horizontal move keeps the order of its row: only two columns change.
            let (a, b) = (from % self.cols, to % self.cols);
            (
                self.col_conflicts(parent, a) + self.col_conflicts(parent, b),
                self.col_conflicts(child, a) + self.col_conflicts(child, b),
            )
        } else {
            let (a, b) = (from / self.cols, to / self.cols);
            (
                self.row_conflicts(parent, a) + self.row_conflicts(parent, b),
                self.row_conflicts(child, a) + self.row_conflicts(child, b),
            )
        };
        parent_h - manhattan + 2.0 * (f64::from(after) - f64::from(before))
    }
}

/// The heuristics by name, for callers that choose one at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HeuristicName {
    /// h = 0 (uninformed).
    Zero,
    /// [`Misplaced`].
    Misplaced,
    /// [`Manhattan`].
    Manhattan,
    /// [`LinearConflict`].
    LinearConflict,
    /// A pattern database ([`super::pdb`]): the one installed for the goal
    /// ([`super::pdb::install`]), else the best built in memory.
    Pdb,
}

impl HeuristicName {
    /// Every name accepted by [`FromStr`].
    pub const NAMES: [&'static str; 5] =
        ["zero", "misplaced", "manhattan", "linear-conflict", "pdb"];

    /// The name as written on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            HeuristicName::Zero => "zero",
            HeuristicName::Misplaced => "misplaced",
            HeuristicName::Manhattan => "manhattan",
            HeuristicName::LinearConflict => "linear-conflict",
            HeuristicName::Pdb => "pdb",
        }
    }
}

impl fmt::Display for HeuristicName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A heuristic name that is none of [`HeuristicName::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown heuristic '{0}' (expected one of: {names})", names = HeuristicName::NAMES.join(", "))]
pub struct UnknownHeuristic(pub String);

impl FromStr for HeuristicName {
    type Err = UnknownHeuristic;
    fn from_str(s: &str) -> Result<Self, UnknownHeuristic> {
        match s {
            "zero" | "none" => Ok(HeuristicName::Zero),
            "misplaced" | "hamming" => Ok(HeuristicName::Misplaced),
            "manhattan" => Ok(HeuristicName::Manhattan),
            "linear-conflict" | "linear" | "lc" => Ok(HeuristicName::LinearConflict),
            "pdb" => Ok(HeuristicName::Pdb),
            other => Err(UnknownHeuristic(other.to_string())),
        }
    }
}

/// One of the heuristics, chosen at run time.
#[derive(Clone, Debug)]
pub enum TileHeuristic {
    /// h = 0.
    Zero,
    /// Misplaced tiles.
    Misplaced(Misplaced),
    /// Manhattan distance.
    Manhattan(Manhattan),
    /// Manhattan distance plus linear conflicts.
    LinearConflict(LinearConflict),
    /// A pattern database (additive tables, or the exact table of a small board): built
    /// or read from disk by the caller, see [`super::pdb`].
    Pdb(super::pdb::PatternDatabase),
}

impl TileHeuristic {
    /// The heuristic `name` for `puzzle`'s goal.
    ///
    /// # Panics
    /// For [`HeuristicName::Pdb`] with no database installed for the goal
    /// ([`super::pdb::install`]) when building one in memory fails (boards too large):
    /// callers that take the name from a user install the tables first.
    pub fn new(name: HeuristicName, puzzle: &SlidingPuzzle) -> Self {
        match name {
            HeuristicName::Zero => TileHeuristic::Zero,
            HeuristicName::Misplaced => TileHeuristic::Misplaced(Misplaced::new(puzzle)),
            HeuristicName::Manhattan => TileHeuristic::Manhattan(Manhattan::new(puzzle)),
            HeuristicName::LinearConflict => {
                TileHeuristic::LinearConflict(LinearConflict::new(puzzle))
            }
            HeuristicName::Pdb => TileHeuristic::Pdb(match super::pdb::installed(puzzle) {
                Some(db) => db,
                None => match super::pdb::PatternDatabase::best_in_memory(puzzle, u64::MAX) {
                    Ok(db) => db,
                    Err(e) => panic!("no pattern database for this puzzle: {e}"),
                },
            }),
        }
    }
}

impl<C: Cells> Heuristic<Board<C>, Move> for TileHeuristic {
    fn estimate(&self, board: &Board<C>) -> f64 {
        match self {
            TileHeuristic::Zero => 0.0,
            TileHeuristic::Misplaced(h) => h.estimate(board),
            TileHeuristic::Manhattan(h) => h.estimate(board),
            TileHeuristic::LinearConflict(h) => h.estimate(board),
            TileHeuristic::Pdb(h) => h.estimate(board),
        }
    }

    #[inline]
    fn update(&self, parent: &Board<C>, parent_h: f64, m: &Move, child: &Board<C>) -> f64 {
        match self {
            TileHeuristic::Zero => 0.0,
            TileHeuristic::Misplaced(h) => h.update(parent, parent_h, m, child),
            TileHeuristic::Manhattan(h) => h.update(parent, parent_h, m, child),
            TileHeuristic::LinearConflict(h) => h.update(parent, parent_h, m, child),
            TileHeuristic::Pdb(h) => h.update(parent, parent_h, m, child),
        }
    }
}
