//! Helpers shared by the sliding-puzzle tests: boards from text and the shipped data sets.

#![allow(dead_code, clippy::unwrap_used)]

use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle};
use std::path::PathBuf;

/// The puzzle from `start` to `goal`, both written as boards (or a goal's name).
pub fn puzzle(start: &str, goal: &str) -> SlidingPuzzle {
    SlidingPuzzle::new(&Grid::parse(start).unwrap(), Goal::parse(goal).unwrap()).unwrap()
}

/// A file of `data/puzzles/`, shipped in the repository.
pub fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/puzzles")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The 15-puzzle instances of a Korf-format file (`id optimal t0 .. t15`, Korf's goal with
/// the blank first): each optimal length with its puzzle.
pub fn korf(file: &str) -> Vec<(usize, SlidingPuzzle)> {
    let goal = "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15";
    data(file)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let start = w[2..]
                .chunks(4)
                .map(|r| r.join(" "))
                .collect::<Vec<_>>()
                .join("/");
            (w[1].parse().unwrap(), puzzle(&start, goal))
        })
        .collect()
}
