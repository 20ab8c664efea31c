//! # resolu-games
//!
//! Two-player, turn-based games of perfect information. A game is defined once by the
//! [`Game`] trait (players, state, legal moves, result of a move, terminal test and
//! outcome); every algorithm runs on that one interface:
//!
//! - [`minimax`]: the whole tree, scores for player 1 (the reference);
//! - [`alphabeta`]: negamax with alpha-beta pruning, optionally with a transposition table
//!   ([`tt`]);
//! - [`observer`]: what minimax and alpha-beta tell a watcher (positions entered, values
//!   and bounds, cut-offs), for traces and pages;
//! - [`solver`]: win, loss or draw for the player to move, the moves that keep it, and the
//!   distance to the end under perfect play (the winner hurries, the loser delays);
//! - [`enumerate`]: every play, depth first or breadth first, and counts of plays and
//!   positions;
//! - [`iterative`]: iterative deepening alpha-beta with a time limit, for any game at a
//!   fixed thinking time (a heuristic scores the horizon);
//! - [`mcts`]: Monte Carlo tree search (UCT), a player that learns from random plays;
//! - [`player`]: a computer opponent: perfect, random, MCTS or time-limited alpha-beta.
//!
//! Every algorithm keeps its frames on an explicit stack on the heap: deep games (a heap of
//! a million matches) do not overflow the call stack. Counters ([`GameStats`]) say what each
//! did. The games: [`matches`](mod@matches) (the course's matches game, with any heaps, take sets and
//! misère play; Nim), [`tictactoe`] and [`connect4`] (any board from 4x4 to 8x8, with a
//! strong solver of its own).
//!
//! ```
//! use resolu_games::{Game, Value, solver::Solver, tictactoe::TicTacToe};
//!
//! let game = TicTacToe;
//! let solution = Solver::new(&game).solve(&game.start()).unwrap();
//! assert_eq!(solution.value, Value::Draw);
//! assert_eq!(solution.winning_moves().len(), 9); // every first move holds the draw
//! ```

pub mod alphabeta;
pub mod connect4;
pub mod enumerate;
mod game;
pub mod iterative;
pub mod matches;
pub mod mcts;
pub mod minimax;
pub mod observer;
pub mod player;
mod solution;
pub mod solver;
mod stats;
pub mod tictactoe;
pub mod tt;
pub mod tutorial;

pub use game::{Game, GameResult, Player, Value};
pub use observer::{GameObserver, NoGameObserver, ValueKind};
pub use solution::{MoveValue, Solution, compare};
pub use stats::GameStats;

/// Any error of this crate, so that a caller handling several games can use one type (`?`
/// converts each module's error into it). Each variant wraps the module's own error
/// unchanged: the message is the module's.
///
/// ```
/// use resolu_games::{Error, connect4::Connect4, matches::TakeSet};
///
/// fn setup(size: &str, take: &str) -> Result<(Connect4, TakeSet), Error> {
///     Ok((Connect4::parse_size(size)?, take.parse()?))
/// }
/// assert!(matches!(setup("7x6", "1,x"), Err(Error::Matches(_))));
/// assert!(matches!(setup("3x3", "1,2,3"), Err(Error::Connect4(_))));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Numbers, a take set, a duration, a level or a tic-tac-toe board that cannot be read.
    #[error(transparent)]
    Matches(#[from] matches::ParseError),
    /// A connect-four board size or move sequence that cannot be read.
    #[error(transparent)]
    Connect4(#[from] connect4::ParseError),
    /// [`matches::Matches::solve`] gave no answer.
    #[error(transparent)]
    Solve(#[from] matches::SolveError),
    /// The exhaustive solver stopped at a limit.
    #[error(transparent)]
    Stopped(#[from] solver::Stopped),
    /// The connect-four solver stopped at a limit.
    #[error(transparent)]
    Connect4Stopped(#[from] connect4::solver::Stopped),
}

/// The old name of [`GameResult`].
#[deprecated(
    since = "0.1.0",
    note = "renamed `GameResult` (search's `Outcome` is another thing)"
)]
pub type Outcome = GameResult;

/// The old name of [`GameStats`].
#[deprecated(
    since = "0.1.0",
    note = "renamed `GameStats` (search's `Stats` is another thing)"
)]
pub type Stats = GameStats;
