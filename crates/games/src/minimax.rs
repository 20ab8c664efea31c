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

use crate::observer::{GameObserver, NoGameObserver, ValueKind};
use crate::{Game, GameResult, GameStats, Player, Value};
use std::time::Instant;

/// The score of an ended play for player 1.
fn score(outcome: GameResult) -> i8 {
    Value::of_result(outcome, Player::One).score()
}

/// A position being searched: its moves are `moves[first..end]` of the search's one
/// buffer (frames end in the order they start, so the buffer is a stack too).
struct Frame<S> {
    state: S,
    first: usize,
    next: usize,
    end: usize,
    maximising: bool,
    best: i8,
}

impl<S> Frame<S> {
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
    minimax_observed(game, state, &mut NoGameObserver)
}

/// [`minimax`], telling `observer` each position entered and its value.
pub fn minimax_observed<G: Game, O: GameObserver<G::State, G::Move>>(
    game: &G,
    state: &G::State,
    observer: &mut O,
) -> (i8, GameStats) {
    let clock = Instant::now();
    let mut stats = GameStats {
        visited: 1,
        ..GameStats::default()
    };
    let mut moves: Vec<G::Move> = Vec::new();
    let frame = |s: G::State, moves: &mut Vec<G::Move>, stats: &mut GameStats| {
        let first = moves.len();
        game.moves(&s, moves);
        stats.expanded += 1;
        let maximising = game.to_move(&s) == Player::One;
        Frame {
            state: s,
            first,
            next: first,
            end: moves.len(),
            maximising,
            best: if maximising { -2 } else { 2 },
        }
    };
    observer.enter(state, None, (-1, 1));
    if let Some(o) = game.result(state) {
        stats.elapsed = clock.elapsed();
        observer.value(state, score(o), ValueKind::Exact);
        return (score(o), stats);
    }
    let mut stack = vec![frame(state.clone(), &mut moves, &mut stats)];
    loop {
        let depth = stack.len() as u64;
        let Some(top) = stack.last_mut() else {
            unreachable!("the root frame returns before the stack empties")
        };
        if top.next < top.end {
            let mv = &moves[top.next];
            let child = game.play(&top.state, mv);
            observer.enter(&child, Some(mv), (-1, 1));
            top.next += 1;
            stats.generated += 1;
            stats.visited += 1;
            stats.max_depth = stats.max_depth.max(depth);
            match game.result(&child) {
                Some(o) => {
                    observer.value(&child, score(o), ValueKind::Exact);
                    top.fold(score(o))
                }
                None => {
                    let f = frame(child, &mut moves, &mut stats);
                    stack.push(f);
                }
            }
        } else {
            let v = top.best;
            observer.value(&top.state, v, ValueKind::Exact);
            moves.truncate(top.first);
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
