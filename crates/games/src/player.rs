//! A computer opponent: perfect (the solver's best move: win fastest, lose slowest) or
//! random (a legal move drawn uniformly with a seeded ChaCha8 generator, so a game can be
//! replayed from its seed).
//!
//! ```
//! use resolu_games::{Game, matches::{Matches, TakeSet, Take}, player::{Computer, Level}};
//!
//! let game = Matches::new(vec![5], TakeSet::one_to(3), false);
//! let analysis = game.solve(&game.position(), None).unwrap();
//! let mut computer = Computer::new(Level::Perfect, 0);
//! assert_eq!(computer.choose(&analysis.solution), Some(Take { heap: 0, count: 1 }));
//! ```

use crate::Solution;
use crate::matches::ParseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::str::FromStr;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Always a best move.
    Perfect,
    /// Any legal move, uniformly.
    Random,
}

impl FromStr for Level {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Level, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "perfect" | "parfait" => Ok(Level::Perfect),
            "random" | "hasard" => Ok(Level::Random),
            _ => Err(ParseError(format!(
                "'{s}' is not a level (perfect or random)"
            ))),
        }
    }
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

    /// The move to play in a solved position (`None` if the play is over).
    pub fn choose<M: Clone>(&mut self, solution: &Solution<M>) -> Option<M> {
        match self.level {
            Level::Perfect => solution.best_move().cloned(),
            Level::Random => {
                if solution.moves.is_empty() {
                    return None;
                }
                let i = self.rng.random_range(0..solution.moves.len());
                Some(solution.moves[i].mv.clone())
            }
        }
    }
}
