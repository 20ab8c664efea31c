//! Iterative deepening alpha-beta with a time limit: any game played at a fixed thinking
//! time.
//!
//! Negamax with alpha-beta pruning searches to depth 1, then 2, then 3..., each time from
//! the root, until the time is up; the move of the last search that finished is played.
//! Positions at the horizon (the depth limit) are scored by the game's
//! [`heuristic`](crate::Game::heuristic); finished plays score a win or a loss by their
//! distance (a win sooner is better, a loss later), so a proven result is never traded for
//! an estimate. Repeating the shallow searches costs little: the tree grows by the
//! branching factor at each depth, so the last search dominates; and each search tries the
//! previous best move first, which makes its cut-offs come sooner. Deepening stops early
//! when a search reaches the end of every line (the value is then exact) or proves a win
//! or a loss. The first depth always finishes, so a move is always returned.
//!
//! Complete within the horizon, exact when it reaches every end; time O(b^d) at depth d
//! (O(b^(d/2)) with perfect ordering), space O(d) on the call stack (the depth is capped at
//! [`MAX_DEPTH`] plies).
//!
//! ```
//! use resolu_games::{Game, iterative::{Deepening, deepen}, tictactoe::TicTacToe};
//! use std::time::Duration;
//!
//! let game = TicTacToe;
//! let result = deepen(&game, &game.start(), Deepening::time(Duration::from_millis(200)));
//! assert!(result.exact); // tic-tac-toe is searched to the end within the time
//! assert_eq!(result.score, 0); // a draw
//! assert_eq!(result.depth, 9);
//! ```

use crate::{Game, GameStats, Value};
use std::time::{Duration, Instant};

/// The score of a win found `ply` plies below the root is `WIN - ply`.
pub const WIN: i32 = 1_000_000_000;
/// Scores beyond this (in absolute value) are proven wins or losses.
pub const DECIDED: i32 = WIN / 2;
/// The deepest search, in plies.
pub const MAX_DEPTH: u32 = 1000;

/// When deepening stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deepening {
    /// Thinking time: no new depth starts after it, and a search under way is dropped.
    pub time: Option<Duration>,
    /// Deepest search (plies).
    pub max_depth: Option<u32>,
}

impl Deepening {
    /// Deepen for this long.
    pub fn time(t: Duration) -> Deepening {
        Deepening {
            time: Some(t),
            max_depth: None,
        }
    }

    /// Deepen to this depth (deterministic).
    pub fn depth(d: u32) -> Deepening {
        Deepening {
            time: None,
            max_depth: Some(d),
        }
    }
}

/// The result of the last search that finished.
#[derive(Clone, Debug, PartialEq)]
pub struct DeepeningResult<M> {
    /// The move to play (`None` if the game is over).
    pub best: Option<M>,
    /// Its score for the player to move: a heuristic estimate, or beyond ±[`DECIDED`] a
    /// proven win (`WIN - plies`) or loss.
    pub score: i32,
    /// Depth of that search, in plies.
    pub depth: u32,
    /// Whether that search reached the end of every line: the score is then exact.
    pub exact: bool,
    /// Counters over all the searches.
    pub stats: GameStats,
}

impl<M> DeepeningResult<M> {
    /// The value the score proves, if it proves one (exact, or a forced win or loss).
    pub fn proven(&self) -> Option<Value> {
        if self.score.abs() > DECIDED || self.exact {
            Some(Value::from_score(self.score.signum() as i8))
        } else {
            None
        }
    }
}

struct Search<'g, G: Game> {
    game: &'g G,
    deadline: Option<Instant>,
    /// No clock during the first depth, so that a move is always found.
    clock_on: bool,
    aborted: bool,
    horizon: bool,
    stats: GameStats,
}

impl<G: Game> Search<'_, G> {
    fn negamax(
        &mut self,
        state: &G::State,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.stats.visited += 1;
        if self.clock_on
            && self.stats.visited.is_multiple_of(1024)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        self.stats.max_depth = self.stats.max_depth.max(u64::from(ply));
        let game = self.game;
        if let Some(o) = game.result(state) {
            return match Value::of_result(o, game.to_move(state)) {
                Value::Win => WIN - ply as i32,
                Value::Loss => -(WIN - ply as i32),
                Value::Draw => 0,
            };
        }
        if depth == 0 {
            self.horizon = true;
            return game.heuristic(state).clamp(-DECIDED / 2, DECIDED / 2);
        }
        let mut moves = Vec::new();
        game.moves(state, &mut moves);
        self.stats.expanded += 1;
        let mut best = i32::MIN + 1;
        for (i, mv) in moves.iter().enumerate() {
            let child = game.play(state, mv);
            self.stats.generated += 1;
            let v = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                if i + 1 < moves.len() {
                    self.stats.cutoffs += 1;
                }
                break;
            }
        }
        best
    }
}

/// Searches `state` deeper and deeper until the limit, and returns the last finished
/// search's move and score.
pub fn deepen<G: Game>(game: &G, state: &G::State, limit: Deepening) -> DeepeningResult<G::Move> {
    let clock = Instant::now();
    let mut search = Search {
        game,
        deadline: limit.time.map(|t| clock + t),
        clock_on: false,
        aborted: false,
        horizon: false,
        stats: GameStats::default(),
    };
    let mut moves = Vec::new();
    game.moves(state, &mut moves);
    let mut result = DeepeningResult {
        best: moves.first().cloned(),
        score: 0,
        depth: 0,
        exact: moves.is_empty(),
        stats: GameStats::default(),
    };
    let max_depth = limit.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    for depth in 1..=max_depth {
        if moves.is_empty() {
            break;
        }
        if depth > 1 && search.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        search.clock_on = depth > 1;
        search.horizon = false;
        search.stats.expanded += 1;
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut best = 0;
        for (i, mv) in moves.iter().enumerate() {
            let child = game.play(state, mv);
            search.stats.generated += 1;
            let v = -search.negamax(&child, depth - 1, 1, -beta, -alpha);
            if search.aborted {
                break;
            }
            if v > alpha {
                alpha = v;
                best = i;
            }
        }
        if search.aborted {
            break;
        }
        // The best move goes first for the next depth (the others keep their order).
        let mv = moves.remove(best);
        moves.insert(0, mv);
        result.best = moves.first().cloned();
        result.score = alpha;
        result.depth = depth;
        result.exact = !search.horizon;
        if result.exact || alpha.abs() > DECIDED {
            break;
        }
    }
    result.stats = search.stats;
    result.stats.elapsed = clock.elapsed();
    result
}
