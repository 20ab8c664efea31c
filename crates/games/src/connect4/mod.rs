//! Connect Four (puissance 4): two players drop stones in turn into the columns of an upright
//! grid; a stone falls to the lowest free cell; four in a row, column or diagonal wins; a
//! full grid without one is a draw. Any board from 4x4 to 8x8 (columns x rows); the
//! standard 7x6 board has about 4.5 x 10^12 positions, far beyond plain minimax: the
//! [`solver`] module solves it with the techniques of Pascal Pons's solver.
//!
//! A position is written as the sequence of the columns played, numbered from 1 (`"4453"`),
//! as published test sets write it ([`Connect4::parse_moves`]).
//!
//! # The bitboard
//!
//! A position is two bit masks over the grid (after John Tromp and Pascal Pons): `mask`, the
//! occupied cells, and `current`, the cells of the player to move. Column `c` uses bits
//! `c * (H + 1)` to `c * (H + 1) + H - 1` (bottom to top) plus one empty sentinel bit above
//! its top cell, so that shifting a mask by 1 (vertical), `H + 1` (horizontal), `H`
//! and `H + 2` (the diagonals) never wraps a line of four from one column into the next.
//! Playing a column is one addition (`mask + bottom of the column` carries into the lowest
//! free cell); four in a row is found with three shifts and ands per direction. An 8x8 board
//! needs 8 x 9 = 72 bits, more than a `u64` holds, so the masks of [`Position`] are `u128` on
//! every board; the [`solver`] converts them to `u64` on every board up to 64 bits (7x6
//! included) and searches over those, the 7x6 size compiled in.
//!
//! ```
//! use resolu_games::{Game, GameResult, Player, connect4::Connect4};
//!
//! let game = Connect4::standard();
//! let pos = game.parse_moves("4455667").unwrap(); // player 1 has 4, 5, 6 and 7 on the bottom row
//! assert_eq!(game.result(&pos), Some(GameResult::Win(Player::One)));
//! assert!(game.parse_moves("44444444").is_err()); // column 4 holds 6 stones
//! ```

mod bits;
pub mod book;
mod search;
pub mod solver;
mod table;

use crate::{Game, GameResult, Player};
use bits::{has_four, winning_cells};

/// Why a board size or a sequence of moves is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(pub String);

/// The smallest number of columns or rows.
pub const MIN_SIZE: u32 = 4;
/// The largest number of columns or rows.
pub const MAX_SIZE: u32 = 8;

/// Connect Four on a board of `width` columns and `height` rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect4 {
    width: u32,
    height: u32,
    /// The bottom cell of every column.
    bottom: u128,
    /// Every cell of the grid (sentinel bits excluded).
    board: u128,
    /// The columns from the centre outwards: the order moves are tried in.
    order: Vec<u8>,
}

/// A position: the stones of the player to move, every stone, and the number of stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Cells of the player to move.
    pub current: u128,
    /// Occupied cells.
    pub mask: u128,
    /// Stones on the board (moves played).
    pub moves: u32,
}

impl Position {
    /// A number that identifies the position among those of its board: `current + mask`
    /// sets, in each column, the bit above the top stone and keeps the player to move's
    /// stones; the stones of the other player are the rest.
    pub fn key(&self) -> u128 {
        self.current + self.mask
    }
}

impl Connect4 {
    /// A board of `width` columns and `height` rows, each from 4 to 8.
    pub fn new(width: u32, height: u32) -> Result<Connect4, ParseError> {
        for (what, n) in [("columns", width), ("rows", height)] {
            if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
                return Err(ParseError(format!(
                    "{n} {what}: a board has {MIN_SIZE} to {MAX_SIZE} {what}"
                )));
            }
        }
        let h1 = height + 1;
        let bottom = (0..width).fold(0u128, |b, c| b | 1u128 << (c * h1));
        let board = bottom * ((1u128 << height) - 1);
        // Centre first, then alternately left and right of it.
        let order = (0..width as i32)
            .map(|i| (width as i32 / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2) as u8)
            .collect();
        Ok(Connect4 {
            width,
            height,
            bottom,
            board,
            order,
        })
    }

    /// The standard board: 7 columns, 6 rows.
    pub fn standard() -> Connect4 {
        match Connect4::new(7, 6) {
            Ok(g) => g,
            Err(_) => unreachable!("7x6 is within the limits"),
        }
    }

    /// Reads a size written `COLUMNSxROWS`, e.g. `7x6`.
    pub fn parse_size(text: &str) -> Result<Connect4, ParseError> {
        let t = text.trim().to_ascii_lowercase();
        let Some((w, h)) = t.split_once('x') else {
            return Err(ParseError(format!(
                "'{text}' is not a size: write columns x rows, e.g. 7x6"
            )));
        };
        let number = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| ParseError(format!("'{s}' in '{text}' is not a whole number")))
        };
        Connect4::new(number(w)?, number(h)?)
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Cells of the grid.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// The columns from the centre outwards (from 0).
    pub fn column_order(&self) -> &[u8] {
        &self.order
    }

    /// The empty board.
    pub fn empty(&self) -> Position {
        Position::default()
    }

    fn top_cell(&self, col: u32) -> u128 {
        1u128 << (self.height - 1 + col * (self.height + 1))
    }

    fn bottom_cell(&self, col: u32) -> u128 {
        1u128 << (col * (self.height + 1))
    }

    /// Every cell of column `col`.
    pub fn column_cells(&self, col: u32) -> u128 {
        ((1u128 << self.height) - 1) << (col * (self.height + 1))
    }

    /// Whether a stone can go into column `col` (from 0).
    pub fn can_play(&self, pos: &Position, col: u32) -> bool {
        col < self.width && pos.mask & self.top_cell(col) == 0
    }

    /// The cell a stone dropped now would take in each playable column.
    pub fn playable_cells(&self, pos: &Position) -> u128 {
        (pos.mask + self.bottom) & self.board
    }

    /// Plays the cell `cell` (one of [`playable_cells`](Self::playable_cells)).
    pub fn play_cell(&self, pos: &Position, cell: u128) -> Position {
        Position {
            current: pos.current ^ pos.mask,
            mask: pos.mask | cell,
            moves: pos.moves + 1,
        }
    }

    /// Plays column `col` (from 0; it must be playable).
    pub fn play_column(&self, pos: &Position, col: u32) -> Position {
        let cell = (pos.mask + self.bottom_cell(col)) & self.column_cells(col);
        self.play_cell(pos, cell)
    }

    /// Whether dropping a stone in column `col` wins at once for the player to move.
    pub fn is_winning_move(&self, pos: &Position, col: u32) -> bool {
        let cell = (pos.mask + self.bottom_cell(col)) & self.column_cells(col);
        self.winning_spots(pos.current, pos.mask) & cell != 0
    }

    /// The free cells where the player holding `stones` would complete four.
    pub fn winning_spots(&self, stones: u128, mask: u128) -> u128 {
        winning_cells(stones, self.height) & (self.board ^ mask)
    }

    /// The free cells where the player to move would win.
    pub fn current_winning_spots(&self, pos: &Position) -> u128 {
        self.winning_spots(pos.current, pos.mask)
    }

    /// The free cells where the opponent of the player to move would win.
    pub fn opponent_winning_spots(&self, pos: &Position) -> u128 {
        self.winning_spots(pos.current ^ pos.mask, pos.mask)
    }

    /// Whether the player to move can win with their next stone.
    pub fn can_win_next(&self, pos: &Position) -> bool {
        self.current_winning_spots(pos) & self.playable_cells(pos) != 0
    }

    /// Whether the player who just moved has four in a line.
    pub fn last_mover_won(&self, pos: &Position) -> bool {
        has_four(pos.current ^ pos.mask, self.height)
    }

    /// The position after the columns of `moves`, numbered from 1 (`"4453"`; spaces and
    /// commas are ignored). Refused: a character that is not a column, a full column, and
    /// a move after the game is over.
    pub fn parse_moves(&self, moves: &str) -> Result<Position, ParseError> {
        let mut pos = self.empty();
        let mut n = 0;
        for (i, ch) in moves.chars().enumerate() {
            if ch.is_whitespace() || ch == ',' {
                continue;
            }
            n += 1;
            let col = match ch.to_digit(10) {
                Some(d) if d >= 1 && d <= self.width => d - 1,
                _ => {
                    return Err(ParseError(format!(
                        "character {} ('{ch}'): not a column (1 to {})",
                        i + 1,
                        self.width
                    )));
                }
            };
            if self.last_mover_won(&pos) {
                return Err(ParseError(format!(
                    "move {n} (column {}): the game is already won",
                    col + 1
                )));
            }
            if !self.can_play(&pos, col) {
                return Err(ParseError(format!(
                    "move {n}: column {} is full ({} stones)",
                    col + 1,
                    self.height
                )));
            }
            pos = self.play_column(&pos, col);
        }
        Ok(pos)
    }

    /// The stone in column `col`, row `row` (both from 0, row 0 at the bottom), if any.
    pub fn stone(&self, pos: &Position, col: u32, row: u32) -> Option<Player> {
        let bit = 1u128 << (col * (self.height + 1) + row);
        if pos.mask & bit == 0 {
            return None;
        }
        let mover = if pos.moves.is_multiple_of(2) {
            Player::One
        } else {
            Player::Two
        };
        Some(if pos.current & bit != 0 {
            mover
        } else {
            mover.other()
        })
    }

    /// The rows of the board from top to bottom, a character per cell: `X` player 1,
    /// `O` player 2, `.` empty.
    pub fn rows(&self, pos: &Position) -> Vec<String> {
        (0..self.height)
            .rev()
            .map(|row| {
                (0..self.width)
                    .map(|col| match self.stone(pos, col, row) {
                        Some(Player::One) => 'X',
                        Some(Player::Two) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// The score of a win for the player who places the winning stone on a board holding
    /// `stones` stones just before it: `(cells + 1 - stones) / 2`, the convention of the
    /// published test sets (a faster win scores higher).
    pub fn win_score(&self, stones: u32) -> i32 {
        (self.cells() as i32 + 1 - stones as i32) / 2
    }
}

impl Game for Connect4 {
    type State = Position;
    /// A column, from 0.
    type Move = u8;

    fn start(&self) -> Position {
        self.empty()
    }

    fn to_move(&self, pos: &Position) -> Player {
        if pos.moves.is_multiple_of(2) {
            Player::One
        } else {
            Player::Two
        }
    }

    /// The playable columns, centre first.
    fn moves(&self, pos: &Position, out: &mut Vec<u8>) {
        if self.result(pos).is_some() {
            return;
        }
        out.extend(
            self.order
                .iter()
                .copied()
                .filter(|&c| self.can_play(pos, u32::from(c))),
        );
    }

    fn play(&self, pos: &Position, col: &u8) -> Position {
        self.play_column(pos, u32::from(*col))
    }

    fn result(&self, pos: &Position) -> Option<GameResult> {
        if self.last_mover_won(pos) {
            Some(GameResult::Win(self.to_move(pos).other()))
        } else if pos.moves == self.cells() {
            Some(GameResult::Draw)
        } else {
            None
        }
    }

    /// The player to move's free winning cells minus the opponent's, a cell that can be
    /// played at once counting for more: threats are what decides Connect Four.
    fn heuristic(&self, pos: &Position) -> i32 {
        let playable = self.playable_cells(pos);
        let mine = self.current_winning_spots(pos);
        let theirs = self.opponent_winning_spots(pos);
        let weight = |w: u128| (w.count_ones() + 2 * (w & playable).count_ones()) as i32;
        weight(mine) - weight(theirs)
    }
}
