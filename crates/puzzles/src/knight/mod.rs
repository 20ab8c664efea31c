//! The knight's tour by backtracking: visit every square of a board once with a chess knight,
//! numbering the squares 1, 2, ... in the order visited.
//!
//! Moves are tried in the course's order (dx, dy) = (1,2), (1,-2), (-1,2), (-1,-2), (2,1),
//! (2,-1), (-2,1), (-2,-1), x being the row ([`MOVES`]). Three versions ([`Method`]):
//!
//! - `basic`: the eight moves in order, each tested for being on the board, then free;
//! - `band`: the board is surrounded by a band two squares wide whose squares are marked
//!   taken, so the promising test is one read, with no bounds check;
//! - `warnsdorff`: the band, plus a second matrix that keeps each square's number of free
//!   neighbours up to date; the free neighbour with the fewest free neighbours is tried
//!   first (Warnsdorff's rule). When the rule alone fails, the search backtracks to the
//!   equally good neighbours first, then to the next best ones: the order is a heuristic,
//!   the enumeration stays complete (counts are those of the other versions). Among
//!   equally good squares, [`Ties::Order`] (the course's) keeps the move order, [`Ties::Roth`]
//!   tries the square farthest from the centre first. A neighbour with no free neighbour is
//!   not tried unless it is the last square: it is a dead end.
//!
//! Open or closed tours (a closed tour ends a knight's move away from its start), any start,
//! rectangular boards. With `prune`, a move is refused when it leaves a free square without
//! enough ways in and out (one for open tours, two for closed ones) or forces two squares to
//! be next: it cuts dead branches early and changes no count, only the tries.
//!
//! ```
//! use resolu_puzzles::knight::{KnightTour, Method, TourOptions};
//! use resolu_search::{backtrack, Limits, StopReason};
//!
//! let mut tour = KnightTour::new(TourOptions::square(5)).unwrap();
//! let outcome = backtrack::first(&mut tour, Limits::default());
//! assert_eq!(outcome.reason, StopReason::Solved);
//! assert_eq!(tour.board()[0], [1, 14, 19, 8, 25]); // the course's first row
//!
//! let mut tour = KnightTour::new(TourOptions { method: Method::Warnsdorff, ..TourOptions::square(5) }).unwrap();
//! let outcome = backtrack::first(&mut tour, Limits::default());
//! assert_eq!(outcome.stats.backtracks, 0);
//! assert_eq!(tour.board()[0], [1, 12, 25, 18, 3]);
//! ```

use resolu_search::backtrack::Backtrack;
use std::cell::Cell;
use std::fmt::{self, Write as _};
use std::str::FromStr;

mod count;
mod degrees;
pub use count::{StartClass, count_all_starts};
pub use degrees::{
    CandidateStep, colour_obstruction, degree_matrix, draw_degrees, warnsdorff_steps,
};

/// The knight's moves (row, column), in the course's order.
pub const MOVES: [(i32, i32); 8] = [
    (1, 2),
    (1, -2),
    (-1, 2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// The most squares a board may have: a tour keeps about 40 bytes per square.
pub const MAX_SQUARES: usize = 16_000_000;

/// Width of the band of taken squares around the board: a knight jumps at most two.
const BAND: usize = 2;
/// A square of the band.
const OUTSIDE: u32 = u32::MAX;

/// The version of the algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Moves in order, each tested for bounds then for being free.
    #[default]
    Basic,
    /// Moves in order on a board surrounded by a band of taken squares: no bounds test.
    Band,
    /// Warnsdorff's rule (fewest onward moves first), backtracking among equally good moves.
    Warnsdorff,
}

impl Method {
    /// The name used on the command line: `basic`, `band`, `warnsdorff`.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Basic => "basic",
            Method::Band => "band",
            Method::Warnsdorff => "warnsdorff",
        }
    }
}

impl FromStr for Method {
    type Err = KnightError;
    fn from_str(s: &str) -> Result<Self, KnightError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "basic" | "base" => Ok(Method::Basic),
            "band" | "bande" => Ok(Method::Band),
            "warnsdorff" | "warnsdorf" => Ok(Method::Warnsdorff),
            _ => Err(KnightError::UnknownMethod(s.to_string())),
        }
    }
}

/// How Warnsdorff's rule orders equally good squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ties {
    /// The move order (the course's).
    #[default]
    Order,
    /// The square farthest from the centre of the board first, then the move order.
    Roth,
}

impl Ties {
    /// The name used on the command line: `order`, `roth`.
    pub fn as_str(self) -> &'static str {
        match self {
            Ties::Order => "order",
            Ties::Roth => "roth",
        }
    }
}

impl FromStr for Ties {
    type Err = KnightError;
    fn from_str(s: &str) -> Result<Self, KnightError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "order" => Ok(Ties::Order),
            "roth" => Ok(Ties::Roth),
            _ => Err(KnightError::UnknownTies(s.to_string())),
        }
    }
}

/// What to solve and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourOptions {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The start square (row, column), from 0.
    pub start: (usize, usize),
    /// Whether the tour must end a knight's move away from its start.
    pub closed: bool,
    /// The version of the algorithm.
    pub method: Method,
    /// The tie-break of Warnsdorff's rule.
    pub ties: Ties,
    /// Refuse moves that leave a free square without enough exits (see the module doc).
    pub prune: bool,
}

impl TourOptions {
    /// An open tour of an `n` x `n` board from (0, 0), basic version.
    pub fn square(n: usize) -> Self {
        TourOptions {
            rows: n,
            cols: n,
            start: (0, 0),
            closed: false,
            method: Method::Basic,
            ties: Ties::Order,
            prune: false,
        }
    }
}

/// A bad board size or start square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KnightError {
    /// A method name that is not `basic`, `band` or `warnsdorff`.
    #[error("unknown method '{0}' (expected basic, band or warnsdorff)")]
    UnknownMethod(String),
    /// A tie-break name that is not `order` or `roth`.
    #[error("unknown tie-break '{0}' (expected order or roth)")]
    UnknownTies(String),
    /// A size that is not `N` or `ROWSxCOLS` with positive numbers.
    #[error("bad board size '{0}' (expected N or ROWSxCOLS, e.g. 8 or 5x6)")]
    BadSize(String),
    /// A square that is not `ROW,COL`.
    #[error("bad square '{0}' (expected ROW,COL, e.g. 0,0)")]
    BadSquare(String),
    /// A board with no square or too many.
    #[error("a board of {rows}x{cols} is out of range (1 to {MAX_SQUARES} squares)")]
    BoardSize {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A start square off the board.
    #[error("the start square ({row}, {col}) is off the {rows}x{cols} board")]
    StartOutside {
        /// Row of the start.
        row: usize,
        /// Column of the start.
        col: usize,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
}

/// Parses a board size: `N` (square) or `ROWSxCOLS`.
pub fn parse_size(text: &str) -> Result<(usize, usize), KnightError> {
    let bad = || KnightError::BadSize(text.to_string());
    let t = text.trim().to_ascii_lowercase();
    let (r, c) = match t.split_once(['x', '*']) {
        Some((r, c)) => (r.trim(), c.trim()),
        None => (t.as_str(), t.as_str()),
    };
    let rows: usize = r.parse().map_err(|_| bad())?;
    let cols: usize = c.parse().map_err(|_| bad())?;
    if rows == 0 || cols == 0 {
        return Err(bad());
    }
    Ok((rows, cols))
}

/// Parses a square `ROW,COL` (from 0).
pub fn parse_square(text: &str) -> Result<(usize, usize), KnightError> {
    let bad = || KnightError::BadSquare(text.to_string());
    let (r, c) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    ))
}

/// A knight's tour in progress: the board with its band, the path, and (for Warnsdorff and
/// pruning) the number of free neighbours of each square. Implements [`Backtrack`]: a choice
/// is the index of a move in [`MOVES`].
#[derive(Clone, Debug)]
pub struct KnightTour {
    opts: TourOptions,
    /// Width of a row with its band.
    width: usize,
    /// Step number of each square (0 free), `OUTSIDE` on the band.
    cells: Vec<u32>,
    /// Free neighbours of each free square (garbage on the band and on visited squares).
    degree: Vec<u8>,
    /// Whether `degree` is kept up to date.
    track_degree: bool,
    /// Whether each square is a knight's move away from the start (closed tours).
    near_start: Vec<bool>,
    /// The visited squares in order (band indices); the head is the last.
    path: Vec<u32>,
    /// The moves as index offsets on the banded board.
    offsets: [isize; 8],
    /// Row and column of the head (the basic version tests bounds on them).
    head: (i32, i32),
    squares: usize,
    /// The course's counters, the same for the three versions.
    counters: KnightCounters,
    /// Bounds tests of the basic version (`promising` takes `&self`).
    bounds_tests: Cell<u64>,
}

/// The lab's counters, counted the same way by the three versions so that they compare:
/// `tries` are the squares the knight was placed on (the start excluded), `backtracks` the
/// squares taken back, `bounds_tests` the moves tested for staying on the board (the basic
/// version tests every move it looks at; the band and Warnsdorff test none: that is the
/// band's gain). The engine's own `tries` (moves tested, what `max_tries` bounds) differ:
/// Warnsdorff looks only at free squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KnightCounters {
    /// Squares the knight was placed on, the start excluded.
    pub tries: u64,
    /// Squares taken back.
    pub backtracks: u64,
    /// Moves tested for staying on the board.
    pub bounds_tests: u64,
}

impl KnightTour {
    /// A board with the start square visited (step 1).
    pub fn new(opts: TourOptions) -> Result<Self, KnightError> {
        let (rows, cols) = (opts.rows, opts.cols);
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_SQUARES {
            return Err(KnightError::BoardSize { rows, cols });
        }
        if opts.start.0 >= rows || opts.start.1 >= cols {
            return Err(KnightError::StartOutside {
                row: opts.start.0,
                col: opts.start.1,
                rows,
                cols,
            });
        }
        let width = cols + 2 * BAND;
        let mut cells = vec![OUTSIDE; width * (rows + 2 * BAND)];
        for r in 0..rows {
            let base = (r + BAND) * width + BAND;
            cells[base..base + cols].fill(0);
        }
        let offsets = MOVES.map(|(dr, dc)| dr as isize * width as isize + dc as isize);
        let track_degree = opts.method == Method::Warnsdorff || opts.prune;
        let mut tour = KnightTour {
            opts,
            width,
            degree: Vec::new(),
            track_degree,
            near_start: Vec::new(),
            path: Vec::with_capacity(rows * cols),
            offsets,
            head: (opts.start.0 as i32, opts.start.1 as i32),
            squares: rows * cols,
            cells,
            counters: KnightCounters::default(),
            bounds_tests: Cell::new(0),
        };
        if track_degree {
            tour.degree = (0..tour.cells.len())
                .map(|i| {
                    if tour.cells[i] == OUTSIDE {
                        0
                    } else {
                        tour.neighbours(i).filter(|&n| tour.cells[n] == 0).count() as u8
                    }
                })
                .collect();
        }
        let start = tour.index(opts.start.0, opts.start.1);
        if opts.closed {
            tour.near_start = vec![false; tour.cells.len()];
            for n in tour.neighbours(start).collect::<Vec<_>>() {
                tour.near_start[n] = true;
            }
        }
        tour.visit(start);
        Ok(tour)
    }

    /// The options the tour was built with.
    pub fn options(&self) -> &TourOptions {
        &self.opts
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.opts.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.opts.cols
    }

    /// The step number of each square, row by row (0 for a square not yet visited).
    pub fn board(&self) -> Vec<Vec<u32>> {
        (0..self.opts.rows)
            .map(|r| {
                let base = self.index(r, 0);
                self.cells[base..base + self.opts.cols].to_vec()
            })
            .collect()
    }

    /// The squares visited so far, in order, as (row, column).
    pub fn path(&self) -> Vec<(usize, usize)> {
        self.path.iter().map(|&i| self.square(i as usize)).collect()
    }

    /// The lab's counters since the tour was built (see [`KnightCounters`]).
    pub fn counters(&self) -> KnightCounters {
        KnightCounters {
            bounds_tests: self.bounds_tests.get(),
            ..self.counters
        }
    }

    /// The number of squares visited so far.
    pub fn visited(&self) -> usize {
        self.path.len()
    }

    /// The board as text: step numbers right-aligned in columns, `.` for free squares.
    pub fn to_text(&self) -> String {
        draw_board(&self.board())
    }

    /// An SVG drawing of the path so far (see [`tour_svg`]).
    pub fn svg(&self) -> String {
        tour_svg(
            self.opts.rows,
            self.opts.cols,
            &self.path(),
            self.opts.closed && self.path.len() == self.squares,
        )
    }

    fn index(&self, r: usize, c: usize) -> usize {
        (r + BAND) * self.width + c + BAND
    }

    fn square(&self, i: usize) -> (usize, usize) {
        (i / self.width - BAND, i % self.width - BAND)
    }

    /// The eight squares a knight's move away (band squares included).
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.offsets.iter().map(move |&o| i.wrapping_add_signed(o))
    }

    /// Marks `i` with the next step number and updates the degrees of its neighbours.
    #[inline]
    fn visit(&mut self, i: usize) {
        self.path.push(i as u32);
        self.cells[i] = self.path.len() as u32;
        if self.track_degree {
            for o in self.offsets {
                let n = i.wrapping_add_signed(o);
                // Band squares count down too; their value is never read.
                self.degree[n] = self.degree[n].wrapping_sub(1);
            }
        }
    }

    /// The band index of the head, the last square visited.
    #[inline]
    fn head_index(&self) -> usize {
        // The path always holds the start.
        self.path[self.path.len() - 1] as usize
    }

    /// Squared distance to the centre, times 4 (integers, so exact).
    fn centre_distance(&self, i: usize) -> i64 {
        let (r, c) = self.square(i);
        let dr = 2 * r as i64 - (self.opts.rows as i64 - 1);
        let dc = 2 * c as i64 - (self.opts.cols as i64 - 1);
        dr * dr + dc * dc
    }

    /// The dead-end test of `prune` for the move from the head to `v`.
    fn leaves_no_dead_end(&self, h: usize, v: usize) -> bool {
        let remaining = self.squares - self.path.len() - 1;
        if remaining == 0 {
            return true;
        }
        let closed = self.opts.closed;
        let need = if closed { 2 } else { 1 };
        let near = |u: usize| u8::from(closed && self.near_start[u]);
        // The start must keep a way back in a closed tour.
        if closed {
            let s = self.path[0] as usize;
            let free = self.degree[s] - u8::from(self.near_start[v]);
            if free == 0 && !self.near_start[v] {
                return false;
            }
        }
        // Free neighbours of the old head lose it as a way in (none of them neighbours v:
        // the knight's graph is bipartite).
        for o in self.offsets {
            let u = h.wrapping_add_signed(o);
            if u != v && self.cells[u] == 0 && self.degree[u] + near(u) < need {
                return false;
            }
        }
        // Free neighbours of v lose v as a free square but have it as the head.
        let mut forced = 0;
        for o in self.offsets {
            let u = v.wrapping_add_signed(o);
            if self.cells[u] != 0 {
                continue;
            }
            let free_after = self.degree[u] - 1;
            let links = free_after + near(u) + 1;
            if links < need {
                return false;
            }
            if links == need {
                // u must be the next square: with no free square after it, the last one.
                if free_after == 0 && remaining > 1 {
                    return false;
                }
                forced += 1;
                if forced > 1 {
                    return false;
                }
            }
        }
        true
    }
}

impl Backtrack for KnightTour {
    type Choice = u8;

    fn is_complete(&self) -> bool {
        // A single square is an open tour, but no knight's move leads back to it.
        self.path.len() == self.squares && !(self.opts.closed && self.squares == 1)
    }

    fn candidates(&self, out: &mut Vec<u8>) {
        if self.opts.method != Method::Warnsdorff {
            out.extend(0..8);
            return;
        }
        let h = self.head_index();
        // A free neighbour without free neighbours can only be the last square.
        let last = self.path.len() + 1 == self.squares;
        let mut cands = [(0u8, 0u8, 0i64); 8];
        let mut n = 0;
        for (k, o) in self.offsets.iter().enumerate() {
            let t = h.wrapping_add_signed(*o);
            if self.cells[t] != 0 || (self.degree[t] == 0 && !last) {
                continue;
            }
            let dist = match self.opts.ties {
                Ties::Order => 0,
                Ties::Roth => -self.centre_distance(t),
            };
            cands[n] = (k as u8, self.degree[t], dist);
            n += 1;
        }
        let cands = &mut cands[..n];
        // Stable: equal keys keep the move order.
        cands.sort_by_key(|&(_, degree, dist)| (degree, dist));
        out.extend(cands.iter().map(|c| c.0));
    }

    #[inline]
    fn promising(&self, k: u8) -> bool {
        let h = self.head_index();
        let v = h.wrapping_add_signed(self.offsets[k as usize]);
        if self.opts.method == Method::Basic {
            self.bounds_tests.set(self.bounds_tests.get() + 1);
            let (dr, dc) = MOVES[k as usize];
            let (r, c) = (self.head.0 + dr, self.head.1 + dc);
            if r < 0 || c < 0 || r >= self.opts.rows as i32 || c >= self.opts.cols as i32 {
                return false;
            }
        }
        if self.cells[v] != 0 {
            return false;
        }
        if self.opts.closed && self.path.len() + 1 == self.squares && !self.near_start[v] {
            return false;
        }
        !self.opts.prune || self.leaves_no_dead_end(h, v)
    }

    #[inline]
    fn apply(&mut self, k: u8) {
        let (dr, dc) = MOVES[k as usize];
        self.head = (self.head.0 + dr, self.head.1 + dc);
        let v = self
            .head_index()
            .wrapping_add_signed(self.offsets[k as usize]);
        self.counters.tries += 1;
        self.visit(v);
    }

    #[inline]
    fn undo(&mut self, k: u8) {
        let (dr, dc) = MOVES[k as usize];
        self.head = (self.head.0 - dr, self.head.1 - dc);
        let v = self.head_index();
        self.path.pop();
        self.counters.backtracks += 1;
        self.cells[v] = 0;
        if self.track_degree {
            for o in self.offsets {
                let n = v.wrapping_add_signed(o);
                self.degree[n] = self.degree[n].wrapping_add(1);
            }
        }
    }

    fn frame_bytes(&self) -> usize {
        // A frame, its candidates, the path entry.
        40
    }
}

impl fmt::Display for KnightTour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// A board of step numbers as text, right-aligned columns, `.` for 0.
pub fn draw_board(board: &[Vec<u32>]) -> String {
    let max = board.iter().flatten().copied().max().unwrap_or(0);
    let w = max.max(1).to_string().len();
    let mut s = String::new();
    for row in board {
        let cells: Vec<String> = row
            .iter()
            .map(|&v| {
                if v == 0 {
                    format!("{:>w$}", ".")
                } else {
                    format!("{v:>w$}")
                }
            })
            .collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

/// An SVG drawing of a knight's path on a `rows` x `cols` board: a checkerboard, the path
/// as a polyline through the centres of the squares (closed back to the start when `closed`),
/// the start as a green disc and the end as a red one; step numbers on boards up to 12 x 12.
pub fn tour_svg(rows: usize, cols: usize, path: &[(usize, usize)], closed: bool) -> String {
    // Squares of 40 units, thinner lines on large boards (the viewBox scales the rest).
    let cell = 40usize;
    let (w, h) = (cols * cell, rows * cell);
    let stroke = if rows.max(cols) > 40 { 4 } else { 3 };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{}" height="{}">"#,
        w.min(800),
        (h * w.min(800)) / w.max(1)
    );
    let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#f0d9b5"/>"##);
    if rows.max(cols) <= 100 {
        let _ = write!(s, r##"<path fill="#b58863" d=""##);
        for r in 0..rows {
            for c in (0..cols).filter(|c| (r + c) % 2 == 1) {
                let _ = write!(s, "M{} {}h{cell}v{cell}h-{cell}z", c * cell, r * cell);
            }
        }
        let _ = writeln!(s, r#""/>"#);
    }
    let centre = |(r, c): (usize, usize)| (c * cell + cell / 2, r * cell + cell / 2);
    if !path.is_empty() {
        let mut points: Vec<(usize, usize)> = path.to_vec();
        if closed {
            points.push(path[0]);
        }
        // Polylines of at most 1000 points (each sharing its first point with the previous
        // one's last): a 1000x1000 tour as one 10-million-character element is refused by
        // some renderers.
        let mut from = 0;
        while from + 1 < points.len() || (from == 0 && points.len() == 1) {
            let to = (from + 999).min(points.len() - 1);
            let _ = write!(
                s,
                r##"<polyline fill="none" stroke="#1f4e9e" stroke-width="{stroke}" stroke-linejoin="round" points=""##
            );
            for (i, &sq) in points[from..=to].iter().enumerate() {
                let (x, y) = centre(sq);
                let sep = if i == 0 { "" } else { " " };
                let _ = write!(s, "{sep}{x},{y}");
            }
            let _ = writeln!(s, r#""/>"#);
            if to == from {
                break;
            }
            from = to;
        }
        let (x, y) = centre(path[0]);
        let _ = writeln!(s, r##"<circle cx="{x}" cy="{y}" r="9" fill="#2e8b57"/>"##);
        let (x, y) = centre(path[path.len() - 1]);
        let _ = writeln!(s, r##"<circle cx="{x}" cy="{y}" r="7" fill="#c0392b"/>"##);
        if rows.max(cols) <= 12 {
            for (i, &sq) in path.iter().enumerate() {
                let (x, y) = centre(sq);
                let _ = writeln!(
                    s,
                    r##"<text x="{x}" y="{}" font-size="13" font-family="sans-serif" text-anchor="middle" fill="#000">{}</text>"##,
                    y - 8,
                    i + 1
                );
            }
        }
    }
    s.push_str("</svg>\n");
    s
}
