//! Singmaster notation: faces `U D L R F B`, a quarter turn clockwise (`R`), a half turn
//! (`R2`) and a quarter turn counter-clockwise (`R'`), seen facing the turned face. The
//! half-turn metric counts each of these as one move; the quarter-turn metric counts a half
//! turn as two.
//!
//! ```
//! use resolu_puzzles::cube::{format_moves, parse_moves, Metric};
//! let moves = parse_moves("R U2 F'").unwrap();
//! assert_eq!(format_moves(&moves), "R U2 F'");
//! assert_eq!(Metric::Quarter.length(&moves), 4);
//! assert!(parse_moves("R X").unwrap_err().to_string().contains("column 3"));
//! ```

use std::fmt;

/// A face of the cube, in Kociemba's order `U R F D L B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Up.
    U = 0,
    /// Right.
    R = 1,
    /// Front.
    F = 2,
    /// Down.
    D = 3,
    /// Left.
    L = 4,
    /// Back.
    B = 5,
}

impl Face {
    /// The six faces in order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// The face's letter.
    pub fn letter(self) -> char {
        ['U', 'R', 'F', 'D', 'L', 'B'][self as usize]
    }

    /// The face named by a letter.
    pub fn from_letter(c: char) -> Option<Face> {
        Some(match c {
            'U' => Face::U,
            'R' => Face::R,
            'F' => Face::F,
            'D' => Face::D,
            'L' => Face::L,
            'B' => Face::B,
            _ => return None,
        })
    }

    /// The opposite face.
    pub fn opposite(self) -> Face {
        Face::ALL[(self as usize + 3) % 6]
    }
}

/// One face turn: the face and the number of clockwise quarter turns (1, 2 or 3; 3 is
/// written with a prime).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The face turned.
    pub face: Face,
    /// Clockwise quarter turns: 1, 2 or 3.
    pub turns: u8,
}

impl Move {
    /// The 18 moves of the half-turn metric, in index order (`U U2 U' R R2 R' ...`).
    pub const ALL: [Move; 18] = {
        let mut all = [Move {
            face: Face::U,
            turns: 1,
        }; 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Move {
                face: Face::ALL[i / 3],
                turns: (i % 3) as u8 + 1,
            };
            i += 1;
        }
        all
    };

    /// The move with index `i` (0..18): face `i / 3`, `i % 3 + 1` quarter turns.
    pub fn from_index(i: usize) -> Move {
        Move::ALL[i % 18]
    }

    /// The move's index (0..18), used by move tables.
    pub fn index(self) -> usize {
        self.face as usize * 3 + self.turns as usize - 1
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        Move {
            face: self.face,
            turns: 4 - self.turns,
        }
    }

    /// Parses one move (`R`, `R2`, `R'`).
    pub fn parse(text: &str) -> Result<Move, NotationError> {
        let moves = parse_moves(text)?;
        match moves.as_slice() {
            [m] => Ok(*m),
            _ => Err(NotationError {
                column: 1,
                message: format!("'{text}' is not one move"),
            }),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.turns {
            1 => "",
            2 => "2",
            _ => "'",
        };
        write!(f, "{}{}", self.face.letter(), suffix)
    }
}

/// How moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Metric {
    /// Half-turn metric: every face turn counts 1 (18 moves).
    #[default]
    Half,
    /// Quarter-turn metric: a half turn counts 2 (12 moves: quarter turns only).
    Quarter,
}

impl Metric {
    /// The metric's command-line name: `htm` or `qtm`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Half => "htm",
            Metric::Quarter => "qtm",
        }
    }

    /// The metric named `htm` or `qtm`.
    pub fn from_name(name: &str) -> Option<Metric> {
        match name.to_ascii_lowercase().as_str() {
            "htm" | "half" => Some(Metric::Half),
            "qtm" | "quarter" => Some(Metric::Quarter),
            _ => None,
        }
    }

    /// What one move costs in this metric.
    pub fn cost(self, m: Move) -> u32 {
        match (self, m.turns) {
            (Metric::Quarter, 2) => 2,
            _ => 1,
        }
    }

    /// The length of a sequence in this metric.
    pub fn length(self, moves: &[Move]) -> u32 {
        moves.iter().map(|&m| self.cost(m)).sum()
    }

    /// The moves one step of a search may make: 18 in the half-turn metric, the 12 quarter
    /// turns in the quarter-turn metric.
    pub fn moves(self) -> Vec<Move> {
        Move::ALL
            .iter()
            .copied()
            .filter(|m| self == Metric::Half || m.turns != 2)
            .collect()
    }
}

/// A move string that cannot be read, with the 1-based column of the fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct NotationError {
    /// 1-based column (in characters) of the fault.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads a sequence of moves: faces `U D L R F B`, each followed by nothing, `2` or `'`
/// (also `’` and `2'`); spaces are optional between moves.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let Some(face) = Face::from_letter(c) else {
            let hint = if "udlrfbxyzMES".contains(c) {
                " (only the face turns U D L R F B are moves here)"
            } else {
                ""
            };
            return Err(NotationError {
                column: i + 1,
                message: format!("'{c}' is not a face (expected U, D, L, R, F or B){hint}"),
            });
        };
        i += 1;
        let mut turns = 1;
        if i < chars.len() && chars[i] == '2' {
            turns = 2;
            i += 1;
            if i < chars.len() && (chars[i] == '\'' || chars[i] == '’') {
                i += 1;
            }
        } else if i < chars.len() && (chars[i] == '\'' || chars[i] == '’') {
            turns = 3;
            i += 1;
        }
        if i < chars.len()
            && !(chars[i].is_whitespace() || chars[i] == ',')
            && Face::from_letter(chars[i]).is_none()
        {
            return Err(NotationError {
                column: i + 1,
                message: format!("unexpected '{}' after {}", chars[i], Move { face, turns }),
            });
        }
        moves.push(Move { face, turns });
    }
    Ok(moves)
}

/// Writes moves separated by spaces (`R U2 F'`); the empty sequence is the empty string.
pub fn format_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `next` may follow `prev` in a canonical sequence: never the same face twice in
/// a row, and of two opposite faces in a row only the one with the smaller index first
/// (`U D` but not `D U`: they commute). Every sequence has a canonical one as short.
pub fn may_follow(prev: Option<Move>, next: Move) -> bool {
    match prev {
        None => true,
        Some(p) => {
            p.face != next.face
                && !(p.face.opposite() == next.face && p.face as u8 > next.face as u8)
        }
    }
}

/// [`may_follow`] for the moves of `metric`: in the quarter-turn metric a half turn is two
/// quarter turns of the same face, so a face may follow itself when turned the same way
/// (`R R`, never `R R'`).
pub fn may_follow_in(metric: Metric, prev: Option<Move>, next: Move) -> bool {
    match (metric, prev) {
        (Metric::Quarter, Some(p)) if p.face == next.face => p.turns == next.turns,
        _ => may_follow(prev, next),
    }
}

/// A random scramble of `n` moves in `metric` (half turns allowed only in the half-turn
/// metric), canonical: no face twice in a row, no `D U`, so no move undoes the one before.
pub fn random_scramble(n: usize, metric: Metric, rng: &mut impl rand::Rng) -> Vec<Move> {
    let choices = metric.moves();
    let mut moves: Vec<Move> = Vec::with_capacity(n);
    while moves.len() < n {
        let m = choices[rng.random_range(0..choices.len())];
        if may_follow(moves.last().copied(), m) {
            moves.push(m);
        }
    }
    moves
}
