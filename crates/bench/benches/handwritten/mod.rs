//! A hand-written IDA* specialised for the 15-puzzle with Korf's goal (blank in cell 0, tile
//! t in cell t): the reference the generic library is measured against.
//!
//! Everything a specialised solver does and a generic one must earn: the board is one
//! `u64` (4 bits a cell) changed in place by two additions, the move back to the parent is
//! never generated, the heuristic changes by a table lookup per move (Manhattan) plus, for
//! linear conflicts, four lookups in per-row or per-column tables indexed by the line's raw
//! 16 bits, costs and bounds are small integers, and recursion is plain.
//!
//! Counting follows the library's IDA*: a node is expanded when it is entered and is not the
//! goal; its successors within the bound are entered in the blank's order up, left, right,
//! down.

/// The heuristic of a [`Solver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
}

/// The solver's tables.
pub struct Solver {
    lc: bool,
    /// `manhattan[tile][cell]`.
    manhattan: [[u8; 16]; 16],
    /// The blank's neighbours, up, left, right, down; `neighbour_count[cell]` of them.
    neighbours: [[u8; 4]; 16],
    neighbour_count: [u8; 16],
    /// `row_conflicts[r][bits]`: twice the tiles to take out of row `r` when its four cells
    /// hold the 16 bits `bits`.
    row_conflicts: Vec<Vec<u8>>,
    /// The same for columns, the four cells of column `c` gathered top to bottom.
    col_conflicts: Vec<Vec<u8>>,
}

/// One run's result.
pub struct Solved {
    /// Moves of the solution.
    pub length: u32,
    /// Nodes expanded, over all iterations.
    pub expanded: u64,
}

/// Twice the number of tiles to take out of a line of four goal positions (`None`: a tile
/// whose goal is not this line, or the blank) so that the rest are increasing.
fn conflicts(goal_positions: [Option<u8>; 4]) -> u8 {
    let seq: Vec<u8> = goal_positions.iter().flatten().copied().collect();
    // Longest increasing subsequence, quadratic: four elements.
    let mut best = vec![1u8; seq.len()];
    for i in 0..seq.len() {
        for j in 0..i {
            if seq[j] < seq[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    let lis = best.iter().copied().max().unwrap_or(0);
    2 * (seq.len() as u8 - lis)
}

impl Solver {
    /// The tables for `heuristic`.
    pub fn new(heuristic: Heuristic) -> Solver {
        let mut manhattan = [[0u8; 16]; 16];
        for (tile, row) in manhattan.iter_mut().enumerate().skip(1) {
            for (cell, d) in row.iter_mut().enumerate() {
                *d = ((tile / 4).abs_diff(cell / 4) + (tile % 4).abs_diff(cell % 4)) as u8;
            }
        }
        let mut neighbours = [[0u8; 4]; 16];
        let mut neighbour_count = [0u8; 16];
        for cell in 0..16usize {
            let (r, c) = (cell / 4, cell % 4);
            let mut k = 0;
            let mut push = |n: usize| {
                neighbours[cell][k] = n as u8;
                k += 1;
            };
            if r > 0 {
                push(cell - 4);
            }
            if c > 0 {
                push(cell - 1);
            }
            if c < 3 {
                push(cell + 1);
            }
            if r < 3 {
                push(cell + 4);
            }
            neighbour_count[cell] = k as u8;
        }
        let lc = heuristic == Heuristic::LinearConflict;
        let table = |line: usize, row: bool| -> Vec<u8> {
            if !lc {
                return Vec::new();
            }
            (0..1usize << 16)
                .map(|bits| {
                    let goal_positions = std::array::from_fn(|k| {
                        let tile = (bits >> (4 * k)) & 0xF;
                        let (goal_line, goal_pos) = if row {
                            (tile / 4, tile % 4)
                        } else {
                            (tile % 4, tile / 4)
                        };
                        (tile != 0 && goal_line == line).then_some(goal_pos as u8)
                    });
                    conflicts(goal_positions)
                })
                .collect()
        };
        Solver {
            lc,
            manhattan,
            neighbours,
            neighbour_count,
            row_conflicts: (0..4).map(|r| table(r, true)).collect(),
            col_conflicts: (0..4).map(|c| table(c, false)).collect(),
        }
    }

    #[inline(always)]
    fn row_bits(board: u64, r: usize) -> usize {
        ((board >> (16 * r)) & 0xFFFF) as usize
    }

    #[inline(always)]
    fn col_bits(board: u64, c: usize) -> usize {
        let b = board >> (4 * c);
        ((b & 0xF) | ((b >> 12) & 0xF0) | ((b >> 24) & 0xF00) | ((b >> 36) & 0xF000)) as usize
    }

    fn estimate(&self, board: u64) -> u32 {
        let mut h: u32 = (0..16)
            .map(|cell| u32::from(self.manhattan[((board >> (4 * cell)) & 0xF) as usize][cell]))
            .sum();
        if self.lc {
            for line in 0..4 {
                h += u32::from(self.row_conflicts[line][Self::row_bits(board, line)]);
                h += u32::from(self.col_conflicts[line][Self::col_bits(board, line)]);
            }
        }
        h
    }

    /// Solves `tiles` (row-major, 0 the blank) to Korf's goal.
    pub fn solve(&self, tiles: &[u8; 16]) -> Solved {
        let mut board = tiles
            .iter()
            .enumerate()
            .fold(0u64, |b, (i, &t)| b | (t as u64) << (4 * i));
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        let h0 = self.estimate(board);
        let mut bound = h0;
        let mut expanded = 0;
        loop {
            let mut next_bound = u32::MAX;
            if let Some(length) = self.dfs(
                &mut board,
                blank,
                16,
                0,
                h0,
                bound,
                &mut next_bound,
                &mut expanded,
            ) {
                return Solved { length, expanded };
            }
            bound = next_bound;
        }
    }

    /// Enters the node `board` (blank at `blank`, reached from the blank's previous cell
    /// `came_from`, 16 at the root) at cost `g` with estimate `h`; the goal's length if found.
    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        board: &mut u64,
        blank: u8,
        came_from: u8,
        g: u32,
        h: u32,
        bound: u32,
        next_bound: &mut u32,
        expanded: &mut u64,
    ) -> Option<u32> {
        if h == 0 {
            return Some(g);
        }
        *expanded += 1;
        let b = blank as usize;
        for &from in &self.neighbours[b][..self.neighbour_count[b] as usize] {
            if from == came_from {
                continue;
            }
            let f = from as usize;
            let tile = ((*board >> (4 * f)) & 0xF) as usize;
            let mut child_h =
                h + u32::from(self.manhattan[tile][b]) - u32::from(self.manhattan[tile][f]);
            let child = *board - ((tile as u64) << (4 * f)) + ((tile as u64) << (4 * b));
            if self.lc {
                if f / 4 == b / 4 {
                    // Horizontal: two columns change.
                    let (c1, c2) = (f % 4, b % 4);
                    let t = &self.col_conflicts;
                    child_h = child_h
                        + u32::from(t[c1][Self::col_bits(child, c1)])
                        + u32::from(t[c2][Self::col_bits(child, c2)])
                        - u32::from(t[c1][Self::col_bits(*board, c1)])
                        - u32::from(t[c2][Self::col_bits(*board, c2)]);
                } else {
                    let (r1, r2) = (f / 4, b / 4);
                    let t = &self.row_conflicts;
                    child_h = child_h
                        + u32::from(t[r1][Self::row_bits(child, r1)])
                        + u32::from(t[r2][Self::row_bits(child, r2)])
                        - u32::from(t[r1][Self::row_bits(*board, r1)])
                        - u32::from(t[r2][Self::row_bits(*board, r2)]);
                }
            }
            let f_value = g + 1 + child_h;
            if f_value > bound {
                *next_bound = (*next_bound).min(f_value);
                continue;
            }
            let parent = *board;
            *board = child;
            let found = self.dfs(
                board,
                from,
                blank,
                g + 1,
                child_h,
                bound,
                next_bound,
                expanded,
            );
            *board = parent;
            if found.is_some() {
                return found;
            }
        }
        None
    }
}
