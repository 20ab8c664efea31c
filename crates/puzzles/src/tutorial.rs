//! A tutorial in four short chapters: read a sliding puzzle from text, solve it, give it a
//! goal of your own, and pose a puzzle of the crate as a search problem (Towers of Hanoi).
//! Every example here is a test.
//!
//! # 1. A sliding puzzle from text
//!
//! A board is written row by row, rows separated by `/` or new lines, the blank as `_`;
//! tiles are letters or numbers. [`Grid::parse`](crate::sliding::Grid::parse) reads it
//! (a mistake is an error, never a panic) and
//! [`SlidingPuzzle::new`](crate::sliding::SlidingPuzzle::new) pairs it with a goal.
//!
//! ```
//! use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle};
//!
//! let start = Grid::parse("1 2 3 / 4 _ 6 / 7 5 8").unwrap();
//! let puzzle = SlidingPuzzle::new(&start, Goal::Standard).unwrap();
//! assert_eq!((puzzle.rows(), puzzle.cols()), (3, 3));
//! assert!(puzzle.is_solvable()); // decided by parity, before any search
//!
//! // A board with a tile twice is refused with a message.
//! assert!(Grid::parse("1 1 / 2 _").is_err());
//! ```
//!
//! # 2. Solving it
//!
//! [`SlidingPuzzle::problem`](crate::sliding::SlidingPuzzle::problem) is the
//! [`Problem`](resolu_search::Problem) every algorithm of `resolu_search` runs on; its type
//! parameter packs a board (`u64` holds up to 16 cells). The heuristics of
//! [`heuristics`](crate::sliding::heuristics) are admissible, so A* finds a shortest
//! solution.
//!
//! ```
//! use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle, heuristics::Manhattan};
//! use resolu_search::{Algorithm, Runner};
//!
//! let puzzle = SlidingPuzzle::new(&Grid::parse("1 2 3 / 4 _ 6 / 7 5 8").unwrap(), Goal::Standard).unwrap();
//! let problem = puzzle.problem::<u64>();
//! let outcome = Runner::new(&problem).heuristic(Manhattan::new(&puzzle)).run(Algorithm::Astar);
//! let path = outcome.path.unwrap();
//! // Slide the 5 up, then the 8 left.
//! let moved: Vec<&str> = path.actions().map(|m| puzzle.label(m.tile)).collect();
//! assert_eq!(moved, ["5", "8"]);
//! assert_eq!(puzzle.grid(path.last()), puzzle.goal_grid());
//!
//! // Breadth-first search agrees on the length (it is optimal for unit costs).
//! let bfs = Runner::new(&problem).run(Algorithm::Bfs);
//! assert_eq!(bfs.path.unwrap().len(), 2);
//! ```
//!
//! # 3. A goal of your own
//!
//! The goal is a named layout ([`Goal::Standard`](crate::sliding::Goal::Standard),
//! [`Goal::Snail`](crate::sliding::Goal::Snail), or `Goal::Default`: the snail on 3x3,
//! standard elsewhere) or any board ([`Goal::Grid`](crate::sliding::Goal::Grid)). The
//! heuristics measure the distance to that goal.
//!
//! ```
//! use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle, heuristics::Manhattan};
//! use resolu_search::{Algorithm, Runner};
//!
//! // The blank first, then the tiles in order.
//! let goal = Goal::Grid(Grid::parse("_ 1 2 / 3 4 5 / 6 7 8").unwrap());
//! let start = Grid::parse("1 _ 2 / 3 4 5 / 6 7 8").unwrap();
//! let puzzle = SlidingPuzzle::new(&start, goal).unwrap();
//! let problem = puzzle.problem::<u64>();
//! let outcome = Runner::new(&problem).heuristic(Manhattan::new(&puzzle)).run(Algorithm::Astar);
//! assert_eq!(outcome.path.unwrap().len(), 1); // the 1 slides right
//!
//! // `Goal::parse` reads the names and boards the command line accepts.
//! assert_eq!(Goal::parse("snail").unwrap(), Goal::Snail);
//! assert_eq!(Goal::parse("_ 1 2 / 3 4 5 / 6 7 8").unwrap(), Goal::Grid(Grid::parse("_12/345/678").unwrap()));
//! ```
//!
//! # 4. Another puzzle: the Towers of Hanoi
//!
//! Every puzzle of the crate is a [`Problem`](resolu_search::Problem), searched the same
//! way; a bad size is an error value ([`HanoiError`](crate::hanoi::HanoiError)) whose
//! message names the problem.
//!
//! ```
//! use resolu_puzzles::hanoi::{DisksOffGoal, Hanoi, HanoiError};
//! use resolu_search::{Algorithm, Runner};
//!
//! let hanoi = Hanoi::new(4, 3).unwrap();
//! let outcome = Runner::new(&hanoi).heuristic(DisksOffGoal::new(&hanoi)).run(Algorithm::Astar);
//! assert_eq!(outcome.path.unwrap().len(), 15); // 2^4 - 1 moves
//!
//! let refused = Hanoi::new(4, 2).unwrap_err();
//! assert_eq!(refused, HanoiError::PegCount(2));
//! assert_eq!(refused.to_string(), "the pegs must number 3 to 8, not 2");
//! ```
