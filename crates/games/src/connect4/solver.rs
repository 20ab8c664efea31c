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
//! - **no losing moves**: a position where the opponent has two immediate wins is lost at
//!   once; with one, the only move is to block it; and a stone is never placed just below
//!   an opponent's winning cell. So a position whose player to move can win at once never
//!   enters the search: it is scored before;
//! - **bounds from the stone count**: a position with n stones cannot score above
//!   `(cells - 1 - n) / 2` nor below `-(cells - 2 - n) / 2`, which narrows the window;
//! - **move ordering**: the moves that create the most winning cells first, ties broken
//!   centre first (good moves first make the cut-offs come early);
//! - **a transposition table** of fixed size keyed by the whole position, storing upper
//!   bounds (every move failed low) and lower bounds (a move failed high);
//! - **iterative deepening on the score window**: the score is found by a sequence of
//!   null-window searches (`alpha = beta - 1`), each only answering "is the score above
//!   m?", halving the interval of possible scores (starting near 0, where they are cheap).
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
//! let analysis = solver.analyse(&game.parse_moves("445566").unwrap()).unwrap();
//! assert_eq!(analysis.score, 18);
//! assert_eq!(analysis.best_moves, vec![2, 6]); // columns from 0
//! ```

use super::table::Table;
use super::{Connect4, Position};
use std::time::{Duration, Instant};

/// The solver ran into its node or time limit; nothing was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped by the limit after {nodes} positions ({:.1} s)", elapsed.as_secs_f64())]
pub struct Stopped {
    /// Positions searched before the stop.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
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

/// The solver of one board size, with its transposition table (kept between calls, so
/// the positions of one play are solved faster one after the other).
pub struct Solver<'g> {
    game: &'g Connect4,
    table: Table,
    nodes: u64,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    time_limit: Option<Duration>,
    stopped: bool,
    min_score: i32,
    max_score: i32,
}

/// How often (in positions) the clock is read.
const CLOCK_EVERY: u64 = 1 << 12;

impl<'g> Solver<'g> {
    /// A solver of `game` with a transposition table of about 2^`log2_slots` slots (8
    /// bytes each, at least 2^16: 23 gives 64 MB, ample for 7x6; 16 to 20 suit small
    /// boards and tests).
    pub fn new(game: &'g Connect4, log2_slots: u32) -> Solver<'g> {
        let cells = game.cells() as i32;
        Solver {
            game,
            table: Table::new(log2_slots.clamp(8, 30)),
            nodes: 0,
            max_nodes: None,
            deadline: None,
            time_limit: None,
            stopped: false,
            // The fastest loss: the opponent's fourth stone, with 7 stones before it.
            min_score: -cells / 2 + 3,
            max_score: (cells + 1) / 2 - 3,
        }
    }

    /// Stop (with [`Stopped`]) after about this many positions in one call.
    pub fn max_nodes(mut self, max: Option<u64>) -> Self {
        self.max_nodes = max;
        self
    }

    /// Stop (with [`Stopped`]) after about this long in one call.
    pub fn time_limit(mut self, limit: Option<Duration>) -> Self {
        self.time_limit = limit;
        self
    }

    /// Slots of the transposition table.
    pub fn table_slots(&self) -> usize {
        self.table.slots()
    }

    /// Forgets the transposition table (to measure a position alone).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    fn start(&mut self) -> Instant {
        let now = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = self.time_limit.map(|t| now + t);
        now
    }

    fn stopped(&self, clock: Instant) -> Stopped {
        Stopped {
            nodes: self.nodes,
            elapsed: clock.elapsed(),
        }
    }

    /// The score of `pos` for the player to move, and the positions searched. The game
    /// must not be over in `pos`.
    pub fn solve(&mut self, pos: &Position) -> Result<(i32, u64), Stopped> {
        let clock = self.start();
        let score = self.score(pos);
        if self.stopped {
            return Err(self.stopped(clock));
        }
        Ok((score, self.nodes))
    }

    /// The sign of the score of `pos` (a weak solve: 1 the player to move wins, 0 a draw,
    /// -1 a loss), much cheaper than the score on open positions. The game must not be
    /// over in `pos`.
    pub fn solve_weak(&mut self, pos: &Position) -> Result<(i32, u64), Stopped> {
        let clock = self.start();
        let score = if self.game.can_win_next(pos) {
            1
        } else {
            self.search_window(pos, -1, 1)
        };
        if self.stopped {
            return Err(self.stopped(clock));
        }
        Ok((score.signum(), self.nodes))
    }

    /// The score of `pos`, the best columns and every column's score (each column's
    /// position solved in turn, sharing the table). The game must not be over in `pos`.
    pub fn analyse(&mut self, pos: &Position) -> Result<Analysis, Stopped> {
        let clock = self.start();
        let g = self.game;
        let mut column_scores = vec![None; g.width() as usize];
        // Centre first: its value narrows nothing, but fills the table with useful entries.
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
                    -self.score(&next)
                }
            };
            if self.stopped {
                return Err(self.stopped(clock));
            }
            column_scores[c as usize] = Some(score);
        }
        let score = column_scores.iter().flatten().copied().max().unwrap_or(0);
        let best_moves = (0..g.width() as u8)
            .filter(|&c| column_scores[c as usize] == Some(score))
            .collect();
        Ok(Analysis {
            score,
            best_moves,
            column_scores,
            nodes: self.nodes,
            elapsed: clock.elapsed(),
        })
    }

    /// The score by null-window searches that halve the interval of possible scores.
    fn score(&mut self, pos: &Position) -> i32 {
        let g = self.game;
        let cells = g.cells() as i32;
        let n = pos.moves as i32;
        if g.can_win_next(pos) {
            return g.win_score(pos.moves);
        }
        self.search_window(pos, -(cells - n) / 2, (cells + 1 - n) / 2)
    }

    /// The score if it lies in [min, max] (else a score beyond the bound it passes), by
    /// null-window searches, for a position whose player to move cannot win at once.
    fn search_window(&mut self, pos: &Position, mut min: i32, mut max: i32) -> i32 {
        while min < max && !self.stopped {
            let mut med = min + (max - min) / 2;
            // Probe nearer 0 first: the searches there are the cheapest.
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(pos, med, med + 1);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        min
    }

    /// The playable cells that do not hand the opponent an immediate win (0 if every move
    /// loses at once).
    fn non_losing_moves(&self, pos: &Position) -> u128 {
        let g = self.game;
        let mut possible = g.playable_cells(pos);
        let threats = g.opponent_winning_spots(pos);
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0; // two threats: one cannot block both
            }
            possible = forced;
        }
        // Never right below an opponent's winning cell.
        possible & !(threats >> 1)
    }

    /// Negamax with alpha-beta within [alpha, beta], for a position whose player to move
    /// cannot win at once. Fail-hard on the low side (an upper bound is `alpha`).
    fn negamax(&mut self, pos: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY) {
            let over_nodes = self.max_nodes.is_some_and(|m| self.nodes >= m);
            let over_time = self.deadline.is_some_and(|d| Instant::now() >= d);
            if over_nodes || over_time {
                self.stopped = true;
            }
        }
        if self.stopped {
            return alpha;
        }
        let g = self.game;
        let cells = g.cells() as i32;
        let n = pos.moves as i32;
        let next = self.non_losing_moves(pos);
        if next == 0 {
            // The opponent wins with their next stone.
            return -(cells - n) / 2;
        }
        if n >= cells - 2 {
            // Two cells left, neither wins: a draw.
            return 0;
        }
        let min = -(cells - 2 - n) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut max = (cells - 1 - n) / 2;
        let key = pos.key();
        let stored = self.table.get(key);
        if stored != 0 {
            let (lower, bound) = self.decode(stored);
            if lower {
                if alpha < bound {
                    alpha = bound;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                max = max.min(bound);
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        // Moves sorted by winning cells created (more first), centre first among equals.
        let mut moves: [(u128, u32); super::MAX_SIZE as usize] = [(0, 0); 8];
        let mut count = 0;
        for &c in g.column_order() {
            let cell = next & g.column_cells(u32::from(c));
            if cell != 0 {
                let score = g.winning_spots(pos.current | cell, pos.mask).count_ones();
                // Insertion sort, stable: an equal score goes after (keeps centre first).
                let mut i = count;
                while i > 0 && moves[i - 1].1 < score {
                    moves[i] = moves[i - 1];
                    i -= 1;
                }
                moves[i] = (cell, score);
                count += 1;
            }
        }
        for &(cell, _) in &moves[..count] {
            let child = g.play_cell(pos, cell);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                self.store(key, true, score);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.store(key, false, alpha);
        alpha
    }

    /// Stores a bound in one byte: upper bounds as `score - min + 1`, lower bounds above
    /// them as `score - 2 min + max + 2` (0 stays "nothing stored").
    fn store(&mut self, key: u128, lower: bool, score: i32) {
        let s = score.clamp(self.min_score, self.max_score);
        let v = if lower {
            s + self.max_score - 2 * self.min_score + 2
        } else {
            s - self.min_score + 1
        };
        self.table.put(key, v as u8);
    }

    /// (whether it is a lower bound, the bound) of a stored byte.
    fn decode(&self, v: u8) -> (bool, i32) {
        let v = i32::from(v);
        if v > self.max_score - self.min_score + 1 {
            (true, v + 2 * self.min_score - self.max_score - 2)
        } else {
            (false, v + self.min_score - 1)
        }
    }
}
