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

use crate::observer::{GameObserver, NoGameObserver, ValueKind};
use crate::tt::{Bound, TranspositionTable};
use crate::{Game, GameStats, Player, Value};
use std::time::Instant;

/// A position being searched: its moves are `moves[first..end]` of the search's one
/// buffer (frames end in the order they start, so the buffer is a stack too).
struct Frame<S> {
    state: S,
    key: Option<S>,
    first: usize,
    next: usize,
    end: usize,
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
    table: Option<&mut TranspositionTable<G::State>>,
) -> (Value, GameStats) {
    alphabeta_observed(game, state, table, &mut NoGameObserver)
}

/// Tells `observer` of a position's negamax score `v` (for the player to move in `s`) found
/// with the window (`alpha`, `beta`): exact inside it, a bound at or beyond its edges
/// (fail-soft), given for player 1.
fn report<G: Game, O: GameObserver<G::State, G::Move>>(
    game: &G,
    observer: &mut O,
    s: &G::State,
    v: i8,
    (alpha, beta): (i8, i8),
    terminal: bool,
) {
    let mover_kind = if terminal || (v > alpha && v < beta) {
        ValueKind::Exact
    } else if v >= beta {
        ValueKind::AtLeast
    } else {
        ValueKind::AtMost
    };
    let one = game.to_move(s) == Player::One;
    let p1 = if one { v } else { -v };
    let kind = match (mover_kind, one) {
        (ValueKind::Exact, _) => ValueKind::Exact,
        (k, true) => k,
        (ValueKind::AtLeast, false) => ValueKind::AtMost,
        (_, false) => ValueKind::AtLeast,
    };
    // A bound at the end of the scale is the value itself.
    let kind = match (kind, p1) {
        (ValueKind::AtLeast, 1) | (ValueKind::AtMost, -1) => ValueKind::Exact,
        (k, _) => k,
    };
    observer.value(s, p1, kind);
}

/// The window (alpha, beta) of the player to move in `s`, for player 1.
fn window_p1<G: Game>(game: &G, s: &G::State, alpha: i8, beta: i8) -> (i8, i8) {
    if game.to_move(s) == Player::One {
        (alpha, beta)
    } else {
        (-beta, -alpha)
    }
}

/// [`alphabeta`], telling `observer` each position entered (with its window), its value
/// (a bound when the window cut it) and each cut-off with the moves it skipped.
pub fn alphabeta_observed<G: Game, O: GameObserver<G::State, G::Move>>(
    game: &G,
    state: &G::State,
    mut table: Option<&mut TranspositionTable<G::State>>,
    observer: &mut O,
) -> (Value, GameStats) {
    let clock = Instant::now();
    let mut stats = GameStats::default();
    let mut moves: Vec<G::Move> = Vec::new();
    // Enters a position: Ok(score) if known at once (terminal, or settled by the table),
    // Err(frame) if its moves must be searched.
    let enter = |s: G::State,
                 mv: Option<&G::Move>,
                 (alpha, beta): (i8, i8),
                 table: &mut Option<&mut TranspositionTable<G::State>>,
                 moves: &mut Vec<G::Move>,
                 stats: &mut GameStats,
                 observer: &mut O|
     -> Result<i8, Frame<G::State>> {
        stats.visited += 1;
        observer.enter(&s, mv, window_p1(game, &s, alpha, beta));
        if let Some(o) = game.result(&s) {
            let v = Value::of_result(o, game.to_move(&s)).score();
            report(game, observer, &s, v, (alpha, beta), true);
            return Ok(v);
        }
        let (mut a, mut b) = (alpha, beta);
        let key = match table {
            Some(t) => {
                let key = game.canonical(&s);
                if let Some(e) = t.get(&key) {
                    stats.table_hits += 1;
                    match e.bound {
                        Bound::Exact => {
                            report(game, observer, &s, e.score, (alpha, beta), true);
                            return Ok(e.score);
                        }
                        Bound::Lower => a = a.max(e.score),
                        Bound::Upper => b = b.min(e.score),
                    }
                    if a >= b {
                        report(game, observer, &s, e.score, (alpha, beta), false);
                        return Ok(e.score);
                    }
                }
                Some(key)
            }
            None => None,
        };
        let first = moves.len();
        game.moves(&s, moves);
        stats.expanded += 1;
        Err(Frame {
            state: s,
            key,
            first,
            next: first,
            end: moves.len(),
            alpha: a,
            beta: b,
            alpha0: a,
            best: -2,
        })
    };
    let mut stack = match enter(
        state.clone(),
        None,
        (-1, 1),
        &mut table,
        &mut moves,
        &mut stats,
        observer,
    ) {
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
                if top.next < top.end {
                    stats.cutoffs += 1;
                    let one = game.to_move(&top.state) == Player::One;
                    let bound = if one { top.best } else { -top.best };
                    observer.cut(&top.state, bound, &moves[top.next..top.end]);
                }
                top.next = top.end;
            }
        }
        if top.next < top.end {
            let mv = &moves[top.next];
            let child = game.play(&top.state, mv);
            top.next += 1;
            stats.generated += 1;
            stats.max_depth = stats.max_depth.max(depth);
            let (a, b) = (-top.beta, -top.alpha);
            let mv = mv.clone();
            match enter(
                child,
                Some(&mv),
                (a, b),
                &mut table,
                &mut moves,
                &mut stats,
                observer,
            ) {
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
            moves.truncate(top.first);
            let frame = stack.pop();
            if let Some(f) = &frame {
                report(game, observer, &f.state, best, (f.alpha0, f.beta), false);
            }
            if stack.is_empty() {
                stats.stored = table.as_ref().map_or(0, |t| t.len() as u64);
                stats.elapsed = clock.elapsed();
                return (Value::from_score(best), stats);
            }
            returned = Some(best);
        }
    }
}
