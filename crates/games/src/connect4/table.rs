//! The solver's transposition table: a fixed number of slots, each holding one position's
//! key and a one-byte bound, the newer position replacing the older on a collision.
//!
//! Fixed size rather than a growing map: the solver visits billions of positions on 7x6,
//! and a table that forgets keeps its memory bounded and its probes in one cache line. The
//! whole key is stored (its low 64 bits, and the few above in a byte: 72 bits cover 8x8
//! with its sentinel row), so a hit is never another position's value.

/// A fixed-size table from position keys to a byte (0: nothing stored).
pub(crate) struct Table {
    low: Vec<u64>,
    high: Vec<u8>,
    value: Vec<u8>,
    mask: usize,
}

impl Table {
    /// A table of 2^`log2_slots` slots (10 bytes each).
    pub(crate) fn new(log2_slots: u32) -> Table {
        let n = 1usize << log2_slots;
        Table {
            low: vec![0; n],
            high: vec![0; n],
            value: vec![0; n],
            mask: n - 1,
        }
    }

    /// Slots.
    pub(crate) fn slots(&self) -> usize {
        self.mask + 1
    }

    fn index(&self, low: u64, high: u8) -> usize {
        // A multiplicative hash: neighbouring keys differ in low bits, spread them out.
        let h = (low ^ u64::from(high).rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 20) as usize & self.mask
    }

    fn split(key: u128) -> (u64, u8) {
        (key as u64, (key >> 64) as u8)
    }

    /// Stores `value` (not 0) for `key`, replacing whatever the slot held.
    pub(crate) fn put(&mut self, key: u128, value: u8) {
        let (low, high) = Table::split(key);
        let i = self.index(low, high);
        self.low[i] = low;
        self.high[i] = high;
        self.value[i] = value;
    }

    /// The value stored for `key`, or 0.
    pub(crate) fn get(&self, key: u128) -> u8 {
        let (low, high) = Table::split(key);
        let i = self.index(low, high);
        if self.low[i] == low && self.high[i] == high {
            self.value[i]
        } else {
            0
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.value.fill(0);
    }
}
