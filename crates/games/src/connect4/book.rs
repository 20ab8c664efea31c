//! An opening book: the exact score of every position of the first moves of a board, built
//! by the solver itself, so that the solver looks them up instead of searching them.
//!
//! A position and its mirror image (columns reversed) have the same score: the book keeps
//! one key per pair, the smaller of the two. The bytes of a book ([`Book::to_bytes`]) are a
//! payload for the checked table cache (the CLI stores them with
//! `resolu_puzzles::cache`, keyed by the board's size and the depth, so that a damaged file
//! is reported and rebuilt, never used).
//!
//! ```
//! use resolu_games::connect4::{Connect4, book::Book, solver::Solver};
//!
//! let game = Connect4::new(5, 4).unwrap();
//! let book = Book::build(&game, 2, 18, &mut |_, _| {}).unwrap();
//! assert_eq!(book.get(&game, &game.empty()), Some(0)); // 5x4 is a draw
//! let copy = Book::from_bytes(&book.to_bytes()).unwrap();
//! assert_eq!(copy, book);
//! ```

use super::bits::Bits;
use super::search::Board;
use super::solver::{Solver, Stopped};
use super::{Connect4, Position};
use crate::Game;
use rustc_hash::FxHashMap;

/// The exact scores of the positions of at most [`Book::depth`] stones of one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    width: u32,
    height: u32,
    depth: u32,
    scores: FxHashMap<u128, i8>,
}

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a Connect Four book: {0}")]
pub struct BookError(pub String);

/// The smaller of a key and its mirror image's, on a board of `width` columns of
/// `height` rows.
fn canonical(key: u128, width: u32, height: u32) -> u128 {
    let h1 = height + 1;
    let column = (1u128 << h1) - 1;
    let mirror = (0..width).fold(0u128, |m, c| {
        m | (((key >> (c * h1)) & column) << ((width - 1 - c) * h1))
    });
    key.min(mirror)
}

impl Book {
    /// Solves every position of `game` reachable in at most `depth` stones (the game not
    /// over; a position whose player to move wins at once is not stored, the solver scores
    /// those without search), with a solver of 2^`table_bits` slots shared by all (and
    /// the book's own entries, deepest first, so that each search stops at the book).
    /// `progress(done, total)` is called after each position.
    pub fn build(
        game: &Connect4,
        depth: u32,
        table_bits: u32,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Book, Stopped> {
        let mut levels: Vec<Vec<Position>> = vec![vec![game.empty()]];
        let mut seen = rustc_hash::FxHashSet::default();
        let mut moves = Vec::new();
        for _ in 0..depth {
            let mut next = Vec::new();
            for pos in levels.last().map(Vec::as_slice).unwrap_or_default() {
                moves.clear();
                game.moves(pos, &mut moves);
                for &m in &moves {
                    let child = game.play(pos, &m);
                    if game.result(&child).is_none()
                        && seen.insert(canonical(child.key(), game.width(), game.height()))
                    {
                        next.push(child);
                    }
                }
            }
            levels.push(next);
        }
        let total: usize = levels.iter().map(Vec::len).sum();
        let mut book = Book {
            width: game.width(),
            height: game.height(),
            depth,
            scores: FxHashMap::default(),
        };
        let mut done = 0;
        for level in levels.iter().rev() {
            let shared = std::sync::Arc::new(book.clone());
            let mut solver = Solver::new(game, table_bits).book(Some(shared));
            for pos in level {
                if !game.can_win_next(pos) {
                    let (score, _) = solver.solve(pos)?;
                    book.scores.insert(
                        canonical(pos.key(), game.width(), game.height()),
                        score as i8,
                    );
                }
                done += 1;
                progress(done, total);
            }
        }
        Ok(book)
    }

    /// (columns, rows) of the book's board.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The largest number of stones of a position in the book.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Positions stored.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether no position is stored.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The score of `pos` for the player to move, if the book holds it (a position of
    /// `game`'s size, of at most [`Book::depth`] stones, whose player to move cannot win
    /// at once).
    pub fn get(&self, game: &Connect4, pos: &Position) -> Option<i32> {
        if (game.width(), game.height()) != self.size() {
            return None;
        }
        self.get_bits(&Board::<u128>::from_position(pos))
    }

    /// [`Book::get`] for the search's boards.
    pub(crate) fn get_bits<B: Bits>(&self, pos: &Board<B>) -> Option<i32> {
        if pos.moves > self.depth {
            return None;
        }
        let key = (pos.current + pos.mask).to_wide();
        self.scores
            .get(&canonical(key, self.width, self.height))
            .map(|&s| i32::from(s))
    }

    /// The book as bytes: width, height, depth, then each (key, score) as 16 + 1 bytes in
    /// increasing order of keys (so that the same book always gives the same bytes).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut entries: Vec<(u128, i8)> = self.scores.iter().map(|(&k, &s)| (k, s)).collect();
        entries.sort_unstable();
        let mut out = Vec::with_capacity(3 + entries.len() * 17);
        out.extend([self.width as u8, self.height as u8, self.depth as u8]);
        for (k, s) in entries {
            out.extend(k.to_le_bytes());
            out.push(s as u8);
        }
        out
    }

    /// The book of [`Book::to_bytes`]'s bytes; refused if they are not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let [width, height, depth, rest @ ..] = bytes else {
            return Err(BookError("shorter than its header".into()));
        };
        let (width, height, depth) = (u32::from(*width), u32::from(*height), u32::from(*depth));
        if Connect4::new(width, height).is_err() || depth > width * height {
            return Err(BookError(format!("size {width}x{height}, depth {depth}")));
        }
        if !rest.len().is_multiple_of(17) {
            return Err(BookError("a truncated entry".into()));
        }
        let mut scores = FxHashMap::default();
        for entry in rest.chunks_exact(17) {
            let mut key = [0u8; 16];
            key.copy_from_slice(&entry[..16]);
            scores.insert(u128::from_le_bytes(key), entry[16] as i8);
        }
        Ok(Book {
            width,
            height,
            depth,
            scores,
        })
    }
}
