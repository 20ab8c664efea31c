//! # resolu-lab
//!
//! Experiments on search algorithms: run a grid of (instance, algorithm, heuristic) jobs
//! over all cores, record one [`Run`] per job (solved or the limit that stopped it, nodes,
//! time, effective branching factor), then summarise them ([`Summary`]) and write a CSV,
//! SVG plots and a Markdown report ([`output`]).
//!
//! A problem joins the lab with two things: a way to make instances of known optimal
//! length, and a function that runs one job and returns a [`Run`] (built by
//! [`Run::from_outcome`]). The sliding-tile puzzle is in [`taquin`], the Towers of Hanoi in
//! [`hanoi`]; a new problem is a module of the same shape.
//!
//! ```
//! use resolu_lab::{effective_branching_factor, run_all};
//!
//! // N = b + b^2 + ... + b^d: 14 nodes at depth 3 is b* = 2.
//! assert!((effective_branching_factor(14, 3).unwrap() - 2.0).abs() < 1e-9);
//! // Jobs run in parallel; results come back in job order.
//! let squares = run_all(&[1u64, 2, 3], |&x| x * x, &|| {});
//! assert_eq!(squares, [1, 4, 9]);
//! ```

mod error;
pub mod hanoi;
pub mod output;
mod run;
mod summary;
pub mod taquin;
pub mod words;

pub use error::LabError;
pub use run::{Run, effective_branching_factor, run_all};
pub use summary::{Summary, SummaryRow, median};
pub use words::{English, ReportWords};
