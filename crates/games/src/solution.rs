//! What solving a position gives: its [`Value`] for the player to move, the distance to the
//! end under perfect play, and every legal move with its own value, so that callers can list
//! the moves that keep the best outcome or pick the best one.

use crate::{GameStats, Player, Value};
use std::cmp::Ordering;

/// A legal move with the value it keeps for the player who plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// The value of the position for the mover after this move, under perfect play.
    pub value: Value,
    /// Plies to the end after this move, this move included (`None` if not computed).
    pub plies: Option<u64>,
}

/// The solution of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    /// The player to move.
    pub to_move: Player,
    /// The value for the player to move.
    pub value: Value,
    /// Plies to the end under perfect play: the winner hurries, the loser delays (and a
    /// drawn play takes its shortest drawn course). `None` if not computed.
    pub plies: Option<u64>,
    /// Every legal move, in the game's order, with its value.
    pub moves: Vec<MoveValue<M>>,
    /// What the computation cost.
    pub stats: GameStats,
}

/// Compares two (value, plies) results for the player who gets them: a higher value is
/// better; among wins and draws fewer plies are better (hurry), among losses more (delay).
pub fn compare(a: (Value, Option<u64>), b: (Value, Option<u64>)) -> Ordering {
    a.0.cmp(&b.0).then_with(|| {
        let (pa, pb) = (a.1.unwrap_or(0), b.1.unwrap_or(0));
        match a.0 {
            Value::Loss => pa.cmp(&pb),
            Value::Draw | Value::Win => pb.cmp(&pa),
        }
    })
}

impl<M> Solution<M> {
    /// The moves that keep the position's value: the winning moves in a won position, the
    /// drawing moves in a drawn one, none in a lost one.
    pub fn winning_moves(&self) -> Vec<&M> {
        if self.value == Value::Loss {
            return Vec::new();
        }
        self.moves
            .iter()
            .filter(|m| m.value == self.value)
            .map(|m| &m.mv)
            .collect()
    }

    /// The best move for the player to move: best value, then fastest win or draw, or
    /// slowest loss; ties go to the first in the game's order. `None` in a terminal state.
    pub fn best_move(&self) -> Option<&M> {
        let mut best: Option<&MoveValue<M>> = None;
        for m in &self.moves {
            if best.is_none_or(|b| compare((m.value, m.plies), (b.value, b.plies)).is_gt()) {
                best = Some(m);
            }
        }
        best.map(|m| &m.mv)
    }
}
