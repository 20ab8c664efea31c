//! The sliding-tile puzzle (taquin): any rows x cols board, tiles named by numbers or
//! letters, any goal.
//!
//! A [`SlidingPuzzle`] holds what does not change during a search: the size, the tile
//! names, the goal and the neighbour table. Tiles are numbered internally 1 to n-1 in
//! ascending order of their names (0 is the blank), so a state is a small array of numbers,
//! packed by a [`Cells`] type chosen by the board's size: a `u64` up to 16 cells (4 bits a
//! cell), a `u128` up to 25 cells (5 bits), a boxed slice beyond. [`SlidingPuzzle::problem`]
//! gives the [`Problem`] every search algorithm runs on; the heuristics live in
//! [`heuristics`].
//!
//! Solvability is decided before any search by [`SlidingPuzzle::is_solvable`].
//!
//! ```
//! use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle, heuristics::Manhattan};
//! use resolu_search::{Algorithm, Runner};
//!
//! // The course's instance: 5 moves to the spiral goal.
//! let puzzle = SlidingPuzzle::new(&Grid::parse("bhc/afd/g_e").unwrap(), Goal::Default).unwrap();
//! assert!(puzzle.is_solvable());
//! let problem = puzzle.problem::<u64>();
//! let outcome = Runner::new(&problem).heuristic(Manhattan::new(&puzzle)).run(Algorithm::Astar);
//! let path = outcome.path.unwrap();
//! let moved: Vec<&str> = path.actions().map(|m| puzzle.label(m.tile)).collect();
//! assert_eq!(moved, ["f", "h", "b", "a", "h"]);
//! ```

mod grid;
pub mod heuristics;
pub mod pdb;
mod solve;

pub use grid::{ACCEPTED_FORMS, Grid, GridError};
pub use solve::SolveSettings;

use rand::Rng;
use resolu_search::{InPlace, Problem, Successor};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

/// The goal of a puzzle: an explicit board or a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The course's convention: `Snail` on 3x3, `Standard` on every other size.
    Default,
    /// Tiles ascending row-major, blank last.
    Standard,
    /// Tiles ascending along a clockwise spiral from the top-left corner.
    Snail,
    /// An explicit board.
    Grid(Grid),
}

impl Goal {
    /// Reads a goal: `standard`, `snail`, `default`, or a board.
    pub fn parse(text: &str) -> Result<Goal, GridError> {
        match text.trim() {
            "standard" => Ok(Goal::Standard),
            "snail" | "spiral" | "escargot" => Ok(Goal::Snail),
            "default" => Ok(Goal::Default),
            board => Grid::parse(board).map(Goal::Grid),
        }
    }
}

/// A move: the tile that slides into the blank (the course's "coup"), from the cell it
/// leaves (where the blank goes) to the cell of the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The internal number of the tile moved (see [`SlidingPuzzle::label`]).
    pub tile: u8,
    /// The cell the tile leaves, row-major.
    pub from: u8,
    /// The cell the tile enters (the blank's before the move).
    pub to: u8,
}

/// The cells of a board packed into one value; 0 is the blank.
pub trait Cells: Clone + Eq + Hash + Debug + Send + Sync {
    /// The largest number of cells this packing holds.
    const MAX_CELLS: usize;
    /// Packs tiles given row-major.
    fn pack(tiles: &[u8]) -> Self;
    /// The tile in cell `i`.
    fn get(&self, i: usize) -> u8;
    /// The cells after `tile` slides from cell `from` into the blank at `to`.
    fn slide(&self, tile: u8, from: usize, to: usize) -> Self;
    /// Slides `tile` from cell `from` into the blank at `to`, in place (what
    /// [`slide`](Self::slide) returns, without a new value: in-place searches undo a move by
    /// sliding the tile back).
    #[inline]
    fn slide_in_place(&mut self, tile: u8, from: usize, to: usize) {
        *self = self.slide(tile, from, to);
    }
    /// Extra bytes owned on the heap by one value (for the memory budget).
    fn heap_bytes(&self) -> usize {
        0
    }
    /// The packed cells as one number, when they fit in 128 bits: a key for the small
    /// per-thread cache of [`pdb::PatternDatabase`]'s in-place updates.
    #[inline]
    fn as_u128(&self) -> Option<u128> {
        None
    }
}

impl Cells for u64 {
    const MAX_CELLS: usize = 16;
    fn pack(tiles: &[u8]) -> u64 {
        tiles
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &t)| acc | (t as u64) << (4 * i))
    }
    #[inline]
    fn get(&self, i: usize) -> u8 {
        ((self >> (4 * i)) & 0xF) as u8
    }
    #[inline]
    fn slide(&self, tile: u8, from: usize, to: usize) -> u64 {
        // The blank's bits are zero, so moving a tile is one subtraction and one addition.
        self - ((tile as u64) << (4 * from)) + ((tile as u64) << (4 * to))
    }
    #[inline]
    fn as_u128(&self) -> Option<u128> {
        Some(u128::from(*self))
    }
}

impl Cells for u128 {
    const MAX_CELLS: usize = 25;
    fn pack(tiles: &[u8]) -> u128 {
        tiles
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &t)| acc | (t as u128) << (5 * i))
    }
    #[inline]
    fn get(&self, i: usize) -> u8 {
        ((self >> (5 * i)) & 0x1F) as u8
    }
    #[inline]
    fn slide(&self, tile: u8, from: usize, to: usize) -> u128 {
        self - ((tile as u128) << (5 * from)) + ((tile as u128) << (5 * to))
    }
    #[inline]
    fn as_u128(&self) -> Option<u128> {
        Some(*self)
    }
}

impl Cells for Box<[u8]> {
    const MAX_CELLS: usize = 256;
    fn pack(tiles: &[u8]) -> Box<[u8]> {
        tiles.into()
    }
    #[inline]
    fn get(&self, i: usize) -> u8 {
        self[i]
    }
    fn slide(&self, tile: u8, from: usize, to: usize) -> Box<[u8]> {
        let mut next = self.clone();
        next.slide_in_place(tile, from, to);
        next
    }
    #[inline]
    fn slide_in_place(&mut self, tile: u8, from: usize, to: usize) {
        self[from] = 0;
        self[to] = tile;
    }
    fn heap_bytes(&self) -> usize {
        self.len()
    }
}

/// A state of the puzzle: the cells and where the blank is.
///
/// Equality and hashing read the cells alone: the blank's cell follows from them, and a
/// search compares and hashes a board for every child it generates.
#[derive(Clone, Debug)]
pub struct Board<C> {
    /// The packed cells.
    pub cells: C,
    /// The blank's cell, row-major.
    pub blank: u8,
}

impl<C: PartialEq> PartialEq for Board<C> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
    }
}

impl<C: Eq> Eq for Board<C> {}

impl<C: Hash> Hash for Board<C> {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

impl<C: Cells> Board<C> {
    /// The board after `m`.
    #[inline]
    pub fn apply(&self, m: Move) -> Board<C> {
        Board {
            cells: self.cells.slide(m.tile, m.from as usize, m.to as usize),
            blank: m.from,
        }
    }
}

/// A sliding-tile puzzle: size, tile names, start and goal. See the [module
/// documentation](self).
#[derive(Clone, Debug)]
pub struct SlidingPuzzle {
    rows: usize,
    cols: usize,
    /// Tile names by internal number; `labels[0]` is the blank, written `_`.
    labels: Vec<String>,
    start: Vec<u8>,
    goal: Vec<u8>,
    /// The cell of each tile in the goal, by internal number.
    goal_cell: Vec<u8>,
    /// The neighbours of each cell, in the order the blank tries them: up, left, right,
    /// down (Korf's order).
    neighbours: Vec<Vec<u8>>,
}

impl SlidingPuzzle {
    /// A puzzle from its start board and goal. Refused when the boards differ in size or
    /// tiles, or when the board has more than 256 cells.
    pub fn new(start: &Grid, goal: Goal) -> Result<SlidingPuzzle, GridError> {
        let goal = match goal {
            Goal::Default if (start.rows, start.cols) == (3, 3) => start.snail_goal(),
            Goal::Default | Goal::Standard => start.standard_goal(),
            Goal::Snail => start.snail_goal(),
            Goal::Grid(g) => g,
        };
        if (goal.rows, goal.cols) != (start.rows, start.cols) {
            return Err(GridError(format!(
                "the start is {}x{} but the goal is {}x{}",
                start.rows, start.cols, goal.rows, goal.cols
            )));
        }
        let n = start.rows * start.cols;
        if n > <Box<[u8]> as Cells>::MAX_CELLS {
            return Err(GridError(format!(
                "boards have at most 256 cells, this one has {n}"
            )));
        }
        let tiles = start.sorted_tiles();
        let goal_tiles = goal.sorted_tiles();
        if tiles != goal_tiles {
            let missing = tiles.iter().find(|t| !goal_tiles.contains(t));
            let extra = goal_tiles.iter().find(|t| !tiles.contains(t));
            let which = match (missing, extra) {
                (Some(t), _) => format!("tile {t} is in the start but not in the goal"),
                (_, Some(t)) => format!("tile {t} is in the goal but not in the start"),
                _ => "the start and the goal have different tiles".into(),
            };
            return Err(GridError(which));
        }
        let mut labels = vec!["_".to_string()];
        labels.extend(tiles);
        let index: FxHashMap<&str, u8> = labels
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, l)| (l.as_str(), i as u8))
            .collect();
        let number = |g: &Grid| -> Vec<u8> {
            g.cells
                .iter()
                .map(|c| c.as_deref().map_or(0, |l| index[l]))
                .collect()
        };
        let (start_tiles, goal_tiles) = (number(start), number(&goal));
        let mut goal_cell = vec![0u8; n];
        for (cell, &t) in goal_tiles.iter().enumerate() {
            goal_cell[t as usize] = cell as u8;
        }
        let (rows, cols) = (start.rows, start.cols);
        let neighbours = (0..n)
            .map(|c| {
                let (r, col) = (c / cols, c % cols);
                let mut v = Vec::with_capacity(4);
                if r > 0 {
                    v.push((c - cols) as u8);
                }
                if col > 0 {
                    v.push((c - 1) as u8);
                }
                if col + 1 < cols {
                    v.push((c + 1) as u8);
                }
                if r + 1 < rows {
                    v.push((c + cols) as u8);
                }
                v
            })
            .collect::<Vec<Vec<u8>>>();
        Ok(SlidingPuzzle {
            rows,
            cols,
            labels,
            start: start_tiles,
            goal: goal_tiles,
            goal_cell,
            neighbours,
        })
    }

    /// The same puzzle from another start board (same size and tiles).
    pub fn with_start(&self, start: &Grid) -> Result<SlidingPuzzle, GridError> {
        SlidingPuzzle::new(start, Goal::Grid(self.grid_of(&self.goal)))
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The name of a tile as the user wrote it (`_` for the blank).
    pub fn label(&self, tile: u8) -> &str {
        &self.labels[tile as usize]
    }

    /// The start board, as internal tile numbers row-major.
    pub fn start_tiles(&self) -> &[u8] {
        &self.start
    }

    /// The goal board, as internal tile numbers row-major.
    pub fn goal_tiles(&self) -> &[u8] {
        &self.goal
    }

    /// The goal cell of each tile, by internal number.
    pub fn goal_cells(&self) -> &[u8] {
        &self.goal_cell
    }

    /// The neighbours of a cell in the blank's order: up, left, right, down.
    pub fn neighbours(&self, cell: usize) -> &[u8] {
        &self.neighbours[cell]
    }

    /// Whether the goal can be reached from the start. A move is a transposition of the
    /// blank with a tile, so the permutation taking the start to the goal (blank included)
    /// has the parity of the number of moves, whose parity is in turn the parity of the
    /// blank's Manhattan distance between its two cells. This criterion holds on every
    /// rectangular board of at least 2x2, and it is also sufficient there.
    ///
    /// ```
    /// use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle};
    /// let course_question = Grid::parse("a b c / g _ d / h f e").unwrap();
    /// assert!(!SlidingPuzzle::new(&course_question, Goal::Default).unwrap().is_solvable());
    /// ```
    pub fn is_solvable(&self) -> bool {
        let perm: Vec<usize> = self
            .start
            .iter()
            .map(|&t| self.goal_cell[t as usize] as usize)
            .collect();
        let mut seen = vec![false; perm.len()];
        let mut transpositions = 0;
        for i in 0..perm.len() {
            let mut j = i;
            let mut len = 0;
            while !seen[j] {
                seen[j] = true;
                j = perm[j];
                len += 1;
            }
            if len > 0 {
                transpositions += len - 1;
            }
        }
        let blank = |tiles: &[u8]| tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let (a, b) = (blank(&self.start), blank(&self.goal));
        let distance =
            (a / self.cols).abs_diff(b / self.cols) + (a % self.cols).abs_diff(b % self.cols);
        transpositions % 2 == distance % 2
    }

    /// The [`Problem`] to search, with states packed as `C` (which must hold the board:
    /// see [`Cells::MAX_CELLS`]).
    ///
    /// # Panics
    /// When the board has more cells than `C` holds: callers choose `C` from
    /// [`cells`](Self::cells).
    pub fn problem<C: Cells>(&self) -> SlidingProblem<'_, C> {
        assert!(
            self.cells() <= C::MAX_CELLS,
            "a {}-cell board does not fit this packing",
            self.cells()
        );
        let move_lists = self.move_lists();
        SlidingProblem {
            puzzle: self,
            start: self.board(&self.start),
            goal: C::pack(&self.goal),
            move_lists,
        }
    }

    /// The in-place searches' move lists of this board's shape (see
    /// [`SlidingProblem::move_lists`]), built once per shape in the process and shared.
    fn move_lists(&self) -> Arc<MoveLists> {
        /// The lists built so far, by (rows, columns).
        type ByShape = Vec<((usize, usize), Arc<MoveLists>)>;
        static BY_SHAPE: Mutex<ByShape> = Mutex::new(Vec::new());
        let shape = (self.rows, self.cols);
        let mut by_shape = BY_SHAPE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, lists)) = by_shape.iter().find(|(s, _)| *s == shape) {
            return Arc::clone(lists);
        }
        let mut lists: Box<MoveLists> = vec![0u64; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("a slice of 65,536 entries");
        for (cell, v) in self.neighbours.iter().enumerate() {
            // One list per cell the blank came from; at the start, the blank's own cell
            // (no move is left out).
            for back in v.iter().map(|&b| b as usize).chain([cell]) {
                lists[cell << 8 | back] = v
                    .iter()
                    .filter(|&&from| from as usize != back)
                    .enumerate()
                    .fold(0u64, |acc, (k, &from)| {
                        acc | (MOVE_FIELD | u64::from(from)) << (MOVE_BITS * k as u32)
                    });
            }
        }
        let lists: Arc<MoveLists> = Arc::from(lists);
        by_shape.push((shape, Arc::clone(&lists)));
        lists
    }

    /// Packs internal tile numbers into a board.
    pub fn board<C: Cells>(&self, tiles: &[u8]) -> Board<C> {
        Board {
            cells: C::pack(tiles),
            blank: tiles.iter().position(|&t| t == 0).unwrap_or(0) as u8,
        }
    }

    /// Unpacks a board into internal tile numbers.
    pub fn tiles<C: Cells>(&self, board: &Board<C>) -> Vec<u8> {
        (0..self.cells()).map(|i| board.cells.get(i)).collect()
    }

    /// A board as the user writes it.
    pub fn grid<C: Cells>(&self, board: &Board<C>) -> Grid {
        self.grid_of(&self.tiles(board))
    }

    /// Internal tile numbers as a [`Grid`].
    pub fn grid_of(&self, tiles: &[u8]) -> Grid {
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells: tiles
                .iter()
                .map(|&t| (t != 0).then(|| self.labels[t as usize].clone()))
                .collect(),
        }
    }

    /// The start board as the user wrote it.
    pub fn start_grid(&self) -> Grid {
        self.grid_of(&self.start)
    }

    /// The goal board.
    pub fn goal_grid(&self) -> Grid {
        self.grid_of(&self.goal)
    }

    /// A board `steps` random moves away from the goal (never undoing the previous move):
    /// its optimal distance is at most `steps` and has the same parity.
    pub fn random_walk_from_goal(&self, steps: usize, rng: &mut impl Rng) -> Vec<u8> {
        let mut tiles = self.goal.clone();
        let mut blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let mut previous = usize::MAX;
        for _ in 0..steps {
            let options: Vec<usize> = self.neighbours[blank]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| c != previous)
                .collect();
            let next = options[rng.random_range(0..options.len())];
            tiles.swap(blank, next);
            previous = blank;
            blank = next;
        }
        tiles
    }

    /// The distance to the goal of every board reachable from it, by breadth-first search
    /// backwards from the goal (moves are reversible). Refused above 10 cells, where the
    /// table would not fit in memory (12 cells already have 239,500,800 boards).
    pub fn distances_to_goal(&self) -> Option<FxHashMap<u64, u8>> {
        if self.cells() > 10 {
            return None;
        }
        let problem = self.problem::<u64>();
        let mut dist: FxHashMap<u64, u8> = FxHashMap::default();
        let goal = self.board::<u64>(&self.goal);
        dist.insert(goal.cells, 0);
        let mut queue = VecDeque::from([(goal, 0u8)]);
        let mut succ = Vec::new();
        while let Some((board, d)) = queue.pop_front() {
            succ.clear();
            problem.successors(&board, &mut succ);
            for s in succ.drain(..) {
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(s.state.cells) {
                    e.insert(d + 1);
                    queue.push_back((s.state, d + 1));
                }
            }
        }
        Some(dist)
    }

    /// Replays `moves` from the start; returns the board reached, or the index of the first
    /// move that is not legal (the tile is not beside the blank).
    pub fn replay(&self, moves: &[Move]) -> Result<Vec<u8>, usize> {
        let mut tiles = self.start.clone();
        let mut blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        for (i, m) in moves.iter().enumerate() {
            let from = m.from as usize;
            let legal = m.to as usize == blank
                && self.neighbours[blank].contains(&m.from)
                && tiles.get(from) == Some(&m.tile);
            if !legal {
                return Err(i);
            }
            tiles.swap(blank, from);
            blank = from;
        }
        Ok(tiles)
    }
}

/// The search problem of a [`SlidingPuzzle`], states packed as `C`.
#[derive(Clone, Debug)]
pub struct SlidingProblem<'a, C> {
    puzzle: &'a SlidingPuzzle,
    start: Board<C>,
    goal: C,
    /// The moves of the in-place searches, precomputed for each cell of the blank and each
    /// cell it came from (the blank's own cell at the start), as the hand-written solvers
    /// keep them: `move_lists[blank << 8 | back]` is the cells the tiles come from, in
    /// order, the move back left out, one [`MOVE_BITS`]-bit field each ([`MOVE_FIELD`] and
    /// the cell), then 0. [`InPlace::first_cursor`] loads it once per node;
    /// [`InPlace::next_move`] takes a field a call and shifts the cursor: no count, no
    /// test of the move back, no table of neighbours to read (one load and one live
    /// pointer less a node than slots into such a table). Two bytes index it, so no bound
    /// is checked (with one, a table a kilobyte a cell, IDA* ran 4% more instructions).
    /// Built once per board shape in the process and shared, so that the many small
    /// problems of a batch (A* on 8-puzzles, which never reads it) do not each allocate
    /// and fill 512 KiB.
    move_lists: Arc<MoveLists>,
}

/// The move lists of [`SlidingProblem`], by blank cell and cell it came from.
type MoveLists = [u64; 1 << 16];

/// The width of a move's field in [`SlidingProblem`]'s move lists: a cell (8 bits) and
/// [`MOVE_FIELD`]. Four moves at most: 36 bits.
const MOVE_BITS: u32 = 9;

/// The bit set in every move's field of a move list, so that the zero bits after the last
/// move end it.
const MOVE_FIELD: u64 = 1 << 8;

impl<C: Cells> SlidingProblem<'_, C> {
    /// The puzzle this problem searches.
    pub fn puzzle(&self) -> &SlidingPuzzle {
        self.puzzle
    }
}

impl<C: Cells> Problem for SlidingProblem<'_, C> {
    type State = Board<C>;
    type Action = Move;

    fn start(&self) -> Board<C> {
        self.start.clone()
    }

    #[inline]
    fn is_goal(&self, state: &Board<C>) -> bool {
        state.cells == self.goal
    }

    fn successors(&self, state: &Board<C>, out: &mut Vec<Successor<Board<C>, Move>>) {
        self.visit_successors(state, &mut Vec::new(), |succ| out.push(succ));
    }

    #[inline]
    fn visit_successors<F>(
        &self,
        state: &Board<C>,
        _: &mut Vec<Successor<Board<C>, Move>>,
        mut visit: F,
    ) where
        F: FnMut(Successor<Board<C>, Move>),
    {
        let blank = state.blank;
        for &from in &self.puzzle.neighbours[blank as usize] {
            let tile = state.cells.get(from as usize);
            let m = Move {
                tile,
                from,
                to: blank,
            };
            visit(Successor::new(m, state.apply(m), 1.0));
        }
    }

    fn state_bytes(&self) -> usize {
        std::mem::size_of::<Board<C>>() + self.start.cells.heap_bytes()
    }
}

/// Moves made and undone in place (for IDA*): the blank's neighbours in the order of
/// [`successors`](Problem::successors), except the cell the blank just left (moving that
/// tile back would undo the last move).
impl<C: Cells> InPlace for SlidingProblem<'_, C> {
    /// Unit moves and whole-number estimates: the in-place IDA* adds and compares `u32`s.
    type Cost = u32;

    #[inline(always)]
    fn first_cursor(&self, state: &Board<C>, came_by: Option<&Move>) -> u64 {
        let blank = state.blank as usize;
        let back = came_by.map_or(blank, |m| m.to as usize);
        self.move_lists[(blank & 0xFF) << 8 | (back & 0xFF)]
    }

    /// The moves of the cursor from [`first_cursor`](InPlace::first_cursor) (none from any
    /// other: the cursor holds the list).
    #[inline(always)]
    fn next_move(
        &self,
        state: &Board<C>,
        _: Option<&Move>,
        cursor: &mut u64,
    ) -> Option<(Move, u32)> {
        if *cursor & MOVE_FIELD == 0 {
            return None;
        }
        let from = *cursor as u8;
        *cursor >>= MOVE_BITS;
        let tile = state.cells.get(from as usize);
        Some((
            Move {
                tile,
                from,
                to: state.blank,
            },
            1,
        ))
    }

    #[inline]
    fn apply(&self, state: &mut Board<C>, m: &Move) {
        state
            .cells
            .slide_in_place(m.tile, m.from as usize, m.to as usize);
        state.blank = m.from;
    }

    #[inline]
    fn undo(&self, state: &mut Board<C>, m: &Move) {
        state
            .cells
            .slide_in_place(m.tile, m.to as usize, m.from as usize);
        state.blank = m.to;
    }
}
