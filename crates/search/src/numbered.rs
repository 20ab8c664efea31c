//! Whole state spaces: breadth-first search over problems whose states are numbered.
//!
//! When every state of a problem has a number in `0..N` (a *rank*; the bijection back is
//! the *unrank*), an exhaustive breadth-first search needs no hash table and no queue: one
//! flat array holds a few bits per state, and the search sweeps it layer by layer. This is
//! how whole state spaces are counted (the 8-puzzle's 181,440 boards, 4^16 Hanoi
//! situations) and how pattern databases are built.
//!
//! - [`Numbered`] is the small trait a problem implements: the number of states and the
//!   ranks of the neighbours of a rank (a default goes through `unrank`, the problem's own
//!   successors and `rank`, for problems that define those).
//! - [`NumberedBfs`] is the search: [`Encoding::TwoBits`] keeps 2 bits a state, one of
//!   *not reached*, *in the layer being expanded*, *in the next layer* or *done* (the two
//!   layer values swap roles at each depth, and a state is marked done once expanded, so
//!   no state is expanded twice); [`Encoding::Byte`] stores the depth itself (a byte a
//!   state, depths up to 254) and keeps the table for lookups and paths. Each layer is swept
//!   in parallel over chunks of the array (rayon); an entry is claimed by an atomic AND
//!   whose old value says which thread was first, so each state is counted once.
//! - Every state reached is expanded once, at its depth, through [`Numbered::expand`]: a
//!   problem that records something per state does it there, on the state it decodes.
//! - Before it starts, the memory the array needs is estimated and the run refused if that
//!   exceeds the budget ([`NumberedBfs::max_memory_bytes`]).
//!
//! The moves are assumed reversible (the neighbour relation symmetric) only by
//! [`DepthTable::path_to`], which walks back from a state to a start through a Byte table.
//!
//! (A first version stored the depth modulo 3 in the 2 bits, the textbook scheme that also
//! allows walking back; but a state of depth d - 3 then looks like one of depth d, so
//! every sweep expanded again a third of all the states seen so far: 10x slower on Hanoi
//! with 4 pegs and 12 disks.)
//!
//! ```
//! use resolu_search::numbered::{Encoding, Numbered, NumberedBfs};
//!
//! /// A ring of 10 states, each joined to the next and the previous.
//! struct Ring;
//! impl Numbered for Ring {
//!     fn state_count(&self) -> u64 { 10 }
//!     fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
//!         out.push((rank + 1) % 10);
//!         out.push((rank + 9) % 10);
//!     }
//! }
//! let report = NumberedBfs::new(&Ring).encoding(Encoding::Byte).run(&[0]).unwrap();
//! assert_eq!(report.counts, [1, 2, 2, 2, 2, 1]);
//! assert_eq!(report.eccentricity(), 5);
//! assert_eq!(report.table.unwrap().distance(7), Some(3));
//! ```

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A problem whose states are numbered `0..state_count()`.
///
/// Implement [`successor_ranks`](Numbered::successor_ranks) directly, or describe the states
/// with [`Ranked`] and let the blanket implementation convert. Implementations must be
/// [`Sync`]: the search calls them from several threads at once.
pub trait Numbered: Sync {
    /// The number of states; ranks are `0..state_count()`. Ranks that no state has (gaps in
    /// the numbering) are allowed: they are never reached.
    fn state_count(&self) -> u64;
    /// Pushes into `out` the rank of each state one move away from the state `rank`. `out`
    /// may already hold other ranks (the search gathers the successors of several states
    /// before it claims them): push onto it, never clear it.
    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>);
    /// What the search calls to expand `rank`, a state reached at `depth`: pushes its
    /// successors as [`successor_ranks`](Numbered::successor_ranks) does (the default).
    /// Every state reached is expanded exactly once, at its depth, in order of depth, so a
    /// problem can override this to record something about each state where the state is
    /// decoded anyway (the pattern databases write their table here, which spares decoding
    /// each state a second time in [`NumberedBfs::on_reached`]).
    #[inline]
    fn expand(&self, rank: u64, depth: u32, out: &mut Vec<u64>) {
        let _ = depth;
        self.successor_ranks(rank, out);
    }
}

/// A problem described by its states and a bijection between them and `0..state_count()`;
/// every `Ranked` problem is [`Numbered`].
pub trait Ranked: Sync {
    /// A state.
    type State;
    /// The number of states.
    fn state_count(&self) -> u64;
    /// The number of `state`, in `0..state_count()`.
    fn rank(&self, state: &Self::State) -> u64;
    /// The state numbered `rank` (the inverse of [`rank`](Ranked::rank)).
    fn unrank(&self, rank: u64) -> Self::State;
    /// Calls `visit` with each state one move away from `state`.
    fn for_each_successor(&self, state: &Self::State, visit: &mut dyn FnMut(Self::State));
}

impl<R: Ranked> Numbered for R {
    fn state_count(&self) -> u64 {
        Ranked::state_count(self)
    }
    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        let state = self.unrank(rank);
        self.for_each_successor(&state, &mut |s| out.push(self.rank(&s)));
    }
}

/// How many bits the search keeps per state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Encoding {
    /// 2 bits a state (not reached, current layer, next layer, done): the least memory;
    /// the table says only which states were reached.
    #[default]
    TwoBits,
    /// The depth itself in a byte (255 = not reached), so the table answers distance
    /// lookups. Depths must stay below 255.
    Byte,
}

impl Encoding {
    /// Bytes of array for `states` states.
    pub fn bytes_for(self, states: u64) -> u64 {
        match self {
            Encoding::TwoBits => states.div_ceil(4),
            Encoding::Byte => states,
        }
    }
}

/// What the search tells its observer after each layer (for a progress bar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerDone {
    /// The depth of the layer just found.
    pub depth: u32,
    /// States at that depth.
    pub states: u64,
    /// States reached so far, all depths.
    pub reached: u64,
    /// The number of ranks ([`Numbered::state_count`]).
    pub total: u64,
}

/// Why a search over numbered states did not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberedError {
    /// The array would exceed the memory budget.
    #[error(
        "the state table needs {} MB, more than the memory budget of {} MB (--max-memory)",
        needed.div_ceil(1 << 20),
        limit >> 20
    )]
    TooBig {
        /// Bytes the array needs.
        needed: u64,
        /// The budget, in bytes.
        limit: u64,
    },
    /// A start rank is not below the state count.
    #[error("start rank {0} is out of range")]
    BadStart(u64),
    /// [`Encoding::Byte`] cannot store a depth of 255 or more.
    #[error("a depth exceeds 254, too deep for a byte table")]
    TooDeep,
    /// The [`Monitor`](crate::Monitor)'s flag was raised (Ctrl-C in the command line): the
    /// search stopped within its layer.
    #[error("interrupted at depth {depth} after {reached} states (Ctrl-C)")]
    Interrupted {
        /// The last layer completed.
        depth: u32,
        /// States reached up to that layer.
        reached: u64,
    },
}

impl NumberedError {
    /// The stop reason's name when the search was stopped by a limit (`memory-limit`) or
    /// from outside (`interrupted`), as [`StopReason::as_str`](crate::StopReason::as_str)
    /// names them; `None` for errors in what the search was given.
    pub fn stop_reason(&self) -> Option<&'static str> {
        match self {
            NumberedError::TooBig { .. } => Some("memory-limit"),
            NumberedError::Interrupted { .. } => Some("interrupted"),
            _ => None,
        }
    }
}

/// The table a search leaves: each state's depth (or depth modulo 3).
#[derive(Debug)]
pub struct DepthTable {
    encoding: Encoding,
    bytes: Vec<u8>,
    count: u64,
}

impl DepthTable {
    /// The encoding of the table.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The raw entry of `rank`: the depth (Byte) or 0 (TwoBits, once the search is over);
    /// `None` when the state was not reached.
    pub fn entry(&self, rank: u64) -> Option<u8> {
        if rank >= self.count {
            return None;
        }
        let v = match self.encoding {
            Encoding::Byte => self.bytes[rank as usize],
            Encoding::TwoBits => (self.bytes[(rank / 4) as usize] >> (2 * (rank % 4))) & 3,
        };
        (v != self.unseen()).then_some(v)
    }

    fn unseen(&self) -> u8 {
        match self.encoding {
            Encoding::Byte => 255,
            Encoding::TwoBits => 3,
        }
    }

    /// The distance of `rank` from the nearest start (Byte tables only; `None` when not
    /// reached or when the table is a TwoBits one).
    pub fn distance(&self, rank: u64) -> Option<u8> {
        match self.encoding {
            Encoding::Byte => self.entry(rank),
            Encoding::TwoBits => None,
        }
    }

    /// The depth table as bytes, one per rank (Byte tables), four ranks per byte (TwoBits).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// A shortest path from a start to `target`, known to be at `depth`, as ranks from the
    /// start to `target`, found by walking back through neighbours one layer shallower.
    /// Valid only when the moves are reversible, on Byte tables. `None` when `target` was
    /// not reached at that depth, or on a TwoBits table.
    pub fn path_to<P: Numbered + ?Sized>(
        &self,
        problem: &P,
        target: u64,
        depth: u32,
    ) -> Option<Vec<u64>> {
        let layer = |d: u32| d as u8;
        if self.encoding != Encoding::Byte || self.entry(target) != Some(layer(depth)) {
            return None;
        }
        let mut path = vec![target];
        let mut current = target;
        let mut out = Vec::new();
        for d in (0..depth).rev() {
            out.clear();
            problem.successor_ranks(current, &mut out);
            current = *out.iter().find(|&&n| self.entry(n) == Some(layer(d)))?;
            path.push(current);
        }
        path.reverse();
        Some(path)
    }
}

/// What an exhaustive search found.
#[derive(Debug)]
pub struct BfsReport {
    /// `counts[d]`: the number of states at distance `d` from the starts.
    pub counts: Vec<u64>,
    /// The depth at which the target given to [`NumberedBfs::target`] was reached.
    pub target_depth: Option<u32>,
    /// The table, when kept ([`NumberedBfs::keep_table`], always for Byte encoding).
    pub table: Option<DepthTable>,
}

impl BfsReport {
    /// The number of states reached.
    pub fn reached(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The greatest distance from the starts (the eccentricity of a single start).
    pub fn eccentricity(&self) -> u32 {
        self.counts.len().saturating_sub(1) as u32
    }
}

/// The exhaustive breadth-first search over a [`Numbered`] problem. See the [module
/// documentation](self).
pub struct NumberedBfs<'a, P: ?Sized> {
    problem: &'a P,
    encoding: Encoding,
    max_memory: u64,
    keep_table: bool,
    target: Option<u64>,
    observer: Option<&'a (dyn Fn(LayerDone) + Sync)>,
    on_reached: Option<&'a (dyn Fn(u64, u32) + Sync)>,
    monitor: Option<&'a crate::Monitor>,
}

/// Table handled per parallel task: 64 KiB.
const CHUNK_BYTES: usize = 1 << 16;

/// Successors gathered before they are claimed together (see the sweep in
/// [`NumberedBfs::run`]): enough reads to keep the memory busy, few enough that their
/// words stay in the first-level cache until they are claimed.
const CLAIM_BATCH: usize = 256;

impl<'a, P: Numbered + ?Sized> NumberedBfs<'a, P> {
    /// A search over `problem`, 2 bits a state, no memory limit, table dropped.
    pub fn new(problem: &'a P) -> Self {
        NumberedBfs {
            problem,
            encoding: Encoding::TwoBits,
            max_memory: u64::MAX,
            keep_table: false,
            target: None,
            observer: None,
            on_reached: None,
            monitor: None,
        }
    }

    /// Watched by `monitor`: it counts the run as going on (so that Ctrl-C stops it rather
    /// than the process), publishes the states reached, and stops the search within a
    /// chunk of the table when its flag is raised ([`NumberedError::Interrupted`]).
    pub fn monitor(mut self, monitor: &'a crate::Monitor) -> Self {
        self.monitor = Some(monitor);
        self
    }

    /// How many bits a state (see [`Encoding`]).
    pub fn encoding(mut self, encoding: Encoding) -> Self {
        self.encoding = encoding;
        self
    }

    /// Refuse to run when the table would need more than `bytes`.
    pub fn max_memory_bytes(mut self, bytes: u64) -> Self {
        self.max_memory = bytes;
        self
    }

    /// Keep the depth table in the report (always kept with [`Encoding::Byte`]).
    pub fn keep_table(mut self, keep: bool) -> Self {
        self.keep_table = keep;
        self
    }

    /// Record the depth at which `rank` is reached ([`BfsReport::target_depth`]).
    pub fn target(mut self, rank: u64) -> Self {
        self.target = Some(rank);
        self
    }

    /// Called after each layer, from the thread that called [`run`](Self::run).
    pub fn observer(mut self, observer: &'a (dyn Fn(LayerDone) + Sync)) -> Self {
        self.observer = Some(observer);
        self
    }

    /// Called once for every state reached, with its rank and depth, from any thread (the
    /// pattern databases project each state onto its pattern here).
    pub fn on_reached(mut self, on_reached: &'a (dyn Fn(u64, u32) + Sync)) -> Self {
        self.on_reached = Some(on_reached);
        self
    }

    /// The bytes the table will take: what the budget is checked against.
    pub fn memory_estimate(&self) -> u64 {
        self.encoding.bytes_for(self.problem.state_count())
    }

    /// Runs the search from `starts` (all at depth 0).
    pub fn run(self, starts: &[u64]) -> Result<BfsReport, NumberedError> {
        struct Running<'m>(Option<&'m crate::Monitor>);
        impl Drop for Running<'_> {
            fn drop(&mut self) {
                if let Some(m) = self.0 {
                    m.end_run();
                }
            }
        }
        if let Some(m) = self.monitor {
            m.begin_run();
        }
        let _running = Running(self.monitor);
        let count = self.problem.state_count();
        let needed = self.memory_estimate();
        if needed > self.max_memory {
            return Err(NumberedError::TooBig {
                needed,
                limit: self.max_memory,
            });
        }
        if let Some(&bad) = starts.iter().find(|&&s| s >= count) {
            return Err(NumberedError::BadStart(bad));
        }
        let layers = Layers::new(self.encoding, count);
        let mut counts = Vec::new();
        let mut first = 0;
        for &s in starts {
            if layers.claim(s, layers.value(0)) {
                first += 1;
                if let Some(f) = self.on_reached {
                    f(s, 0);
                }
            }
        }
        let mut target_depth = self.target.filter(|t| starts.contains(t)).map(|_| 0u32);
        counts.push(first);
        let mut reached = first;
        if let Some(o) = self.observer {
            o(LayerDone {
                depth: 0,
                states: first,
                reached,
                total: count,
            });
        }
        let target_found = AtomicBool::new(false);
        let mut depth = 0u32;
        while counts[depth as usize] > 0 {
            if !layers.two_bits && depth + 1 >= 255 {
                return Err(NumberedError::TooDeep);
            }
            let states = self.sweep(&layers, depth, &target_found);
            if self.interrupted() {
                return Err(NumberedError::Interrupted { depth, reached });
            }
            depth += 1;
            if target_depth.is_none() && target_found.load(Ordering::Relaxed) {
                target_depth = Some(depth);
            }
            if states == 0 {
                break;
            }
            counts.push(states);
            reached += states;
            if let Some(m) = self.monitor {
                m.publish(reached, needed);
            }
            if let Some(o) = self.observer {
                o(LayerDone {
                    depth,
                    states,
                    reached,
                    total: count,
                });
            }
        }
        let keep = self.keep_table || !layers.two_bits;
        let table = keep.then(|| DepthTable {
            encoding: self.encoding,
            // Little-endian words are the entries in rank order, as bytes.
            bytes: layers
                .table
                .into_iter()
                .flat_map(|w| w.into_inner().to_le_bytes())
                .take(needed as usize)
                .collect(),
            count,
        });
        Ok(BfsReport {
            counts,
            target_depth,
            table,
        })
    }

    /// Whether the monitor's flag is raised.
    fn interrupted(&self) -> bool {
        self.monitor.is_some_and(|m| m.is_interrupted())
    }

    /// Expands the layer at `depth` (every chunk of the table on the threads) and claims
    /// its unseen successors for the next layer; returns how many it claimed.
    fn sweep(&self, layers: &Layers, depth: u32, target_found: &AtomicBool) -> u64 {
        let words_per_chunk = (CHUNK_BYTES / 8) as u64;
        let chunks = layers.words.div_ceil(words_per_chunk);
        let found = AtomicU64::new(0);
        (0..chunks).into_par_iter().for_each(|chunk| {
            // One relaxed load per 64 KiB of table: the stop comes within milliseconds.
            if self.interrupted() {
                return;
            }
            let lo = chunk * words_per_chunk;
            let hi = (lo + words_per_chunk).min(layers.words);
            let local = self.sweep_chunk(layers, depth, lo..hi, target_found);
            found.fetch_add(local, Ordering::Relaxed);
        });
        found.into_inner()
    }

    /// [`sweep`](Self::sweep) over the table's words `words`: returns the states claimed.
    fn sweep_chunk(
        &self,
        layers: &Layers,
        depth: u32,
        words: std::ops::Range<u64>,
        target_found: &AtomicBool,
    ) -> u64 {
        let (current, next) = (layers.value(depth), layers.value(depth + 1));
        let mut pending = Vec::with_capacity(CLAIM_BATCH + 64);
        let mut local = 0u64;
        // Claims the successors gathered so far. The neighbours' words are spread over the
        // whole array, so nearly every first read misses the cache: they are all read
        // first, with no atomic operation in between (a locked instruction waits for the
        // reads before it), so the misses overlap; only the neighbours that were then unseen
        // are kept, in place, and claimed.
        let claim_pending = |pending: &mut Vec<u64>, local: &mut u64| {
            let mut kept = 0;
            for i in 0..pending.len() {
                let n = pending[i];
                // An entry seen reached stays reached: only the unseen ones can still be
                // this call's. (Written unconditionally, kept or not: no branch on the miss.)
                pending[kept] = n;
                kept += usize::from(layers.is_unseen(n));
            }
            for &n in &pending[..kept] {
                if layers.claim(n, next) {
                    *local += 1;
                    if let Some(f) = self.on_reached {
                        f(n, depth + 1);
                    }
                    if self.target == Some(n) {
                        target_found.store(true, Ordering::Relaxed);
                    }
                }
            }
            pending.clear();
        };
        for w in words {
            let mut hits = layers.hits(w, current);
            if hits == 0 {
                continue;
            }
            let base = w << layers.per_word_shift;
            let mut expanded = 0u64;
            while hits != 0 {
                let bit = hits.trailing_zeros();
                hits &= hits - 1;
                let rank = base + u64::from(bit >> layers.bits_shift);
                // Straight onto the batch: a copy per state was a few percent.
                self.problem.expand(rank, depth, &mut pending);
                expanded |= layers.entry_mask << bit;
            }
            if layers.two_bits {
                // The expanded entries become 0, done: one atomic operation for the word
                // (other threads may be claiming its unseen entries meanwhile).
                layers.table[w as usize].fetch_and(!expanded, Ordering::Relaxed);
            }
            if pending.len() >= CLAIM_BATCH {
                claim_pending(&mut pending, &mut local);
            }
        }
        claim_pending(&mut pending, &mut local);
        local
    }
}

/// The depth table while a search fills it. Entries live in 64-bit words (32 of 2 bits, or
/// 8 bytes), so that a sweep tests a whole word at once for entries of the layer being
/// expanded: most words have none.
struct Layers {
    two_bits: bool,
    /// log2 of the entries in a word.
    per_word_shift: u32,
    /// Bits an entry.
    bits: u32,
    /// log2 of `bits`.
    bits_shift: u32,
    /// The value of an entry not reached (all ones).
    unseen: u64,
    /// The entries in a word, minus one (the rank's bits that pick the entry).
    within: u64,
    entry_mask: u64,
    /// The value `v` in every entry of a word is `v * spread`.
    spread: u64,
    words: u64,
    table: Vec<AtomicU64>,
}

impl Layers {
    /// The table of `count` states, none reached.
    fn new(encoding: Encoding, count: u64) -> Self {
        let two_bits = encoding == Encoding::TwoBits;
        let (per_word_shift, bits, unseen): (u32, u32, u64) =
            if two_bits { (5, 2, 3) } else { (3, 8, 255) };
        let words = count.div_ceil(1 << per_word_shift);
        Layers {
            two_bits,
            per_word_shift,
            bits,
            bits_shift: bits.trailing_zeros(),
            unseen,
            within: (1u64 << per_word_shift) - 1,
            entry_mask: (1 << bits) - 1,
            spread: if two_bits {
                0x5555_5555_5555_5555
            } else {
                0x0101_0101_0101_0101
            },
            words,
            // All ones: 3 in every 2-bit entry, 255 in every byte: not reached.
            table: (0..words).map(|_| AtomicU64::new(u64::MAX)).collect(),
        }
    }

    /// The value an entry of layer `d` holds while the search runs.
    #[inline]
    fn value(&self, d: u32) -> u64 {
        if self.two_bits {
            1 + u64::from(d % 2)
        } else {
            u64::from(d)
        }
    }

    /// The word of `rank` and the shift of its entry there.
    #[inline(always)]
    fn locate(&self, rank: u64) -> (&AtomicU64, u64) {
        let shift = u64::from(self.bits) * (rank & self.within);
        (&self.table[(rank >> self.per_word_shift) as usize], shift)
    }

    /// Whether `rank` is not reached yet (a plain load).
    #[inline(always)]
    fn is_unseen(&self, rank: u64) -> bool {
        let (word, shift) = self.locate(rank);
        (word.load(Ordering::Relaxed) >> shift) & self.entry_mask == self.unseen
    }

    /// Sets the entry of `rank`, if unseen, to `value`; true if this call did it.
    #[inline(always)]
    fn claim(&self, rank: u64, value: u64) -> bool {
        let (word, shift) = self.locate(rank);
        // A plain load first: most neighbours are already reached, and reading is cheaper
        // than a compare-and-swap.
        if (word.load(Ordering::Relaxed) >> shift) & self.entry_mask != self.unseen {
            return false;
        }
        // Within a layer an entry only ever goes from unseen (all ones) to the next layer's
        // value, and the other entries of the word are left as they are by an AND with ones
        // around `value`: so one `fetch_and`, and no compare-and-swap loop, claims it; the
        // old word says whether this call was first.
        let old = word.fetch_and(
            !(self.entry_mask << shift) | (value << shift),
            Ordering::Relaxed,
        );
        (old >> shift) & self.entry_mask == self.unseen
    }

    /// The entries of word `w` equal to `current`: the lowest bit of each.
    #[inline(always)]
    fn hits(&self, w: u64, current: u64) -> u64 {
        let x = self.table[w as usize].load(Ordering::Relaxed) ^ (current * self.spread);
        // The entries equal to `current` are those of x that are zero.
        if self.two_bits {
            !(x | (x >> 1)) & self.spread
        } else {
            (0..8)
                .filter(|i| (x >> (8 * i)) & 0xFF == 0)
                .fold(0u64, |h, i| h | 1 << (8 * i))
        }
    }
}

/// The number of `k`-permutations of `n` things: n (n-1) ... (n-k+1).
pub fn permutations(n: u64, k: u64) -> u64 {
    (n - k + 1..=n).product()
}

/// The rank of `cells`, distinct values below `n` (at most 64), among the
/// [`permutations`]`(n, cells.len())` sequences of distinct values: a mixed-radix number
/// whose digit `i` is `cells[i]` minus the earlier values below it.
///
/// ```
/// use resolu_search::numbered::{rank_partial_permutation, unrank_partial_permutation};
/// let r = rank_partial_permutation(&[3, 0, 2], 4);
/// assert_eq!(unrank_partial_permutation(r, 3, 4), [3, 0, 2]);
/// ```
#[inline]
pub fn rank_partial_permutation(cells: &[u8], n: u32) -> u64 {
    let mut used = 0u64;
    let mut rank = 0u64;
    for (i, &c) in cells.iter().enumerate() {
        let below = popcount(used & ((1u64 << c) - 1));
        rank = rank * u64::from(n - i as u32) + u64::from(c as u32 - below);
        used |= 1 << c;
    }
    rank
}

/// The number of ones in each byte.
const ONES_IN_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The number of ones of `x`, by bytes: the build targets x86-64 without the `popcnt`
/// instruction, where `count_ones` is a dozen instructions; ranks take small values (a few
/// bytes), so a table lookup per byte is faster.
#[inline]
pub fn popcount(mut x: u64) -> u32 {
    let mut ones = 0;
    while x != 0 {
        ones += u32::from(ONES_IN_BYTE[(x & 0xFF) as usize]);
        x >>= 8;
    }
    ones
}

/// The inverse of [`rank_partial_permutation`]: the `k` values numbered `rank`.
pub fn unrank_partial_permutation(mut rank: u64, k: usize, n: u32) -> Vec<u8> {
    let mut digits = vec![0u32; k];
    for i in (0..k).rev() {
        let radix = u64::from(n - i as u32);
        digits[i] = (rank % radix) as u32;
        rank /= radix;
    }
    let mut free = u64::MAX >> (64 - n);
    digits
        .into_iter()
        .map(|d| {
            // The d-th free value (0-based).
            let mut f = free;
            for _ in 0..d {
                f &= f - 1;
            }
            let c = f.trailing_zeros() as u8;
            free &= !(1 << c);
            c
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Ring(u64);
    impl Numbered for Ring {
        fn state_count(&self) -> u64 {
            self.0
        }
        fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
            out.push((rank + 1) % self.0);
            out.push((rank + self.0 - 1) % self.0);
        }
    }

    #[test]
    fn two_bit_and_byte_encodings_agree_on_a_ring() {
        for n in [1u64, 2, 3, 7, 500, 501] {
            let a = NumberedBfs::new(&Ring(n)).run(&[0]).unwrap();
            let b = NumberedBfs::new(&Ring(n))
                .encoding(Encoding::Byte)
                .max_memory_bytes(1 << 20)
                .run(&[0]);
            let expected: Vec<u64> = (0..=n / 2)
                .map(|d| if d == 0 || 2 * d == n { 1 } else { 2 })
                .collect();
            assert_eq!(a.counts, expected, "ring of {n}");
            if let Ok(b) = b {
                assert_eq!(b.counts, expected);
            }
        }
    }

    #[test]
    fn path_back_through_a_byte_table() {
        let ring = Ring(100);
        let report = NumberedBfs::new(&ring)
            .encoding(Encoding::Byte)
            .target(40)
            .run(&[0])
            .unwrap();
        assert_eq!(report.target_depth, Some(40));
        let path = report.table.unwrap().path_to(&ring, 40, 40).unwrap();
        assert_eq!(path, (0..=40).collect::<Vec<u64>>());
    }

    #[test]
    fn a_table_over_budget_is_refused_before_it_is_allocated() {
        let err = NumberedBfs::new(&Ring(1 << 40))
            .max_memory_bytes(1 << 30)
            .run(&[0])
            .unwrap_err();
        assert_eq!(
            err,
            NumberedError::TooBig {
                needed: 1 << 38,
                limit: 1 << 30
            }
        );
    }

    #[test]
    fn partial_permutations_rank_as_a_bijection() {
        let (n, k) = (6u32, 3usize);
        let total = permutations(u64::from(n), k as u64);
        let mut seen = vec![false; total as usize];
        for r in 0..total {
            let cells = unrank_partial_permutation(r, k, n);
            assert_eq!(rank_partial_permutation(&cells, n), r);
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), k);
            seen[r as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
