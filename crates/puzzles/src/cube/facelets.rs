//! The 54 facelets (stickers) and conversion to and from the cubie level.
//!
//! Convention (Kociemba's): the faces in the order `U R F D L B`, each read row by row as
//! seen looking straight at it, with U seen with B at the top and D seen with F at the
//! top (the net below); facelet `9 f + k` is sticker `k` (0..9) of face `f`:
//!
//! ```text
//!              U1 U2 U3
//!              U4 U5 U6
//!              U7 U8 U9
//!    L1 L2 L3  F1 F2 F3  R1 R2 R3  B1 B2 B3
//!    L4 L5 L6  F4 F5 F6  R4 R5 R6  B4 B5 B6
//!    L7 L8 L9  F7 F8 F9  R7 R8 R9  B7 B8 B9
//!              D1 D2 D3
//!              D4 D5 D6
//!              D7 D8 D9
//! ```
//!
//! A facelet string has 54 letters; any six distinct characters will do, the centre of
//! each face naming that face's colour (`URFDLB` letters or colours such as `WRGYOB`).
//!
//! ```
//! use resolu_puzzles::cube::{CubieCube, facelets};
//! let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
//! assert_eq!(facelets::to_string(&CubieCube::SOLVED), solved);
//! assert_eq!(facelets::parse(solved).unwrap(), CubieCube::SOLVED);
//! ```

use super::cubie::{CORNER_NAMES, CubieCube, EDGE_NAMES, InvalidCube};
use super::notation::Face;

/// The facelets of each corner position, starting with its U or D sticker, clockwise.
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [8, 9, 20],
    [6, 18, 38],
    [0, 36, 47],
    [2, 45, 11],
    [29, 26, 15],
    [27, 44, 24],
    [33, 53, 42],
    [35, 17, 51],
];
/// The faces (colours) of each corner piece, in the same order.
pub const CORNER_COLOURS: [[Face; 3]; 8] = {
    use Face::*;
    [
        [U, R, F],
        [U, F, L],
        [U, L, B],
        [U, B, R],
        [D, F, R],
        [D, L, F],
        [D, B, L],
        [D, R, B],
    ]
};
/// The facelets of each edge position, U/D (or F/B for middle edges) sticker first.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];
/// The faces (colours) of each edge piece.
pub const EDGE_COLOURS: [[Face; 2]; 12] = {
    use Face::*;
    [
        [U, R],
        [U, F],
        [U, L],
        [U, B],
        [D, R],
        [D, F],
        [D, L],
        [D, B],
        [F, R],
        [F, L],
        [B, L],
        [B, R],
    ]
};

/// The face (colour) of each of the 54 facelets of a cube.
pub fn to_faces(cube: &CubieCube) -> [Face; 54] {
    let mut f = [Face::U; 54];
    for (i, face) in f.iter_mut().enumerate() {
        *face = Face::ALL[i / 9];
    }
    for i in 0..8 {
        let piece = cube.cp[i] as usize;
        let twist = cube.co[i] as usize;
        for k in 0..3 {
            f[CORNER_FACELETS[i][(k + twist) % 3]] = CORNER_COLOURS[piece][k];
        }
    }
    for i in 0..12 {
        let piece = cube.ep[i] as usize;
        let flip = cube.eo[i] as usize;
        for k in 0..2 {
            f[EDGE_FACELETS[i][(k + flip) % 2]] = EDGE_COLOURS[piece][k];
        }
    }
    f
}

/// The 54 facelet letters (`URFDLB`) of a cube.
pub fn to_string(cube: &CubieCube) -> String {
    to_faces(cube).iter().map(|f| f.letter()).collect()
}

/// Reads 54 facelet letters (whitespace ignored) into a cube, checked: the colour counts,
/// the centres, each piece's stickers, and the cube's reachability ([`CubieCube::check`]).
pub fn parse(text: &str) -> Result<CubieCube, InvalidCube> {
    let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if letters.len() != 54 {
        return Err(InvalidCube::Facelets(format!(
            "a cube has 54 facelets, got {}",
            letters.len()
        )));
    }
    // The centres name the colours.
    let mut colour_of = Vec::with_capacity(6);
    for face in Face::ALL {
        let c = letters[face as usize * 9 + 4];
        if colour_of.contains(&c) {
            return Err(InvalidCube::Facelets(format!(
                "two centres have the colour '{c}'"
            )));
        }
        colour_of.push(c);
    }
    let mut faces = [Face::U; 54];
    let mut counts = [0usize; 6];
    for (i, &c) in letters.iter().enumerate() {
        let Some(k) = colour_of.iter().position(|&x| x == c) else {
            return Err(InvalidCube::Facelets(format!(
                "facelet {} has colour '{c}', which is no centre's",
                i + 1
            )));
        };
        faces[i] = Face::ALL[k];
        counts[k] += 1;
    }
    for (k, &n) in counts.iter().enumerate() {
        if n != 9 {
            return Err(InvalidCube::Facelets(format!(
                "colour '{}' appears {n} times, not 9 (wrong colour counts)",
                colour_of[k]
            )));
        }
    }
    from_faces(&faces)
}

/// The cube whose facelets have these faces (colours), checked as [`parse`] does.
pub fn from_faces(f: &[Face; 54]) -> Result<CubieCube, InvalidCube> {
    let mut cube = CubieCube::SOLVED;
    for i in 0..8 {
        let stickers = CORNER_FACELETS[i].map(|x| f[x]);
        let Some(twist) = stickers.iter().position(|&c| c == Face::U || c == Face::D) else {
            return Err(InvalidCube::Pieces(format!(
                "the corner at {} has no U or D colour",
                CORNER_NAMES[i]
            )));
        };
        let c1 = stickers[(twist + 1) % 3];
        let c2 = stickers[(twist + 2) % 3];
        let Some(piece) = (0..8).find(|&j| {
            CORNER_COLOURS[j][0] == stickers[twist]
                && CORNER_COLOURS[j][1] == c1
                && CORNER_COLOURS[j][2] == c2
        }) else {
            return Err(InvalidCube::Pieces(format!(
                "the corner at {} has colours {}{}{}, which no corner has",
                CORNER_NAMES[i],
                stickers[0].letter(),
                stickers[1].letter(),
                stickers[2].letter()
            )));
        };
        cube.cp[i] = piece as u8;
        cube.co[i] = twist as u8;
    }
    for i in 0..12 {
        let a = f[EDGE_FACELETS[i][0]];
        let b = f[EDGE_FACELETS[i][1]];
        let found = (0..12).find_map(|j| {
            if EDGE_COLOURS[j] == [a, b] {
                Some((j, 0))
            } else if EDGE_COLOURS[j] == [b, a] {
                Some((j, 1))
            } else {
                None
            }
        });
        let Some((piece, flip)) = found else {
            return Err(InvalidCube::Pieces(format!(
                "the edge at {} has colours {}{}, which no edge has",
                EDGE_NAMES[i],
                a.letter(),
                b.letter()
            )));
        };
        cube.ep[i] = piece as u8;
        cube.eo[i] = flip;
    }
    cube.check()?;
    Ok(cube)
}
