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

use super::pdb::{PatternDatabase, PdbError};
use super::{Board, Cells, Move, SlidingPuzzle};
use resolu_search::{Heuristic, InPlaceHeuristic};
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
    fn update(&self, parent: &Board<C>, parent_h: f64, m: &Move, _: &Board<C>) -> f64 {
        f64::from(self.update_in_place(parent, parent_h as u32, m))
    }
}

impl<C: Cells> InPlaceHeuristic<Board<C>, Move, u32> for Misplaced {
    #[inline]
    fn update_in_place(&self, _: &Board<C>, parent_h: u32, m: &Move) -> u32 {
        let goal = self.goal_cell[m.tile as usize];
        parent_h - u32::from(goal != m.from) + u32::from(goal != m.to)
    }

    /// 0 on the goal board, as every admissible heuristic.
    #[inline(always)]
    fn zero_at_goals(&self) -> bool {
        true
    }
}

/// The sum of the tiles' Manhattan distances to their goal cells.
#[derive(Clone, Debug)]
pub struct Manhattan {
    cells: usize,
    /// `distance[tile << 8 | cell]`: a tile and a cell are bytes, so the index is always in
    /// the table and the compiler checks no bound in the search's inner loop (64 KiB, of
    /// which a search touches one cache line per tile).
    distance: Box<[u8; 1 << 16]>,
}

impl Manhattan {
    /// The heuristic for `puzzle`'s goal.
    pub fn new(puzzle: &SlidingPuzzle) -> Self {
        let (n, cols) = (puzzle.cells(), puzzle.cols());
        let mut distance = Box::new([0u8; 1 << 16]);
        for (tile, &goal) in puzzle.goal_cells().iter().enumerate().skip(1) {
            let goal = goal as usize;
            for cell in 0..n {
                let d = (cell / cols).abs_diff(goal / cols) + (cell % cols).abs_diff(goal % cols);
                distance[tile << 8 | cell] = d as u8;
            }
        }
        Manhattan { cells: n, distance }
    }

    /// The distance of `tile` in `cell` to its goal cell.
    #[inline]
    pub fn of(&self, tile: u8, cell: u8) -> u8 {
        self.distance[(tile as usize) << 8 | cell as usize]
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
    fn update(&self, parent: &Board<C>, parent_h: f64, m: &Move, _: &Board<C>) -> f64 {
        f64::from(self.update_in_place(parent, parent_h as u32, m))
    }
}

impl<C: Cells> InPlaceHeuristic<Board<C>, Move, u32> for Manhattan {
    #[inline(always)]
    fn update_in_place(&self, _: &Board<C>, parent_h: u32, m: &Move) -> u32 {
        parent_h + u32::from(self.of(m.tile, m.to)) - u32::from(self.of(m.tile, m.from))
    }

    /// 0 on the goal board, as every admissible heuristic.
    #[inline(always)]
    fn zero_at_goals(&self) -> bool {
        true
    }
}

/// Manhattan distance plus linear conflicts (see the [module documentation](self)).
///
/// A move changes the conflicts of one line at most: the goal line of the moved tile, if
/// the tile leaves or enters it (the other tiles keep their order). That line's conflicts
/// with and without the tile are read from a table indexed by the line's key, the goal
/// positions of the tiles that belong to it written in base `length + 1` (0 for a tile of
/// another line or the blank): one table for the rows, one for the columns, of
/// `(length + 1)^length` entries (625 on the 15-puzzle). So a move costs a Manhattan update
/// plus one key (a lookup per cell of the line) and two table reads, about as much as
/// Manhattan: the key is read even when the tile neither leaves nor enters its goal line
/// (the change is then zero), a branch on that being mispredicted too often, where recomputing the conflicts of the four lines a
/// move touches cost eight times more. Lines longer than [`MAX_TABLE_LINE`] cells, whose
/// tables would be too large, are recomputed.
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    rows: usize,
    cols: usize,
    /// By tile: its goal row and column. Arrays indexed by a byte (no bound to check), as
    /// are the next two.
    goal_row: Box<[u8; 256]>,
    goal_col: Box<[u8; 256]>,
    /// By cell: its row and column. The update read them from the move's cells by division
    /// by the (run-time) width: two `div`s a move, a sixth of IDA*'s instructions and more
    /// of its time with linear conflicts.
    row_of: Box<[u8; 256]>,
    col_of: Box<[u8; 256]>,
    rows_by_key: LineTable,
    cols_by_key: LineTable,
}

/// The longest line whose conflicts are tabulated: 7^6 = 117,649 keys.
pub const MAX_TABLE_LINE: usize = 6;

/// The conflicts of the lines of one direction (rows or columns), by key.
#[derive(Clone, Debug)]
struct LineTable {
    /// `code[line << 8 | tile]`: 1 + the tile's goal position in `line` if `line` is its
    /// goal line, else 0 (and 0 for the blank). Byte indices: no bound to check.
    code: Box<[u8; 1 << 16]>,
    /// `weight[k]` = (length + 1)^k, the weight of the k-th cell of a line in its key.
    weight: Vec<u32>,
    /// Twice the tiles to take out, by key; empty when the lines are too long.
    doubled: Vec<u8>,
    /// The same for lines of four (625 keys), in an array whose index is masked, not
    /// checked; zeros otherwise.
    doubled4: Box<[u8; 1024]>,
}

impl LineTable {
    /// The table of lines of `length` cells, `goal_line[t]` and `goal_pos[t]` giving each
    /// tile's goal line and position in it.
    fn new(length: usize, goal_line: &[u8], goal_pos: &[u8]) -> LineTable {
        let cells = goal_line.len();
        let mut code = Box::new([0u8; 1 << 16]);
        for tile in 1..cells {
            code[(goal_line[tile] as usize) << 8 | tile] = goal_pos[tile] + 1;
        }
        let base = length as u32 + 1;
        let weight: Vec<u32> = (0..length as u32).map(|k| base.pow(k)).collect();
        let doubled = if length <= MAX_TABLE_LINE {
            (0..base.pow(length as u32))
                .map(|key| {
                    let digits = (0..length as u32).map(|k| (key / base.pow(k)) % base);
                    let goal_positions = digits.filter(|&d| d > 0).map(|d| (d - 1) as u8);
                    (2 * to_take_out(goal_positions)) as u8
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut doubled4 = Box::new([0u8; 1024]);
        if length == 4 {
            doubled4[..doubled.len()].copy_from_slice(&doubled);
        }
        LineTable {
            code,
            weight,
            doubled,
            doubled4,
        }
    }

    /// The code of `tile` in `line`.
    #[inline]
    fn code(&self, line: usize, tile: u8) -> u8 {
        self.code[(line & 0xFF) << 8 | tile as usize]
    }

    /// The change of twice the conflicts of `line` (whose cells `cell_of(k)` are read on
    /// `board`) when `tile`, whose goal line it is, leaves position `pos` (`step` -1),
    /// enters it (`step` 1, the cell is then the blank's) or neither (`step` 0: no change).
    // Always inlined, the long lines' recomputation kept out of line: called through a
    // function it was a third of IDA*'s instructions with linear conflicts.
    #[inline(always)]
    fn delta<C: Cells>(
        &self,
        board: &Board<C>,
        line: usize,
        cell_of: impl Fn(usize) -> usize,
        tile: u8,
        pos: usize,
        step: i32,
    ) -> i32 {
        if self.doubled.is_empty() {
            if step == 0 {
                return 0;
            }
            let (with, without) = self.recomputed(board, line, &cell_of, tile, pos);
            return step * (with as i32 - without as i32);
        }
        let code_at = |k: usize| u32::from(self.code(line, board.cells.get(cell_of(k))));
        // Lines of four (the 15-puzzle) with the weights as constants: the loop over the
        // weights' vector was not unrolled.
        if self.weight.len() == 4 {
            let key = code_at(0) + 5 * code_at(1) + 25 * code_at(2) + 125 * code_at(3);
            let weight = [1, 5, 25, 125][pos & 3];
            let code = i32::from(self.code(line, tile)) * weight;
            let after = (key as i32 + step * code) as usize;
            return i32::from(self.doubled4[after & 1023])
                - i32::from(self.doubled4[key as usize & 1023]);
        }
        let key: u32 = (self.weight.iter().enumerate())
            .map(|(k, &w)| code_at(k) * w)
            .sum();
        let code = i32::from(self.code(line, tile)) * self.weight[pos] as i32;
        let after = (key as i32 + step * code) as usize;
        i32::from(self.doubled[after]) - i32::from(self.doubled[key as usize])
    }

    /// Twice the conflicts of a line too long for the table, with `tile` at `pos` and
    /// without it.
    #[cold]
    #[inline(never)]
    fn recomputed<C: Cells>(
        &self,
        board: &Board<C>,
        line: usize,
        cell_of: &impl Fn(usize) -> usize,
        tile: u8,
        pos: usize,
    ) -> (usize, usize) {
        let codes = |include: bool| {
            (0..self.weight.len()).filter_map(move |k| {
                let c = if k == pos {
                    if include { self.code(line, tile) } else { 0 }
                } else {
                    self.code(line, board.cells.get(cell_of(k)))
                };
                (c > 0).then_some(c)
            })
        };
        (
            2 * to_take_out(codes(true)) as usize,
            2 * to_take_out(codes(false)) as usize,
        )
    }
}

impl LinearConflict {
    /// The heuristic for `puzzle`'s goal.
    pub fn new(puzzle: &SlidingPuzzle) -> Self {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let goal = puzzle.goal_cells();
        let goal_row: Vec<u8> = goal.iter().map(|&c| c / cols as u8).collect();
        let goal_col: Vec<u8> = goal.iter().map(|&c| c % cols as u8).collect();
        let by_byte = |values: &mut dyn Iterator<Item = u8>| {
            let mut table = Box::new([0u8; 256]);
            for (slot, v) in table.iter_mut().zip(values) {
                *slot = v;
            }
            table
        };
        let cells = rows * cols;
        LinearConflict {
            manhattan: Manhattan::new(puzzle),
            rows,
            cols,
            rows_by_key: LineTable::new(cols, &goal_row, &goal_col),
            cols_by_key: LineTable::new(rows, &goal_col, &goal_row),
            goal_row: by_byte(&mut goal_row.iter().copied()),
            goal_col: by_byte(&mut goal_col.iter().copied()),
            row_of: by_byte(&mut (0..cells).map(|c| (c / cols) as u8)),
            col_of: by_byte(&mut (0..cells).map(|c| (c % cols) as u8)),
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
    fn update(&self, parent: &Board<C>, parent_h: f64, m: &Move, _: &Board<C>) -> f64 {
        f64::from(self.update_in_place(parent, parent_h as u32, m))
    }
}

impl<C: Cells> InPlaceHeuristic<Board<C>, Move, u32> for LinearConflict {
    // Always inlined: out of line (the compiler's choice, the body being long) it was a
    // call per move in the search's inner loop.
    #[inline(always)]
    fn update_in_place(&self, parent: &Board<C>, parent_h: u32, m: &Move) -> u32 {
        let (from, to, cols) = (m.from as usize, m.to as usize, self.cols);
        let (from_row, to_row) = (self.row_of[from & 0xFF], self.row_of[to & 0xFF]);
        let manhattan = i32::from(self.manhattan.of(m.tile, m.to))
            - i32::from(self.manhattan.of(m.tile, m.from));
        let tile = m.tile as usize;
        // The tile's goal line is read whether or not the move touches it, and a move that
        // neither leaves nor enters it changes its key by zero: which of the three cases
        // holds depends on the tile, so branching on it was mispredicted about as often
        // as not, and costed more than the line's key.
        let conflicts = if from_row == to_row {
            // A horizontal move: the tile leaves column `from % cols` for `to % cols` at
            // the same row; only its goal column can change.
            let (row, goal) = (from_row as usize, self.goal_col[tile & 0xFF] as usize);
            let (from_col, to_col) = (self.col_of[from & 0xFF], self.col_of[to & 0xFF]);
            let step = i32::from(goal == to_col as usize) - i32::from(goal == from_col as usize);
            self.cols_by_key.delta(
                parent,
                goal,
                move |k: usize| k * cols + goal,
                m.tile,
                row,
                step,
            )
        } else {
            let (col, goal) = (
                self.col_of[from & 0xFF],
                self.goal_row[tile & 0xFF] as usize,
            );
            let col = col as usize;
            let step = i32::from(goal == to_row as usize) - i32::from(goal == from_row as usize);
            self.rows_by_key.delta(
                parent,
                goal,
                move |k: usize| goal * cols + k,
                m.tile,
                col,
                step,
            )
        };
        (parent_h as i32 + manhattan + conflicts) as u32
    }

    /// 0 on the goal board, as every admissible heuristic.
    #[inline(always)]
    fn zero_at_goals(&self) -> bool {
        true
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
    /// A pattern database ([`super::pdb`]): the one handed to the search
    /// ([`super::SolveSettings::pdb`]), else the best built in memory for the run.
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
#[error("unknown heuristic '{0}' (expected one of: {names}; the course's h1, h2; in French: mal-places, conflits-lineaires)", names = HeuristicName::NAMES.join(", "))]
pub struct UnknownHeuristic(pub String);

impl FromStr for HeuristicName {
    type Err = UnknownHeuristic;
    /// Parses a name; the course's `h1` (misplaced tiles, the blank not counted) and `h2`
    /// (Manhattan) and its French names (`mal-places`, `conflits-lineaires`, `nul`) are
    /// accepted beside the English ones.
    fn from_str(s: &str) -> Result<Self, UnknownHeuristic> {
        match s {
            "zero" | "none" | "nul" => Ok(HeuristicName::Zero),
            "misplaced" | "hamming" | "h1" | "mal-places" | "mal-placés" => {
                Ok(HeuristicName::Misplaced)
            }
            "manhattan" | "h2" => Ok(HeuristicName::Manhattan),
            "linear-conflict" | "linear" | "lc" | "conflits-lineaires" | "conflits-linéaires" => {
                Ok(HeuristicName::LinearConflict)
            }
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
    Pdb(PatternDatabase),
}

impl TileHeuristic {
    /// The heuristic `name` for `puzzle`'s goal. [`HeuristicName::Pdb`] takes its tables
    /// from `pdb` (built or read by the caller: [`super::pdb::load_or_build`],
    /// [`PatternDatabase::best_in_memory`]); it is refused without one, or with one made
    /// for another size or goal. The other names ignore `pdb`.
    pub fn new(
        name: HeuristicName,
        puzzle: &SlidingPuzzle,
        pdb: Option<&PatternDatabase>,
    ) -> Result<Self, PdbError> {
        Ok(match name {
            HeuristicName::Zero => TileHeuristic::Zero,
            HeuristicName::Misplaced => TileHeuristic::Misplaced(Misplaced::new(puzzle)),
            HeuristicName::Manhattan => TileHeuristic::Manhattan(Manhattan::new(puzzle)),
            HeuristicName::LinearConflict => {
                TileHeuristic::LinearConflict(LinearConflict::new(puzzle))
            }
            HeuristicName::Pdb => match pdb {
                Some(db) if db.fits(puzzle) => TileHeuristic::Pdb(db.clone()),
                Some(_) => {
                    return Err("the pattern database was built for another size or goal".into());
                }
                None => {
                    return Err(
                        "the heuristic pdb needs its pattern database: build or read \
                                it first"
                            .into(),
                    );
                }
            },
        })
    }

    /// The name of this heuristic.
    pub fn name(&self) -> HeuristicName {
        match self {
            TileHeuristic::Zero => HeuristicName::Zero,
            TileHeuristic::Misplaced(_) => HeuristicName::Misplaced,
            TileHeuristic::Manhattan(_) => HeuristicName::Manhattan,
            TileHeuristic::LinearConflict(_) => HeuristicName::LinearConflict,
            TileHeuristic::Pdb(_) => HeuristicName::Pdb,
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

impl<C: Cells> InPlaceHeuristic<Board<C>, Move, u32> for TileHeuristic {
    #[inline]
    fn update_in_place(&self, parent: &Board<C>, parent_h: u32, m: &Move) -> u32 {
        match self {
            TileHeuristic::Zero => 0,
            TileHeuristic::Misplaced(h) => h.update_in_place(parent, parent_h, m),
            TileHeuristic::Manhattan(h) => h.update_in_place(parent, parent_h, m),
            TileHeuristic::LinearConflict(h) => h.update_in_place(parent, parent_h, m),
            TileHeuristic::Pdb(h) => h.update_in_place(parent, parent_h, m),
        }
    }

    /// 0 on the goal board, as every admissible heuristic.
    #[inline(always)]
    fn zero_at_goals(&self) -> bool {
        true
    }
}
