//! The cubie level: where each corner and edge is and how it is turned.
//!
//! A cube is [`CubieCube`]: for each of the 8 corner *positions* the corner *piece* that sits
//! there and its twist (0, 1 or 2: how far clockwise its U/D sticker is from the position's
//! U/D face), and for each of the 12 edge positions the edge piece there and its flip
//! (0 or 1). This is the representation of Kociemba's and Korf's solvers: a move is a
//! permutation with orientation changes, applying it is one multiplication, and every
//! coordinate the solvers need is a function of these four arrays.
//!
//! Names and numbering follow Kociemba: corners `URF UFL ULB UBR DFR DLF DBL DRB`, edges
//! `UR UF UL UB DR DF DL DB FR FL BL BR`, faces `U R F D L B`.
//!
//! ```
//! use resolu_puzzles::cube::{CubieCube, Move};
//! let mut cube = CubieCube::SOLVED;
//! for _ in 0..4 {
//!     cube = cube.apply(Move::parse("R").unwrap());
//! }
//! assert_eq!(cube, CubieCube::SOLVED);
//! ```

use super::notation::Move;

/// Number of corner pieces.
pub const CORNERS: usize = 8;
/// Number of edge pieces.
pub const EDGES: usize = 12;
/// The corner names, by index.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
/// The edge names, by index.
pub const EDGE_NAMES: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

/// A cube at the cubie level. `cp[i]` is the corner piece at position `i`, `co[i]` its
/// twist; `ep` and `eo` the same for edges. [`CubieCube::SOLVED`] has every piece home.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CubieCube {
    /// Corner permutation: the piece at each position.
    pub cp: [u8; 8],
    /// Corner orientation (0..3) of the piece at each position.
    pub co: [u8; 8],
    /// Edge permutation: the piece at each position.
    pub ep: [u8; 12],
    /// Edge orientation (0..2) of the piece at each position.
    pub eo: [u8; 12],
}

impl Default for CubieCube {
    fn default() -> Self {
        CubieCube::SOLVED
    }
}

/// Why a cube cannot be reached from the solved cube by turning faces.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidCube {
    /// A piece is missing or twice on the cube (or the stickers of a piece do not form one).
    #[error("{0}")]
    Pieces(String),
    /// The twists of the corners do not add up to a multiple of 3.
    #[error("a corner is twisted (the corner twists add up to {0} mod 3, not 0)")]
    TwistedCorner(u8),
    /// The flips of the edges do not add up to an even number.
    #[error("an edge is flipped (the edge flips add up to an odd number)")]
    FlippedEdge,
    /// The corner and edge permutations have different parities.
    #[error("odd permutation parity (two pieces are swapped: corner and edge parities differ)")]
    Parity,
    /// The facelet string is not a cube (length, colour counts, centres).
    #[error("{0}")]
    Facelets(String),
}

const fn basic(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> CubieCube {
    CubieCube { cp, co, ep, eo }
}

// Corner and edge indices, for readability of the tables below.
const URF: u8 = 0;
const UFL: u8 = 1;
const ULB: u8 = 2;
const UBR: u8 = 3;
const DFR: u8 = 4;
const DLF: u8 = 5;
const DBL: u8 = 6;
const DRB: u8 = 7;
const UR: u8 = 0;
const UF: u8 = 1;
const UL: u8 = 2;
const UB: u8 = 3;
const DR: u8 = 4;
const DF: u8 = 5;
const DL: u8 = 6;
const DB: u8 = 7;
const FR: u8 = 8;
const FL: u8 = 9;
const BL: u8 = 10;
const BR: u8 = 11;

/// The six clockwise quarter turns, in face order `U R F D L B`, as cubes ("replaced by"
/// form: position `i` receives the piece `cp[i]`).
pub const FACE_TURNS: [CubieCube; 6] = [
    basic(
        [UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB],
        [0; 8],
        [UB, UR, UF, UL, DR, DF, DL, DB, FR, FL, BL, BR],
        [0; 12],
    ),
    basic(
        [DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR],
        [2, 0, 0, 1, 1, 0, 0, 2],
        [FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR],
        [0; 12],
    ),
    basic(
        [UFL, DLF, ULB, UBR, URF, DFR, DBL, DRB],
        [1, 2, 0, 0, 2, 1, 0, 0],
        [UR, FL, UL, UB, DR, FR, DL, DB, UF, DF, BL, BR],
        [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    ),
    basic(
        [URF, UFL, ULB, UBR, DLF, DBL, DRB, DFR],
        [0; 8],
        [UR, UF, UL, UB, DF, DL, DB, DR, FR, FL, BL, BR],
        [0; 12],
    ),
    basic(
        [URF, ULB, DBL, UBR, DFR, UFL, DLF, DRB],
        [0, 1, 2, 0, 0, 2, 1, 0],
        [UR, UF, BL, UB, DR, DF, FL, DB, FR, UL, DL, BR],
        [0; 12],
    ),
    basic(
        [URF, UFL, UBR, DRB, DFR, DLF, ULB, DBL],
        [0, 0, 1, 2, 0, 0, 2, 1],
        [UR, UF, UL, BR, DR, DF, DL, BL, FR, FL, UB, DB],
        [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    ),
];

/// All 18 moves of the half-turn metric as cubes, indexed by [`Move::index`].
pub static MOVE_CUBES: std::sync::LazyLock<[CubieCube; 18]> = std::sync::LazyLock::new(|| {
    let mut cubes = [CubieCube::SOLVED; 18];
    for (f, turn) in FACE_TURNS.iter().enumerate() {
        let mut c = CubieCube::SOLVED;
        for k in 0..3 {
            c = c.multiply(turn);
            cubes[f * 3 + k] = c;
        }
    }
    cubes
});

impl CubieCube {
    /// The solved cube.
    pub const SOLVED: CubieCube = CubieCube {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
        ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    };

    /// The product `self * other`: the moves of `self`, then those of `other`.
    pub fn multiply(&self, other: &CubieCube) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            let from = other.cp[i] as usize;
            r.cp[i] = self.cp[from];
            r.co[i] = (self.co[from] + other.co[i]) % 3;
        }
        for i in 0..12 {
            let from = other.ep[i] as usize;
            r.ep[i] = self.ep[from];
            r.eo[i] = (self.eo[from] + other.eo[i]) % 2;
        }
        r
    }

    /// The corner part of [`CubieCube::multiply`] only (the edges of `self` are kept).
    pub fn multiply_corners(&self, other: &CubieCube) -> CubieCube {
        let mut r = *self;
        for i in 0..8 {
            let from = other.cp[i] as usize;
            r.cp[i] = self.cp[from];
            r.co[i] = (self.co[from] + other.co[i]) % 3;
        }
        r
    }

    /// The inverse cube: `c.multiply(&c.inverse())` is solved.
    pub fn inverse(&self) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            let p = self.cp[i] as usize;
            r.cp[p] = i as u8;
            r.co[p] = (3 - self.co[i]) % 3;
        }
        for i in 0..12 {
            let p = self.ep[i] as usize;
            r.ep[p] = i as u8;
            r.eo[p] = self.eo[i];
        }
        r
    }

    /// The cube after move `m`.
    pub fn apply(&self, m: Move) -> CubieCube {
        self.multiply(&MOVE_CUBES[m.index()])
    }

    /// The cube after each move of `moves` in turn.
    pub fn apply_all(&self, moves: &[Move]) -> CubieCube {
        moves.iter().fold(*self, |c, &m| c.apply(m))
    }

    /// The cube a scramble leaves when applied to the solved cube.
    pub fn from_moves(moves: &[Move]) -> CubieCube {
        CubieCube::SOLVED.apply_all(moves)
    }

    /// Whether every piece is home and unturned.
    pub fn is_solved(&self) -> bool {
        *self == CubieCube::SOLVED
    }

    /// The corner twist sum mod 3 (0 on every reachable cube).
    pub fn twist_sum(&self) -> u8 {
        self.co.iter().map(|&t| t as u32).sum::<u32>() as u8 % 3
    }

    /// Whether the corner permutation is odd.
    pub fn corner_parity(&self) -> bool {
        permutation_is_odd(&self.cp)
    }

    /// Whether the edge permutation is odd.
    pub fn edge_parity(&self) -> bool {
        permutation_is_odd(&self.ep)
    }

    /// Checks that the cube can be reached by face turns from the solved cube: every piece
    /// once, orientations in range, twists summing to 0 mod 3, flips to an even number,
    /// equal corner and edge parities. The error names the first fault found.
    pub fn check(&self) -> Result<(), InvalidCube> {
        let mut seen = [false; 8];
        for (pos, &c) in self.cp.iter().enumerate() {
            let Some(slot) = seen.get_mut(c as usize) else {
                return Err(InvalidCube::Pieces(format!("no corner numbered {c}")));
            };
            if *slot {
                return Err(InvalidCube::Pieces(format!(
                    "corner {} appears twice (again at {})",
                    CORNER_NAMES[c as usize], CORNER_NAMES[pos]
                )));
            }
            *slot = true;
            if self.co[pos] > 2 {
                return Err(InvalidCube::Pieces(format!(
                    "bad twist at {}",
                    CORNER_NAMES[pos]
                )));
            }
        }
        let mut seen = [false; 12];
        for (pos, &e) in self.ep.iter().enumerate() {
            let Some(slot) = seen.get_mut(e as usize) else {
                return Err(InvalidCube::Pieces(format!("no edge numbered {e}")));
            };
            if *slot {
                return Err(InvalidCube::Pieces(format!(
                    "edge {} appears twice (again at {})",
                    EDGE_NAMES[e as usize], EDGE_NAMES[pos]
                )));
            }
            *slot = true;
            if self.eo[pos] > 1 {
                return Err(InvalidCube::Pieces(format!(
                    "bad flip at {}",
                    EDGE_NAMES[pos]
                )));
            }
        }
        let twist = self.twist_sum();
        if twist != 0 {
            return Err(InvalidCube::TwistedCorner(twist));
        }
        if self.eo.iter().map(|&f| f as u32).sum::<u32>() % 2 != 0 {
            return Err(InvalidCube::FlippedEdge);
        }
        if self.corner_parity() != self.edge_parity() {
            return Err(InvalidCube::Parity);
        }
        Ok(())
    }

    /// A cube drawn uniformly among the 43,252,003,274,489,856,000 reachable ones: random
    /// permutations and orientations, with the last edge pair swapped when parities differ.
    pub fn random(rng: &mut impl rand::Rng) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        shuffle(&mut c.cp, rng);
        shuffle(&mut c.ep, rng);
        if c.corner_parity() != c.edge_parity() {
            c.ep.swap(10, 11);
        }
        let mut sum = 0;
        for i in 0..7 {
            c.co[i] = rng.random_range(0..3);
            sum += c.co[i];
        }
        c.co[7] = (3 - sum % 3) % 3;
        let mut flips = 0;
        for i in 0..11 {
            c.eo[i] = rng.random_range(0..2);
            flips += c.eo[i];
        }
        c.eo[11] = flips % 2;
        c
    }
}

/// Fisher–Yates, written out so that the draw is the same across `rand` versions' helpers.
fn shuffle(values: &mut [u8], rng: &mut impl rand::Rng) {
    for i in (1..values.len()).rev() {
        let j = rng.random_range(0..=i);
        values.swap(i, j);
    }
}

/// Whether a permutation (of `0..n`, as bytes) is odd, by counting inversions.
pub fn permutation_is_odd(p: &[u8]) -> bool {
    let mut inversions = 0;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            if p[i] > p[j] {
                inversions += 1;
            }
        }
    }
    inversions % 2 == 1
}
