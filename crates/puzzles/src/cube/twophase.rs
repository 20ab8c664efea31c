//! Kociemba's two-phase algorithm: any cube solved in a few milliseconds, in at most 22
//! half turns (usually 20 or fewer), shorter still with more time.
//!
//! Phase 1 brings the cube into the subgroup G1 = <U, D, R2, L2, F2, B2>: every corner
//! untwisted, every edge unflipped, the four middle-layer edges in the middle layer
//! (coordinates twist, flip and slice all 0). Phase 2 solves the cube inside G1 with the ten
//! moves that keep it there (coordinates: corner permutation, U/D edge permutation, slice
//! permutation). Each phase is an IDA* over coordinates, guided by the larger of two exact
//! distance tables of coordinate pairs: twist×slice and flip×slice in phase 1 (about a
//! million entries each), corner permutation×slice permutation and U/D edge
//! permutation×slice permutation in phase 2. Phase-1 solutions are enumerated by increasing
//! length and each is completed by the shortest phase 2 that beats the best total so far,
//! so the solutions found get shorter as the search runs: it stops at the first solution of
//! at most [`TwoPhaseConfig::stop_at`] moves, or at the time limit with the best one.
//!
//! Not optimal in general (see [`super::optimal`]), complete (every cube has a two-phase
//! solution of at most 12 + 18 moves), memory: the tables, about 8 MB.
//!
//! ```
//! use resolu_puzzles::cube::{CubieCube, parse_moves, twophase::{TwoPhase, TwoPhaseConfig}};
//! let solver = TwoPhase::build(&mut |_, _| {});
//! let cube = CubieCube::from_moves(&parse_moves("R U2 F' L D B2").unwrap());
//! let result = solver.solve(&cube, &TwoPhaseConfig::default());
//! let solution = result.solution.unwrap();
//! assert!(solution.len() <= 22);
//! assert!(cube.apply_all(&solution).is_solved());
//! ```

use super::coord::{self, UNSEEN, bfs_depths, move_table};
use super::cubie::CubieCube;
use super::notation::{Move, may_follow};
use std::time::{Duration, Instant};

/// The indices (into `Move::ALL`) of the ten phase-2 moves: U, U2, U', R2, F2, D, D2, D',
/// L2, B2.
pub const PHASE2_MOVES: [usize; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];

/// Sizes of the coordinates.
const TWIST: usize = 2187;
const FLIP: usize = 2048;
const SLICE: usize = 495;
const PERM8: usize = 40320;
const SLICE_PERM: usize = 24;

/// The key of the pruning tables in the on-disk cache (change it when the tables change).
pub const CACHE_KEY: &str =
    "cube two-phase pruning v1: twist*slice, flip*slice, cperm*sperm, eperm*sperm";

/// Move and pruning tables of the two-phase algorithm.
pub struct TwoPhase {
    twist_move: Vec<u16>,
    flip_move: Vec<u16>,
    slice_move: Vec<u16>,
    corner_move: Vec<u16>,
    ud_edge_move: Vec<u16>,
    slice_perm_move: Vec<u16>,
    /// Distance tables, one byte per pair: twist×slice, flip×slice (phase 1),
    /// corner perm×slice perm, U/D edge perm×slice perm (phase 2).
    pruning: PruningTables,
}

/// The four pruning tables of [`TwoPhase`], as stored in the cache.
pub struct PruningTables {
    twist_slice: Vec<u8>,
    flip_slice: Vec<u8>,
    corner_slice: Vec<u8>,
    edge_slice: Vec<u8>,
}

impl PruningTables {
    /// The four tables end to end (the bytes cached on disk).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(Self::LEN);
        v.extend_from_slice(&self.twist_slice);
        v.extend_from_slice(&self.flip_slice);
        v.extend_from_slice(&self.corner_slice);
        v.extend_from_slice(&self.edge_slice);
        v
    }

    /// The total length in bytes.
    pub const LEN: usize = TWIST * SLICE + FLIP * SLICE + 2 * PERM8 * SLICE_PERM;

    /// Reads the tables back from [`PruningTables::to_bytes`]; `None` if the length is
    /// wrong.
    pub fn from_bytes(bytes: &[u8]) -> Option<PruningTables> {
        if bytes.len() != Self::LEN {
            return None;
        }
        let (a, rest) = bytes.split_at(TWIST * SLICE);
        let (b, rest) = rest.split_at(FLIP * SLICE);
        let (c, d) = rest.split_at(PERM8 * SLICE_PERM);
        Some(PruningTables {
            twist_slice: a.to_vec(),
            flip_slice: b.to_vec(),
            corner_slice: c.to_vec(),
            edge_slice: d.to_vec(),
        })
    }
}

/// When the two-phase search stops.
#[derive(Clone, Copy, Debug)]
pub struct TwoPhaseConfig {
    /// Only solutions of at most this many half turns are accepted.
    pub max_length: usize,
    /// Stop at the first solution of at most this many half turns.
    pub stop_at: usize,
    /// Stop at this time with the best solution so far (or none).
    pub timeout: Option<Duration>,
    /// Once a solution is found, keep looking for shorter ones only until this time.
    pub improve_for: Option<Duration>,
}

impl Default for TwoPhaseConfig {
    /// At most 22 moves, stop at the first one found, no time limit.
    fn default() -> Self {
        TwoPhaseConfig {
            max_length: 22,
            stop_at: 22,
            timeout: None,
            improve_for: None,
        }
    }
}

/// What a two-phase run returns.
#[derive(Clone, Debug)]
pub struct TwoPhaseResult {
    /// The best solution found (half-turn moves), if any.
    pub solution: Option<Vec<Move>>,
    /// Whether the time limit stopped the search.
    pub timed_out: bool,
    /// Nodes visited in phase 1.
    pub phase1_nodes: u64,
    /// Nodes visited in phase 2.
    pub phase2_nodes: u64,
    /// Phase-1 solutions completed by a phase 2.
    pub phase1_solutions: u64,
    /// Length of the phase-1 part of the best solution.
    pub phase1_length: usize,
    /// Time taken.
    pub elapsed: Duration,
}

impl TwoPhase {
    /// Builds every table (about a second in a release build); `progress(done, total)` is
    /// called as they are made.
    pub fn build(progress: &mut dyn FnMut(u64, u64)) -> TwoPhase {
        let mut tables = TwoPhase::move_tables();
        tables.pruning = tables.build_pruning(progress);
        tables
    }

    /// The tables with the pruning tables given (read from a cache).
    pub fn with_pruning(pruning: PruningTables) -> TwoPhase {
        let mut tables = TwoPhase::move_tables();
        tables.pruning = pruning;
        tables
    }

    /// The pruning tables (to cache them).
    pub fn pruning(&self) -> &PruningTables {
        &self.pruning
    }

    fn move_tables() -> TwoPhase {
        let all: Vec<usize> = (0..18).collect();
        TwoPhase {
            twist_move: move_table(
                TWIST,
                &all,
                |c, v| coord::set_twist(c, v as u16),
                |c| coord::twist(c) as usize,
            ),
            flip_move: move_table(
                FLIP,
                &all,
                |c, v| coord::set_flip(c, v as u16),
                |c| coord::flip(c) as usize,
            ),
            slice_move: move_table(
                SLICE,
                &all,
                |c, v| coord::set_slice(c, v as u16),
                |c| coord::slice(c) as usize,
            ),
            corner_move: move_table(
                PERM8,
                &PHASE2_MOVES,
                |c, v| coord::set_corner_permutation(c, v as u16),
                |c| coord::corner_permutation(c) as usize,
            ),
            ud_edge_move: move_table(
                PERM8,
                &PHASE2_MOVES,
                |c, v| coord::set_ud_edge_permutation(c, v as u16),
                |c| coord::ud_edge_permutation(c) as usize,
            ),
            slice_perm_move: move_table(
                SLICE_PERM,
                &PHASE2_MOVES,
                |c, v| coord::set_slice_permutation(c, v as u8),
                |c| coord::slice_permutation(c) as usize,
            ),
            pruning: PruningTables {
                twist_slice: Vec::new(),
                flip_slice: Vec::new(),
                corner_slice: Vec::new(),
                edge_slice: Vec::new(),
            },
        }
    }

    fn build_pruning(&self, progress: &mut dyn FnMut(u64, u64)) -> PruningTables {
        let total = PruningTables::LEN as u64;
        let mut done = 0u64;
        let mut step = |size: usize, table: Vec<u8>, progress: &mut dyn FnMut(u64, u64)| {
            done += size as u64;
            progress(done, total);
            table
        };
        let twist_slice = bfs_depths(
            TWIST * SLICE,
            &[0],
            18,
            |s, m| {
                let (t, sl) = (s as usize / SLICE, s as usize % SLICE);
                self.twist_move[t * 18 + m] as u32 * SLICE as u32
                    + self.slice_move[sl * 18 + m] as u32
            },
            &mut |_, _| {},
        );
        let twist_slice = step(TWIST * SLICE, twist_slice, progress);
        let flip_slice = bfs_depths(
            FLIP * SLICE,
            &[0],
            18,
            |s, m| {
                let (f, sl) = (s as usize / SLICE, s as usize % SLICE);
                self.flip_move[f * 18 + m] as u32 * SLICE as u32
                    + self.slice_move[sl * 18 + m] as u32
            },
            &mut |_, _| {},
        );
        let flip_slice = step(FLIP * SLICE, flip_slice, progress);
        let corner_slice = bfs_depths(
            PERM8 * SLICE_PERM,
            &[0],
            10,
            |s, m| {
                let (c, sp) = (s as usize / SLICE_PERM, s as usize % SLICE_PERM);
                self.corner_move[c * 10 + m] as u32 * SLICE_PERM as u32
                    + self.slice_perm_move[sp * 10 + m] as u32
            },
            &mut |_, _| {},
        );
        let corner_slice = step(PERM8 * SLICE_PERM, corner_slice, progress);
        let edge_slice = bfs_depths(
            PERM8 * SLICE_PERM,
            &[0],
            10,
            |s, m| {
                let (e, sp) = (s as usize / SLICE_PERM, s as usize % SLICE_PERM);
                self.ud_edge_move[e * 10 + m] as u32 * SLICE_PERM as u32
                    + self.slice_perm_move[sp * 10 + m] as u32
            },
            &mut |_, _| {},
        );
        let edge_slice = step(PERM8 * SLICE_PERM, edge_slice, progress);
        PruningTables {
            twist_slice,
            flip_slice,
            corner_slice,
            edge_slice,
        }
    }

    fn phase1_h(&self, twist: usize, flip: usize, slice: usize) -> u8 {
        let a = self.pruning.twist_slice[twist * SLICE + slice];
        let b = self.pruning.flip_slice[flip * SLICE + slice];
        a.max(b)
    }

    fn phase2_h(&self, corner: usize, edge: usize, slice_perm: usize) -> u8 {
        let a = self.pruning.corner_slice[corner * SLICE_PERM + slice_perm];
        let b = self.pruning.edge_slice[edge * SLICE_PERM + slice_perm];
        a.max(b)
    }

    /// Solves `cube` (which must be valid: [`CubieCube::check`]).
    pub fn solve(&self, cube: &CubieCube, config: &TwoPhaseConfig) -> TwoPhaseResult {
        let start = Instant::now();
        let mut search = Search {
            tables: self,
            cube: *cube,
            path: Vec::with_capacity(32),
            best: None,
            best_phase1: 0,
            max_length: config.max_length,
            stop_at: config.stop_at,
            deadline: config.timeout.map(|t| start + t),
            soft_deadline: config.improve_for.map(|t| start + t),
            stop: false,
            timed_out: false,
            phase1_nodes: 0,
            phase2_nodes: 0,
            phase1_solutions: 0,
        };
        let (t, f, s) = (
            coord::twist(cube) as usize,
            coord::flip(cube) as usize,
            coord::slice(cube) as usize,
        );
        let h = self.phase1_h(t, f, s) as usize;
        for depth in h..=config.max_length.min(20) {
            search.phase1(t, f, s, depth);
            if search.stop {
                break;
            }
            // A total of at least `depth + 1` moves is all longer phase 1s can give.
            if let Some(best) = &search.best
                && best.len() <= depth + 1
            {
                break;
            }
        }
        TwoPhaseResult {
            solution: search.best,
            timed_out: search.timed_out,
            phase1_nodes: search.phase1_nodes,
            phase2_nodes: search.phase2_nodes,
            phase1_solutions: search.phase1_solutions,
            phase1_length: search.best_phase1,
            elapsed: start.elapsed(),
        }
    }
}

struct Search<'t> {
    tables: &'t TwoPhase,
    cube: CubieCube,
    path: Vec<Move>,
    best: Option<Vec<Move>>,
    best_phase1: usize,
    max_length: usize,
    stop_at: usize,
    deadline: Option<Instant>,
    soft_deadline: Option<Instant>,
    stop: bool,
    timed_out: bool,
    phase1_nodes: u64,
    phase2_nodes: u64,
    phase1_solutions: u64,
}

impl Search<'_> {
    fn check_clock(&mut self) {
        if !(self.phase1_nodes + self.phase2_nodes).is_multiple_of(4096) {
            return;
        }
        if self.deadline.is_none() && (self.soft_deadline.is_none() || self.best.is_none()) {
            return;
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            self.stop = true;
            self.timed_out = true;
        }
        if self.best.is_some() && self.soft_deadline.is_some_and(|d| now >= d) {
            self.stop = true;
        }
    }

    /// The longest total a new solution may have to be kept.
    fn length_limit(&self) -> usize {
        match &self.best {
            Some(b) => b.len() - 1,
            None => self.max_length,
        }
    }

    /// Depth-first search for phase-1 solutions of exactly `left` more moves (recursion
    /// at most 20 deep).
    fn phase1(&mut self, twist: usize, flip: usize, slice: usize, left: usize) {
        if self.stop {
            return;
        }
        self.phase1_nodes += 1;
        self.check_clock();
        if left == 0 {
            if twist == 0 && flip == 0 && slice == 0 {
                // A phase 1 ending in a phase-2 move has a shorter version: skip it.
                let ends_in_g1 = self
                    .path
                    .last()
                    .is_some_and(|m| PHASE2_MOVES.contains(&m.index()));
                if !ends_in_g1 {
                    self.start_phase2();
                }
            }
            return;
        }
        let t = self.tables;
        if t.phase1_h(twist, flip, slice) as usize > left {
            return;
        }
        for m in 0..18 {
            let mv = Move::from_index(m);
            if !may_follow(self.path.last().copied(), mv) {
                continue;
            }
            let nt = t.twist_move[twist * 18 + m] as usize;
            let nf = t.flip_move[flip * 18 + m] as usize;
            let ns = t.slice_move[slice * 18 + m] as usize;
            if t.phase1_h(nt, nf, ns) as usize >= left {
                continue;
            }
            self.path.push(mv);
            self.phase1(nt, nf, ns, left - 1);
            self.path.pop();
            if self.stop {
                return;
            }
        }
    }

    fn start_phase2(&mut self) {
        let limit = self.length_limit();
        let n1 = self.path.len();
        if n1 > limit {
            return;
        }
        self.phase1_solutions += 1;
        let c = self.cube.apply_all(&self.path);
        let corner = coord::corner_permutation(&c) as usize;
        let edge = coord::ud_edge_permutation(&c) as usize;
        let slice_perm = coord::slice_permutation(&c) as usize;
        let h = self.tables.phase2_h(corner, edge, slice_perm) as usize;
        if h == UNSEEN as usize {
            return;
        }
        for depth in h..=limit - n1 {
            if self.phase2(corner, edge, slice_perm, depth) {
                let solution = self.path.clone();
                self.path.truncate(n1);
                if solution.len() <= self.stop_at {
                    self.stop = true;
                }
                self.best_phase1 = n1;
                self.best = Some(solution);
                return;
            }
            if self.stop {
                return;
            }
        }
    }

    /// Depth-first search for a phase-2 completion of exactly `left` moves; on success the
    /// path holds the whole solution.
    fn phase2(&mut self, corner: usize, edge: usize, slice_perm: usize, left: usize) -> bool {
        self.phase2_nodes += 1;
        self.check_clock();
        if self.stop {
            return false;
        }
        if left == 0 {
            return corner == 0 && edge == 0 && slice_perm == 0;
        }
        let t = self.tables;
        for (k, &m) in PHASE2_MOVES.iter().enumerate() {
            let mv = Move::from_index(m);
            if !may_follow(self.path.last().copied(), mv) {
                continue;
            }
            let nc = t.corner_move[corner * 10 + k] as usize;
            let ne = t.ud_edge_move[edge * 10 + k] as usize;
            let ns = t.slice_perm_move[slice_perm * 10 + k] as usize;
            if t.phase2_h(nc, ne, ns) as usize >= left {
                continue;
            }
            self.path.push(mv);
            if self.phase2(nc, ne, ns, left - 1) {
                return true;
            }
            self.path.pop();
            if self.stop {
                return false;
            }
        }
        false
    }
}
