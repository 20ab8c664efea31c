//! The [`Game`] trait: a two-player, turn-based, perfect-information game defined in one
//! place (players, state, legal moves, result of a move, terminal test and result), and
//! the small types every algorithm shares: [`Player`], [`GameResult`] and [`Value`].

use std::fmt;
use std::hash::Hash;

/// One of the two players. Player 1 moves first from the start state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first player (MAX in minimax, X in tic-tac-toe).
    One,
    /// The second player (MIN in minimax, O in tic-tac-toe).
    Two,
}

impl Player {
    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 1 or 2, as the course numbers the players.
    pub fn number(self) -> u8 {
        match self {
            Player::One => 1,
            Player::Two => 2,
        }
    }

    /// The player numbered 1 or 2.
    pub fn from_number(n: u8) -> Option<Player> {
        match n {
            1 => Some(Player::One),
            2 => Some(Player::Two),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.number())
    }
}

/// How a finished play ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// This player has won.
    Win(Player),
    /// Nobody has won.
    Draw,
}

impl GameResult {
    /// The winner, if any.
    pub fn winner(self) -> Option<Player> {
        match self {
            GameResult::Win(p) => Some(p),
            GameResult::Draw => None,
        }
    }
}

/// The value of a position for the player to move, under perfect play by both sides.
/// Ordered from worst to best: `Loss < Draw < Win`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// The player to move loses whatever they do.
    Loss,
    /// Both sides can hold a draw.
    Draw,
    /// The player to move can force a win.
    Win,
}

impl Value {
    /// The value for the other player (a win for one is a loss for the other).
    pub fn negate(self) -> Value {
        match self {
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
            Value::Win => Value::Loss,
        }
    }

    /// -1, 0 or +1: the score negamax works with.
    pub fn score(self) -> i8 {
        match self {
            Value::Loss => -1,
            Value::Draw => 0,
            Value::Win => 1,
        }
    }

    /// The value of a score: negative is a loss, zero a draw, positive a win.
    pub fn from_score(score: i8) -> Value {
        match score.signum() {
            -1 => Value::Loss,
            0 => Value::Draw,
            _ => Value::Win,
        }
    }

    /// The value of a finished play for `to_move`, the player who would move next.
    pub fn of_result(result: GameResult, to_move: Player) -> Value {
        match result {
            GameResult::Draw => Value::Draw,
            GameResult::Win(p) if p == to_move => Value::Win,
            GameResult::Win(_) => Value::Loss,
        }
    }

    /// `"win"`, `"loss"` or `"draw"`, as the JSON output spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Value::Loss => "loss",
            Value::Draw => "draw",
            Value::Win => "win",
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A two-player, turn-based game of perfect information, defined in one place.
///
/// Contract: a state that is not terminal has at least one legal move, and every play ends
/// (the graph of states is acyclic), so that every algorithm of this crate terminates.
///
/// ```
/// use resolu_games::{Game, GameResult, Player};
///
/// /// Count down from a number; each player subtracts 1 or 2; whoever reaches 0 wins.
/// struct Countdown(u32);
///
/// impl Game for Countdown {
///     type State = (u32, Player);
///     type Move = u32;
///     fn start(&self) -> (u32, Player) {
///         (self.0, Player::One)
///     }
///     fn to_move(&self, s: &(u32, Player)) -> Player {
///         s.1
///     }
///     fn moves(&self, s: &(u32, Player), out: &mut Vec<u32>) {
///         out.extend((1..=2).filter(|&k| k <= s.0));
///     }
///     fn play(&self, s: &(u32, Player), k: &u32) -> (u32, Player) {
///         (s.0 - k, s.1.other())
///     }
///     fn result(&self, s: &(u32, Player)) -> Option<GameResult> {
///         // At 0, the player who just moved (not the one to move) has won.
///         (s.0 == 0).then(|| GameResult::Win(s.1.other()))
///     }
/// }
///
/// let game = Countdown(3);
/// let (value, _) = resolu_games::alphabeta::alphabeta(&game, &game.start(), None);
/// assert_eq!(value, resolu_games::Value::Loss); // 3 is a multiple of 3: the first player loses
/// ```
pub trait Game {
    /// A position, including whatever says whose turn it is.
    type State: Clone + Eq + Hash;
    /// A move (the course's "operator" applied by the player to move).
    type Move: Clone + PartialEq;

    /// The initial state.
    fn start(&self) -> Self::State;

    /// The player whose turn it is in `state`.
    fn to_move(&self, state: &Self::State) -> Player;

    /// Pushes the legal moves of `state` into `out` (left empty in a terminal state), in a
    /// fixed order: the algorithms break ties by this order.
    fn moves(&self, state: &Self::State, out: &mut Vec<Self::Move>);

    /// The state after the player to move plays `mv` (a legal move of `state`).
    fn play(&self, state: &Self::State, mv: &Self::Move) -> Self::State;

    /// `Some(result)` if the play is over in `state`, `None` otherwise.
    fn result(&self, state: &Self::State) -> Option<GameResult>;

    /// Whether the play is over.
    fn is_terminal(&self, state: &Self::State) -> bool {
        self.result(state).is_some()
    }

    /// A representative of the states that have the same value and distance to the end
    /// for their player to move (by symmetry, or because the game is impartial); the
    /// transposition table and the solver store positions under this key. By default,
    /// the state itself.
    fn canonical(&self, state: &Self::State) -> Self::State {
        state.clone()
    }

    /// An estimate of a position that is not final, for the player to move: positive is
    /// good for them, 0 unknown. Depth-limited search ([`iterative`](crate::iterative))
    /// scores the positions at its horizon with it; it must stay within ±1,000,000 (wins
    /// and losses score beyond). By default 0: the horizon knows nothing.
    fn heuristic(&self, _state: &Self::State) -> i32 {
        0
    }
}
