//! The integer the solver's bitboards are made of: a `u64` when the board fits in 64 bits
//! (with its sentinel row: `width * (height + 1) <= 64`, every board but 8x8), a `u128`
//! otherwise. The search is written once over [`Bits`] and compiled for both, so that 7x6
//! runs on plain 64-bit words (about twice as fast as 128-bit ones) while 8x8 still works.

use std::ops::{Add, BitAnd, BitOr, BitXor, Not, Shl, Shr, Sub};

/// What it takes to reduce keys modulo a prime `p` quickly: a division by a number known
/// only at run time costs tens of cycles, a multiplication by its precomputed inverse a few
/// (the table's probe is on the solver's hot path).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reducer {
    /// The prime.
    pub(crate) p: u64,
    /// floor(2^64 / p).
    inverse: u64,
    /// 2^64 mod p.
    two_64_mod_p: u64,
}

impl Reducer {
    /// The reducer of `p` (at least 2).
    pub(crate) fn new(p: u64) -> Reducer {
        Reducer {
            p,
            inverse: ((1u128 << 64) / u128::from(p)) as u64,
            two_64_mod_p: ((1u128 << 64) % u128::from(p)) as u64,
        }
    }
}

/// An unsigned integer used as a set of cells (see the module's doc).
pub(crate) trait Bits:
    Copy
    + Eq
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// The set of one cell, bit 0.
    const ONE: Self;
    /// The same set from a `u128` (which must fit).
    fn from_wide(wide: u128) -> Self;
    /// The same set as a `u128`.
    fn to_wide(self) -> u128;
    /// Cells in the set.
    fn count(self) -> u32;
    /// The low 64 bits.
    fn low64(self) -> u64;
    /// The remainder of the division by the reducer's prime.
    fn modulo(self, reducer: &Reducer) -> u64;
}

impl Bits for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    fn from_wide(wide: u128) -> u64 {
        wide as u64
    }
    fn to_wide(self) -> u128 {
        u128::from(self)
    }
    fn count(self) -> u32 {
        self.count_ones()
    }
    fn low64(self) -> u64 {
        self
    }
    #[inline]
    fn modulo(self, reducer: &Reducer) -> u64 {
        // The quotient by a multiplication: `inverse` = floor(2^64 / p) underestimates it
        // by at most 1, so one subtraction corrects the remainder.
        let p = reducer.p;
        let q = ((u128::from(self) * u128::from(reducer.inverse)) >> 64) as u64;
        let r = self - q * p;
        if r >= p { r - p } else { r }
    }
}

impl Bits for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    fn from_wide(wide: u128) -> u128 {
        wide
    }
    fn to_wide(self) -> u128 {
        self
    }
    fn count(self) -> u32 {
        self.count_ones()
    }
    fn low64(self) -> u64 {
        self as u64
    }
    fn modulo(self, reducer: &Reducer) -> u64 {
        let (p, two_64_mod_p) = (reducer.p, reducer.two_64_mod_p);
        let (low, high) = (self as u64, (self >> 64) as u64);
        // high < 2^8 (keys have at most 72 bits) and 2^64 mod p < 2^32: no overflow.
        let h = (high % p) * two_64_mod_p % p;
        (h + low % p) % p
    }
}

/// The cells where `stones` would complete four in a line (free or not), on a board of
/// `height` rows (shifts: 1 vertical, `height + 1` horizontal, `height` and `height + 2`
/// the diagonals).
#[inline]
pub(crate) fn winning_cells<B: Bits>(stones: B, height: u32) -> B {
    // Vertical: three stones below.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    for s in [height + 1, height, height + 2] {
        let p = (stones << s) & (stones << (2 * s));
        r = r | (p & (stones << (3 * s)));
        r = r | (p & (stones >> s));
        let p = (stones >> s) & (stones >> (2 * s));
        r = r | (p & (stones << s));
        r = r | (p & (stones >> (3 * s)));
    }
    r
}

/// Whether `stones` hold four in a line.
pub(crate) fn has_four<B: Bits>(stones: B, height: u32) -> bool {
    for shift in [1, height + 1, height, height + 2] {
        let m = stones & (stones >> shift);
        if m & (m >> (2 * shift)) != B::ZERO {
            return true;
        }
    }
    false
}
