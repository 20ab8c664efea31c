//! The solver's transposition tables: a fixed number of slots, each holding part of a
//! position's key and a one-byte bound, the newer position replacing the older on a
//! collision.
//!
//! Fixed size rather than a growing map: the solver visits billions of positions on 7x6,
//! and a table that forgets keeps its memory bounded and each probe to one cache miss. The
//! slot of a key is `key mod p`, p a prime, and the slot stores the key's low bits: by the
//! Chinese remainder theorem the two together identify every key below `p * 2^low_bits`, so
//! a hit is never another position's value (Pons's partial keys).
//!
//! Two layouts: [`CompactTable`] keeps 32 bits of key and the byte in two arrays (5 bytes a
//! slot, as Pons does), enough when the key has at most `32 + log2(p)` bits (7x6: 49 bits);
//! [`WideTable`] keeps 56 bits of key and the byte in one 64-bit word (8 bytes a slot),
//! enough for every board up to 8x8 (72-bit keys) with p above 2^16.

use super::bits::{Bits, Reducer};

/// A fixed-size map from position keys to a byte (0: nothing stored).
pub(crate) trait BoundTable<B: Bits> {
    /// Stores `value` (not 0) for `key`, replacing whatever the slot held.
    fn put(&mut self, key: B, value: u8);
    /// The value stored for `key`, or 0.
    fn get(&self, key: B) -> u8;
    /// Forgets everything.
    fn clear(&mut self);
    /// Slots.
    fn slots(&self) -> usize;
    /// Bytes of memory.
    fn bytes(&self) -> u64;
}

fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

/// The reducer of the smallest prime above 2^`log2_slots` (at least 2^16).
fn prime_above(log2_slots: u32) -> Reducer {
    let mut p = (1u64 << log2_slots.max(16)) + 1;
    while !is_prime(p) {
        p += 1;
    }
    Reducer::new(p)
}

/// 32 bits of key and a byte per slot, in two arrays (see the module's doc).
pub(crate) struct CompactTable {
    keys: Vec<u32>,
    values: Vec<u8>,
    reducer: Reducer,
}

impl CompactTable {
    /// A table of about 2^`log2_slots` slots (5 bytes each; at least 2^16). Exact for keys
    /// of at most `32 + log2_slots` bits.
    pub(crate) fn new(log2_slots: u32) -> CompactTable {
        let reducer = prime_above(log2_slots);
        CompactTable {
            keys: vec![0; reducer.p as usize],
            values: vec![0; reducer.p as usize],
            reducer,
        }
    }
}

impl<B: Bits> BoundTable<B> for CompactTable {
    #[inline]
    fn put(&mut self, key: B, value: u8) {
        let i = key.modulo(&self.reducer) as usize;
        self.keys[i] = key.low64() as u32;
        self.values[i] = value;
    }

    #[inline]
    fn get(&self, key: B) -> u8 {
        let i = key.modulo(&self.reducer) as usize;
        if self.keys[i] == key.low64() as u32 {
            self.values[i]
        } else {
            0
        }
    }

    fn clear(&mut self) {
        self.keys.fill(0);
        self.values.fill(0);
    }

    fn slots(&self) -> usize {
        self.keys.len()
    }

    fn bytes(&self) -> u64 {
        self.keys.len() as u64 * 5
    }
}

const LOW_BITS: u32 = 56;
const LOW_MASK: u64 = (1 << LOW_BITS) - 1;

/// 56 bits of key and a byte in one word per slot (see the module's doc).
pub(crate) struct WideTable {
    slots: Vec<u64>,
    reducer: Reducer,
}

impl WideTable {
    /// A table of about 2^`log2_slots` slots (8 bytes each; at least 2^16).
    pub(crate) fn new(log2_slots: u32) -> WideTable {
        let reducer = prime_above(log2_slots);
        WideTable {
            slots: vec![0; reducer.p as usize],
            reducer,
        }
    }
}

impl<B: Bits> BoundTable<B> for WideTable {
    #[inline]
    fn put(&mut self, key: B, value: u8) {
        let i = key.modulo(&self.reducer) as usize;
        self.slots[i] = ((key.low64() & LOW_MASK) << 8) | u64::from(value);
    }

    #[inline]
    fn get(&self, key: B) -> u8 {
        let slot = self.slots[key.modulo(&self.reducer) as usize];
        if slot >> 8 == key.low64() & LOW_MASK {
            slot as u8
        } else {
            0
        }
    }

    fn clear(&mut self) {
        self.slots.fill(0);
    }

    fn slots(&self) -> usize {
        self.slots.len()
    }

    fn bytes(&self) -> u64 {
        self.slots.len() as u64 * 8
    }
}
