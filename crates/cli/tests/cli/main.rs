//! End-to-end tests of the `resolu` binary: one test binary, one module per subcommand.

// Helpers outside #[test] functions unwrap too: a test that cannot unwrap has failed.
#![allow(clippy::unwrap_used)]

mod answers_and_budgets;
mod bad_input;
mod common;
mod connect4;
mod cube;
mod demo;
mod examples;
mod experiment;
mod french_help_errors;
mod french_output;
mod fuzz;
mod graph;
mod hanoi;
mod hostile;
mod hostile_runs;
mod html;
mod html_domains;
mod html_lang;
mod html_lang_games;
mod html_play_trees;
mod html_record;
mod knight;
mod matches;
mod maze;
mod pdb;
mod prove;
mod prover_budgets;
mod queens;
mod rules;
mod snapshots;
mod taquin;
mod tictactoe;
mod verdicts;
