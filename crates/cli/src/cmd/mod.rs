//! One module per subcommand; each has `Args`, `run` and (for the domains) `demo`.

pub mod connect4;
pub mod cube;
pub mod demo;
pub mod experiment;
pub mod graph;
pub mod hanoi;
pub mod knight;
pub mod matches;
pub mod maze;
pub mod pdb;
pub mod prove;
pub mod queens;
pub mod rules;
pub mod taquin;
pub mod tictactoe;
