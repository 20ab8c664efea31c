//! The cube as a [`resolu_search::Problem`], so that the generic algorithms (breadth-first
//! search, IDA*) run on it as on any puzzle, and an independent breadth-first search over
//! whole cubes in a hash set, which tests use to check the optimal solvers.
//!
//! ```
//! use resolu_puzzles::cube::{CubieCube, Metric, parse_moves, problem::CubeProblem};
//! use resolu_search::{Algorithm, Runner};
//! let cube = CubieCube::from_moves(&parse_moves("R U'").unwrap());
//! let problem = CubeProblem::new(cube, Metric::Half, false);
//! let outcome = Runner::new(&problem).run(Algorithm::Bfs);
//! assert_eq!(outcome.path.unwrap().len(), 2);
//! ```

use super::cubie::CubieCube;
use super::notation::{Metric, Move, may_follow_in};
use super::pocket;
use resolu_search::{Problem, Successor};
use rustc_hash::FxHashMap;

/// A cube to solve with face turns in a metric; `pocket` makes it a 2x2x2 (corners only,
/// solved up to a rotation of the whole cube).
#[derive(Clone, Debug)]
pub struct CubeProblem {
    start: CubieCube,
    moves: Vec<Move>,
    metric: Metric,
    pocket: bool,
}

impl CubeProblem {
    /// The problem of solving `start` with the moves of `metric`.
    pub fn new(start: CubieCube, metric: Metric, pocket: bool) -> CubeProblem {
        let mut start = start;
        if pocket {
            start.ep = CubieCube::SOLVED.ep;
            start.eo = CubieCube::SOLVED.eo;
        }
        CubeProblem {
            start,
            moves: metric.moves(),
            metric,
            pocket,
        }
    }
}

/// A search state: the cube and the last move (so that successors stay canonical: no face
/// twice in a row, no `D U`; equality and hashing look at the cube only).
#[derive(Clone, Copy, Debug)]
pub struct CubeState {
    /// The cube.
    pub cube: CubieCube,
    /// The move that led here.
    pub last: Option<Move>,
}

impl PartialEq for CubeState {
    fn eq(&self, other: &Self) -> bool {
        self.cube == other.cube
    }
}
impl Eq for CubeState {}
impl std::hash::Hash for CubeState {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cube.hash(state);
    }
}

impl Problem for CubeProblem {
    type State = CubeState;
    type Action = Move;

    fn start(&self) -> CubeState {
        CubeState {
            cube: self.start,
            last: None,
        }
    }

    fn is_goal(&self, state: &CubeState) -> bool {
        if self.pocket {
            pocket::is_solved(&state.cube)
        } else {
            state.cube.is_solved()
        }
    }

    fn successors(&self, state: &CubeState, out: &mut Vec<Successor<CubeState, Move>>) {
        for &m in &self.moves {
            if !may_follow_in(self.metric, state.last, m) {
                continue;
            }
            let cube = if self.pocket {
                state
                    .cube
                    .multiply_corners(&super::cubie::MOVE_CUBES[m.index()])
            } else {
                state.cube.apply(m)
            };
            out.push(Successor::new(
                m,
                CubeState {
                    cube,
                    last: Some(m),
                },
                1.0,
            ));
        }
    }
}

/// The distance from the solved cube of every cube within `depth` moves of it (every move
/// of `metric` counting 1), by a plain breadth-first search in a hash map: the independent
/// reference the tests compare the solvers with (depth 4 in the half-turn metric: 45,000
/// cubes or so).
pub fn distances_within(depth: u32, metric: Metric) -> FxHashMap<CubieCube, u32> {
    let moves = metric.moves();
    let mut seen = FxHashMap::default();
    seen.insert(CubieCube::SOLVED, 0);
    let mut layer = vec![CubieCube::SOLVED];
    for d in 1..=depth {
        let mut next = Vec::new();
        for c in &layer {
            for &m in &moves {
                let n = c.apply(m);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(n) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    seen
}
