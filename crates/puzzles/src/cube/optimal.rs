//! Optimal solutions of the 3x3x3 by IDA* with pattern databases, as Korf (1997) did.
//!
//! A pattern database holds, for every arrangement of a subset of the pieces, the least
//! number of moves that brings that subset home; the largest of several is an admissible
//! heuristic, so IDA* finds a shortest solution. The full set ([`PdbSet::full`]): the
//! corners (8! × 3^7 = 88,179,840 entries at 4 bits, 44 MB) and two groups of six edges
//! (12!/6! × 2^6 = 42,577,920 entries each, 21 MB). Every table is built by a breadth-first
//! search over its numbered arrangements in a packed array of 4-bit depths
//! ([`bfs_nibbles`]) and is cached on disk by the caller (`resolu_puzzles::cache`).
//!
//! The search is a specialised IDA*: a node is a handful of coordinates (corner
//! permutation and twist, each edge group's positions and flips), a move is a lookup in a
//! move table per coordinate, and consecutive moves are kept canonical (no face twice, no
//! `D U`), which shrinks the branching factor from 18 to about 13.35. The bench crate's
//! `cube` bench measures it against the generic `resolu_search` IDA* over [`super::problem`].
//!
//! Complete and optimal; memory: the tables, and the path (at most 20 half turns deep, so
//! the recursion depth is bounded). Time grows about 13× per extra move of the optimum.

use super::coord::{self, move_table};
use super::cubie::{CubieCube, MOVE_CUBES};
use super::notation::{Metric, Move, may_follow_in};
use std::time::{Duration, Instant};

const CORNER_PERMS: usize = 40320;
const TWISTS: usize = 2187;
/// Entries of the corner pattern database.
pub const CORNER_ENTRIES: usize = CORNER_PERMS * TWISTS;
/// The 4-bit value of an entry not reached.
const NIBBLE_UNSEEN: u8 = 0xF;
/// Every edge at home.
const SOLVED_POSITIONS: [u8; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/// Which pattern databases the solver uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdbSet {
    /// The full corner database (88,179,840 entries); without it, only the corner twists
    /// (2187 entries) are looked up.
    pub corners: bool,
    /// Edge groups: each a list of edge pieces, all of the same size (1 to 7), at most
    /// four groups, together covering all twelve edges (so that every table at 0 means
    /// every edge home).
    pub edge_groups: Vec<Vec<u8>>,
}

impl PdbSet {
    /// Korf's set: all corners, and the edges in two groups of six.
    pub fn full() -> PdbSet {
        PdbSet {
            corners: true,
            edge_groups: vec![vec![0, 1, 2, 3, 4, 5], vec![6, 7, 8, 9, 10, 11]],
        }
    }

    /// A set built in a fraction of a second (corner twists, three groups of four edges),
    /// for tests and short scrambles: optimal all the same, only slower.
    pub fn small() -> PdbSet {
        PdbSet {
            corners: false,
            edge_groups: vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9, 10, 11]],
        }
    }

    /// The cache key of this set (what a cached file must say it holds).
    pub fn key(&self) -> String {
        format!(
            "cube optimal pdb v1: corners={} edges={:?}",
            self.corners, self.edge_groups
        )
    }

    fn group_size(&self) -> usize {
        self.edge_groups.first().map_or(0, Vec::len)
    }
}

fn partial_perms(k: usize) -> usize {
    (0..k).map(|i| 12 - i).product()
}

fn edge_entries(k: usize) -> usize {
    partial_perms(k) << k
}

/// Reads the 4-bit entry `i` of a packed table.
#[inline]
pub fn nibble(table: &[u8], i: usize) -> u8 {
    (table[i >> 1] >> ((i & 1) * 4)) & 0xF
}

#[inline]
fn set_nibble(table: &mut [u8], i: usize, v: u8) {
    let shift = (i & 1) * 4;
    table[i >> 1] = (table[i >> 1] & !(0xF << shift)) | (v << shift);
}

/// Breadth-first search over `size` numbered states from `start`, depths packed 4 bits a
/// state (15 = unreached; depths must stay below 15). Forward layers scan for the last
/// layer; once fewer states remain unseen than the last layer holds, backward layers scan
/// the unseen states for a neighbour in the last layer. `progress(reached, size)` after
/// each layer.
pub fn bfs_nibbles(
    size: usize,
    start: usize,
    moves: usize,
    next: impl Fn(usize, usize) -> usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Vec<u8> {
    bfs_nibbles_until(size, start, moves, next, None, progress)
        .expect("a search without a deadline completes")
}

/// States scanned between two looks at the clock (a few milliseconds of work).
const CLOCK_EVERY: usize = 1 << 18;

/// [`bfs_nibbles`] that gives up (`None`) once `deadline` has passed: the clock is read
/// every 2^18 states scanned, so a build of minutes stops within milliseconds.
pub fn bfs_nibbles_until(
    size: usize,
    start: usize,
    moves: usize,
    next: impl Fn(usize, usize) -> usize,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(u64, u64),
) -> Option<Vec<u8>> {
    let late =
        |s: usize| s.is_multiple_of(CLOCK_EVERY) && deadline.is_some_and(|d| Instant::now() >= d);
    let mut table = vec![0xFFu8; size.div_ceil(2)];
    set_nibble(&mut table, start, 0);
    let mut reached = 1u64;
    let mut layer = 1u64;
    let mut d = 0u8;
    progress(reached, size as u64);
    while layer > 0 && d + 1 < NIBBLE_UNSEEN {
        let mut added = 0u64;
        if layer < size as u64 - reached {
            for s in 0..size {
                if late(s) {
                    return None;
                }
                if nibble(&table, s) != d {
                    continue;
                }
                for k in 0..moves {
                    let t = next(s, k);
                    if nibble(&table, t) == NIBBLE_UNSEEN {
                        set_nibble(&mut table, t, d + 1);
                        added += 1;
                    }
                }
            }
        } else {
            for s in 0..size {
                if late(s) {
                    return None;
                }
                if nibble(&table, s) != NIBBLE_UNSEEN {
                    continue;
                }
                if (0..moves).any(|k| nibble(&table, next(s, k)) == d) {
                    set_nibble(&mut table, s, d + 1);
                    added += 1;
                }
            }
        }
        reached += added;
        layer = added;
        d += 1;
        progress(reached, size as u64);
    }
    Some(table)
}

/// For each move, where the edge at each position goes and whether it flips.
fn edge_dest() -> [[(u8, u8); 12]; 18] {
    let mut dest = [[(0u8, 0u8); 12]; 18];
    for (m, cube) in MOVE_CUBES.iter().enumerate() {
        for i in 0..12 {
            dest[m][cube.ep[i] as usize] = (i as u8, cube.eo[i]);
        }
    }
    dest
}

fn rank_positions(pos: &[u8]) -> usize {
    let mut rank = 0usize;
    for i in 0..pos.len() {
        let smaller_before = pos[..i].iter().filter(|&&p| p < pos[i]).count();
        rank = rank * (12 - i) + (pos[i] as usize - smaller_before);
    }
    rank
}

fn unrank_positions(mut rank: usize, out: &mut [u8]) {
    let k = out.len();
    let mut digits = [0usize; 12];
    for i in (0..k).rev() {
        digits[i] = rank % (12 - i);
        rank /= 12 - i;
    }
    let mut free: Vec<u8> = (0..12).collect();
    for i in 0..k {
        out[i] = free.remove(digits[i]);
    }
}

/// The index (positions rank << k | flips) of an edge group in a cube.
fn edge_index(cube: &CubieCube, group: &[u8]) -> usize {
    let mut pos = [0u8; 12];
    let mut flips = 0usize;
    for (j, &e) in group.iter().enumerate() {
        let at = cube.ep.iter().position(|&x| x == e).unwrap_or(0);
        pos[j] = at as u8;
        flips |= (cube.eo[at] as usize) << j;
    }
    (rank_positions(&pos[..group.len()]) << group.len()) | flips
}

/// The pattern databases and move tables of the optimal solver.
pub struct OptimalTables {
    set: PdbSet,
    corner_move: Vec<u16>,
    twist_move: Vec<u16>,
    /// For each move, where the edge at each position goes and whether it flips.
    edge_dest: [[(u8, u8); 12]; 18],
    corner_table: Vec<u8>,
    edge_tables: Vec<Vec<u8>>,
}

impl OptimalTables {
    /// `edge_move[rank * 18 + m]` = new rank << k | flips toggled (bit j: the j-th edge of
    /// the group), for groups of `k` edges: what the breadth-first search of an edge
    /// table steps with (48 MB for k = 6, so only while building).
    fn edge_move_table(k: usize) -> Vec<u32> {
        let dest = edge_dest();
        let mut edge_move = vec![0u32; partial_perms(k) * 18];
        let mut pos = vec![0u8; k];
        let mut moved = vec![0u8; k];
        for rank in 0..partial_perms(k) {
            unrank_positions(rank, &mut pos);
            for m in 0..18 {
                let mut flips = 0u32;
                for j in 0..k {
                    let (to, f) = dest[m][pos[j] as usize];
                    moved[j] = to;
                    flips |= (f as u32) << j;
                }
                edge_move[rank * 18 + m] = ((rank_positions(&moved) as u32) << k) | flips;
            }
        }
        edge_move
    }

    fn move_tables(set: &PdbSet) -> OptimalTables {
        let all: Vec<usize> = (0..18).collect();
        OptimalTables {
            set: set.clone(),
            corner_move: move_table(
                CORNER_PERMS,
                &all,
                |c, v| coord::set_corner_permutation(c, v as u16),
                |c| coord::corner_permutation(c) as usize,
            ),
            twist_move: move_table(
                TWISTS,
                &all,
                |c, v| coord::set_twist(c, v as u16),
                |c| coord::twist(c) as usize,
            ),
            edge_dest: edge_dest(),
            corner_table: Vec::new(),
            edge_tables: Vec::new(),
        }
    }

    /// Builds the tables of `set`; `progress(phase, reached, total)` after each BFS layer
    /// (phase: "corners", "edges 1", ...).
    pub fn build(set: &PdbSet, progress: &mut dyn FnMut(&str, u64, u64)) -> OptimalTables {
        OptimalTables::build_until(set, None, progress)
            .expect("a build without a deadline completes")
    }

    /// [`OptimalTables::build`] that gives up (`None`) once `deadline` has passed (the
    /// pattern databases take minutes on a loaded machine; `--timeout` must stop them).
    pub fn build_until(
        set: &PdbSet,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(&str, u64, u64),
    ) -> Option<OptimalTables> {
        let mut t = OptimalTables::move_tables(set);
        t.corner_table = if set.corners {
            let (cm, tm) = (&t.corner_move, &t.twist_move);
            bfs_nibbles_until(
                CORNER_ENTRIES,
                0,
                18,
                |s, m| {
                    cm[(s / TWISTS) * 18 + m] as usize * TWISTS + tm[(s % TWISTS) * 18 + m] as usize
                },
                deadline,
                &mut |r, n| progress("corners", r, n),
            )?
        } else {
            let tm = &t.twist_move;
            bfs_nibbles_until(
                TWISTS,
                0,
                18,
                |s, m| tm[s * 18 + m] as usize,
                deadline,
                &mut |r, n| progress("twists", r, n),
            )?
        };
        let k = set.group_size();
        let ori_mask = (1usize << k) - 1;
        let edge_move = OptimalTables::edge_move_table(k);
        for (g, group) in set.edge_groups.iter().enumerate() {
            let start = edge_index(&CubieCube::SOLVED, group);
            let em = &edge_move;
            let name = format!("edges {}", g + 1);
            let table = bfs_nibbles_until(
                edge_entries(k),
                start,
                18,
                |s, m| em[(s >> k) * 18 + m] as usize ^ (s & ori_mask),
                deadline,
                &mut |r, n| progress(&name, r, n),
            )?;
            t.edge_tables.push(table);
        }
        Some(t)
    }

    /// The tables end to end, to cache them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = self.corner_table.clone();
        for e in &self.edge_tables {
            v.extend_from_slice(e);
        }
        v
    }

    /// The tables of `set` from [`OptimalTables::to_bytes`]; `None` if the length is wrong.
    pub fn from_bytes(set: &PdbSet, bytes: &[u8]) -> Option<OptimalTables> {
        let corner_len = if set.corners { CORNER_ENTRIES } else { TWISTS }.div_ceil(2);
        let edge_len = edge_entries(set.group_size()).div_ceil(2);
        if bytes.len() != corner_len + edge_len * set.edge_groups.len() {
            return None;
        }
        let mut t = OptimalTables::move_tables(set);
        t.corner_table = bytes[..corner_len].to_vec();
        for g in 0..set.edge_groups.len() {
            let at = corner_len + g * edge_len;
            t.edge_tables.push(bytes[at..at + edge_len].to_vec());
        }
        Some(t)
    }

    /// The pattern databases' set.
    pub fn set(&self) -> &PdbSet {
        &self.set
    }

    fn node(&self, cube: &CubieCube) -> Node {
        let mut position = [0u8; 12];
        let mut flips = 0u16;
        let mut flips_at = 0u16;
        for (at, &e) in cube.ep.iter().enumerate() {
            position[e as usize] = at as u8;
            flips |= (cube.eo[at] as u16) << e;
            flips_at |= (cube.eo[at] as u16) << at;
        }
        Node {
            corners: coord::corner_permutation(cube),
            twist: coord::twist(cube),
            position,
            flips,
            cp: cube.cp,
            co: cube.co,
            piece_at: cube.ep,
            flips_at,
        }
    }

    /// The index of an edge group in its table, given where each edge is and whether it
    /// is flipped: the rank of the group's positions (a mixed-radix number whose digits
    /// count the free positions below each), then their flips.
    #[inline]
    fn edge_index(position: &[u8; 12], flips: u16, group: &[u8]) -> usize {
        let mut used = 0u16;
        let mut rank = 0usize;
        let mut flip_bits = 0usize;
        for (i, &e) in group.iter().enumerate() {
            let p = position[e as usize];
            let below = (used & ((1u16 << p) - 1)).count_ones() as usize;
            rank = rank * (12 - i) + p as usize - below;
            used |= 1 << p;
            flip_bits |= (((flips >> e) & 1) as usize) << i;
        }
        (rank << group.len()) | flip_bits
    }

    #[inline]
    fn corner_h(&self, corners: usize, twist: usize) -> u8 {
        if self.set.corners {
            nibble(&self.corner_table, corners * TWISTS + twist)
        } else {
            nibble(&self.corner_table, twist)
        }
    }

    /// The heuristic, computed only as far as needed: the corner table first (the
    /// strongest on average), an edge table only while the bound still holds; then the
    /// same tables for the inverse cube (as far from solved as the cube itself: its
    /// solution is the cube's backwards), whose pieces sit where the cube's positions
    /// send them.
    #[inline]
    fn h_above(&self, n: &Node, limit: u8) -> u8 {
        let mut h = self.corner_h(n.corners as usize, n.twist as usize);
        for (table, group) in self.edge_tables.iter().zip(&self.set.edge_groups) {
            if h > limit {
                return h;
            }
            h = h.max(nibble(table, Self::edge_index(&n.position, n.flips, group)));
        }
        if h > limit {
            return h;
        }
        // The inverse cube: piece i of it is at the position where the cube holds piece
        // at i... that is, inverse cp[cp[i]] = i, twists negated; its edge e is at the
        // position named by the cube's piece at e, flipped as that position is.
        let mut inv_cp = [0u8; 8];
        let mut inv_co = [0u8; 8];
        for i in 0..8 {
            let p = n.cp[i] as usize;
            inv_cp[p] = i as u8;
            inv_co[p] = (3 - n.co[i]) % 3;
        }
        let twist = inv_co[..7].iter().fold(0usize, |a, &t| a * 3 + t as usize);
        let corners = if self.set.corners {
            coord::rank_permutation(&inv_cp) as usize
        } else {
            0
        };
        h = h.max(self.corner_h(corners, twist));
        for (table, group) in self.edge_tables.iter().zip(&self.set.edge_groups) {
            if h > limit {
                return h;
            }
            h = h.max(nibble(
                table,
                Self::edge_index(&n.piece_at, n.flips_at, group),
            ));
        }
        h
    }

    #[inline]
    fn h(&self, n: &Node) -> u8 {
        self.h_above(n, u8::MAX)
    }

    #[inline]
    fn step(&self, n: &Node, m: usize) -> Node {
        const MOD3: [u8; 5] = [0, 1, 2, 0, 1];
        let dest = &self.edge_dest[m];
        let mc = &MOVE_CUBES[m];
        let mut position = n.position;
        let mut flips = n.flips;
        for (e, p) in position.iter_mut().enumerate() {
            let (to, f) = dest[*p as usize];
            *p = to;
            flips ^= (f as u16) << e;
        }
        let mut piece_at = [0u8; 12];
        let mut flips_at = 0u16;
        for i in 0..12 {
            let from = mc.ep[i] as usize;
            piece_at[i] = n.piece_at[from];
            flips_at |= (((n.flips_at >> from) & 1) ^ mc.eo[i] as u16) << i;
        }
        let mut cp = [0u8; 8];
        let mut co = [0u8; 8];
        for i in 0..8 {
            let from = mc.cp[i] as usize;
            cp[i] = n.cp[from];
            co[i] = MOD3[(n.co[from] + mc.co[i]) as usize];
        }
        Node {
            corners: self.corner_move[n.corners as usize * 18 + m],
            twist: self.twist_move[n.twist as usize * 18 + m],
            position,
            flips,
            cp,
            co,
            piece_at,
            flips_at,
        }
    }

    /// The heuristic value of a cube: the largest of the pattern databases' distances.
    pub fn estimate(&self, cube: &CubieCube) -> u8 {
        self.h(&self.node(cube))
    }

    /// Solves `cube` optimally in `metric` (in the quarter-turn metric the half-turn
    /// tables stay admissible: a quarter-turn solution is never shorter), unless `timeout`
    /// comes first.
    pub fn solve(
        &self,
        cube: &CubieCube,
        metric: Metric,
        timeout: Option<Duration>,
    ) -> OptimalResult {
        let start = Instant::now();
        let moves: Vec<usize> = metric.moves().iter().map(|m| m.index()).collect();
        let mut search = Ida {
            tables: self,
            moves,
            cost: metric,
            path: Vec::new(),
            nodes: 0,
            deadline: timeout.map(|t| start + t),
            timed_out: false,
        };
        let root = self.node(cube);
        let mut bound = self.h(&root) as u32;
        let mut iterations = 0;
        loop {
            iterations += 1;
            match search.dfs(root, 0, bound) {
                Found::Yes => {
                    return OptimalResult {
                        solution: Some(search.path),
                        nodes: search.nodes,
                        iterations,
                        elapsed: start.elapsed(),
                        timed_out: false,
                    };
                }
                Found::Next(b) if b != u32::MAX && !search.timed_out => bound = b,
                _ => {
                    return OptimalResult {
                        solution: None,
                        nodes: search.nodes,
                        iterations,
                        elapsed: start.elapsed(),
                        timed_out: search.timed_out,
                    };
                }
            }
        }
    }
}

/// What the optimal solver returns.
#[derive(Clone, Debug)]
pub struct OptimalResult {
    /// A shortest solution, unless the time limit came first.
    pub solution: Option<Vec<Move>>,
    /// Nodes visited (over all iterations).
    pub nodes: u64,
    /// IDA* iterations (bounds tried).
    pub iterations: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Whether the time limit stopped the search.
    pub timed_out: bool,
}

/// A node of the search: corner permutation and twist coordinates, and where each edge
/// is (by edge) with its flip (bit e); and the cube's arrays, from which the inverse
/// cube's coordinates are read.
#[derive(Clone, Copy)]
struct Node {
    corners: u16,
    twist: u16,
    position: [u8; 12],
    flips: u16,
    /// The cube's corners (piece at each position, twist), for the inverse cube.
    cp: [u8; 8],
    co: [u8; 8],
    /// The edge piece at each position and the flips by position, for the inverse cube.
    piece_at: [u8; 12],
    flips_at: u16,
}

enum Found {
    Yes,
    Next(u32),
}

struct Ida<'t> {
    tables: &'t OptimalTables,
    moves: Vec<usize>,
    cost: Metric,
    path: Vec<Move>,
    nodes: u64,
    deadline: Option<Instant>,
    timed_out: bool,
}

impl Ida<'_> {
    /// Bounded depth-first search below `node` reached at cost `g` (recursion as deep as
    /// the solution is long: at most 26 quarter turns).
    fn dfs(&mut self, node: Node, g: u32, bound: u32) -> Found {
        self.nodes += 1;
        if self.nodes.is_multiple_of(65536)
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.timed_out = true;
            return Found::Next(u32::MAX);
        }
        let limit = bound.saturating_sub(g).min(u8::MAX as u32) as u8;
        let h = self.tables.h_above(&node, limit) as u32;
        if g + h > bound {
            return Found::Next(g + h);
        }
        if h == 0 && self.is_goal(&node) {
            return Found::Yes;
        }
        let mut next_bound = u32::MAX;
        for i in 0..self.moves.len() {
            let m = self.moves[i];
            let mv = Move::from_index(m);
            if !may_follow_in(self.cost, self.path.last().copied(), mv) {
                continue;
            }
            let child = self.tables.step(&node, m);
            self.path.push(mv);
            match self.dfs(child, g + self.cost.cost(mv), bound) {
                Found::Yes => return Found::Yes,
                Found::Next(b) => next_bound = next_bound.min(b),
            }
            self.path.pop();
            if self.timed_out {
                return Found::Next(u32::MAX);
            }
        }
        Found::Next(next_bound)
    }

    /// Solved: every table at 0 (every edge is in some group) and, since the small set
    /// looks at the corner twists only, the corner permutation home.
    fn is_goal(&self, node: &Node) -> bool {
        node.corners == 0 && node.twist == 0 && node.flips == 0 && node.position == SOLVED_POSITIONS
    }
}
