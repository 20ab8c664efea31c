//! The open set of the best-first algorithms: a bucket queue with decrease-key.
//!
//! Nodes with the same priority (f, h) share a bucket, a FIFO list; a small binary heap
//! orders the distinct priorities. Puzzles and maps have few distinct priorities for many
//! nodes (the 15-puzzle's f takes a few dozen values over millions of nodes), so popping the
//! best node is O(1) amortised (read the best bucket) and pushing is one hash lookup of its
//! priority, where a binary heap over nodes pays O(log n) scattered moves for each. With
//! all-distinct priorities (real-valued costs) it degrades to a binary heap over buckets of
//! one: O(log n) for every operation.
//!
//! Decrease-key: `pos[id]` is where the node sits (bucket and slot); lowering its priority
//! leaves a tombstone in the old slot (skipped when the bucket is read) and appends it to
//! the new bucket, in O(1) plus O(log k) when the new priority is new to the heap of k
//! distinct priorities (k ≤ n).
//!
//! The order is total, so runs are deterministic: smaller f first; on equal f, smaller h
//! (the node believed closer to a goal); on equal h, the node that entered the open set
//! first (FIFO).

use crate::nodes::NodeId;
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

const TOMBSTONE: NodeId = NodeId::MAX;
const ABSENT: (u32, u32) = (u32::MAX, u32::MAX);

struct Bucket {
    key: Key,
    /// Node ids in arrival order; `TOMBSTONE` where a node left by decrease-key.
    slots: Vec<NodeId>,
    /// The first slot not yet popped.
    head: usize,
    /// Whether `key` is in the heap of priorities.
    queued: bool,
}

pub(crate) struct OpenSet {
    buckets: Vec<Bucket>,
    bucket_of: FxHashMap<Key, u32>,
    /// The priorities whose buckets may hold nodes, least first.
    keys: BinaryHeap<Reverse<(Key, u32)>>,
    /// Per node id: (bucket, slot), or `ABSENT`.
    pos: Vec<(u32, u32)>,
    len: usize,
    /// The last bucket pushed to: siblings often share a priority, so this saves lookups.
    last: Option<(Key, u32)>,
}

impl OpenSet {
    pub fn new() -> Self {
        OpenSet {
            buckets: Vec::new(),
            bucket_of: FxHashMap::default(),
            keys: BinaryHeap::new(),
            pos: Vec::new(),
            len: 0,
            last: None,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Inserts `id`, or lowers its priority if it is open with a higher one.
    pub fn push_or_decrease(&mut self, id: NodeId, prio: Priority) {
        let idx = id as usize;
        if idx >= self.pos.len() {
            self.pos.resize(idx + 1, ABSENT);
        }
        let k = key(prio);
        let (b, slot) = self.pos[idx];
        if (b, slot) != ABSENT {
            if k >= self.buckets[b as usize].key {
                return;
            }
            self.buckets[b as usize].slots[slot as usize] = TOMBSTONE;
            self.len -= 1;
        }
        let b = self.bucket(k);
        let bucket = &mut self.buckets[b as usize];
        self.pos[idx] = (b, bucket.slots.len() as u32);
        bucket.slots.push(id);
        if !bucket.queued {
            bucket.queued = true;
            self.keys.push(Reverse((k, b)));
        }
        self.len += 1;
    }

    /// The bucket of priority `k`, created if needed.
    #[inline]
    fn bucket(&mut self, k: Key) -> u32 {
        if let Some((last_key, b)) = self.last
            && last_key == k
        {
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
                slots: Vec::new(),
                head: 0,
                queued: false,
            });
        }
        self.last = Some((k, b));
        b
    }

    /// Removes the open node of least priority.
    pub fn pop(&mut self) -> Option<(NodeId, Priority)> {
        while let Some(&Reverse((k, b))) = self.keys.peek() {
            let bucket = &mut self.buckets[b as usize];
            while bucket.head < bucket.slots.len() {
                let id = bucket.slots[bucket.head];
                bucket.head += 1;
                if id != TOMBSTONE {
                    self.pos[id as usize] = ABSENT;
                    self.len -= 1;
                    let prio = Priority {
                        f: f64::from_bits(k.0),
                        h: f64::from_bits(k.1),
                    };
                    return Some((id, prio));
                }
            }
            // Drained: reuse its memory, and take its priority off the heap until a node
            // arrives with it again.
            bucket.slots.clear();
            bucket.head = 0;
            bucket.queued = false;
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
}
