//! End-to-end tests of the `resolu` binary: one test binary, one module per subcommand.

// Helpers outside #[test] functions unwrap too: a test that cannot unwrap has failed.
#![allow(clippy::unwrap_used)]

mod common;
mod cube;
mod demo;
mod experiment;
mod graph;
mod hanoi;
mod knight;
mod matches;
mod maze;
mod pdb;
mod prove;
mod queens;
mod rules;
mod taquin;
mod tictactoe;
