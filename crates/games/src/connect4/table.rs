//! The solver's transposition table: a fixed number of slots, each one 64-bit word holding
//! a position's key and a one-byte bound, the newer position replacing the older on a
//! collision.
//!
//! Fixed size rather than a growing map: the solver visits billions of positions on 7x6,
//! and a table that forgets keeps its memory bounded and each probe to one cache miss. The
//! slot of a key is `key mod p`, p a prime, and the slot stores the key's low 56 bits: by
//! the Chinese remainder theorem the two together identify every key below `p * 2^56`, so
//! with p above 2^16 every position up to 8x8 (72-bit keys) is told apart exactly, and a
//! hit is never another position's value (Pons's partial keys, widened for 8x8).

/// A fixed-size table from position keys to a byte (0: nothing stored).
pub(crate) struct Table {
    slots: Vec<u64>,
    /// The number of slots, a prime above 2^16.
    p: u64,
    /// 2^64 mod p, to reduce a 128-bit key with 64-bit arithmetic.
    two_64_mod_p: u64,
}

const LOW_BITS: u32 = 56;
const LOW_MASK: u64 = (1 << LOW_BITS) - 1;

fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

impl Table {
    /// A table of about 2^`log2_slots` slots (8 bytes each; at least 2^16).
    pub(crate) fn new(log2_slots: u32) -> Table {
        let mut p = (1u64 << log2_slots.max(16)) + 1;
        while !is_prime(p) {
            p += 1;
        }
        let two_64_mod_p = ((1u128 << 64) % u128::from(p)) as u64;
        Table {
            slots: vec![0; p as usize],
            p,
            two_64_mod_p,
        }
    }

    /// Slots.
    pub(crate) fn slots(&self) -> usize {
        self.slots.len()
    }

    fn index(&self, key: u128) -> usize {
        let (low, high) = (key as u64, (key >> 64) as u64);
        // high < 2^8 (keys have at most 72 bits) and 2^64 mod p < 2^32: no overflow.
        let h = (high % self.p) * self.two_64_mod_p % self.p;
        ((h + low % self.p) % self.p) as usize
    }

    /// Stores `value` (not 0) for `key`, replacing whatever the slot held.
    pub(crate) fn put(&mut self, key: u128, value: u8) {
        let i = self.index(key);
        self.slots[i] = ((key as u64 & LOW_MASK) << 8) | u64::from(value);
    }

    /// The value stored for `key`, or 0.
    pub(crate) fn get(&self, key: u128) -> u8 {
        let slot = self.slots[self.index(key)];
        if slot >> 8 == key as u64 & LOW_MASK {
            slot as u8
        } else {
            0
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(0);
    }
}
