//! The open set of the best-first algorithms: a bucket queue with decrease-key.
//!
//! Nodes with the same priority (f, h) share a bucket, a FIFO list; a small binary heap
//! orders the distinct priorities. Puzzles and maps have few distinct priorities for many
//! nodes (the 15-puzzle's f takes a few dozen values over millions of nodes), so popping the
//! best node is O(1) amortised (read the best bucket) and pushing finds its bucket in a small
//! direct-mapped cache (a hash lookup when it misses), where a binary heap over nodes pays
//! O(log n) scattered moves for each. With all-distinct priorities (real-valued costs) it
//! degrades to a binary heap over buckets of one: O(log n) for every operation.
//!
//! The buckets are doubly linked lists threaded through one array indexed by node id (a node
//! is in at most one bucket), so a bucket costs no allocation of its own, and decrease-key
//! unlinks the node from its bucket and appends it to the new one in O(1), plus O(log k)
//! when the new priority is new to the heap of k distinct priorities (k ≤ n).
//!
//! The order is total, so runs are deterministic: smaller f first; on equal f, smaller h
//! (the node believed closer to a goal); on equal h, the node that entered the open set
//! first (FIFO; a decreased node enters anew).

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

/// The priority as integers: for non-negative floats the order of the bit patterns is the
/// order of the values (`+ 0.0` turns a negative zero into a positive one); f and h are
/// never negative.
type Key = (u64, u64);

#[inline]
fn key(p: Priority) -> Key {
    ((p.f + 0.0).to_bits(), (p.h + 0.0).to_bits())
}

/// Where a node is: its bucket (`ABSENT` when not open) and its neighbours in it.
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

struct Bucket {
    key: Key,
    head: NodeId,
    tail: NodeId,
    /// Whether `key` is in the heap of priorities.
    queued: bool,
}

/// Slots of the cache from priority to bucket (a power of two).
const CACHE: usize = 64;
/// A key no priority has (f and h are finite and non-negative).
const NO_KEY: Key = (u64::MAX, u64::MAX);

pub(crate) struct OpenSet {
    buckets: Vec<Bucket>,
    bucket_of: FxHashMap<Key, u32>,
    /// Direct-mapped: the priorities of siblings recur, and most lookups end here.
    cache: [(Key, u32); CACHE],
    /// The priorities whose buckets may hold nodes, least first.
    keys: BinaryHeap<Reverse<(Key, u32)>>,
    links: Vec<Link>,
    len: usize,
}

impl OpenSet {
    pub fn new() -> Self {
        OpenSet {
            buckets: Vec::new(),
            bucket_of: FxHashMap::default(),
            cache: [(NO_KEY, 0); CACHE],
            keys: BinaryHeap::new(),
            links: Vec::new(),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Inserts `id`, or lowers its priority if it is open with a higher one.
    pub fn push_or_decrease(&mut self, id: NodeId, prio: Priority) {
        let idx = id as usize;
        if idx >= self.links.len() {
            self.links.resize(idx + 1, CLOSED);
        }
        let k = key(prio);
        let old = self.links[idx].bucket;
        if old != ABSENT {
            if k >= self.buckets[old as usize].key {
                return;
            }
            self.unlink(id);
        }
        let b = self.bucket(k);
        let bucket = &mut self.buckets[b as usize];
        let tail = bucket.tail;
        bucket.tail = id;
        if tail == NONE {
            bucket.head = id;
        }
        let queued = std::mem::replace(&mut bucket.queued, true);
        if tail != NONE {
            self.links[tail as usize].next = id;
        }
        self.links[idx] = Link {
            bucket: b,
            prev: tail,
            next: NONE,
        };
        if !queued {
            self.keys.push(Reverse((k, b)));
        }
        self.len += 1;
    }

    /// Takes `id` out of its bucket.
    #[inline]
    fn unlink(&mut self, id: NodeId) {
        let Link { bucket, prev, next } = self.links[id as usize];
        let b = &mut self.buckets[bucket as usize];
        if prev == NONE {
            b.head = next;
        } else {
            self.links[prev as usize].next = next;
        }
        if next == NONE {
            b.tail = prev;
        } else {
            self.links[next as usize].prev = prev;
        }
        self.links[id as usize] = CLOSED;
        self.len -= 1;
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
                head: NONE,
                tail: NONE,
                queued: false,
            });
        }
        self.cache[slot] = (k, b);
        b
    }

    /// Removes the open node of least priority.
    pub fn pop(&mut self) -> Option<(NodeId, Priority)> {
        while let Some(&Reverse((k, b))) = self.keys.peek() {
            let id = self.buckets[b as usize].head;
            if id != NONE {
                self.unlink(id);
                let prio = Priority {
                    f: f64::from_bits(k.0),
                    h: f64::from_bits(k.1),
                };
                return Some((id, prio));
            }
            // Empty: take its priority off the heap until a node arrives with it again.
            self.buckets[b as usize].queued = false;
            self.keys.pop();
        }
        None
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
        let order: Vec<_> = std::iter::from_fn(|| open.pop().map(|(id, _)| id)).collect();
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
        let order: Vec<_> = std::iter::from_fn(|| open.pop().map(|(id, _)| id)).collect();
        assert_eq!(order, vec![5, 2, 7, 0]);
    }

    #[test]
    fn a_drained_priority_can_come_back() {
        let mut open = OpenSet::new();
        open.push_or_decrease(0, prio(1.0, 0.0));
        assert_eq!(open.pop().map(|(id, _)| id), Some(0));
        open.push_or_decrease(1, prio(2.0, 0.0));
        open.push_or_decrease(2, prio(1.0, 0.0));
        let order: Vec<_> = std::iter::from_fn(|| open.pop().map(|(id, _)| id)).collect();
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
        let order: Vec<_> = std::iter::from_fn(|| open.pop().map(|(id, _)| id)).collect();
        assert_eq!(order, vec![2, 0, 4, 1, 3]);
        assert_eq!(open.len(), 0);
    }
}
