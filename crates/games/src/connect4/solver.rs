//! A strong Connect Four solver, after Pascal Pons's: the exact score of a position, the
//! best columns, and each column's score.
//!
//! # The score
//!
//! As in the published test sets: 0 for a draw; when the player to move wins,
//! `(cells + 1 - n) / 2` (integer division), n being the number of stones on the board just
//! before the winning stone (on 7x6: 22 minus the winner's stone count, so a faster win
//! scores higher); when they lose, minus the opponent's score by the same rule.
//!
//! # The search
//!
//! Negamax with alpha-beta pruning over the bitboard ([`Connect4`]), with:
//! - **a bitboard** over a `u64` on every board up to 8x7, a `u128` on 8x8;
//! - **no losing moves**: a position where the opponent has two immediate wins is lost at
//!   once; with one, the only move is to block it; and a stone is never placed just below
//!   an opponent's winning cell. So a position whose player to move can win at once never
//!   enters the search: it is scored before;
//! - **bounds from the stone count**: a position with n stones cannot score above
//!   `(cells - 1 - n) / 2` nor below `-(cells - 2 - n) / 2`, which narrows the window;
//! - **move ordering**: the moves that create the most winning cells first, ties broken
//!   centre first (good moves first make the cut-offs come early);
//! - **a transposition table** of fixed size keyed by the whole position, storing upper
//!   bounds (every move failed low) and lower bounds (a move failed high), 5 bytes a slot
//!   on 7x6 as in Pons's solver;
//! - **an opening book** ([`super::book`]), when one is given: the exact scores of the
//!   positions of the first moves, looked up before searching them;
//! - **iterative deepening on the score window**: the score is found by a sequence of
//!   null-window searches (`alpha = beta - 1`), each only answering "is the score above
//!   m?", halving the interval of possible scores (starting near 0, where they are cheap).
//!
//! [`Solver::solve`] gives the score alone, the fast path; [`Solver::analyse`] each column's
//! score, a score search per column (as Pons's `-a`), several times slower.
//!
//! The search is recursive: a play has at most 64 moves, so the call stack stays shallow.
//! Complete and exact; the time grows exponentially with the empty cells, which the
//! pruning tames: end-game and middle-game positions of 7x6 take microseconds to
//! milliseconds, the empty 6x5 board seconds (see the bench `connect4`).
//!
//! ```
//! use resolu_games::connect4::{Connect4, solver::Solver};
//!
//! let game = Connect4::standard();
//! let mut solver = Solver::new(&game, 16);
//! // Player 1 has three stones on the bottom row (columns 4 to 6) and moves: column 3 or 7
//! // wins with the 4th stone, 6 stones on the board before it: (42 + 1 - 6) / 2 = 18.
//! let pos = game.parse_moves("445566").unwrap();
//! assert_eq!(solver.solve(&pos).unwrap().0, 18);
//! let analysis = solver.analyse(&pos).unwrap();
//! assert_eq!(analysis.score, 18);
//! assert_eq!(analysis.best_moves, vec![2, 6]); // columns from 0
//! ```

use super::bits::Bits;
use super::book::Book;
use super::search::{AnySize, Board, Geometry, Search, Standard};
use super::table::{BoundTable, CompactTable, WideTable};
use super::{Connect4, Position};
use resolu_search::{Limits, StopReason};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The solver ran into one of its [`Limits`]; nothing was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped by the {} after {nodes} positions ({:.1} s)", limit_name(*reason), elapsed.as_secs_f64())]
pub struct Stopped {
    /// Which limit: [`StopReason::NodeLimit`], [`StopReason::TimeLimit`] or
    /// [`StopReason::Interrupted`] (the monitor's flag).
    pub reason: StopReason,
    /// Positions searched before the stop.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The words naming a limit in [`Stopped`]'s message.
fn limit_name(reason: StopReason) -> &'static str {
    match reason {
        StopReason::NodeLimit => "node limit",
        StopReason::TimeLimit => "time limit",
        StopReason::MemoryLimit => "memory budget",
        StopReason::Interrupted => "interruption",
        _ => "limit",
    }
}

/// A position's score, its best columns and the score of every column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The score for the player to move (see the module's doc).
    pub score: i32,
    /// The columns (from 0) that keep the score, in increasing order.
    pub best_moves: Vec<u8>,
    /// For each column (from 0), the score for the player to move if they play it, `None`
    /// if the column is full.
    pub column_scores: Vec<Option<i32>>,
    /// Positions searched (calls of the negamax).
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The search, compiled for the integer and the table that fit the board.
enum Engine {
    /// The standard 7x6 board, its size known at compile time.
    Standard(Search<u64, CompactTable, Standard>),
    /// Boards whose key fits in 32 bits plus the table's index bits (7x6): Pons's layout.
    Compact(Search<u64, CompactTable, AnySize>),
    /// Other boards up to 64 bits (8x7, 7x8).
    Narrow(Search<u64, WideTable, AnySize>),
    /// 8x8.
    Wide(Search<u128, WideTable, AnySize>),
}

/// Runs `$body` with `$s` bound to the engine's search, whatever its types.
macro_rules! with_search {
    ($engine:expr, $s:ident => $body:expr) => {
        match $engine {
            Engine::Standard($s) => $body,
            Engine::Compact($s) => $body,
            Engine::Narrow($s) => $body,
            Engine::Wide($s) => $body,
        }
    };
}

/// The solver of one board size, with its transposition table (kept between calls, so
/// the positions of one play are solved faster one after the other).
pub struct Solver<'g> {
    game: &'g Connect4,
    engine: Engine,
}

impl<'g> Solver<'g> {
    /// A solver of `game` with a transposition table of about 2^`log2_slots` slots (5
    /// bytes each on 7x6, 8 on the largest boards; at least 2^16: 24 gives 80 MB, Pons's
    /// size, ample for 7x6; 16 to 20 suit small boards and tests).
    pub fn new(game: &'g Connect4, log2_slots: u32) -> Solver<'g> {
        let log2_slots = log2_slots.clamp(16, 30);
        let key_bits = game.width() * (game.height() + 1);
        let any = AnySize {
            height: game.height(),
            cells: game.cells() as i32,
        };
        let engine = if (game.width(), game.height()) == (7, 6) && key_bits <= 32 + log2_slots {
            Engine::Standard(Search::new(game, CompactTable::new(log2_slots), Standard))
        } else if key_bits <= 32 + log2_slots {
            Engine::Compact(Search::new(game, CompactTable::new(log2_slots), any))
        } else if key_bits <= u64::BITS {
            Engine::Narrow(Search::new(game, WideTable::new(log2_slots), any))
        } else {
            Engine::Wide(Search::new(game, WideTable::new(log2_slots), any))
        };
        Solver { game, engine }
    }

    /// Stop (with [`Stopped`]) at these limits: `max_nodes` (positions searched in one
    /// call, exact), `timeout` (of one call, the clock read every few thousand positions),
    /// `max_memory_bytes` (the transposition table's size, fixed by [`Solver::new`]: a
    /// table larger than the budget stops the call at once) and the `monitor`'s flag
    /// (Ctrl-C; the counters are published there).
    pub fn limits(mut self, limits: Limits) -> Self {
        with_search!(&mut self.engine, s => s.set_limits(limits));
        self
    }

    /// Stop (with [`Stopped`]) after this many positions in one call: a shorthand for
    /// [`Limits::max_nodes`].
    pub fn max_nodes(self, max: Option<u64>) -> Self {
        let mut limits = with_search!(&self.engine, s => *s.limits());
        limits.max_nodes = max;
        self.limits(limits)
    }

    /// Stop (with [`Stopped`]) after about this long in one call: a shorthand for
    /// [`Limits::timeout`].
    pub fn time_limit(self, limit: Option<Duration>) -> Self {
        let mut limits = with_search!(&self.engine, s => *s.limits());
        limits.timeout = limit;
        self.limits(limits)
    }

    /// Looks the positions of `book` up instead of searching them (the book must be of
    /// this board's size; another size's book is ignored).
    pub fn book(mut self, book: Option<Arc<Book>>) -> Self {
        let book = book.filter(|b| b.size() == (self.game.width(), self.game.height()));
        with_search!(&mut self.engine, s => s.set_book(book));
        self
    }

    /// Slots of the transposition table.
    pub fn table_slots(&self) -> usize {
        with_search!(&self.engine, s => s.table_slots())
    }

    /// Bytes of the transposition table.
    pub fn table_bytes(&self) -> u64 {
        with_search!(&self.engine, s => s.table_bytes())
    }

    /// Forgets the transposition table (to measure a position alone).
    pub fn clear(&mut self) {
        with_search!(&mut self.engine, s => s.clear());
    }

    fn end(&self) {
        if let Some(monitor) = with_search!(&self.engine, s => s.limits().monitor) {
            monitor.end_run();
        }
    }

    /// Runs `f` on the engine between the start and the end of a call, turning a stop into
    /// [`Stopped`].
    fn run<R>(
        &mut self,
        f: impl FnOnce(&mut Engine, &Position) -> R,
        pos: &Position,
    ) -> Result<(R, u64, Duration), Stopped> {
        let clock = Instant::now();
        if let Some(monitor) = with_search!(&self.engine, s => s.limits().monitor) {
            monitor.begin_run();
        }
        with_search!(&mut self.engine, s => s.start(clock));
        let early = with_search!(&self.engine, s => s.stopped);
        let value = if early.is_none() {
            Some(f(&mut self.engine, pos))
        } else {
            None
        };
        self.end();
        let (nodes, stopped) = with_search!(&self.engine, s => (s.nodes, s.stopped));
        match (stopped, value) {
            (None, Some(v)) => Ok((v, nodes, clock.elapsed())),
            (reason, _) => Err(Stopped {
                reason: reason.unwrap_or(StopReason::Interrupted),
                nodes,
                elapsed: clock.elapsed(),
            }),
        }
    }

    /// The score of `pos` for the player to move, and the positions searched: the fast
    /// path (null-window searches on the position alone). The game must not be over in
    /// `pos`.
    pub fn solve(&mut self, pos: &Position) -> Result<(i32, u64), Stopped> {
        self.run(
            |e, p| with_search!(e, s => s.score(&Board::from_position(p))),
            pos,
        )
        .map(|(score, nodes, _)| (score, nodes))
    }

    /// The sign of the score of `pos` (a weak solve: 1 the player to move wins, 0 a draw,
    /// -1 a loss), much cheaper than the score on open positions. The game must not be
    /// over in `pos`.
    pub fn solve_weak(&mut self, pos: &Position) -> Result<(i32, u64), Stopped> {
        self.run(
            |e, p| {
                with_search!(e, s => {
                    let b = Board::from_position(p);
                    if s.can_win_next(&b) { 1 } else { s.search_window(&b, -1, 1) }
                })
            },
            pos,
        )
        .map(|(score, nodes, _)| (score.signum(), nodes))
    }

    /// The score of `pos` and one best column (from 0, the first in the centre-first order
    /// that keeps the score), with the positions searched: the perfect player's fast path,
    /// a score search then one null-window search per column tried ("does it hold the
    /// score?"), far cheaper than [`Solver::analyse`]. The game must not be over in `pos`.
    pub fn best_move(&mut self, pos: &Position) -> Result<(i32, u8, u64), Stopped> {
        let g = self.game;
        self.run(|e, p| with_search!(e, s => best_column(g, s, p)), pos)
            .map(|((score, col), nodes, _)| (score, col, nodes))
    }

    /// The score of `pos`, the best columns and every column's score (each column's
    /// position solved in turn, sharing the table). The game must not be over in `pos`.
    pub fn analyse(&mut self, pos: &Position) -> Result<Analysis, Stopped> {
        let g = self.game;
        let (column_scores, nodes, elapsed) =
            self.run(|e, p| with_search!(e, s => column_scores(g, s, p)), pos)?;
        let score = column_scores.iter().flatten().copied().max().unwrap_or(0);
        let best_moves = (0..g.width() as u8)
            .filter(|&c| column_scores[c as usize] == Some(score))
            .collect();
        Ok(Analysis {
            score,
            best_moves,
            column_scores,
            nodes,
            elapsed,
        })
    }
}

/// The score and the first column, centre first, that keeps it.
fn best_column<B: Bits, T: BoundTable<B>, G: Geometry>(
    g: &Connect4,
    s: &mut Search<B, T, G>,
    pos: &Position,
) -> (i32, u8) {
    let score = s.score(&Board::from_position(pos));
    let playable = || {
        g.column_order()
            .iter()
            .copied()
            .filter(|&c| g.can_play(pos, u32::from(c)))
    };
    let first = playable().next().unwrap_or(0);
    for c in playable() {
        let col = u32::from(c);
        if g.is_winning_move(pos, col) {
            if g.win_score(pos.moves) == score {
                return (score, c);
            }
            continue;
        }
        let next = Board::from_position(&g.play_column(pos, col));
        let holds = if next.moves == g.cells() {
            score == 0
        } else if s.can_win_next(&next) {
            -s.win_now_score(&next) == score
        } else {
            // The opponent's score is at least -score; the column keeps the score if it is
            // at most -score.
            s.negamax(&next, -score, -score + 1) <= -score
        };
        if s.stopped.is_some() {
            break;
        }
        if holds {
            return (score, c);
        }
    }
    (score, first)
}

/// Each column's score (None for a full column), centre first (its value narrows nothing,
/// but fills the table with entries the other columns share). Stops early if the search
/// stops.
fn column_scores<B: Bits, T: BoundTable<B>, G: Geometry>(
    g: &Connect4,
    s: &mut Search<B, T, G>,
    pos: &Position,
) -> Vec<Option<i32>> {
    let mut scores = vec![None; g.width() as usize];
    for &c in g.column_order() {
        let col = u32::from(c);
        if !g.can_play(pos, col) {
            continue;
        }
        let score = if g.is_winning_move(pos, col) {
            g.win_score(pos.moves)
        } else {
            let next = g.play_column(pos, col);
            if next.moves == g.cells() {
                0
            } else {
                -s.score(&Board::from_position(&next))
            }
        };
        if s.stopped.is_some() {
            break;
        }
        scores[c as usize] = Some(score);
    }
    scores
}
