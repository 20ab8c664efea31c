//! # resolu-puzzles
//!
//! The problem domains of resolu, each a [`resolu_search::Problem`] (or a backtracking
//! problem) with its heuristics: explicit graphs read from text, the sliding-tile puzzle,
//! the Towers of Hanoi, the knight's tour, N-queens, mazes and the Rubik's cube.

pub mod cache;
pub mod cube;
pub mod graph;
pub mod hanoi;
pub mod knight;
pub mod maze;
pub mod queens;
pub mod sliding;
pub mod tutorial;

/// Any error of this crate, so that a caller handling several domains can use one type
/// (`?` converts each module's error into it). Each variant wraps the module's own error
/// unchanged: the message is the module's.
///
/// ```
/// use resolu_puzzles::{Error, hanoi::Hanoi, queens};
///
/// fn check(disks: usize, pegs: usize, queens: usize) -> Result<(), Error> {
///     Hanoi::new(disks, pegs)?;
///     queens::Queens::new(queens)?;
///     Ok(())
/// }
/// let e = check(3, 3, 0).unwrap_err();
/// assert!(matches!(e, Error::Queens(_)));
/// assert_eq!(e.to_string(), "N-queens needs 1 <= N <= 32, got 0");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A graph file ([`graph::Graph::parse`]).
    #[error(transparent)]
    Graph(#[from] graph::GraphError),
    /// A Towers of Hanoi puzzle or situation.
    #[error(transparent)]
    Hanoi(#[from] hanoi::HanoiError),
    /// A knight's tour board, square, method or tie-break.
    #[error(transparent)]
    Knight(#[from] knight::KnightError),
    /// An N-queens board size.
    #[error(transparent)]
    Queens(#[from] queens::QueensError),
    /// A maze file.
    #[error(transparent)]
    Maze(#[from] maze::MazeError),
    /// A sliding-puzzle board or pair of boards.
    #[error(transparent)]
    Grid(#[from] sliding::GridError),
    /// A sliding-puzzle heuristic name.
    #[error(transparent)]
    Heuristic(#[from] sliding::heuristics::UnknownHeuristic),
    /// A cube move string.
    #[error(transparent)]
    Notation(#[from] cube::notation::NotationError),
    /// A cube that face turns cannot reach.
    #[error(transparent)]
    Cube(#[from] cube::InvalidCube),
    /// A pattern database that cannot be built, read or described.
    #[error(transparent)]
    Pdb(#[from] sliding::pdb::PdbError),
    /// A cached table that cannot be used.
    #[error(transparent)]
    Cache(#[from] cache::CacheError),
}
