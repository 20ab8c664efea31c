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
use resolu_search::{Limits, StopReason};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};

/// How many positions are pushed between two looks at the clock, the monitor and the
/// memory estimate (the node limit is checked at every push: it is one comparison).
const CHECK_EVERY: u64 = 1024;

/// The solver stopped at one of its [`Limits`] before the game was solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct Stopped {
    /// Which limit: [`StopReason::NodeLimit`] (positions stored), [`StopReason::TimeLimit`],
    /// [`StopReason::MemoryLimit`] or [`StopReason::Interrupted`] (the monitor's flag).
    pub reason: StopReason,
    /// The position limit in force (`Limits::max_nodes`), named by the message.
    pub max_positions: Option<u64>,
    /// The time limit in force (`Limits::timeout`), named by the message.
    pub timeout: Option<Duration>,
    /// The counters so far.
    pub stats: GameStats,
}

impl Stopped {
    fn describe(&self) -> String {
        let limit = match (self.reason, self.max_positions, self.timeout) {
            (StopReason::NodeLimit, Some(n), _) => format!("the position limit ({n}) was reached"),
            (StopReason::TimeLimit, _, Some(t)) => {
                format!("the time limit ({} s) was reached", t.as_secs_f64())
            }
            (StopReason::MemoryLimit, ..) => "the memory budget was reached".to_string(),
            (StopReason::Interrupted, ..) => "the run was interrupted".to_string(),
            (reason, ..) => format!("the run stopped ({reason})"),
        };
        format!("{limit} before the game was solved")
    }
}

/// A position being solved: its moves are `moves[next..end]` of the solve's one moves
/// buffer (a stack: a frame's moves sit above its parent's), so no frame owns a `Vec`.
struct Frame<S> {
    state: S,
    key: S,
    first: usize,
    next: usize,
    end: usize,
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
///
/// It honours the shared [`Limits`] of `resolu_search`: `max_nodes` bounds the positions
/// stored (remembered plus on the stack), `timeout` the time of one call, and
/// `max_memory_bytes` the estimated memory of the positions stored; the `monitor`'s flag
/// stops it (Ctrl-C) and it publishes its counters there. `max_tries` and `depth_limit`
/// do not apply. A stop is an `Err(`[`Stopped`]`)` naming the [`StopReason`].
pub struct Solver<'g, G: Game> {
    game: &'g G,
    limits: Limits,
    deadline: Option<Instant>,
    /// A call is running: [`Solver::solve`]'s calls of [`Solver::value`] are part of it.
    running: bool,
    checks: u64,
    memo: FxHashMap<G::State, (Value, u64)>,
    stats: GameStats,
}

impl<'g, G: Game> Solver<'g, G> {
    /// A solver of `game` with an empty memory and no limit.
    pub fn new(game: &'g G) -> Self {
        Solver {
            game,
            limits: Limits::default(),
            deadline: None,
            running: false,
            checks: 0,
            memo: FxHashMap::default(),
            stats: GameStats::default(),
        }
    }

    /// Stop (with [`Stopped`]) at these limits. The timeout counts from the start of each
    /// call of [`Solver::solve`] or [`Solver::value`].
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Stop (with [`Stopped`]) rather than store more than `n` positions: a shorthand for
    /// [`Limits::max_nodes`] (the other limits unchanged).
    pub fn max_positions(mut self, n: Option<usize>) -> Self {
        self.limits.max_nodes = n.map(|n| n as u64);
        self
    }

    /// Estimated bytes of one stored position (key, value and the table's overhead).
    fn bytes_per_position() -> u64 {
        (2 * std::mem::size_of::<(G::State, (Value, u64))>()) as u64
    }

    /// The limit reached with `on_stack` positions on the stack, if any.
    fn over_limit(&mut self, on_stack: usize) -> Option<StopReason> {
        let stored = (self.memo.len() + on_stack) as u64;
        if self.limits.max_nodes.is_some_and(|max| stored >= max) {
            return Some(StopReason::NodeLimit);
        }
        self.checks += 1;
        if !self.checks.is_multiple_of(CHECK_EVERY) {
            return None;
        }
        let memory = stored.saturating_mul(Self::bytes_per_position());
        if let Some(monitor) = self.limits.monitor {
            monitor.publish(self.stats.expanded, memory);
            if monitor.is_interrupted() {
                return Some(StopReason::Interrupted);
            }
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::TimeLimit);
        }
        (memory >= self.limits.max_memory_bytes).then_some(StopReason::MemoryLimit)
    }

    fn stopped(&mut self, reason: StopReason) -> Stopped {
        self.stats.stored = self.memo.len() as u64;
        Stopped {
            reason,
            max_positions: self.limits.max_nodes,
            timeout: self.limits.timeout,
            stats: self.stats,
        }
    }

    /// Starts the clock of a call (unless a call already running did).
    fn start_clock(&mut self) -> bool {
        if self.running {
            return false;
        }
        self.running = true;
        self.deadline = self.limits.timeout.map(|t| Instant::now() + t);
        if let Some(monitor) = self.limits.monitor {
            monitor.begin_run();
        }
        true
    }

    fn stop_clock(&mut self, started: bool) {
        if started {
            self.running = false;
            self.deadline = None;
            if let Some(monitor) = self.limits.monitor {
                monitor.end_run();
            }
        }
    }

    /// Number of positions solved and remembered.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The value of `state` for its player to move and the plies to the end.
    pub fn value(&mut self, state: &G::State) -> Result<(Value, u64), Stopped> {
        let started = self.start_clock();
        let result = self.value_within(state);
        self.stop_clock(started);
        result
    }

    fn value_within(&mut self, state: &G::State) -> Result<(Value, u64), Stopped> {
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
        let mut moves = Vec::new();
        let mut stack = vec![self.frame(state.clone(), root_key, &mut moves)];
        loop {
            let depth = stack.len() as u64;
            let Some(top) = stack.last_mut() else {
                unreachable!("the root frame returns before the stack empties")
            };
            if top.next < top.end {
                let child = game.play(&top.state, &moves[top.next]);
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
                if let Some(reason) = self.over_limit(stack.len()) {
                    return Err(self.stopped(reason));
                }
                let frame = self.frame(child, key, &mut moves);
                stack.push(frame);
            } else {
                let Some(result) = top.best else {
                    unreachable!("a non-terminal position has a legal move")
                };
                let Some(done) = stack.pop() else {
                    unreachable!("the stack is not empty")
                };
                moves.truncate(done.first);
                self.memo.insert(done.key, result);
                self.stats.stored = self.memo.len() as u64;
                match stack.last_mut() {
                    Some(parent) => fold(&mut parent.best, result),
                    None => return Ok(result),
                }
            }
        }
    }

    fn frame(
        &mut self,
        state: G::State,
        key: G::State,
        moves: &mut Vec<G::Move>,
    ) -> Frame<G::State> {
        let first = moves.len();
        self.game.moves(&state, moves);
        self.stats.expanded += 1;
        Frame {
            state,
            key,
            first,
            next: first,
            end: moves.len(),
            best: None,
        }
    }

    /// Solves `state`: its value and distance, and every legal move with the value it
    /// keeps. The counters are those of this call.
    pub fn solve(&mut self, state: &G::State) -> Result<Solution<G::Move>, Stopped> {
        let started = self.start_clock();
        let result = self.solve_within(state);
        self.stop_clock(started);
        result
    }

    fn solve_within(&mut self, state: &G::State) -> Result<Solution<G::Move>, Stopped> {
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
