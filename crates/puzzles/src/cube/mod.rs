//! The Rubik's cube: how it is represented for search, and three ways to solve it.
//!
//! - [`cubie`]: the cubie level (corner and edge permutations and orientations), moves as
//!   multiplications, validity checks with reasons, uniformly random cubes;
//! - [`notation`]: Singmaster notation, the half-turn and quarter-turn metrics, scrambles;
//! - [`facelets`]: the 54 stickers, to and from the cubie level;
//! - [`coord`]: coordinates (numbered sub-states), move tables, and the flat-array
//!   breadth-first search that builds every distance table;
//! - [`pocket`]: the 2x2x2, its whole space by breadth-first search (the census) and
//!   optimal solutions by lookup;
//! - [`twophase`]: Kociemba's two-phase algorithm, near-optimal in milliseconds;
//! - [`optimal`]: Korf's IDA* with pattern databases, optimal;
//! - [`problem`]: the cube as a [`resolu_search::Problem`], for the generic algorithms.
//!
//! ```
//! use resolu_puzzles::cube::{CubieCube, parse_moves};
//! let sexy = parse_moves("R U R' U'").unwrap();
//! let mut c = CubieCube::SOLVED;
//! for _ in 0..6 {
//!     c = c.apply_all(&sexy);
//! }
//! assert!(c.is_solved());
//! ```

// Permutation code reads several arrays at the same position (`cp[i]`, `co[i]`, a facelet
// table's row `i`): an index loop says so more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod coord;
pub mod cubie;
pub mod facelets;
pub mod notation;
pub mod optimal;
pub mod pocket;
pub mod problem;
pub mod twophase;

pub use cubie::{CubieCube, InvalidCube};
pub use notation::{
    Face, Metric, Move, NotationError, format_moves, may_follow, may_follow_in, parse_moves,
    random_scramble,
};
