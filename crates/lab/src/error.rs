//! The lab's one error type.

use resolu_puzzles::sliding::GridError;
use resolu_puzzles::sliding::pdb::PdbError;
use resolu_search::ParseAlgorithmError;
use std::path::PathBuf;

/// What can go wrong in an experiment. The messages are the command line's: it prints
/// them as they are.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LabError {
    /// A CSV table or an SVG plot could not be written: the file and the cause.
    #[error("{}: {message}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why (the writer's or the plotting library's message).
        message: String,
    },
    /// A CSV record could not be written.
    #[error(transparent)]
    Csv(#[from] csv::Error),
    /// No board of the puzzle lies at a requested depth from the goal.
    #[error(
        "no {rows}x{cols} board is {depth} moves from this goal (the farthest are {radius} moves away)"
    )]
    NoBoardAtDepth {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// The depth requested.
        depth: u32,
        /// The largest depth of any board.
        radius: usize,
    },
    /// Fewer boards lie at a requested depth than the instances asked per depth.
    #[error(
        "only {available} {rows}x{cols} boards are {depth} moves from this goal, fewer than the {asked} instances asked per depth: lower --per-depth to {available} or leave depth {depth} out"
    )]
    TooFewBoards {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// The depth requested.
        depth: u32,
        /// The boards at that depth.
        available: usize,
        /// The instances asked per depth.
        asked: usize,
    },
    /// No random walk from the goal gave a board whose proved optimal length is the depth
    /// asked, within the attempts and the node limit of the proofs.
    #[error(
        "found no board exactly {0} moves from the goal (random walks, their optimal length proved within the limits): choose smaller depths or raise --max-nodes"
    )]
    NoBoardFound(u32),
    /// A random walk of this many moves whose optimal length could not be proved within the
    /// limits.
    #[error("could not prove the optimal length of a {0}-move random walk within the limits")]
    Unproved(u32),
    /// A board the puzzle refused.
    #[error(transparent)]
    Board(#[from] GridError),
    /// The pattern database could not be prepared.
    #[error(transparent)]
    PatternDatabase(#[from] PdbError),
    /// A line (numbered from 1) of an instance file that is not `id length t0 .. t15`.
    #[error("line {0}: expected 'id length t0 .. t15'")]
    KorfLine(usize),
    /// An unknown method name for the Hanoi experiment.
    #[error("{0}, or optimal")]
    HanoiMethod(ParseAlgorithmError),
}
