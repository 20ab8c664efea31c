//! Mazes read from text: `#` a wall, `.` a free square, `S` the start, `E` the exit (one
//! each). Rows may differ in length: a missing square is a wall, and so is the outside.
//!
//! Two ways to solve one:
//!
//! - [`MazeWalk`], the backtracking scheme of the knight's tour adapted to a maze: from the
//!   current square try the four directions in order (east, south, west, north), go to a
//!   free square not yet seen, undo the step when every direction fails. A square left by
//!   backtracking stays marked as a dead end: whether the exit can be reached from a square
//!   does not depend on the path that led to it (a depth-first search with a closed set), so
//!   each square is entered at most once and the walk is linear in the size of the maze. It
//!   finds *a* path, not the shortest.
//! - [`MazeProblem`], the maze as a [`resolu_search::Problem`] for BFS (shortest path in
//!   steps) and A* with [`MazeProblem::manhattan`] (admissible: one step moves one square).
//!
//! ```
//! use resolu_puzzles::maze::{Maze, MazeWalk};
//! use resolu_search::{backtrack, bfs::bfs, Limits, NoObserver};
//!
//! let maze = Maze::parse("S.#\n#..\n#.E\n").unwrap();
//! let mut walk = MazeWalk::new(&maze);
//! backtrack::first(&mut walk, Limits::default());
//! assert_eq!(walk.path(), [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]);
//!
//! let shortest = bfs(&maze.problem(), Limits::default(), &mut NoObserver);
//! assert_eq!(shortest.path.unwrap().len(), 4);
//! ```

use resolu_search::backtrack::Backtrack;
use resolu_search::{Problem, Successor};
use std::fmt;

/// The four directions (row, column) in the order tried: east, south, west, north.
pub const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The most squares a maze may have.
pub const MAX_SQUARES: usize = 50_000_000;

/// An error in a maze file, at a line and column (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct MazeError {
    /// Line, from 1.
    pub line: usize,
    /// Column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A maze: walls, start and exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    rows: usize,
    cols: usize,
    walls: Vec<bool>,
    start: (usize, usize),
    exit: (usize, usize),
}

impl Maze {
    /// Reads a maze (see the [module documentation](self)); trailing empty lines are ignored.
    pub fn parse(text: &str) -> Result<Maze, MazeError> {
        let lines: Vec<&str> = text.lines().collect();
        let used = lines
            .iter()
            .rposition(|l| !l.trim().is_empty())
            .map_or(0, |i| i + 1);
        let lines = &lines[..used];
        if lines.is_empty() {
            return Err(MazeError {
                line: 1,
                column: 1,
                message: "the maze is empty".into(),
            });
        }
        let rows = lines.len();
        let cols = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        if rows.saturating_mul(cols) > MAX_SQUARES {
            return Err(MazeError {
                line: 1,
                column: 1,
                message: format!(
                    "the maze is too large ({rows}x{cols}, at most {MAX_SQUARES} squares)"
                ),
            });
        }
        let mut walls = vec![true; rows * cols];
        let mut start = None;
        let mut exit = None;
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let err = |message: String| MazeError {
                    line: r + 1,
                    column: c + 1,
                    message,
                };
                let seen = |what: &str, at: Option<(usize, usize)>| match at {
                    Some((r0, c0)) => Err(err(format!(
                        "a second {what} (the first is at line {}, column {})",
                        r0 + 1,
                        c0 + 1
                    ))),
                    None => Ok(Some((r, c))),
                };
                match ch {
                    '#' => {}
                    '.' => walls[r * cols + c] = false,
                    'S' => {
                        start = seen("start 'S'", start)?;
                        walls[r * cols + c] = false;
                    }
                    'E' => {
                        exit = seen("exit 'E'", exit)?;
                        walls[r * cols + c] = false;
                    }
                    other => {
                        return Err(err(format!(
                            "unexpected {other:?} (expected '#' wall, '.' free, 'S' start or 'E' exit)"
                        )));
                    }
                }
            }
        }
        let end = MazeError {
            line: rows,
            column: lines[rows - 1].chars().count() + 1,
            message: String::new(),
        };
        let start = start.ok_or_else(|| MazeError {
            message: "the maze has no start 'S'".into(),
            ..end.clone()
        })?;
        let exit = exit.ok_or_else(|| MazeError {
            message: "the maze has no exit 'E'".into(),
            ..end
        })?;
        Ok(Maze {
            rows,
            cols,
            walls,
            start,
            exit,
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns (of the longest row).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The start square (row, column), from 0.
    pub fn start(&self) -> (usize, usize) {
        self.start
    }

    /// The exit square (row, column), from 0.
    pub fn exit(&self) -> (usize, usize) {
        self.exit
    }

    /// Whether (row, column) is on the maze and not a wall.
    pub fn is_free(&self, r: i64, c: i64) -> bool {
        r >= 0
            && c >= 0
            && (r as usize) < self.rows
            && (c as usize) < self.cols
            && !self.walls[r as usize * self.cols + c as usize]
    }

    /// The free neighbour of square `i` in direction `d` (of [`DIRECTIONS`]), if any.
    #[inline]
    fn step(&self, i: usize, d: usize) -> Option<usize> {
        let (r, c) = ((i / self.cols) as i64, (i % self.cols) as i64);
        let (dr, dc) = DIRECTIONS[d];
        let (r, c) = (r + dr as i64, c + dc as i64);
        self.is_free(r, c)
            .then_some(r as usize * self.cols + c as usize)
    }

    fn index(&self, (r, c): (usize, usize)) -> usize {
        r * self.cols + c
    }

    fn square(&self, i: usize) -> (usize, usize) {
        (i / self.cols, i % self.cols)
    }

    /// The maze as text, the squares of `path` other than the start and exit drawn as `o`.
    pub fn draw(&self, path: &[(usize, usize)]) -> String {
        let mut grid: Vec<Vec<char>> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        if self.walls[r * self.cols + c] {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        for &(r, c) in path {
            if r < self.rows && c < self.cols {
                grid[r][c] = 'o';
            }
        }
        grid[self.start.0][self.start.1] = 'S';
        grid[self.exit.0][self.exit.1] = 'E';
        let mut s = String::new();
        for row in grid {
            s.extend(row);
            s.push('\n');
        }
        s
    }

    /// The maze as a search problem (states are square indices, actions directions).
    pub fn problem(&self) -> MazeProblem<'_> {
        MazeProblem { maze: self }
    }
}

impl fmt::Display for Maze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.draw(&[]))
    }
}

/// The backtracking walk through a maze (see the [module documentation](self)). Implements
/// [`Backtrack`]: a choice is a direction (an index in [`DIRECTIONS`]).
#[derive(Clone, Debug)]
pub struct MazeWalk<'m> {
    maze: &'m Maze,
    /// The squares entered so far: on the path, or left by backtracking (dead ends, never
    /// entered again).
    entered: Vec<bool>,
    path: Vec<u32>,
    exit: usize,
}

impl<'m> MazeWalk<'m> {
    /// A walk standing on the start.
    pub fn new(maze: &'m Maze) -> Self {
        let mut entered = vec![false; maze.rows * maze.cols];
        let start = maze.index(maze.start);
        entered[start] = true;
        MazeWalk {
            maze,
            entered,
            path: vec![start as u32],
            exit: maze.index(maze.exit),
        }
    }

    /// The squares of the current path, from the start, as (row, column).
    pub fn path(&self) -> Vec<(usize, usize)> {
        self.path
            .iter()
            .map(|&i| self.maze.square(i as usize))
            .collect()
    }

    fn head(&self) -> usize {
        // The path always holds the start.
        self.path[self.path.len() - 1] as usize
    }
}

impl Backtrack for MazeWalk<'_> {
    type Choice = u8;

    fn is_complete(&self) -> bool {
        self.head() == self.exit
    }

    fn candidates(&self, out: &mut Vec<u8>) {
        out.extend(0..4);
    }

    fn promising(&self, d: u8) -> bool {
        self.maze
            .step(self.head(), d as usize)
            .is_some_and(|n| !self.entered[n])
    }

    fn apply(&mut self, d: u8) {
        if let Some(n) = self.maze.step(self.head(), d as usize) {
            self.entered[n] = true;
            self.path.push(n as u32);
        }
    }

    fn undo(&mut self, _: u8) {
        // The square stays entered: a dead end.
        self.path.pop();
    }

    fn frame_bytes(&self) -> usize {
        32
    }
}

/// A maze as a [`Problem`]: states are square indices (row * cols + col), actions are
/// directions (indices in [`DIRECTIONS`]), every step costs 1.
#[derive(Clone, Copy, Debug)]
pub struct MazeProblem<'m> {
    maze: &'m Maze,
}

impl MazeProblem<'_> {
    /// The square (row, column) of a state.
    pub fn square(&self, state: u32) -> (usize, usize) {
        self.maze.square(state as usize)
    }

    /// The Manhattan distance to the exit: admissible and consistent (a step changes it by
    /// one at most).
    pub fn manhattan(&self) -> impl Fn(&u32) -> f64 + '_ {
        let (er, ec) = self.maze.exit;
        move |&s: &u32| {
            let (r, c) = self.maze.square(s as usize);
            (r.abs_diff(er) + c.abs_diff(ec)) as f64
        }
    }
}

impl Problem for MazeProblem<'_> {
    type State = u32;
    type Action = u8;

    fn start(&self) -> u32 {
        self.maze.index(self.maze.start) as u32
    }

    fn is_goal(&self, s: &u32) -> bool {
        *s as usize == self.maze.index(self.maze.exit)
    }

    fn successors(&self, s: &u32, out: &mut Vec<Successor<u32, u8>>) {
        for d in 0..4 {
            if let Some(n) = self.maze.step(*s as usize, d) {
                out.push(Successor::new(d as u8, n as u32, 1.0));
            }
        }
    }
}
