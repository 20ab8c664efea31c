//! The solver's search, written once over the integer of its bitboards ([`Bits`]) and its
//! transposition table ([`BoundTable`]): Pons's negamax with null windows (see
//! [`super::solver`] for the techniques).

use super::bits::{Bits, winning_cells};
use super::book::Book;
use super::table::BoundTable;
use super::{Connect4, Position};
use resolu_search::{Limits, StopReason};
use std::sync::Arc;
use std::time::Instant;

/// How many positions between two readings of the clock and the monitor: the node limit
/// itself is exact (the next check is never after it), the clock is read rarely.
const CHECK_EVERY: u64 = 1 << 12;

/// A position over `B`: the player to move's stones, every stone, the stone count.
#[derive(Clone, Copy)]
pub(crate) struct Board<B> {
    pub(crate) current: B,
    pub(crate) mask: B,
    pub(crate) moves: u32,
}

impl<B: Bits> Board<B> {
    pub(crate) fn from_position(pos: &Position) -> Board<B> {
        Board {
            current: B::from_wide(pos.current),
            mask: B::from_wide(pos.mask),
            moves: pos.moves,
        }
    }
}

/// The rows and cells of the board: known at compile time for the standard board (the
/// shifts of [`winning_cells`] and the score bounds become constants, as in Pons's
/// solver, which is compiled for one size), read at run time for the others.
pub(crate) trait Geometry: Copy {
    /// Rows.
    fn height(self) -> u32;
    /// Cells.
    fn cells(self) -> i32;
}

/// A board size read at run time.
#[derive(Clone, Copy)]
pub(crate) struct AnySize {
    pub(crate) height: u32,
    pub(crate) cells: i32,
}

impl Geometry for AnySize {
    #[inline]
    fn height(self) -> u32 {
        self.height
    }
    #[inline]
    fn cells(self) -> i32 {
        self.cells
    }
}

/// The standard 7x6 board.
#[derive(Clone, Copy)]
pub(crate) struct Standard;

impl Geometry for Standard {
    #[inline]
    fn height(self) -> u32 {
        6
    }
    #[inline]
    fn cells(self) -> i32 {
        42
    }
}

/// The search of one board size over `B` with table `T`.
pub(crate) struct Search<B: Bits, T: BoundTable<B>, G: Geometry> {
    geometry: G,
    bottom: B,
    board: B,
    /// Every cell of each column, centre first.
    columns: Vec<B>,
    table: T,
    /// Positions searched since [`Search::start`].
    pub(crate) nodes: u64,
    next_check: u64,
    limits: Limits,
    deadline: Option<Instant>,
    /// Why the search stopped, if it did.
    pub(crate) stopped: Option<StopReason>,
    min_score: i32,
    max_score: i32,
    book: Option<Arc<Book>>,
}

impl<B: Bits, T: BoundTable<B>, G: Geometry> Search<B, T, G> {
    /// The search of `game`, whose size `geometry` must describe.
    pub(crate) fn new(game: &Connect4, table: T, geometry: G) -> Search<B, T, G> {
        let cells = game.cells() as i32;
        let h1 = game.height() + 1;
        let bottom = (0..game.width()).fold(B::ZERO, |b, c| b | (B::ONE << (c * h1)));
        let full_column = (B::ONE << game.height()) - B::ONE;
        let board = (0..game.width()).fold(B::ZERO, |b, c| b | (full_column << (c * h1)));
        let columns = game
            .column_order()
            .iter()
            .map(|&c| full_column << (u32::from(c) * h1))
            .collect();
        Search {
            geometry,
            bottom,
            board,
            columns,
            table,
            nodes: 0,
            next_check: CHECK_EVERY,
            limits: Limits::default(),
            deadline: None,
            stopped: None,
            // The fastest loss: the opponent's fourth stone, with 7 stones before it.
            min_score: -cells / 2 + 3,
            max_score: (cells + 1) / 2 - 3,
            book: None,
        }
    }

    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    pub(crate) fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    pub(crate) fn table_bytes(&self) -> u64 {
        self.table.bytes()
    }

    pub(crate) fn table_slots(&self) -> usize {
        self.table.slots()
    }

    pub(crate) fn clear(&mut self) {
        self.table.clear();
    }

    /// Resets the counters and the stop before a call; the memory budget is checked here
    /// (the table is the only memory the search uses).
    pub(crate) fn start(&mut self, now: Instant) {
        self.nodes = 0;
        self.stopped = None;
        self.deadline = self.limits.timeout.map(|t| now + t);
        self.next_check = self
            .limits
            .max_nodes
            .map_or(CHECK_EVERY, |m| m.min(CHECK_EVERY));
        if self.table.bytes() > self.limits.max_memory_bytes {
            self.stopped = Some(StopReason::MemoryLimit);
        }
    }

    /// The limits, read when the node count reaches `next_check`.
    #[cold]
    fn check(&mut self) {
        if let Some(monitor) = self.limits.monitor {
            monitor.publish(self.nodes, self.table.bytes());
            if monitor.is_interrupted() {
                self.stopped = Some(StopReason::Interrupted);
            }
        }
        if self.limits.max_nodes.is_some_and(|m| self.nodes >= m) {
            self.stopped = Some(StopReason::NodeLimit);
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = Some(StopReason::TimeLimit);
        }
        let next = self.nodes + CHECK_EVERY;
        self.next_check = self.limits.max_nodes.map_or(next, |m| next.min(m));
    }

    fn playable(&self, pos: &Board<B>) -> B {
        (pos.mask + self.bottom) & self.board
    }

    fn winning_spots(&self, stones: B, mask: B) -> B {
        winning_cells(stones, self.geometry.height()) & (self.board ^ mask)
    }

    /// Whether the player to move can win with their next stone.
    pub(crate) fn can_win_next(&self, pos: &Board<B>) -> bool {
        self.winning_spots(pos.current, pos.mask) & self.playable(pos) != B::ZERO
    }

    /// The score of a win with the next stone.
    pub(crate) fn win_now_score(&self, pos: &Board<B>) -> i32 {
        (self.geometry.cells() + 1 - pos.moves as i32) / 2
    }

    /// The exact score of `pos` (which must not be over), by null-window searches that
    /// narrow the interval of possible scores.
    pub(crate) fn score(&mut self, pos: &Board<B>) -> i32 {
        if self.can_win_next(pos) {
            return self.win_now_score(pos);
        }
        if let Some(book) = &self.book
            && let Some(score) = book.get_bits(pos)
        {
            return score;
        }
        let n = pos.moves as i32;
        self.search_window(
            pos,
            -(self.geometry.cells() - n) / 2,
            (self.geometry.cells() + 1 - n) / 2,
        )
    }

    /// The score if it lies in [min, max] (else a score beyond the bound it passes), by
    /// null-window searches, for a position whose player to move cannot win at once.
    pub(crate) fn search_window(&mut self, pos: &Board<B>, mut min: i32, mut max: i32) -> i32 {
        while min < max && self.stopped.is_none() {
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
    fn non_losing_moves(&self, pos: &Board<B>) -> B {
        let mut possible = self.playable(pos);
        let threats = self.winning_spots(pos.current ^ pos.mask, pos.mask);
        let forced = possible & threats;
        if forced != B::ZERO {
            if forced & (forced - B::ONE) != B::ZERO {
                return B::ZERO; // two threats: one cannot block both
            }
            possible = forced;
        }
        // Never right below an opponent's winning cell.
        possible & !(threats >> 1)
    }

    /// Negamax with alpha-beta within [alpha, beta], for a position whose player to move
    /// cannot win at once: the exact score if it lies inside, else a bound beyond the
    /// window's side it passes.
    pub(crate) fn negamax(&mut self, pos: &Board<B>, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        if self.nodes >= self.next_check {
            self.check();
        }
        if self.stopped.is_some() {
            return alpha;
        }
        self.nodes += 1;
        let cells = self.geometry.cells();
        let n = pos.moves as i32;
        let next = self.non_losing_moves(pos);
        if next == B::ZERO {
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
        let max = (cells - 1 - n) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let key = pos.current + pos.mask;
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
            } else if beta > bound {
                beta = bound;
                if alpha >= beta {
                    return beta;
                }
            }
        }
        if let Some(book) = &self.book
            && let Some(score) = book.get_bits(pos)
        {
            return score;
        }
        // Moves sorted by winning cells created (more first), centre first among equals.
        let mut moves = [(B::ZERO, 0u32); super::MAX_SIZE as usize];
        let mut count = 0;
        for &column in &self.columns {
            let cell = next & column;
            if cell != B::ZERO {
                let score = self.winning_spots(pos.current | cell, pos.mask).count();
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
            let child = Board {
                current: pos.current ^ pos.mask,
                mask: pos.mask | cell,
                moves: pos.moves + 1,
            };
            let score = -self.negamax(&child, -beta, -alpha);
            if self.stopped.is_some() {
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
    fn store(&mut self, key: B, lower: bool, score: i32) {
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
