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
use resolu_search::{BacktrackOutcome, BacktrackStats, StopReason};
use std::fmt::{self, Write as _};
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

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
        self.visit(v);
    }

    #[inline]
    fn undo(&mut self, k: u8) {
        let (dr, dc) = MOVES[k as usize];
        self.head = (self.head.0 - dr, self.head.1 - dc);
        let v = self.head_index();
        self.path.pop();
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

/// The directed tours from every start square, counted from one square of each class of
/// the board's symmetries (8 on a square board, 4 on another rectangle): a symmetry maps
/// the tours from a square one to one onto the tours from its image, so each class's count
/// is its representative's times the class size. Returns the total and, per class, the
/// representative, the class size and its outcome; the total is exact only if every
/// outcome is `Exhausted`. `opts.method` and `opts.prune` change no count, only the tries.
///
/// Open tours on boards of at most 64 squares are counted on bit boards (one `u64` of free
/// squares, the squares with one or no free neighbour kept as bit sets, so the dead-end
/// tests of a node are a few bit operations); each class's tree is cut a few moves deep into
/// tasks that up to `threads` threads take in turn, so the threads finish together;
/// `max_tries` bounds each class's tries, checked every 16,384 nodes per thread. Closed
/// tours and larger boards go through the backtracking engine, a class per thread at a time
/// (each with its share of `limits`' memory).
///
/// ```
/// use resolu_puzzles::knight::{count_all_starts, TourOptions};
/// use resolu_search::Limits;
/// let opts = TourOptions { prune: true, ..TourOptions::square(5) };
/// let (total, classes) = count_all_starts(opts, Limits::default(), 1).unwrap();
/// assert_eq!(total, 1728); // directed open tours of 5x5 (OEIS A165134)
/// assert_eq!(classes.len(), 6); // 25 squares, 6 classes
/// ```
pub fn count_all_starts(
    opts: TourOptions,
    limits: resolu_search::Limits,
    threads: usize,
) -> Result<(u64, Vec<StartClass>), KnightError> {
    let (rows, cols) = (opts.rows, opts.cols);
    KnightTour::new(opts)?;
    let images = |(r, c): (usize, usize)| -> Vec<(usize, usize)> {
        let (fr, fc) = (rows - 1 - r, cols - 1 - c);
        let mut v = vec![(r, c), (fr, c), (r, fc), (fr, fc)];
        if rows == cols {
            v.extend([(c, r), (fc, r), (c, fr), (fc, fr)]);
        }
        v
    };
    let mut classes: Vec<StartClass> = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let mut orbit = images((r, c));
            orbit.sort_unstable();
            orbit.dedup();
            if orbit[0] == (r, c) {
                classes.push(StartClass {
                    start: (r, c),
                    size: orbit.len() as u64,
                    outcome: None,
                });
            }
        }
    }
    if !opts.closed && rows * cols <= BIT_BOARD_SQUARES {
        count_open_by_bits(rows, cols, &mut classes, limits, threads);
    } else {
        count_by_backtracking(opts, &mut classes, limits, threads);
    }
    let total = classes
        .iter()
        .filter_map(|c| c.outcome.as_ref().map(|o| o.stats.solutions * c.size))
        .sum();
    Ok((total, classes))
}

/// The classes' counts by the generic backtracking engine, one class per thread at a time
/// (closed tours, boards of more than 64 squares).
fn count_by_backtracking(
    opts: TourOptions,
    classes: &mut [StartClass],
    limits: resolu_search::Limits,
    threads: usize,
) {
    let workers = threads.clamp(1, classes.len().max(1));
    let limits = limits.max_memory_bytes(limits.max_memory_bytes / workers as u64);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; classes.len()]);
    let starts: Vec<(usize, usize)> = classes.iter().map(|c| c.start).collect();
    let work = || {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&start) = starts.get(k) else { break };
            let outcome = KnightTour::new(TourOptions { start, ..opts })
                .map(|mut tour| resolu_search::backtrack::count(&mut tour, limits));
            if let (Ok(outcome), Ok(mut r)) = (outcome, results.lock()) {
                r[k] = Some(outcome);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..workers {
            scope.spawn(work);
        }
        work();
    });
    for (class, outcome) in classes
        .iter_mut()
        .zip(results.into_inner().unwrap_or_default())
    {
        class.outcome = outcome;
    }
}

/// The classes' counts of open tours by [`BitCounter`]: each class's tree is cut at
/// [`TASK_DEPTH`] into tasks that the threads take in turn, so the work spreads evenly
/// whatever the classes' sizes. A class's tries, backtracks and tours are summed over its
/// tasks, its time is the time its tasks took (summed over the threads).
fn count_open_by_bits(
    rows: usize,
    cols: usize,
    classes: &mut [StartClass],
    limits: resolu_search::Limits,
    threads: usize,
) {
    let started = Instant::now();
    let all = if rows * cols == 64 {
        u64::MAX
    } else {
        (1u64 << (rows * cols)) - 1
    };
    let mut tasks = Vec::new();
    let mut per_class: Vec<BacktrackStats> = Vec::with_capacity(classes.len());
    for (k, class) in classes.iter().enumerate() {
        let start = class.start.0 * cols + class.start.1;
        let mut counter = BitCounter::new(rows, cols, all);
        counter.visit(start);
        counter.split(k, start, 1, &mut tasks);
        per_class.push(counter.stats);
    }
    let tries: Vec<AtomicU64> = per_class.iter().map(|s| AtomicU64::new(s.tries)).collect();
    let stop = Mutex::new(None);
    let stopped = AtomicBool::new(false);
    let shared = SharedLimits {
        limits,
        started,
        tries: &tries,
        stop: &stop,
        stopped: &stopped,
    };
    let next = AtomicUsize::new(0);
    let results = Mutex::new(per_class);
    let workers = threads.clamp(1, tasks.len().max(1));
    let work = || {
        let mut counter = BitCounter::new(rows, cols, all);
        let mut local: Vec<BacktrackStats> = vec![BacktrackStats::default(); classes.len()];
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(task) = tasks.get(k) else { break };
            if stopped.load(Ordering::Relaxed) {
                break;
            }
            let task_started = Instant::now();
            counter.reset(task.free);
            counter.stats = BacktrackStats::default();
            let mut published = 0;
            let class = task.class;
            let depth = u64::from(all.count_ones() - task.free.count_ones());
            let done = counter.count(usize::from(task.head), depth, &mut |stats| {
                shared.tries[class].fetch_add(stats.tries - published, Ordering::Relaxed);
                published = stats.tries;
                shared.stop()
            });
            if done.is_none() {
                shared.raise(None);
            }
            let s = &mut local[class];
            s.tries += counter.stats.tries;
            s.backtracks += counter.stats.backtracks;
            s.solutions += counter.stats.solutions;
            s.max_depth = s.max_depth.max(counter.stats.max_depth);
            s.elapsed += task_started.elapsed();
        }
        if let Ok(mut results) = results.lock() {
            for (total, s) in results.iter_mut().zip(&local) {
                total.tries += s.tries;
                total.backtracks += s.backtracks;
                total.solutions += s.solutions;
                total.max_depth = total.max_depth.max(s.max_depth);
                total.elapsed += s.elapsed;
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..workers {
            scope.spawn(work);
        }
        work();
    });
    let reason = stop
        .into_inner()
        .ok()
        .flatten()
        .unwrap_or(StopReason::Exhausted);
    for (class, stats) in classes
        .iter_mut()
        .zip(results.into_inner().unwrap_or_default())
    {
        class.outcome = Some(BacktrackOutcome { reason, stats });
    }
}

impl SharedLimits<'_> {
    /// Whether the run must stop: a limit reached here or by another thread.
    fn stop(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        let limits = &self.limits;
        if let Some(monitor) = limits.monitor {
            let tries = self.tries.iter().map(|t| t.load(Ordering::Relaxed)).sum();
            monitor.publish(tries, 0);
            if monitor.is_interrupted() {
                return self.raise(Some(StopReason::Interrupted));
            }
        }
        if let Some(max) = limits.max_tries
            && self.tries.iter().any(|t| t.load(Ordering::Relaxed) >= max)
        {
            return self.raise(Some(StopReason::NodeLimit));
        }
        if limits.timeout.is_some_and(|t| self.started.elapsed() >= t) {
            return self.raise(Some(StopReason::TimeLimit));
        }
        false
    }

    /// Stops every thread, recording `reason` if it is the first.
    fn raise(&self, reason: Option<StopReason>) -> bool {
        if let (Some(reason), Ok(mut stop)) = (reason, self.stop.lock()) {
            stop.get_or_insert(reason);
        }
        self.stopped.store(true, Ordering::Relaxed);
        true
    }
}

/// A class of start squares under the board's symmetries, with its count.
#[derive(Clone, Debug)]
pub struct StartClass {
    /// The representative (the smallest square of the class, row-major).
    pub start: (usize, usize),
    /// The number of squares in the class.
    pub size: u64,
    /// The count from the representative (`None` if it could not run).
    pub outcome: Option<resolu_search::BacktrackOutcome>,
}

/// Open tours on boards of at most 64 squares are counted by [`BitCounter`], not by the
/// generic backtracking engine: a board is one `u64` of free squares, each square's free
/// neighbours are counted incrementally, and the squares left with one or no free
/// neighbour are kept as bit sets, so the dead-end tests of a node are a few bit
/// operations over the whole board (the engine's `leaves_no_dead_end` looked at the
/// neighbours of two squares, through the band's index arithmetic, at every try).
const BIT_BOARD_SQUARES: usize = 64;

/// Depth (squares visited, the start included) at which [`count_all_starts`] cuts each
/// class's tree into tasks for the threads: a few hundred per class on 6x6, so that no
/// thread waits on one long class at the end.
const TASK_DEPTH: usize = 7;

/// Nodes between two checks of the limits (the clock, the monitor, the tries).
const CHECK_EVERY_NODES: u64 = 1 << 14;

/// The counting search over one bit a square (row-major, at most 64 squares).
struct BitCounter {
    /// The knight's neighbours of each square.
    adj: [u64; BIT_BOARD_SQUARES],
    /// The unvisited squares.
    free: u64,
    /// Free neighbours of each square (visited or not).
    degree: [u8; BIT_BOARD_SQUARES],
    /// The squares with no free neighbour.
    no_exit: u64,
    /// The squares with exactly one free neighbour.
    one_exit: u64,
    stats: BacktrackStats,
    /// Nodes left before the next check of the limits.
    countdown: u64,
}

/// What the threads of [`count_all_starts`] share for the limits.
struct SharedLimits<'a> {
    limits: resolu_search::Limits,
    started: std::time::Instant,
    /// Tries of each class published so far (`max_tries` applies to a class, as it does to
    /// one backtracking run).
    tries: &'a [std::sync::atomic::AtomicU64],
    /// The first limit reached (by any thread).
    stop: &'a std::sync::Mutex<Option<StopReason>>,
    stopped: &'a std::sync::atomic::AtomicBool,
}

/// A subtree of one class's search: its head and free squares after the task depth.
#[derive(Clone, Copy)]
struct Task {
    class: usize,
    head: u8,
    free: u64,
}

impl BitCounter {
    /// The counter for a `rows` x `cols` board (at most 64 squares) with `free` unvisited.
    fn new(rows: usize, cols: usize, free: u64) -> Self {
        let mut adj = [0u64; BIT_BOARD_SQUARES];
        for r in 0..rows {
            for c in 0..cols {
                for (dr, dc) in MOVES {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
                        adj[r * cols + c] |= 1 << (nr as usize * cols + nc as usize);
                    }
                }
            }
        }
        let mut counter = BitCounter {
            adj,
            free,
            degree: [0; BIT_BOARD_SQUARES],
            no_exit: 0,
            one_exit: 0,
            stats: BacktrackStats::default(),
            countdown: CHECK_EVERY_NODES,
        };
        counter.reset(free);
        counter
    }

    /// Sets the free squares and recounts the degrees.
    fn reset(&mut self, free: u64) {
        self.free = free;
        self.no_exit = 0;
        self.one_exit = 0;
        for square in 0..BIT_BOARD_SQUARES {
            let degree = (self.adj[square] & free).count_ones() as u8;
            self.degree[square] = degree;
            match degree {
                0 => self.no_exit |= 1 << square,
                1 => self.one_exit |= 1 << square,
                _ => {}
            }
        }
    }

    #[inline(always)]
    fn visit(&mut self, v: usize) {
        self.free &= !(1 << v);
        let mut around = self.adj[v];
        while around != 0 {
            let u = around.trailing_zeros() as usize;
            around &= around - 1;
            let bit = 1u64 << u;
            self.degree[u & 63] -= 1;
            match self.degree[u & 63] {
                1 => self.one_exit |= bit,
                0 => {
                    self.one_exit &= !bit;
                    self.no_exit |= bit;
                }
                _ => {}
            }
        }
    }

    #[inline(always)]
    fn unvisit(&mut self, v: usize) {
        let mut around = self.adj[v];
        while around != 0 {
            let u = around.trailing_zeros() as usize;
            around &= around - 1;
            let bit = 1u64 << u;
            self.degree[u & 63] += 1;
            match self.degree[u & 63] {
                1 => {
                    self.no_exit &= !bit;
                    self.one_exit |= bit;
                }
                2 => self.one_exit &= !bit,
                _ => {}
            }
        }
        self.free |= 1 << v;
    }

    /// Whether the free squares can still all be visited from `head` as far as the degrees
    /// tell: when more than one is left, no free square without a free neighbour (only the head could enter it, and it
    /// could not leave), and at most one square, out of the head's reach, with a single free
    /// neighbour (it can only be the tour's end). A pruned branch has no tour, so the count
    /// is unchanged.
    #[inline(always)]
    fn may_finish(&self, head: usize) -> bool {
        let free = self.free;
        if free & free.wrapping_sub(1) == 0 {
            // The last square (or none) has no free neighbour: it ends the tour.
            return true;
        }
        if self.no_exit & free != 0 {
            return false;
        }
        let ends = self.one_exit & free & !self.adj[head & 63];
        ends & ends.wrapping_sub(1) == 0
    }

    /// Counts the open tours that finish the path ending at `head` (`depth` squares
    /// visited), into `stats.solutions`. `None` when the limits stopped it.
    fn count(
        &mut self,
        head: usize,
        depth: u64,
        check: &mut impl FnMut(&BacktrackStats) -> bool,
    ) -> Option<()> {
        let free = self.free;
        let next = self.adj[head & 63] & free;
        if free & free.wrapping_sub(1) == 0 {
            // One square left (or none): a tour if the head reaches it.
            if free == 0 {
                self.stats.solutions += 1;
            } else if next != 0 {
                self.stats.tries += 1;
                self.stats.solutions += 1;
                self.stats.max_depth = self.stats.max_depth.max(depth);
            }
            return Some(());
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = CHECK_EVERY_NODES;
            if check(&self.stats) {
                return None;
            }
        }
        self.stats.max_depth = self.stats.max_depth.max(depth - 1);
        let mut moves = next;
        while moves != 0 {
            let v = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            self.stats.tries += 1;
            self.visit(v);
            let result = if self.may_finish(v) {
                self.count(v, depth + 1, check)
            } else {
                Some(())
            };
            self.unvisit(v);
            self.stats.backtracks += 1;
            result?;
        }
        Some(())
    }

    /// The tasks of one class: the tree from `head` down to [`TASK_DEPTH`] squares visited,
    /// its nodes counted in `stats` (and the tours ending above the depth).
    fn split(&mut self, class: usize, head: usize, depth: usize, out: &mut Vec<Task>) {
        if depth == TASK_DEPTH || self.free & self.free.wrapping_sub(1) == 0 {
            out.push(Task {
                class,
                head: head as u8,
                free: self.free,
            });
            return;
        }
        self.stats.max_depth = self.stats.max_depth.max(depth as u64 - 1);
        let mut moves = self.adj[head & 63] & self.free;
        while moves != 0 {
            let v = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            self.stats.tries += 1;
            self.visit(v);
            if self.may_finish(v) {
                self.split(class, v, depth + 1, out);
            }
            self.unvisit(v);
            self.stats.backtracks += 1;
        }
    }
}
