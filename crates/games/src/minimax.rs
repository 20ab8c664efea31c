//! Minimax: the value of a position when player 1 (MAX) maximises and player 2 (MIN)
//! minimises the score, +1 if player 1 wins, -1 if player 2 wins, 0 for a draw.
//!
//! It visits the whole game tree below the position, with no pruning and no memory of
//! positions already seen: the reference the faster algorithms are checked against.
//! Complete and exact on a finite game; time O(b^d) for branching factor b and depth d,
//! space O(b·d) (an explicit stack of frames on the heap, so deep games do not overflow the
//! call stack).
//!
//! ```
//! use resolu_games::{Game, minimax::minimax, tictactoe::TicTacToe};
//!
//! let game = TicTacToe;
//! let (score, stats) = minimax(&game, &game.start());
//! assert_eq!(score, 0); // tic-tac-toe is a draw
//! assert_eq!(stats.visited, 549_946); // every node of the game tree
//! ```

use crate::{Game, GameResult, GameStats, Player, Value};
use std::time::Instant;

/// The score of an ended play for player 1.
fn score(outcome: GameResult) -> i8 {
    Value::of_result(outcome, Player::One).score()
}

struct Frame<S, M> {
    state: S,
    moves: Vec<M>,
    next: usize,
    maximising: bool,
    best: i8,
}

impl<S, M> Frame<S, M> {
    fn fold(&mut self, v: i8) {
        self.best = if self.maximising {
            self.best.max(v)
        } else {
            self.best.min(v)
        };
    }
}

/// The minimax score of `state` for player 1 (+1 win, 0 draw, -1 loss), and the counters.
pub fn minimax<G: Game>(game: &G, state: &G::State) -> (i8, GameStats) {
    let clock = Instant::now();
    let mut stats = GameStats {
        visited: 1,
        ..GameStats::default()
    };
    let frame = |s: G::State, stats: &mut GameStats| {
        let mut moves = Vec::new();
        game.moves(&s, &mut moves);
        stats.expanded += 1;
        let maximising = game.to_move(&s) == Player::One;
        Frame {
            state: s,
            moves,
            next: 0,
            maximising,
            best: if maximising { -2 } else { 2 },
        }
    };
    if let Some(o) = game.result(state) {
        stats.elapsed = clock.elapsed();
        return (score(o), stats);
    }
    let mut stack = vec![frame(state.clone(), &mut stats)];
    loop {
        let depth = stack.len() as u64;
        let Some(top) = stack.last_mut() else {
            unreachable!("the root frame returns before the stack empties")
        };
        if top.next < top.moves.len() {
            let child = game.play(&top.state, &top.moves[top.next]);
            top.next += 1;
            stats.generated += 1;
            stats.visited += 1;
            stats.max_depth = stats.max_depth.max(depth);
            match game.result(&child) {
                Some(o) => top.fold(score(o)),
                None => {
                    let f = frame(child, &mut stats);
                    stack.push(f);
                }
            }
        } else {
            let v = top.best;
            stack.pop();
            match stack.last_mut() {
                Some(parent) => parent.fold(v),
                None => {
                    stats.elapsed = clock.elapsed();
                    return (v, stats);
                }
            }
        }
    }
}
