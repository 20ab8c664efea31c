//! Helpers shared by the games tests.

use resolu_games::matches::{Matches, Position, Take};
use resolu_games::{Game, GameResult, Player};

/// The matches game without the canonical form: the solver then stores every position as
/// it is (heaps in order, player included): plain memoised search.
pub struct Plain(pub Matches);

impl Game for Plain {
    type State = Position;
    type Move = Take;
    fn start(&self) -> Position {
        self.0.start()
    }
    fn to_move(&self, s: &Position) -> Player {
        s.to_move
    }
    fn moves(&self, s: &Position, out: &mut Vec<Take>) {
        self.0.moves(s, out)
    }
    fn play(&self, s: &Position, m: &Take) -> Position {
        self.0.play(s, m)
    }
    fn result(&self, s: &Position) -> Option<GameResult> {
        self.0.result(s)
    }
}
