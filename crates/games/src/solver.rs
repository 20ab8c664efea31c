//! The solver: labels a position win, loss or draw for the player to move, with the
//! distance to the end under perfect play, and every move with the value it keeps.
//!
//! Distances follow the rule of perfect play with a clock: the winner hurries (takes the
//! shortest winning course), the loser delays (the longest losing one), and a draw takes its
//! shortest drawn course. Because it must know exact distances, the solver does not prune:
//! it evaluates every position reachable from the root once, storing each under its
//! [`canonical`](crate::Game::canonical) key, so its time and memory are linear in the
//! number of distinct positions (5,478 for tic-tac-toe), not in the size of the tree. The
//! depth-first walk keeps its frames on a heap-allocated stack. The memory is kept between
//! calls, so solving the successive positions of one play costs little.
//!
//! ```
//! use resolu_games::{Game, Value, matches::{Matches, TakeSet}, solver::Solver};
//!
//! // The course's game: 5 matches, take 1 to 3, whoever takes the last one wins.
//! let game = Matches::new(vec![5], TakeSet::one_to(3), false);
//! let solution = Solver::new(&game).solve(&game.start()).unwrap();
//! assert_eq!(solution.value, Value::Win);
//! assert_eq!(solution.plies, Some(3)); // take 1, the opponent takes 1 to 3, take the rest
//! assert_eq!(solution.winning_moves().len(), 1);
//! ```

use crate::{Game, GameStats, MoveValue, Solution, Value, solution::compare};
use rustc_hash::FxHashMap;
use std::time::Instant;

/// The solver stopped: it would have stored more positions than allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the position limit ({max_positions}) was reached before the game was solved")]
pub struct Stopped {
    /// The limit that was reached.
    pub max_positions: usize,
    /// The counters so far.
    pub stats: GameStats,
}

struct Frame<S, M> {
    state: S,
    key: S,
    moves: Vec<M>,
    next: usize,
    best: Option<(Value, u64)>,
}

/// Keeps the better result for the player to move of `best` and a child's result seen from
/// the child's player to move.
pub(crate) fn fold(best: &mut Option<(Value, u64)>, child: (Value, u64)) {
    let mine = (child.0.negate(), child.1 + 1);
    if best.is_none_or(|b| compare((mine.0, Some(mine.1)), (b.0, Some(b.1))).is_gt()) {
        *best = Some(mine);
    }
}

/// An exhaustive solver with a memory of solved positions.
pub struct Solver<'g, G: Game> {
    game: &'g G,
    max_positions: Option<usize>,
    memo: FxHashMap<G::State, (Value, u64)>,
    stats: GameStats,
}

impl<'g, G: Game> Solver<'g, G> {
    /// A solver of `game` with an empty memory and no limit.
    pub fn new(game: &'g G) -> Self {
        Solver {
            game,
            max_positions: None,
            memo: FxHashMap::default(),
            stats: GameStats::default(),
        }
    }

    /// Stop (with [`Stopped`]) rather than store more than `n` positions.
    pub fn max_positions(mut self, n: Option<usize>) -> Self {
        self.max_positions = n;
        self
    }

    /// Number of positions solved and remembered.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The value of `state` for its player to move and the plies to the end.
    pub fn value(&mut self, state: &G::State) -> Result<(Value, u64), Stopped> {
        let game = self.game;
        self.stats.visited += 1;
        if let Some(o) = game.result(state) {
            return Ok((Value::of_result(o, game.to_move(state)), 0));
        }
        let root_key = game.canonical(state);
        if let Some(&v) = self.memo.get(&root_key) {
            self.stats.table_hits += 1;
            return Ok(v);
        }
        let mut stack = vec![self.frame(state.clone(), root_key)];
        loop {
            let depth = stack.len() as u64;
            let Some(top) = stack.last_mut() else {
                unreachable!("the root frame returns before the stack empties")
            };
            if top.next < top.moves.len() {
                let child = game.play(&top.state, &top.moves[top.next]);
                top.next += 1;
                self.stats.generated += 1;
                self.stats.visited += 1;
                self.stats.max_depth = self.stats.max_depth.max(depth);
                if let Some(o) = game.result(&child) {
                    fold(
                        &mut top.best,
                        (Value::of_result(o, game.to_move(&child)), 0),
                    );
                    continue;
                }
                let key = game.canonical(&child);
                if let Some(&v) = self.memo.get(&key) {
                    self.stats.table_hits += 1;
                    fold(&mut top.best, v);
                    continue;
                }
                if let Some(max) = self.max_positions
                    && self.memo.len() + stack.len() >= max
                {
                    self.stats.stored = self.memo.len() as u64;
                    return Err(Stopped {
                        max_positions: max,
                        stats: self.stats,
                    });
                }
                let frame = self.frame(child, key);
                stack.push(frame);
            } else {
                let Some(result) = top.best else {
                    unreachable!("a non-terminal position has a legal move")
                };
                let Some(done) = stack.pop() else {
                    unreachable!("the stack is not empty")
                };
                self.memo.insert(done.key, result);
                self.stats.stored = self.memo.len() as u64;
                match stack.last_mut() {
                    Some(parent) => fold(&mut parent.best, result),
                    None => return Ok(result),
                }
            }
        }
    }

    fn frame(&mut self, state: G::State, key: G::State) -> Frame<G::State, G::Move> {
        let mut moves = Vec::new();
        self.game.moves(&state, &mut moves);
        self.stats.expanded += 1;
        Frame {
            state,
            key,
            moves,
            next: 0,
            best: None,
        }
    }

    /// Solves `state`: its value and distance, and every legal move with the value it
    /// keeps. The counters are those of this call.
    pub fn solve(&mut self, state: &G::State) -> Result<Solution<G::Move>, Stopped> {
        let clock = Instant::now();
        self.stats = GameStats::default();
        let game = self.game;
        let to_move = game.to_move(state);
        let mut moves = Vec::new();
        let mut legal = Vec::new();
        if game.result(state).is_none() {
            game.moves(state, &mut legal);
        }
        let mut best = None;
        for mv in legal {
            let child = game.play(state, &mv);
            let result = self.value(&child)?;
            fold(&mut best, result);
            moves.push(MoveValue {
                mv,
                value: result.0.negate(),
                plies: Some(result.1 + 1),
            });
        }
        let (value, plies) = match best {
            Some(b) => b,
            None => self.value(state)?,
        };
        self.stats.elapsed = clock.elapsed();
        Ok(Solution {
            to_move,
            value,
            plies: Some(plies),
            moves,
            stats: self.stats,
        })
    }
}
