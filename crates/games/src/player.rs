//! A computer opponent at one of several levels: perfect (the solver's best move: win
//! fastest, lose slowest), random (a legal move drawn uniformly with a seeded ChaCha8
//! generator, so a game can be replayed from its seed), Monte Carlo tree search with a
//! budget ([`mcts`](crate::mcts)), or iterative deepening alpha-beta at a fixed thinking
//! time or depth ([`iterative`](crate::iterative)).
//!
//! Levels are written as the command line takes them: `perfect`, `random`, `mcts:N`
//! (N iterations), `mcts:time=1s`, `mcts:N,c=0.7` (another exploration constant),
//! `alphabeta:time=1s`, `alphabeta:depth=N`.
//!
//! ```
//! use resolu_games::{Game, matches::{Matches, TakeSet, Take}, player::{Computer, Level}};
//!
//! let game = Matches::new(vec![5], TakeSet::one_to(3), false);
//! let analysis = game.solve(&game.position(), None).unwrap();
//! let mut computer = Computer::new(Level::Perfect, 0);
//! assert_eq!(computer.choose(&analysis.solution), Some(Take { heap: 0, count: 1 }));
//! let level = "mcts:500".parse::<Level>().unwrap();
//! assert_eq!(level, Level::Mcts { iterations: Some(500), time: None, exploration: None });
//! ```

use crate::iterative::{Deepening, deepen};
use crate::matches::ParseError;
use crate::mcts::{Budget, Mcts, MoveStats};
use crate::{Game, Solution, Value};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::str::FromStr;
use std::time::Duration;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    /// Always a best move.
    Perfect,
    /// Any legal move, uniformly.
    Random,
    /// Monte Carlo tree search with this budget (at least one of the two is set).
    Mcts {
        /// Iterations per move.
        iterations: Option<u64>,
        /// Thinking time per move.
        time: Option<Duration>,
        /// The exploration constant (default sqrt 2).
        exploration: Option<f64>,
    },
    /// Iterative deepening alpha-beta, to this time or depth (at least one is set).
    AlphaBeta {
        /// Thinking time per move.
        time: Option<Duration>,
        /// Deepest search, in plies.
        depth: Option<u32>,
    },
}

/// Reads a duration: `1s`, `1.5s`, `500ms`, `2m`, or a bare number of seconds.
pub fn parse_duration(text: &str) -> Result<Duration, ParseError> {
    let t = text.trim().to_ascii_lowercase();
    let (number, unit) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix("min") {
        (n, 60.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else {
        (t.as_str(), 1.0)
    };
    let bad = || ParseError(format!("'{text}' is not a duration (e.g. 1s, 500ms, 2.5s)"));
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    if value.is_nan() || value <= 0.0 {
        return Err(bad());
    }
    Duration::try_from_secs_f64(value * unit).map_err(|_| bad())
}

impl Level {
    /// The level as the command line writes it.
    pub fn describe(&self) -> String {
        let secs = |d: &Duration| format!("{}s", d.as_secs_f64());
        match self {
            Level::Perfect => "perfect".into(),
            Level::Random => "random".into(),
            Level::Mcts {
                iterations,
                time,
                exploration,
            } => {
                let mut opts = Vec::new();
                opts.extend(iterations.map(|n| n.to_string()));
                opts.extend(time.map(|t| format!("time={}", secs(&t))));
                opts.extend(exploration.map(|c| format!("c={c}")));
                format!("mcts:{}", opts.join(","))
            }
            Level::AlphaBeta { time, depth } => match (time, depth) {
                (Some(t), None) => format!("alphabeta:time={}", secs(t)),
                (None, Some(d)) => format!("alphabeta:depth={d}"),
                (Some(t), Some(d)) => format!("alphabeta:time={},depth={d}", secs(t)),
                (None, None) => "alphabeta".into(),
            },
        }
    }
}

impl FromStr for Level {
    type Err = ParseError;

    /// `perfect` (`parfait`), `random` (`hasard`), `mcts:N`, `mcts:time=1s`,
    /// `alphabeta:time=1s`, `alphabeta:depth=N`; options of one level joined by commas.
    fn from_str(s: &str) -> Result<Level, ParseError> {
        let text = s.trim().to_ascii_lowercase();
        let (name, options) = match text.split_once(':') {
            Some((n, o)) => (n.trim(), Some(o)),
            None => (text.as_str(), None),
        };
        let usage = "perfect, random, mcts:N, mcts:time=1s, alphabeta:time=1s or alphabeta:depth=N";
        let level_error = || ParseError(format!("'{s}' is not a level ({usage})"));
        match (name, options) {
            ("perfect" | "parfait", None) => Ok(Level::Perfect),
            ("random" | "hasard", None) => Ok(Level::Random),
            ("mcts", Some(opts)) => {
                let (mut iterations, mut time, mut exploration) = (None, None, None);
                for opt in opts.split(',') {
                    let opt = opt.trim();
                    let value = opt.strip_prefix("iterations=").unwrap_or(opt);
                    if let Some(t) = opt.strip_prefix("time=") {
                        time = Some(parse_duration(t)?);
                    } else if let Some(c) = opt.strip_prefix("c=") {
                        match c.trim().parse::<f64>() {
                            Ok(c) if c.is_finite() && c >= 0.0 => exploration = Some(c),
                            _ => {
                                return Err(ParseError(format!(
                                    "'{c}' in '{s}': the exploration constant is a number, at least 0"
                                )));
                            }
                        }
                    } else {
                        match value.parse::<u64>() {
                            Ok(n) if n >= 1 => iterations = Some(n),
                            _ => {
                                return Err(ParseError(format!(
                                    "'{opt}' in '{s}': mcts takes a number of iterations \
                                     (at least 1) or time=DURATION"
                                )));
                            }
                        }
                    }
                }
                if iterations.is_none() && time.is_none() {
                    return Err(ParseError(format!(
                        "'{s}': mcts needs a number of iterations or time=DURATION"
                    )));
                }
                Ok(Level::Mcts {
                    iterations,
                    time,
                    exploration,
                })
            }
            ("alphabeta" | "ab", Some(opts)) => {
                let (mut time, mut depth) = (None, None);
                for opt in opts.split(',') {
                    let opt = opt.trim();
                    if let Some(t) = opt.strip_prefix("time=") {
                        time = Some(parse_duration(t)?);
                    } else if let Some(d) = opt.strip_prefix("depth=") {
                        match d.trim().parse::<u32>() {
                            Ok(n) if n >= 1 => depth = Some(n),
                            _ => {
                                return Err(ParseError(format!(
                                    "'{d}' in '{s}': the depth is a whole number of plies, at least 1"
                                )));
                            }
                        }
                    } else {
                        return Err(ParseError(format!(
                            "'{opt}' in '{s}': alphabeta takes time=DURATION or depth=N"
                        )));
                    }
                }
                Ok(Level::AlphaBeta { time, depth })
            }
            _ => Err(level_error()),
        }
    }
}

/// How the computer arrived at its move, for the interface to tell.
#[derive(Clone, Debug, PartialEq)]
pub enum Reasoning<M> {
    /// The solver's value for the mover.
    Solved(Value),
    /// Drawn at random.
    Random,
    /// Monte Carlo tree search: iterations run and the chosen move's statistics.
    Mcts {
        /// Iterations run.
        iterations: u64,
        /// The chosen move's visits and mean result.
        chosen: MoveStats<M>,
    },
    /// Alpha-beta: the depth of the last finished search, its score, and whether the score
    /// is proven (exact, or a forced win or loss).
    AlphaBeta {
        /// Depth in plies.
        depth: u32,
        /// Score for the mover (beyond ±`iterative::DECIDED`, a forced win or loss).
        score: i32,
        /// The value it proves, if any.
        proven: Option<Value>,
    },
}

/// A move chosen by the computer and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<M> {
    /// The move.
    pub mv: M,
    /// How it was found.
    pub reasoning: Reasoning<M>,
}

/// A computer player.
#[derive(Clone, Debug)]
pub struct Computer {
    level: Level,
    rng: ChaCha8Rng,
}

impl Computer {
    /// A player of this level; `seed` drives the random level.
    pub fn new(level: Level, seed: u64) -> Computer {
        Computer {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The move to play in a solved position (`None` if the play is over). The levels
    /// that search (MCTS, alpha-beta) need the game itself ([`decide`](Self::decide)):
    /// given only a solution, they play its best move.
    pub fn choose<M: Clone>(&mut self, solution: &Solution<M>) -> Option<M> {
        match self.level {
            Level::Random => {
                if solution.moves.is_empty() {
                    return None;
                }
                let i = self.rng.random_range(0..solution.moves.len());
                Some(solution.moves[i].mv.clone())
            }
            _ => solution.best_move().cloned(),
        }
    }

    /// The move to play in `state` (`None` if the play is over), asking `solve` for the
    /// position's solution only at the perfect level.
    pub fn decide<G: Game, E>(
        &mut self,
        game: &G,
        state: &G::State,
        solve: impl FnOnce(&G::State) -> Result<Solution<G::Move>, E>,
    ) -> Result<Option<Decision<G::Move>>, E> {
        let mut moves = Vec::new();
        game.moves(state, &mut moves);
        if moves.is_empty() {
            return Ok(None);
        }
        Ok(Some(match self.level {
            Level::Perfect => {
                let s = solve(state)?;
                let Some(mv) = s.best_move().cloned() else {
                    return Ok(None);
                };
                Decision {
                    mv,
                    reasoning: Reasoning::Solved(s.value),
                }
            }
            Level::Random => {
                // The game's order is the solution's: a seed replays the same game as
                // when this level drew from solutions.
                let i = self.rng.random_range(0..moves.len());
                Decision {
                    mv: moves.swap_remove(i),
                    reasoning: Reasoning::Random,
                }
            }
            Level::Mcts {
                iterations,
                time,
                exploration,
            } => {
                let seed = self.rng.random::<u64>();
                let budget = Budget { iterations, time };
                let c = exploration.unwrap_or(Mcts::DEFAULT_EXPLORATION);
                let r = Mcts::new(budget, seed).exploration(c).search(game, state);
                let Some(chosen) = r.moves.iter().find(|m| Some(&m.mv) == r.best.as_ref()) else {
                    return Ok(None);
                };
                Decision {
                    mv: chosen.mv.clone(),
                    reasoning: Reasoning::Mcts {
                        iterations: r.iterations,
                        chosen: chosen.clone(),
                    },
                }
            }
            Level::AlphaBeta { time, depth } => {
                let r = deepen(
                    game,
                    state,
                    Deepening {
                        time,
                        max_depth: depth,
                    },
                );
                let proven = r.proven();
                let Some(mv) = r.best else {
                    return Ok(None);
                };
                Decision {
                    mv,
                    reasoning: Reasoning::AlphaBeta {
                        depth: r.depth,
                        score: r.score,
                        proven,
                    },
                }
            }
        }))
    }
}
