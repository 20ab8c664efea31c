//! Tic-tac-toe (morpion): X (player 1) and O (player 2) fill a 3x3 grid in turn; three in a
//! row, column or diagonal wins; a full grid without one is a draw. A draw under perfect
//! play; 255,168 possible games; 5,478 positions reachable from the empty grid (itself
//! included), 958 of them final.
//!
//! A board is two 9-bit masks (cells numbered 0 to 8, row by row), so a state is 4 bytes
//! and a win test is eight mask comparisons.
//!
//! ```
//! use resolu_games::{Game, GameResult, Player, tictactoe::TicTacToe};
//!
//! let game = TicTacToe;
//! let board = TicTacToe::parse("xx. / oo. / ...").unwrap();
//! assert_eq!(game.to_move(&board), Player::One);
//! let after = game.play(&board, &2);
//! assert_eq!(game.result(&after), Some(GameResult::Win(Player::One)));
//! ```

use crate::matches::ParseError;
use crate::{Game, GameResult, Player};
use std::fmt;

/// The eight lines of three cells, as masks.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// The game (it has no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe;

/// A board: the cells of X and of O as bit masks (bit `3 * row + col`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Cells holding X.
    pub x: u16,
    /// Cells holding O.
    pub o: u16,
}

impl Board {
    /// Who holds cell `i` (0 to 8), if anyone.
    pub fn cell(&self, i: u8) -> Option<Player> {
        let bit = 1 << i;
        if self.x & bit != 0 {
            Some(Player::One)
        } else if self.o & bit != 0 {
            Some(Player::Two)
        } else {
            None
        }
    }

    /// The grid on three lines: `X O .` and so on.
    pub fn rows(&self) -> [String; 3] {
        std::array::from_fn(|r| {
            (0..3)
                .map(|c| symbol(self.cell((3 * r + c) as u8)))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }
}

/// `X`, `O` or `.`.
pub fn symbol(p: Option<Player>) -> &'static str {
    match p {
        Some(Player::One) => "X",
        Some(Player::Two) => "O",
        None => ".",
    }
}

impl fmt::Display for Board {
    /// One line, rows separated by `/`: `XO./.X./..O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = self.rows().map(|r| r.replace(' ', ""));
        write!(f, "{}", rows.join("/"))
    }
}

fn has_line(mask: u16) -> bool {
    // A line is complete when none of its cells is missing from the mask.
    LINES.iter().any(|&l| l & !mask == 0)
}

impl TicTacToe {
    /// Reads a board: nine cells `x`, `o` (either case) or `.`/`_`/`-` for empty, row by
    /// row; spaces and `/` are ignored. It must be reachable: X has as many marks as O or
    /// one more, and at most one player has three in a row.
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        let mut board = Board::default();
        let mut n = 0u8;
        for (col, ch) in text.chars().enumerate() {
            let bit = match ch {
                ' ' | '/' | '\n' | '\t' | '\r' => continue,
                _ if n >= 9 => {
                    return Err(ParseError(format!(
                        "column {}: more than nine cells",
                        col + 1
                    )));
                }
                _ => 1u16 << n,
            };
            match ch {
                'x' | 'X' => board.x |= bit,
                'o' | 'O' | '0' => board.o |= bit,
                '.' | '_' | '-' => {}
                _ => {
                    return Err(ParseError(format!(
                        "column {}: '{ch}' is not a cell (x, o or .)",
                        col + 1
                    )));
                }
            }
            n += 1;
        }
        if n != 9 {
            return Err(ParseError(format!(
                "a board has nine cells, got {n} (write rows like 'x.o/.x./...')"
            )));
        }
        let (nx, no) = (board.x.count_ones(), board.o.count_ones());
        if !(nx == no || nx == no + 1) {
            return Err(ParseError(format!(
                "X moves first, so X has as many marks as O or one more (X {nx}, O {no})"
            )));
        }
        if has_line(board.x) && has_line(board.o) {
            return Err(ParseError("both players have three in a row".into()));
        }
        if (has_line(board.x) && nx == no) || (has_line(board.o) && nx > no) {
            return Err(ParseError(
                "the game went on after a win: the winner must have moved last".into(),
            ));
        }
        Ok(board)
    }
}

impl Game for TicTacToe {
    type State = Board;
    /// A cell, from 0 (top left) to 8 (bottom right), row by row.
    type Move = u8;

    fn start(&self) -> Board {
        Board::default()
    }

    fn to_move(&self, b: &Board) -> Player {
        if b.x.count_ones() == b.o.count_ones() {
            Player::One
        } else {
            Player::Two
        }
    }

    fn moves(&self, b: &Board, out: &mut Vec<u8>) {
        if self.result(b).is_some() {
            return;
        }
        let empty = FULL & !(b.x | b.o);
        out.extend((0..9).filter(|&i| empty & (1 << i) != 0));
    }

    fn play(&self, b: &Board, cell: &u8) -> Board {
        let bit = 1 << cell;
        match self.to_move(b) {
            Player::One => Board {
                x: b.x | bit,
                o: b.o,
            },
            Player::Two => Board {
                x: b.x,
                o: b.o | bit,
            },
        }
    }

    fn result(&self, b: &Board) -> Option<GameResult> {
        if has_line(b.x) {
            Some(GameResult::Win(Player::One))
        } else if has_line(b.o) {
            Some(GameResult::Win(Player::Two))
        } else if b.x | b.o == FULL {
            Some(GameResult::Draw)
        } else {
            None
        }
    }
}
