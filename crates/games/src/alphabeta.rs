//! Negamax with alpha-beta pruning, and optionally a transposition table.
//!
//! Negamax scores every position for the player to move (-1 loss, 0 draw, +1 win), so one
//! rule serves both players: a position is worth the best of its children's scores negated.
//! Alpha-beta keeps a window (alpha, beta) of scores still worth proving: once a move
//! reaches beta, the opponent would never allow the position and its other moves are cut
//! off. The value is the same as minimax's (the tests check it on random positions); with
//! perfect move ordering the tree visited shrinks from O(b^d) to O(b^(d/2)). With a
//! [`TranspositionTable`], a position reached by another order of moves is not searched
//! again (its entry records whether the score is exact or only a bound). Space: an explicit
//! stack of frames on the heap, O(b·d), plus the table.
//!
//! ```
//! use resolu_games::{Game, Value, alphabeta::alphabeta, tictactoe::TicTacToe, tt::TranspositionTable};
//!
//! let game = TicTacToe;
//! let (plain, s1) = alphabeta(&game, &game.start(), None);
//! let mut table = TranspositionTable::new();
//! let (with_table, s2) = alphabeta(&game, &game.start(), Some(&mut table));
//! assert_eq!((plain, with_table), (Value::Draw, Value::Draw));
//! assert!(s1.visited < 549_946 && s2.visited < s1.visited);
//! ```

use crate::tt::{Bound, TranspositionTable};
use crate::{Game, GameStats, Value};
use std::time::Instant;

struct Frame<S, M> {
    state: S,
    key: Option<S>,
    moves: Vec<M>,
    next: usize,
    alpha: i8,
    beta: i8,
    alpha0: i8,
    best: i8,
}

/// The value of `state` for the player to move, by negamax with alpha-beta pruning (and
/// the table, if given: it is read and filled), with the counters.
pub fn alphabeta<G: Game>(
    game: &G,
    state: &G::State,
    mut table: Option<&mut TranspositionTable<G::State>>,
) -> (Value, GameStats) {
    let clock = Instant::now();
    let mut stats = GameStats::default();
    // Enters a position: Ok(score) if known at once (terminal, or settled by the table),
    // Err(frame) if its moves must be searched.
    let enter = |s: G::State,
                 alpha: i8,
                 beta: i8,
                 table: &mut Option<&mut TranspositionTable<G::State>>,
                 stats: &mut GameStats|
     -> Result<i8, Frame<G::State, G::Move>> {
        stats.visited += 1;
        if let Some(o) = game.result(&s) {
            return Ok(Value::of_result(o, game.to_move(&s)).score());
        }
        let (mut a, mut b) = (alpha, beta);
        let key = match table {
            Some(t) => {
                let key = game.canonical(&s);
                if let Some(e) = t.get(&key) {
                    stats.table_hits += 1;
                    match e.bound {
                        Bound::Exact => return Ok(e.score),
                        Bound::Lower => a = a.max(e.score),
                        Bound::Upper => b = b.min(e.score),
                    }
                    if a >= b {
                        return Ok(e.score);
                    }
                }
                Some(key)
            }
            None => None,
        };
        let mut moves = Vec::new();
        game.moves(&s, &mut moves);
        stats.expanded += 1;
        Err(Frame {
            state: s,
            key,
            moves,
            next: 0,
            alpha: a,
            beta: b,
            alpha0: a,
            best: -2,
        })
    };
    let mut stack = match enter(state.clone(), -1, 1, &mut table, &mut stats) {
        Ok(score) => {
            stats.elapsed = clock.elapsed();
            return (Value::from_score(score), stats);
        }
        Err(frame) => vec![frame],
    };
    // The score of the frame just finished, to fold into its parent.
    let mut returned: Option<i8> = None;
    loop {
        let depth = stack.len() as u64;
        let Some(top) = stack.last_mut() else {
            unreachable!("the root frame returns before the stack empties")
        };
        if let Some(child_score) = returned.take() {
            let v = -child_score;
            top.best = top.best.max(v);
            top.alpha = top.alpha.max(v);
            if top.alpha >= top.beta {
                if top.next < top.moves.len() {
                    stats.cutoffs += 1;
                }
                top.next = top.moves.len();
            }
        }
        if top.next < top.moves.len() {
            let child = game.play(&top.state, &top.moves[top.next]);
            top.next += 1;
            stats.generated += 1;
            stats.max_depth = stats.max_depth.max(depth);
            let (a, b) = (-top.beta, -top.alpha);
            match enter(child, a, b, &mut table, &mut stats) {
                Ok(score) => returned = Some(score),
                Err(frame) => stack.push(frame),
            }
        } else {
            let best = top.best;
            if let (Some(t), Some(key)) = (table.as_deref_mut(), top.key.take()) {
                let bound = if best <= top.alpha0 {
                    Bound::Upper
                } else if best >= top.beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                t.insert(key, best, bound);
            }
            stack.pop();
            if stack.is_empty() {
                stats.stored = table.as_ref().map_or(0, |t| t.len() as u64);
                stats.elapsed = clock.elapsed();
                return (Value::from_score(best), stats);
            }
            returned = Some(best);
        }
    }
}
