//! The open set of the best-first algorithms: a bucket queue with decrease-key.
//!
//! Nodes with the same priority (f, h) share a bucket, a FIFO list. Puzzles and maps have
//! few distinct priorities for many nodes (the 15-puzzle's f takes a few dozen values over
//! millions of nodes), so popping the best node reads the best bucket in O(1) amortised,
//! where a binary heap over nodes pays O(log n) scattered moves for each operation.
//!
//! The buckets are found in one of two ways:
//! - While every priority is a pair of whole numbers below [`SMALL`] (unit-cost puzzles,
//!   integer heuristics: the common case), the buckets form a grid, `levels[f].lists[h]`,
//!   and a cursor on the least non-empty level: push is two array reads, pop scans forward
//!   from the cursor, which A* with a consistent heuristic only moves forward.
//! - From the first priority that is not (real costs, weighted heuristics, large values)
//!   the open nodes move, in order, to the general form: buckets found through a small
//!   direct-mapped cache and a hash map, their distinct priorities ordered by a binary
//!   heap, O(log k) for a priority not yet queued, k ≤ n the number of distinct priorities.
//!
//! In both, the buckets are doubly linked lists threaded through one array indexed by node
//! id (a node is in at most one bucket), so a bucket costs no allocation of its own, and
//! decrease-key unlinks the node from its bucket and appends it to the new one in O(1).
//!
//! The order is total and the same in both forms, so runs are deterministic: smaller f
//! first; on equal f, smaller h (the node believed closer to a goal); on equal h, the node
//! that entered the open set first (FIFO; a decreased node enters anew).

use crate::nodes::{NONE, NodeId};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The priority of an open node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Priority {
    pub f: f64,
    pub h: f64,
}

/// Whole-number priorities below this live in the grid. The grid holds at most
/// `SMALL`² list heads (8 MiB) and a pop scans at most `SMALL` levels and lists.
const SMALL: u32 = 1024;

/// `(f, h)` packed as `f << 16 | h` when both are whole numbers below [`SMALL`]: the
/// packed values order as the pairs do.
#[inline]
fn small(p: Priority) -> Option<u32> {
    // A cast and back is exact only for whole numbers in range (NaN and negatives fail).
    let (f, h) = (p.f as u32, p.h as u32);
    (f64::from(f) == p.f && f64::from(h) == p.h && f < SMALL && h < SMALL).then_some(f << 16 | h)
}

/// The priority as integers: for non-negative floats the order of the bit patterns is the
/// order of the values (`+ 0.0` turns a negative zero into a positive one); f and h are
/// never negative.
type Key = (u64, u64);

#[inline]
fn key(p: Priority) -> Key {
    ((p.f + 0.0).to_bits(), (p.h + 0.0).to_bits())
}

/// Where a node is: its bucket (a packed `(f, h)` in the grid, an index in the general
/// form, `ABSENT` when not open) and its neighbours in it.
#[derive(Clone, Copy)]
struct Link {
    bucket: u32,
    prev: NodeId,
    next: NodeId,
}

const ABSENT: u32 = u32::MAX;
const CLOSED: Link = Link {
    bucket: ABSENT,
    prev: NONE,
    next: NONE,
};

/// A FIFO list of nodes threaded through the links.
#[derive(Clone, Copy)]
struct List {
    head: NodeId,
    tail: NodeId,
}

const EMPTY: List = List {
    head: NONE,
    tail: NONE,
};

impl List {
    #[inline]
    fn append(&mut self, links: &mut [Link], id: NodeId, bucket: u32) {
        let tail = std::mem::replace(&mut self.tail, id);
        if tail == NONE {
            self.head = id;
        } else {
            links[tail as usize].next = id;
        }
        links[id as usize] = Link {
            bucket,
            prev: tail,
            next: NONE,
        };
    }

    #[inline]
    fn remove(&mut self, links: &mut [Link], id: NodeId) {
        let Link { prev, next, .. } = std::mem::replace(&mut links[id as usize], CLOSED);
        if prev == NONE {
            self.head = next;
        } else {
            links[prev as usize].next = next;
        }
        if next == NONE {
            self.tail = prev;
        } else {
            links[next as usize].prev = prev;
        }
    }
}

/// The buckets of one f in the grid, by h.
struct Level {
    lists: Vec<List>,
    len: u32,
    /// No non-empty list below this h.
    min_h: u32,
}

/// The grid form: whole-number priorities below [`SMALL`].
struct Grid {
    levels: Vec<Level>,
    /// No non-empty level below this f.
    cursor: u32,
}

/// The general form: any priorities.
struct General {
    buckets: Vec<Bucket>,
    bucket_of: FxHashMap<Key, u32>,
    /// Direct-mapped: the priorities of siblings recur, and most lookups end here.
    cache: [(Key, u32); CACHE],
    /// The priorities whose buckets may hold nodes, least first.
    keys: BinaryHeap<Reverse<(Key, u32)>>,
}

struct Bucket {
    key: Key,
    list: List,
    /// Whether `key` is in the heap of priorities.
    queued: bool,
}

/// Slots of the cache from priority to bucket (a power of two).
const CACHE: usize = 64;
/// A key no priority has (f and h are finite and non-negative).
const NO_KEY: Key = (u64::MAX, u64::MAX);

enum Buckets {
    Grid(Grid),
    General(Box<General>),
}

pub(crate) struct OpenSet {
    buckets: Buckets,
    links: Vec<Link>,
    len: usize,
}

impl OpenSet {
    pub fn new() -> Self {
        OpenSet {
            buckets: Buckets::Grid(Grid {
                levels: Vec::new(),
                cursor: 0,
            }),
            // Most searches a user watches store a few hundred to a few thousand nodes:
            // growing from empty would copy the links a dozen times.
            links: Vec::with_capacity(1024),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Inserts `id`, or lowers its priority if it is open with a higher one.
    #[inline]
    pub fn push_or_decrease(&mut self, id: NodeId, prio: Priority) {
        self.push_packed(id, small(prio), || prio);
    }

    /// [`Self::push_or_decrease`] for a priority given as whole numbers (the in-place A*'s
    /// integer costs): no conversion to and from `f64` on the way to the grid.
    #[inline(always)]
    pub fn push_or_decrease_whole(&mut self, id: NodeId, f: u32, h: u32) {
        let packed = (f < SMALL && h < SMALL).then_some(f << 16 | h);
        self.push_packed(id, packed, || Priority {
            f: f64::from(f),
            h: f64::from(h),
        });
    }

    /// The two above: `packed` is the grid's key when the priority fits it; `prio` gives
    /// the priority for the general heap otherwise.
    #[inline(always)]
    fn push_packed(&mut self, id: NodeId, packed: Option<u32>, prio: impl FnOnce() -> Priority) {
        let idx = id as usize;
        if idx >= self.links.len() {
            // Ids are handed out in order, so this is nearly always one more.
            if idx == self.links.len() {
                self.links.push(CLOSED);
            } else {
                self.links.resize(idx + 1, CLOSED);
            }
        }
        if let Buckets::Grid(grid) = &mut self.buckets
            && let Some(packed) = packed
        {
            let old = self.links[idx].bucket;
            if old != ABSENT {
                if packed >= old {
                    return;
                }
                grid.remove(&mut self.links, id, old);
                self.len -= 1;
            }
            grid.push(&mut self.links, id, packed);
            self.len += 1;
        } else {
            self.push_general(id, prio());
        }
    }

    /// Whether `id` is in the set.
    #[inline]
    pub fn contains(&self, id: NodeId) -> bool {
        self.links
            .get(id as usize)
            .is_some_and(|l| l.bucket != ABSENT)
    }

    /// [`Self::push_or_decrease`] outside the grid (leaving it first if need be).
    #[inline(never)]
    fn push_general(&mut self, id: NodeId, prio: Priority) {
        self.leave_grid();
        let Buckets::General(general) = &mut self.buckets else {
            unreachable!("the grid form was left above")
        };
        let k = key(prio);
        let old = self.links[id as usize].bucket;
        if old != ABSENT {
            let bucket = &mut general.buckets[old as usize];
            if k >= bucket.key {
                return;
            }
            bucket.list.remove(&mut self.links, id);
            self.len -= 1;
        }
        general.push(&mut self.links, id, k);
        self.len += 1;
    }

    /// Moves the open nodes from the grid to the general form, bucket by bucket in
    /// priority order and each bucket in its order, so the order of the set is unchanged.
    fn leave_grid(&mut self) {
        let Buckets::Grid(grid) = &self.buckets else {
            return;
        };
        let mut open = Vec::with_capacity(self.len);
        for (f, level) in grid.levels.iter().enumerate() {
            for (h, list) in level.lists.iter().enumerate() {
                let mut id = list.head;
                while id != NONE {
                    open.push((id, f as f64, h as f64));
                    id = self.links[id as usize].next;
                }
            }
        }
        let mut general = Box::new(General {
            buckets: Vec::new(),
            bucket_of: FxHashMap::default(),
            cache: [(NO_KEY, 0); CACHE],
            keys: BinaryHeap::new(),
        });
        for (id, f, h) in open {
            general.push(&mut self.links, id, key(Priority { f, h }));
        }
        self.buckets = Buckets::General(general);
    }

    /// Removes the open node of least priority.
    #[inline]
    pub fn pop(&mut self) -> Option<NodeId> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(match &mut self.buckets {
            Buckets::Grid(grid) => grid.pop(&mut self.links),
            Buckets::General(general) => general.pop(&mut self.links),
        })
    }
}

impl Grid {
    #[inline]
    fn push(&mut self, links: &mut [Link], id: NodeId, packed: u32) {
        let (f, h) = (packed >> 16, packed & 0xFFFF);
        if f as usize >= self.levels.len() {
            self.levels.resize_with(f as usize + 1, || Level {
                lists: Vec::new(),
                len: 0,
                min_h: u32::MAX,
            });
        }
        let level = &mut self.levels[f as usize];
        if h as usize >= level.lists.len() {
            level.lists.resize(h as usize + 1, EMPTY);
        }
        level.lists[h as usize].append(links, id, packed);
        level.len += 1;
        level.min_h = level.min_h.min(h);
        self.cursor = self.cursor.min(f);
    }

    #[inline]
    fn remove(&mut self, links: &mut [Link], id: NodeId, packed: u32) {
        let level = &mut self.levels[(packed >> 16) as usize];
        level.lists[(packed & 0xFFFF) as usize].remove(links, id);
        level.len -= 1;
    }

    /// Takes the first node of the least non-empty list; the set is not empty.
    #[inline]
    fn pop(&mut self, links: &mut [Link]) -> NodeId {
        while self.levels[self.cursor as usize].len == 0 {
            self.cursor += 1;
        }
        let level = &mut self.levels[self.cursor as usize];
        while level.lists[level.min_h as usize].head == NONE {
            level.min_h += 1;
        }
        let list = &mut level.lists[level.min_h as usize];
        let id = list.head;
        list.remove(links, id);
        level.len -= 1;
        id
    }
}

impl General {
    fn push(&mut self, links: &mut [Link], id: NodeId, k: Key) {
        let b = self.bucket(k);
        let bucket = &mut self.buckets[b as usize];
        bucket.list.append(links, id, b);
        if !std::mem::replace(&mut bucket.queued, true) {
            self.keys.push(Reverse((k, b)));
        }
    }

    /// The bucket of priority `k`, created if needed.
    #[inline]
    fn bucket(&mut self, k: Key) -> u32 {
        let slot = ((k.0 ^ k.1.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize
            & (CACHE - 1);
        let (cached, b) = self.cache[slot];
        if cached == k {
            return b;
        }
        let next = self.buckets.len() as u32;
        // Small integral floats keep all their bits at the top; swapping the bytes brings
        // them down where the hash table looks, or every priority lands in one probe chain.
        let b = *self
            .bucket_of
            .entry((k.0.swap_bytes(), k.1.swap_bytes()))
            .or_insert(next);
        if b == next {
            self.buckets.push(Bucket {
                key: k,
                list: EMPTY,
                queued: false,
            });
        }
        self.cache[slot] = (k, b);
        b
    }

    /// Takes the first node of the least non-empty bucket; the set is not empty.
    fn pop(&mut self, links: &mut [Link]) -> NodeId {
        loop {
            let Some(&Reverse((_, b))) = self.keys.peek() else {
                unreachable!("a non-empty set has a queued bucket")
            };
            let bucket = &mut self.buckets[b as usize];
            let id = bucket.list.head;
            if id != NONE {
                bucket.list.remove(links, id);
                return id;
            }
            // Empty: take its priority off the heap until a node arrives with it again.
            bucket.queued = false;
            self.keys.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prio(f: f64, h: f64) -> Priority {
        Priority { f, h }
    }

    #[test]
    fn pops_in_priority_order_after_decreases() {
        let mut open = OpenSet::new();
        let fs = [5.0, 3.0, 8.0, 1.0, 9.0, 4.0, 7.0];
        for (id, &f) in fs.iter().enumerate() {
            open.push_or_decrease(id as NodeId, prio(f, 0.0));
        }
        open.push_or_decrease(4, prio(0.5, 0.0));
        open.push_or_decrease(2, prio(2.0, 0.0));
        open.push_or_decrease(0, prio(6.0, 0.0)); // not lower: ignored
        assert_eq!(open.len(), 7);
        let order: Vec<_> = std::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, vec![4, 3, 2, 1, 5, 0, 6]);
        assert_eq!(open.len(), 0);
    }

    #[test]
    fn ties_prefer_smaller_h_then_first_arrived() {
        let mut open = OpenSet::new();
        open.push_or_decrease(0, prio(3.0, 2.0));
        open.push_or_decrease(5, prio(3.0, 1.0));
        open.push_or_decrease(2, prio(3.0, 1.0));
        open.push_or_decrease(7, prio(4.0, 1.0));
        open.push_or_decrease(7, prio(3.0, 1.0)); // decreased: arrives after 2
        let order: Vec<_> = std::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, vec![5, 2, 7, 0]);
    }

    #[test]
    fn a_drained_priority_can_come_back() {
        let mut open = OpenSet::new();
        open.push_or_decrease(0, prio(1.0, 0.0));
        assert_eq!(open.pop(), Some(0));
        open.push_or_decrease(1, prio(2.0, 0.0));
        open.push_or_decrease(2, prio(1.0, 0.0));
        let order: Vec<_> = std::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, vec![2, 1]);
    }

    #[test]
    fn a_node_decreased_from_the_middle_of_a_bucket_leaves_it_linked() {
        let mut open = OpenSet::new();
        for id in 0..5 {
            open.push_or_decrease(id, prio(5.0, 1.0));
        }
        open.push_or_decrease(2, prio(4.0, 1.0)); // middle
        open.push_or_decrease(0, prio(4.0, 1.0)); // head
        open.push_or_decrease(4, prio(4.0, 2.0)); // tail
        assert_eq!(open.len(), 5);
        let order: Vec<_> = std::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, vec![2, 0, 4, 1, 3]);
        assert_eq!(open.len(), 0);
    }

    /// A priority for the property test: mostly small whole numbers (the grid), sometimes
    /// a fraction or a large value (which moves the set to the general form).
    fn arb_priority() -> impl proptest::strategy::Strategy<Value = Priority> {
        use proptest::prelude::*;
        (0u32..8, 0u32..4, 0u32..20).prop_map(|(f, h, kind)| Priority {
            f: match kind {
                0 => f64::from(f) + 0.5,
                1 => f64::from(f) + 5000.0,
                _ => f64::from(f),
            },
            h: f64::from(h),
        })
    }

    proptest::proptest! {
        /// The open set pops what a plain list ordered by (f, h, arrival) pops, through
        /// pushes, decreases, re-openings and the move from the grid to the general form.
        #[test]
        fn pops_as_an_ordered_list_does(
            ops in proptest::collection::vec(
                proptest::option::weighted(0.75, (0u32..24, arb_priority())),
                1..200,
            )
        ) {
            let mut open = OpenSet::new();
            // (id, f, h, arrival)
            let mut model: Vec<(NodeId, f64, f64, usize)> = Vec::new();
            for (step, op) in ops.into_iter().enumerate() {
                match op {
                    Some((id, p)) => {
                        open.push_or_decrease(id, p);
                        match model.iter().position(|e| e.0 == id) {
                            Some(i) if (p.f, p.h) < (model[i].1, model[i].2) => {
                                model[i] = (id, p.f, p.h, step);
                            }
                            Some(_) => {}
                            None => model.push((id, p.f, p.h, step)),
                        }
                    }
                    None => {
                        let best = model
                            .iter()
                            .enumerate()
                            .min_by(|a, b| {
                                (a.1.1, a.1.2, a.1.3).partial_cmp(&(b.1.1, b.1.2, b.1.3)).expect("finite")
                            })
                            .map(|(i, _)| i);
                        let expected = best.map(|i| model.remove(i).0);
                        proptest::prop_assert_eq!(open.pop(), expected);
                    }
                }
                proptest::prop_assert_eq!(open.len(), model.len());
            }
        }
    }
}
