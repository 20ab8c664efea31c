//! Monte Carlo tree search with the UCT rule (Kocsis and Szepesvári, 2006): a player that
//! knows nothing of a game but its rules and learns which moves are good from random plays.
//!
//! Each iteration walks down the tree grown so far, at each node choosing the child with
//! the best upper confidence bound `w / n + c * sqrt(ln N / n)` (w: the child's reward for
//! the player who moved into it, n its visits, N the parent's visits, c the exploration
//! constant); adds one untried move's child; finishes the play with random moves
//! (a *rollout*); and adds the result (1 win, 1/2 draw, 0 loss) to every node on the path,
//! each from the point of view of the player who moved into it. The move played is the
//! most visited at the root. The estimate converges to the minimax value as iterations
//! grow (UCT is consistent), but no finite number of iterations is a proof: the player is
//! strong where random plays are informative and weak in narrow tactical lines.
//!
//! Budget: a number of iterations or a time (or both: the first reached). Seeded with a
//! ChaCha8 generator: with an iteration budget, the same seed gives the same move. Memory:
//! one node (a state and its untried moves) per iteration, up to [`MAX_NODES`].
//!
//! ```
//! use resolu_games::{Game, mcts::{Mcts, Budget}, tictactoe::{Board, TicTacToe}};
//!
//! let game = TicTacToe;
//! // X to move can complete the top row.
//! let board = TicTacToe::parse("xx./oo./...").unwrap();
//! let result = Mcts::new(Budget::iterations(2_000), 7).search(&game, &board);
//! assert_eq!(result.best, Some(2));
//! assert_eq!(result.iterations, 2_000);
//! ```

use crate::{Game, GameResult, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// When the search stops: after this many iterations, after this long, or at the first
/// of the two (at least one iteration is always run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Most iterations.
    pub iterations: Option<u64>,
    /// Most time.
    pub time: Option<Duration>,
}

impl Budget {
    /// A number of iterations (deterministic for a given seed).
    pub fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            time: None,
        }
    }

    /// A thinking time.
    pub fn time(t: Duration) -> Budget {
        Budget {
            iterations: None,
            time: Some(t),
        }
    }
}

/// What the search learned of one move at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Iterations that went through it.
    pub visits: u64,
    /// Mean result of those for the player who plays it: 1 a win, 0.5 a draw, 0 a loss.
    pub value: f64,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The most visited move (ties: the first in the game's order); `None` if the game is
    /// over.
    pub best: Option<M>,
    /// Every legal move in the game's order with its statistics.
    pub moves: Vec<MoveStats<M>>,
    /// Iterations run.
    pub iterations: u64,
    /// Nodes in the tree at the end.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The most nodes a tree grows to: past it, iterations still select, roll out and back up,
/// but add no node, so that a huge budget cannot exhaust the memory.
pub const MAX_NODES: usize = 4_000_000;

/// A UCT player: budget, exploration constant and seed.
#[derive(Clone, Debug)]
pub struct Mcts {
    budget: Budget,
    exploration: f64,
    rng: ChaCha8Rng,
}

struct Node<S, M> {
    state: S,
    /// The move that led here from the parent (none at the root).
    mv: Option<M>,
    /// The player who played `mv`: the results stored here are theirs.
    mover: Player,
    children: Vec<usize>,
    untried: Vec<M>,
    visits: u64,
    /// Sum of the results for `mover` (wins 1, draws 0.5).
    reward: f64,
}

/// The result of a finished play for `player`.
fn reward(outcome: GameResult, player: Player) -> f64 {
    match outcome {
        GameResult::Draw => 0.5,
        GameResult::Win(p) if p == player => 1.0,
        GameResult::Win(_) => 0.0,
    }
}

impl Mcts {
    /// The usual exploration constant, sqrt(2) (rewards in [0, 1]).
    pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;

    /// A player with this budget and seed, and the exploration constant sqrt(2).
    pub fn new(budget: Budget, seed: u64) -> Mcts {
        Mcts {
            budget,
            exploration: Self::DEFAULT_EXPLORATION,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Another exploration constant (larger: more curiosity for rarely tried moves).
    pub fn exploration(mut self, c: f64) -> Mcts {
        self.exploration = c;
        self
    }

    /// Searches from `state` and returns the move to play and what was learned. The
    /// generator advances, so successive searches of one player differ.
    pub fn search<G: Game>(&mut self, game: &G, state: &G::State) -> SearchResult<G::Move> {
        let clock = Instant::now();
        let deadline = self.budget.time.map(|t| clock + t);
        let mut root_moves = Vec::new();
        game.moves(state, &mut root_moves);
        let mut nodes = vec![Node {
            state: state.clone(),
            mv: None,
            mover: game.to_move(state).other(),
            children: Vec::new(),
            untried: root_moves.clone(),
            visits: 0,
            reward: 0.0,
        }];
        let mut iterations = 0u64;
        let mut path = Vec::new();
        let mut buffer = Vec::new();
        if !root_moves.is_empty() {
            loop {
                self.iterate(game, &mut nodes, &mut path, &mut buffer);
                iterations += 1;
                if self.budget.iterations.is_some_and(|n| iterations >= n) {
                    break;
                }
                // Reading the clock costs less than a rollout.
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
                if self.budget.iterations.is_none() && deadline.is_none() {
                    break;
                }
            }
        }
        let root = &nodes[0];
        let moves: Vec<MoveStats<G::Move>> = root_moves
            .iter()
            .map(|m| {
                let child = root
                    .children
                    .iter()
                    .map(|&c| &nodes[c])
                    .find(|c| c.mv.as_ref() == Some(m));
                let (visits, reward) = child.map_or((0, 0.0), |c| (c.visits, c.reward));
                MoveStats {
                    mv: m.clone(),
                    visits,
                    value: if visits == 0 {
                        0.0
                    } else {
                        reward / visits as f64
                    },
                }
            })
            .collect();
        let mut best: Option<&MoveStats<G::Move>> = None;
        for m in &moves {
            if best.is_none_or(|b| m.visits > b.visits) {
                best = Some(m);
            }
        }
        SearchResult {
            best: best.map(|m| m.mv.clone()),
            iterations,
            nodes: nodes.len() as u64,
            elapsed: clock.elapsed(),
            moves,
        }
    }

    /// One iteration: select, expand, roll out, back up.
    fn iterate<G: Game>(
        &mut self,
        game: &G,
        nodes: &mut Vec<Node<G::State, G::Move>>,
        path: &mut Vec<usize>,
        buffer: &mut Vec<G::Move>,
    ) {
        path.clear();
        let mut current = 0;
        path.push(current);
        // Selection: down through fully expanded nodes by the UCT rule.
        while nodes[current].untried.is_empty() && !nodes[current].children.is_empty() {
            let parent = &nodes[current];
            let log_n = (parent.visits.max(1) as f64).ln();
            let mut best = parent.children[0];
            let mut best_ucb = f64::NEG_INFINITY;
            for &c in &parent.children {
                let child = &nodes[c];
                let n = child.visits as f64;
                let ucb = child.reward / n + self.exploration * (log_n / n).sqrt();
                if ucb > best_ucb {
                    best_ucb = ucb;
                    best = c;
                }
            }
            current = best;
            path.push(current);
        }
        // Expansion: one untried move, drawn at random (while the tree has room).
        if !nodes[current].untried.is_empty() && nodes.len() < MAX_NODES {
            let k = self.rng.random_range(0..nodes[current].untried.len());
            let mv = nodes[current].untried.swap_remove(k);
            let state = game.play(&nodes[current].state, &mv);
            let mut untried = Vec::new();
            game.moves(&state, &mut untried);
            let child = Node {
                mover: game.to_move(&nodes[current].state),
                state,
                mv: Some(mv),
                children: Vec::new(),
                untried,
                visits: 0,
                reward: 0.0,
            };
            nodes.push(child);
            let id = nodes.len() - 1;
            nodes[current].children.push(id);
            current = id;
            path.push(current);
        }
        // Rollout: random moves to the end.
        let mut state = nodes[current].state.clone();
        let outcome = loop {
            if let Some(o) = game.result(&state) {
                break o;
            }
            buffer.clear();
            game.moves(&state, buffer);
            if buffer.is_empty() {
                // A game that breaks the trait's contract: count it a draw.
                break GameResult::Draw;
            }
            let k = self.rng.random_range(0..buffer.len());
            state = game.play(&state, &buffer[k]);
        };
        // Back-propagation.
        for &i in path.iter() {
            let node = &mut nodes[i];
            node.visits += 1;
            node.reward += reward(outcome, node.mover);
        }
    }
}
