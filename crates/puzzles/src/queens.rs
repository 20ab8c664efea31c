//! N-queens by backtracking: place one queen per row, trying the columns in order; a column
//! is promising when no queen already placed attacks it. Columns and both diagonals are kept
//! as bitsets (`u64`), so the promising test is three bit reads and a placement three bit
//! writes.
//!
//! ```
//! use resolu_puzzles::queens::Queens;
//! use resolu_search::{backtrack, Limits};
//!
//! let mut q = Queens::new(8).unwrap();
//! assert_eq!(backtrack::count(&mut q, Limits::default()).stats.solutions, 92);
//! backtrack::first(&mut q, Limits::default());
//! assert_eq!(q.columns(), [0, 4, 7, 5, 2, 6, 1, 3]);
//! ```

use resolu_search::backtrack::Backtrack;
use std::fmt;

/// The largest board: both diagonals of an n x n board fit in 2n - 1 bits of a `u64`.
pub const MAX_N: usize = 32;

/// The number of solutions for n = 1 to 12 (OEIS A000170).
pub const PUBLISHED_COUNTS: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// A board size out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("N-queens needs 1 <= N <= {MAX_N}, got {0}")]
pub struct QueensError(pub usize);

/// An N-queens board being filled row by row. Implements [`Backtrack`]: a choice is the
/// column of the queen of the next row.
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    /// The column of the queen of each row placed so far.
    placed: Vec<u8>,
    cols: u64,
    /// Diagonals where row + col is constant.
    sums: u64,
    /// Diagonals where row - col is constant (shifted by n - 1).
    diffs: u64,
}

impl Queens {
    /// An empty n x n board.
    pub fn new(n: usize) -> Result<Self, QueensError> {
        if !(1..=MAX_N).contains(&n) {
            return Err(QueensError(n));
        }
        Ok(Queens {
            n,
            placed: Vec::with_capacity(n),
            cols: 0,
            sums: 0,
            diffs: 0,
        })
    }

    /// The size of the board.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The column of the queen of each row placed so far.
    pub fn columns(&self) -> &[u8] {
        &self.placed
    }

    /// The board as text: `Q` for a queen, `.` for an empty square, one row per line.
    pub fn to_text(&self) -> String {
        draw(self.n, &self.placed)
    }

    #[inline]
    fn bits(&self, c: u8) -> (u64, u64, u64) {
        let row = self.placed.len();
        let c = c as usize;
        (1 << c, 1 << (row + c), 1 << (row + self.n - 1 - c))
    }
}

impl Backtrack for Queens {
    type Choice = u8;

    fn is_complete(&self) -> bool {
        self.placed.len() == self.n
    }

    fn candidates(&self, out: &mut Vec<u8>) {
        out.extend(0..self.n as u8);
    }

    #[inline]
    fn promising(&self, c: u8) -> bool {
        let (col, sum, diff) = self.bits(c);
        self.cols & col == 0 && self.sums & sum == 0 && self.diffs & diff == 0
    }

    #[inline]
    fn apply(&mut self, c: u8) {
        let (col, sum, diff) = self.bits(c);
        self.cols |= col;
        self.sums |= sum;
        self.diffs |= diff;
        self.placed.push(c);
    }

    #[inline]
    fn undo(&mut self, c: u8) {
        self.placed.pop();
        let (col, sum, diff) = self.bits(c);
        self.cols &= !col;
        self.sums &= !sum;
        self.diffs &= !diff;
    }
}

impl fmt::Display for Queens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// An n x n board with a queen in column `columns[r]` of each row r given.
pub fn draw(n: usize, columns: &[u8]) -> String {
    let mut s = String::new();
    for r in 0..n {
        let row: Vec<&str> = (0..n)
            .map(|c| {
                if columns.get(r) == Some(&(c as u8)) {
                    "Q"
                } else {
                    "."
                }
            })
            .collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}
