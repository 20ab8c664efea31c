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
