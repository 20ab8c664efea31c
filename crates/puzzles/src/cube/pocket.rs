//! The 2x2x2 cube (pocket cube): corners only, one corner (DBL) held fixed so that whole
//! cube rotations do not count as different positions.
//!
//! A position is numbered by [`PocketCoord`]: the permutation of the seven other corners
//! (7! = 5040) times their twists (3^6 = 729: the seventh follows), 3,674,160 in all. The
//! moves `U R F` never touch DBL, so they act on the number through two small move tables.
//! [`PocketSpace`] is that numbering in one metric as a [`Numbered`] problem, and
//! [`Pocket::build`] runs the numbered-states engine ([`NumberedBfs`], one byte a position)
//! over it: the number of positions at each distance, and an exact distance table from which
//! any position is solved optimally by walking downhill ([`Pocket::solve`]).
//!
//! A 2x2x2 given by any face turns (`L D B` too) or by its 24 stickers is first turned as
//! a whole so that its DBL corner sits home; the solution found is then written in the
//! faces of the cube as held ([`Pocket::solve_cube`]).
//!
//! ```
//! use resolu_puzzles::cube::{Metric, pocket::Pocket};
//! let pocket = Pocket::new(Metric::Half);
//! assert_eq!(pocket.counts().iter().sum::<u64>(), 3_674_160);
//! assert_eq!(pocket.counts().len() - 1, 11); // God's number, half-turn metric
//! ```

use super::coord::{UNSEEN, bfs_depths, rank_permutation, unrank_permutation};
use super::cubie::{CubieCube, InvalidCube, MOVE_CUBES};
use super::facelets::{CORNER_COLOURS, CORNER_FACELETS};
use super::notation::{Face, Metric, Move};
use resolu_search::numbered::{
    DepthTable, Encoding, LayerDone, Numbered, NumberedBfs, NumberedError,
};
use std::sync::LazyLock;

/// Number of positions of the 2x2x2 with DBL fixed.
pub const POSITIONS: usize = 5040 * 729;
/// The corner positions other than DBL (6), in coordinate order.
const FREE: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

/// The numbering of 2x2x2 positions (DBL home): `permutation * 729 + twist`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PocketCoord;

impl PocketCoord {
    /// The number of a cube whose DBL corner is home and untwisted (its edges are ignored).
    pub fn rank(c: &CubieCube) -> u32 {
        let mut p = [0u8; 7];
        for (k, &pos) in FREE.iter().enumerate() {
            let piece = c.cp[pos];
            p[k] = if piece == 7 { 6 } else { piece };
        }
        let mut twist = 0u32;
        for &pos in &FREE[..6] {
            twist = twist * 3 + c.co[pos] as u32;
        }
        rank_permutation(&p) * 729 + twist
    }

    /// The cube (corners; edges solved) with number `rank`.
    pub fn unrank(rank: u32) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        let mut p = [0u8; 7];
        unrank_permutation(rank / 729, &mut p);
        for (k, &pos) in FREE.iter().enumerate() {
            c.cp[pos] = if p[k] == 6 { 7 } else { p[k] };
        }
        let mut twist = rank % 729;
        let mut sum = 0;
        for &pos in FREE[..6].iter().rev() {
            c.co[pos] = (twist % 3) as u8;
            sum += c.co[pos];
            twist /= 3;
        }
        c.co[7] = (3 - sum % 3) % 3;
        c
    }
}

/// Move tables of the 2x2x2 coordinate for the nine moves `U U2 U' R R2 R' F F2 F'`.
struct PocketTables {
    permutation: Vec<u16>,
    twist: Vec<u16>,
}

static TABLES: LazyLock<PocketTables> = LazyLock::new(|| {
    let mut permutation = vec![0u16; 5040 * 9];
    let mut twist = vec![0u16; 729 * 9];
    for p in 0..5040u32 {
        let c = PocketCoord::unrank(p * 729);
        for m in 0..9 {
            permutation[p as usize * 9 + m] =
                (PocketCoord::rank(&c.multiply_corners(&MOVE_CUBES[m])) / 729) as u16;
        }
    }
    for t in 0..729u32 {
        let c = PocketCoord::unrank(t);
        for m in 0..9 {
            twist[t as usize * 9 + m] =
                (PocketCoord::rank(&c.multiply_corners(&MOVE_CUBES[m])) % 729) as u16;
        }
    }
    PocketTables { permutation, twist }
});

/// The moves of the 2x2x2 search in a metric, as indices into `Move::ALL` (all `U R F`).
fn move_indices(metric: Metric) -> &'static [usize] {
    match metric {
        Metric::Half => &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        Metric::Quarter => &[0, 2, 3, 5, 6, 8],
    }
}

/// The successors of position `rank` under the moves of `metric`, pushed into `out` as
/// (move, position) pairs: the shape a numbered-states search engine asks for.
pub fn successors(rank: u32, metric: Metric, out: &mut Vec<(Move, u32)>) {
    for &m in move_indices(metric) {
        out.push((Move::from_index(m), next(rank, m)));
    }
}

/// The 2x2x2 positions (DBL home, numbered by [`PocketCoord`]) joined by the moves of one
/// metric: the problem the numbered-states engine searches for the census.
///
/// ```
/// use resolu_puzzles::cube::{Metric, pocket::PocketSpace};
/// use resolu_search::numbered::{Numbered, NumberedBfs};
/// let space = PocketSpace::new(Metric::Quarter);
/// let mut out = Vec::new();
/// space.successor_ranks(0, &mut out);
/// assert_eq!(out.len(), 6); // U U' R R' F F'
/// let report = NumberedBfs::new(&space).run(&[0]).unwrap();
/// assert_eq!(report.reached(), 3_674_160);
/// assert_eq!(report.eccentricity(), 14); // God's number, quarter-turn metric
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PocketSpace {
    metric: Metric,
}

impl PocketSpace {
    /// The positions joined by the moves of `metric`.
    pub fn new(metric: Metric) -> PocketSpace {
        PocketSpace { metric }
    }
}

impl Numbered for PocketSpace {
    fn state_count(&self) -> u64 {
        POSITIONS as u64
    }

    /// The ranks [`successors`] gives, without the moves (and without a second vector).
    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        out.extend(
            move_indices(self.metric)
                .iter()
                .map(|&m| u64::from(next(rank as u32, m))),
        );
    }
}

/// The position after move `m` from position `rank`; `None` unless `m` turns U, R or F
/// (the 2x2x2 is searched with DBL held, so L, D and B never occur).
pub fn turn(rank: u32, m: Move) -> Option<u32> {
    (m.index() < 9).then(|| next(rank, m.index()))
}

fn next(rank: u32, m: usize) -> u32 {
    let t = &*TABLES;
    let p = (rank / 729) as usize;
    let w = (rank % 729) as usize;
    t.permutation[p * 9 + m] as u32 * 729 + t.twist[w * 9 + m] as u32
}

/// The whole 2x2x2 space in one metric: the distance of every position.
pub struct Pocket {
    metric: Metric,
    counts: Vec<u64>,
    depths: DepthTable,
}

impl Pocket {
    /// Runs the census: a breadth-first search over all 3,674,160 positions (well under a
    /// second in a release build), with no memory budget.
    pub fn new(metric: Metric) -> Pocket {
        // Without a budget the engine refuses nothing: the start is rank 0 and the depths
        // stay below 15.
        Pocket::build(metric, u64::MAX, None, None)
            .expect("the 2x2x2 census runs within an unlimited budget")
    }

    /// The census on the numbered-states engine, one byte a position (3.5 MB): refused
    /// before anything is allocated when that exceeds `max_memory_bytes`; `observer` is
    /// told about each layer as it is found; stopped ([`NumberedError::Interrupted`])
    /// when `monitor`'s flag is raised.
    pub fn build(
        metric: Metric,
        max_memory_bytes: u64,
        observer: Option<&(dyn Fn(LayerDone) + Sync)>,
        monitor: Option<&resolu_search::Monitor>,
    ) -> Result<Pocket, NumberedError> {
        let space = PocketSpace::new(metric);
        let mut bfs = NumberedBfs::new(&space)
            .encoding(Encoding::Byte)
            .max_memory_bytes(max_memory_bytes);
        if let Some(o) = observer {
            bfs = bfs.observer(o);
        }
        if let Some(m) = monitor {
            bfs = bfs.monitor(m);
        }
        let report = bfs.run(&[0])?;
        // A Byte search always keeps its table; `TooDeep` stands for a table gone missing.
        let depths = report.table.ok_or(NumberedError::TooDeep)?;
        Ok(Pocket {
            metric,
            counts: report.counts,
            depths,
        })
    }

    /// The bytes the census table needs (what [`Pocket::build`] checks its budget against).
    pub fn memory_bytes() -> u64 {
        Encoding::Byte.bytes_for(POSITIONS as u64)
    }

    /// The metric of the census.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The number of positions at each distance from the solved cube.
    pub fn counts(&self) -> Vec<u64> {
        self.counts.clone()
    }

    /// The distance of position `rank` from the solved cube ([`UNSEEN`] for a rank out of
    /// range).
    pub fn distance(&self, rank: u32) -> u8 {
        self.depths.distance(u64::from(rank)).unwrap_or(UNSEEN)
    }

    /// An optimal solution of position `rank` (DBL home): at each step a move to a position
    /// one closer, looked up in the table.
    pub fn solve(&self, rank: u32) -> Vec<Move> {
        let moves = move_indices(self.metric);
        let mut r = rank;
        let mut out = Vec::new();
        while self.distance(r) > 0 && self.distance(r) != UNSEEN {
            let d = self.distance(r);
            let Some(&m) = moves.iter().find(|&&m| self.distance(next(r, m)) == d - 1) else {
                break;
            };
            out.push(Move::from_index(m));
            r = next(r, m);
        }
        out
    }

    /// An optimal solution of any 2x2x2 (the corners of `cube`), in the faces of the cube
    /// as held: the cube is turned as a whole to bring DBL home, solved, and each move
    /// renamed back.
    pub fn solve_cube(&self, cube: &CubieCube) -> Vec<Move> {
        let (rotation, held) = normalise(cube);
        let inverse = rotation.inverse();
        self.solve(PocketCoord::rank(&held))
            .into_iter()
            .map(|m| rename(&rotation, &inverse, m))
            .collect()
    }
}

/// The 24 rotations of the whole cube, acting on the corners (generated by x = R L' and
/// y = U D' on corners).
pub static ROTATIONS: LazyLock<Vec<CubieCube>> = LazyLock::new(|| {
    // Move indices: R = 3, L' = 14, U = 0, D' = 11.
    let x = MOVE_CUBES[3].multiply_corners(&MOVE_CUBES[14]);
    let y = MOVE_CUBES[0].multiply_corners(&MOVE_CUBES[11]);
    let mut all = vec![CubieCube::SOLVED];
    let mut i = 0;
    while i < all.len() {
        for g in [&x, &y] {
            let mut n = all[i].multiply_corners(g);
            n.ep = CubieCube::SOLVED.ep;
            n.eo = CubieCube::SOLVED.eo;
            if !all.contains(&n) {
                all.push(n);
            }
        }
        i += 1;
    }
    all
});

/// Whether a 2x2x2 is solved: its corners are those of a whole-cube rotation.
pub fn is_solved(cube: &CubieCube) -> bool {
    ROTATIONS.iter().any(|r| r.cp == cube.cp && r.co == cube.co)
}

/// The rotation `Y` that brings the DBL corner of `cube` home and untwisted, and the cube
/// so turned (`cube * Y`, edges solved).
pub fn normalise(cube: &CubieCube) -> (CubieCube, CubieCube) {
    for r in ROTATIONS.iter() {
        let mut held = cube.multiply_corners(r);
        if held.cp[6] == 6 && held.co[6] == 0 {
            held.ep = CubieCube::SOLVED.ep;
            held.eo = CubieCube::SOLVED.eo;
            return (*r, held);
        }
    }
    (CubieCube::SOLVED, *cube)
}

/// The face turn `Y m Y⁻¹` (on corners): move `m` of the turned cube, named as held.
fn rename(rotation: &CubieCube, inverse: &CubieCube, m: Move) -> Move {
    let conj = rotation
        .multiply_corners(&MOVE_CUBES[m.index()])
        .multiply_corners(inverse);
    Move::ALL
        .iter()
        .copied()
        .find(|n| {
            let c = &MOVE_CUBES[n.index()];
            c.cp == conj.cp && c.co == conj.co
        })
        .unwrap_or(m)
}

/// Which 3x3 facelet each of a face's four 2x2 stickers stands for (the corners).
const STICKER: [usize; 4] = [0, 2, 6, 8];

/// The 24 sticker letters (`URFDLB` order, four per face, row by row) of a 2x2x2.
pub fn to_string(cube: &CubieCube) -> String {
    let faces = super::facelets::to_faces(cube);
    let mut s = String::with_capacity(24);
    for f in 0..6 {
        for k in STICKER {
            s.push(faces[f * 9 + k].letter());
        }
    }
    s
}

/// Reads a 2x2x2 from its 24 stickers (faces `U R F D L B`, four each, row by row; any six
/// colours). Without centres, the colours are named from the DBL corner (its D, B and L
/// stickers) and from opposite colours never sharing a corner.
pub fn parse(text: &str) -> Result<CubieCube, InvalidCube> {
    let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if letters.len() != 24 {
        return Err(InvalidCube::Facelets(format!(
            "a 2x2x2 has 24 stickers, got {}",
            letters.len()
        )));
    }
    let at = |facelet: usize| -> char {
        let face = facelet / 9;
        let k = STICKER.iter().position(|&s| s == facelet % 9).unwrap_or(0);
        letters[face * 4 + k]
    };
    let mut colours: Vec<char> = Vec::new();
    for &c in &letters {
        if !colours.contains(&c) {
            colours.push(c);
        }
    }
    if colours.len() != 6 {
        return Err(InvalidCube::Facelets(format!(
            "a cube has 6 colours, got {}",
            colours.len()
        )));
    }
    for &c in &colours {
        let n = letters.iter().filter(|&&x| x == c).count();
        if n != 4 {
            return Err(InvalidCube::Facelets(format!(
                "colour '{c}' appears {n} times, not 4 (wrong colour counts)"
            )));
        }
    }
    let corners: Vec<[char; 3]> = CORNER_FACELETS.iter().map(|f| f.map(at)).collect();
    let opposite = |c: char| -> Option<char> {
        let apart: Vec<char> = colours
            .iter()
            .copied()
            .filter(|&o| o != c && !corners.iter().any(|k| k.contains(&c) && k.contains(&o)))
            .collect();
        (apart.len() == 1).then(|| apart[0])
    };
    let [d, b, l] = corners[6];
    let named = [(d, Face::D), (b, Face::B), (l, Face::L)];
    let mut face_of: Vec<(char, Face)> = named.to_vec();
    for (c, f) in named {
        let Some(o) = opposite(c) else {
            return Err(InvalidCube::Facelets(format!(
                "colour '{c}' has no single opposite colour: these stickers are no cube"
            )));
        };
        face_of.push((o, f.opposite()));
    }
    let mut faces = [Face::U; 54];
    for (i, face) in faces.iter_mut().enumerate() {
        *face = Face::ALL[i / 9];
    }
    for f in 0..6 {
        for (k, &s) in STICKER.iter().enumerate() {
            let c = letters[f * 4 + k];
            let Some(&(_, face)) = face_of.iter().find(|(x, _)| *x == c) else {
                return Err(InvalidCube::Facelets(format!(
                    "colour '{c}' is not one of the six faces' colours"
                )));
            };
            faces[f * 9 + s] = face;
        }
    }
    let mut cube = CubieCube::SOLVED;
    for i in 0..8 {
        let stickers = CORNER_FACELETS[i].map(|x| faces[x]);
        let found = (0..3).find_map(|twist| {
            let s = [
                stickers[twist],
                stickers[(twist + 1) % 3],
                stickers[(twist + 2) % 3],
            ];
            (0..8).find(|&j| CORNER_COLOURS[j] == s).map(|j| (j, twist))
        });
        let Some((piece, twist)) = found else {
            return Err(InvalidCube::Pieces(format!(
                "the corner at {} has colours no corner has",
                super::cubie::CORNER_NAMES[i]
            )));
        };
        cube.cp[i] = piece as u8;
        cube.co[i] = twist as u8;
    }
    let mut seen = [false; 8];
    for &p in &cube.cp {
        if seen[p as usize] {
            return Err(InvalidCube::Pieces(format!(
                "corner {} appears twice",
                super::cubie::CORNER_NAMES[p as usize]
            )));
        }
        seen[p as usize] = true;
    }
    let twist = cube.twist_sum();
    if twist != 0 {
        return Err(InvalidCube::TwistedCorner(twist));
    }
    Ok(cube)
}

/// An admissible heuristic for the 2x2x2 that is not the exact table: the larger of the
/// distances of the corner permutation alone (5040 entries) and of the twists alone (729),
/// each from a breadth-first search over that coordinate. For the generic IDA*.
pub struct PocketHeuristic {
    permutation: Vec<u8>,
    twist: Vec<u8>,
}

impl PocketHeuristic {
    /// Builds both tables for `metric` (a millisecond or so).
    pub fn new(metric: Metric) -> PocketHeuristic {
        let moves = move_indices(metric);
        let t = &*TABLES;
        let permutation = bfs_depths(
            5040,
            &[0],
            moves.len(),
            |s, k| t.permutation[s as usize * 9 + moves[k]] as u32,
            &mut |_, _| {},
        );
        let twist = bfs_depths(
            729,
            &[0],
            moves.len(),
            |s, k| t.twist[s as usize * 9 + moves[k]] as u32,
            &mut |_, _| {},
        );
        PocketHeuristic { permutation, twist }
    }

    /// A lower bound on the moves left to solve `cube` (any 2x2x2: it is first turned to
    /// bring DBL home).
    pub fn estimate(&self, cube: &CubieCube) -> u8 {
        let (_, held) = normalise(cube);
        let r = PocketCoord::rank(&held);
        self.permutation[(r / 729) as usize].max(self.twist[(r % 729) as usize])
    }
}
